/* C for the bitcode reader tests (ClangBitcodeTest): structs, enums, unions, typedefs, a static array, loops; with -g every kind of node clang writes for C. */
struct point { int x, y; double w[3]; };
typedef struct point point_t;
enum color { RED, GREEN = 5, BLUE };
static int table[4] = {1, 2, 3, 4};
union u { int i; float f; };
int use(point_t *p, enum color c, union u v) {
  int s = 0;
  for (int i = 0; i < 4; i++) s += table[i] * p->x;
  if (c == GREEN) s += (int)p->w[1];
  return s + v.i;
}
double scale(const double *a, int n, double f) {
  double acc = 0;
  for (int i = 0; i < n; i++) acc += a[i] * f;
  return acc;
}
/* -O2: llvm.assume with an "align" operand bundle */
int sum_aligned(int *p, int n) {
  int *q = __builtin_assume_aligned(p, 32);
  int s = 0;
  for (int i = 0; i < n; i++) s += q[i];
  return s;
}
