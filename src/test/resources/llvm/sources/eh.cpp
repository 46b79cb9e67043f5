#include <stdexcept>
#include <vector>
struct Guard { int* p; Guard(int* q) : p(q) { ++*p; } ~Guard() { --*p; } };
extern int work(int);
int counter;
int safe_div(int a, int b) {
  Guard g(&counter);
  if (b == 0) throw std::invalid_argument("zero");
  return a / b;
}
int total(const std::vector<int>& v) {
  int s = 0;
  for (int x : v) {
    try { s += safe_div(work(x), x); }
    catch (const std::invalid_argument&) { s -= 1; }
    catch (...) { throw; }
  }
  return s;
}
