/* libquadmath's exponent, classification and NaN functions by its *q names, on every class of
 * operand (zeros, subnormals, normals, the largest binade, infinities, a quiet NaN from nanq).
 * Built by gcc against libquadmath, and by clang 14/19 then nvlower lower128 under lli. The
 * prototypes are libquadmath's (quadmath.h is gcc's header, not clang's). */
#include <stdio.h>
#include <string.h>

typedef __float128 Q;
Q logbq(Q); int ilogbq(Q); int isinfq(Q); int isnanq(Q); int finiteq(Q); int signbitq(Q);
int issignalingq(Q); Q nanq(const char *);

/* noinline: the calls stay calls, not constants folded by the compiler */
__attribute__((noinline)) void f(Q x) {
  Q l = logbq(x);
  unsigned long long w[2];
  memcpy(w, &l, 16);
  if (l != l) {
    printf("logb nan ");
  } else {
    printf("logb %016llx%016llx ", w[1], w[0]);
  }
  /* signbitq: C asks for nonzero (x86-64's libquadmath gives 8, nvlower 1) */
  printf("ilogb %d isinf %d isnan %d finite %d signbit %d issignaling %d\n", ilogbq(x), isinfq(x),
         isnanq(x), finiteq(x), signbitq(x) != 0, issignalingq(x));
}

int main(void) {
  volatile const char *tag = "";
  Q nan = nanq((const char *) tag);
  Q inf = 1.0Q / 0.0Q;
  Q v[] = {1.5Q, -2.0Q, 0.0Q, -0.0Q, inf, -inf, nan, 0x1p-16494Q, -0x1.8p-16400Q, 1e4000Q, 0x1p16383Q};
  for (int i = 0; i < (int) (sizeof v / sizeof v[0]); i++) {
    f(v[i]);
  }
  printf("nanq is a NaN: %d\n", nan != nan);
  return 0;
}
