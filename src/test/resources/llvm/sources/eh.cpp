// Exception handling without library headers (quick to compile): invoke, landingpad with catch,
// filter-free cleanup and rethrow, resume, a personality, typeinfo and comdats.
struct Error { int code; Error(int c) : code(c) {} virtual ~Error() {} };
struct Zero : Error { Zero() : Error(0) {} };
struct Guard { int* p; Guard(int* q) : p(q) { ++*p; } ~Guard() { --*p; } };
extern int work(int);
int counter;
template <typename T> T twice(T x) { return work((int)x) + work((int)x); }
int safe_div(int a, int b) {
  Guard g(&counter);
  if (b == 0) throw Zero();
  return a / b;
}
int total(const int* v, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    try { s += safe_div(twice(v[i]), v[i]); }
    catch (const Zero&) { s -= 1; }
    catch (const Error& e) { s -= e.code; }
    catch (...) { throw; }
  }
  return s;
}
