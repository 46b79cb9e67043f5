#include <stdexcept>
extern void sink(long);
static long spread(char* p, char* q, long n) {
  long d = q - p;          // dead after optimization: salvaged as DIArgList
  long k = n * 3 + (long)p;
  if (n < 0) throw std::runtime_error("negative");
  sink(n);
  return k;
}
long caller(char* a, char* b, long n) {
  long r = 0;
  r = spread(a, b, n) + spread(b, a, n + 1);
  try { sink(r); } catch (...) { r = -1; }
  return r;
}
