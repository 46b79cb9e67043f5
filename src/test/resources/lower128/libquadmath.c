/* libquadmath's exponent, classification and NaN functions by its *q names, on every class of
 * operand (zeros, subnormals, normals, the largest binade, infinities, a quiet NaN from nanq), and
 * crealq, cimagq, cabsq, cargq of __complex128 values (cabs and carg printed rounded to double:
 * libquadmath's hypotq and atan2q are not always correctly rounded, nvlower's are).
 * Built by gcc against libquadmath, and by clang 14/19 then nvlower lower128 under lli. The
 * prototypes are libquadmath's (quadmath.h is gcc's header, not clang's). */
#include <stdio.h>
#include <string.h>

typedef __float128 Q;
Q logbq(Q); int ilogbq(Q); int isinfq(Q); int isnanq(Q); int finiteq(Q); int signbitq(Q);
int issignalingq(Q); Q nanq(const char *);
typedef _Complex float __attribute__((mode(TC))) C;
Q crealq(C); Q cimagq(C); Q cabsq(C); Q cargq(C);

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

static void bits(const char *what, Q x) {
  unsigned long long w[2];
  memcpy(w, &x, 16);
  printf("%s %016llx%016llx\n", what, w[1], w[0]);
}

__attribute__((noinline)) void complex(Q re, Q im) {
  C z;
  __real__ z = re;
  __imag__ z = im;
  bits("creal", crealq(z));
  bits("cimag", cimagq(z));
  printf("cabs.d %a\ncarg.d %a\n", (double) cabsq(z), (double) cargq(z));
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
  Q parts[][2] = {{3, 4}, {-1.5Q, 2.25Q}, {0, -0.0Q}, {-0.0Q, 0}, {1e-4940Q, 1e4000Q}, {1.0Q / 3, -2}, {-7, -1e-30Q}};
  for (int i = 0; i < (int) (sizeof parts / sizeof parts[0]); i++) {
    complex(parts[i][0], parts[i][1]);
  }
  return 0;
}
