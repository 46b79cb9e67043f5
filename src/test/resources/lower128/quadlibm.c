/* The quad math library's functions by glibc's *f128 names (issue 23), on a few operands of
 * each function's domain. glibc's are not always correctly rounded (nvlower's are), so each
 * result is printed rounded to double: both then print the same line. Built by gcc against
 * glibc, and by clang 14/19 then nvlower lower128 under lli. */
#include <stdio.h>

typedef __float128 Q;
Q expf128(Q); Q exp2f128(Q); Q expm1f128(Q); Q exp10f128(Q); Q logf128(Q); Q log2f128(Q);
Q log10f128(Q); Q log1pf128(Q); Q powf128(Q, Q); Q sinhf128(Q); Q coshf128(Q); Q tanhf128(Q);
Q asinhf128(Q); Q acoshf128(Q); Q atanhf128(Q); Q atanf128(Q); Q asinf128(Q); Q acosf128(Q);
Q atan2f128(Q, Q); Q sinf128(Q); Q cosf128(Q); Q tanf128(Q); Q fabsf128(Q);

static void show(const char *what, Q x) { printf("%s %a\n", what, (double)x); }

/* noinline: the operations stay calls, not constants folded by the compiler */
__attribute__((noinline)) void ops(Q a, Q b) {
  Q m = fabsf128(a), u = a / (1 + m); /* m >= 0, |u| < 1 */
  show("exp", expf128(a));
  show("exp2", exp2f128(b));
  show("expm1", expm1f128(u));
  show("exp10", exp10f128(u * 30));
  show("log", logf128(m));
  show("log2", log2f128(m));
  show("log10", log10f128(m));
  show("log1p", log1pf128(u));
  show("pow", powf128(m, u * 7));
  show("sinh", sinhf128(u * 50));
  show("cosh", coshf128(b));
  show("tanh", tanhf128(a));
  show("asinh", asinhf128(a));
  show("acosh", acoshf128(1 + m));
  show("atanh", atanhf128(u));
  show("atan", atanf128(a));
  show("asin", asinf128(u));
  show("acos", acosf128(u));
  show("atan2", atan2f128(a, b));
  show("sin", sinf128(a));
  show("cos", cosf128(b));
  show("tan", tanf128(a));
}

int main(void) {
  Q v[] = {2.5Q, -3.75Q, 1e-4930Q, 0.5Q, -0.5Q, 1.5Q, 1e300Q, -7e-300Q, 123456789.123456789Q,
           1.0Q / 3.0Q, 1e4000Q, -2.0Q, 1e-4965Q, 4503599627370496.5Q, 0.0Q, -0.0Q};
  int k = sizeof v / sizeof v[0];
  for (int i = 0; i < k; i++) {
    ops(v[i], v[(i + 3) % k]);
  }
  return 0;
}
