/* The fp128 intrinsics and quad C functions clang emits for __float128 code (issue 23): each
 * result printed as its bits (NaNs as "nan": their bits differ between x86 and the GPU). Built by
 * gcc against glibc's *f128 functions, and by clang 14/19 then nvlower lower128 under lli. */
#include <stdio.h>
#include <string.h>

typedef __float128 Q;
Q sqrtf128(Q); Q fmaf128(Q, Q, Q); Q ldexpf128(Q, int); Q fabsf128(Q); Q copysignf128(Q, Q);
Q floorf128(Q); Q ceilf128(Q); Q truncf128(Q); Q roundf128(Q); Q rintf128(Q); Q nearbyintf128(Q);
Q roundevenf128(Q); Q fminf128(Q, Q); Q fmaxf128(Q, Q); Q fmodf128(Q, Q); Q frexpf128(Q, int *);
Q scalbnf128(Q, int); long lroundf128(Q); long long llrintf128(Q); Q remainderf128(Q, Q);
Q fdimf128(Q, Q); Q nextafterf128(Q, Q); Q modff128(Q, Q *); Q remquof128(Q, Q, int *); Q cbrtf128(Q);
Q hypotf128(Q, Q); Q logbf128(Q); int ilogbf128(Q);

static void show(const char *what, Q x) {
  unsigned long long w[2];
  memcpy(w, &x, 16);
  if (x != x) {
    printf("%s nan\n", what);
  } else {
    printf("%s %016llx%016llx\n", what, w[1], w[0]);
  }
}

/* noinline: the operations stay calls, not constants folded by the compiler */
__attribute__((noinline)) void ops(Q a, Q b, Q c, int n) {
  int e = 0;
  show("muladd", a * b + c);
  show("fabs", __builtin_fabsf128(a));
  show("copysign", __builtin_copysignf128(b, a));
  show("sqrt", sqrtf128(fabsf128(a)));
  show("fma", fmaf128(a, b, c));
  show("floor", floorf128(a));
  show("ceil", ceilf128(a));
  show("trunc", truncf128(a));
  show("round", roundf128(a));
  show("rint", rintf128(a));
  show("nearbyint", nearbyintf128(b));
  show("roundeven", roundevenf128(b));
  show("fmax", fmaxf128(a, b));
  show("fmin", fminf128(a, b));
  show("ldexp", ldexpf128(a, n));
  show("scalbn", scalbnf128(b, -n));
  show("fmod", fmodf128(a, b));
  show("remainder", remainderf128(a, b));
  show("fdim", fdimf128(a, b));
  show("nextafter", nextafterf128(a, b));
  show("frexp", frexpf128(c, &e));
  printf("frexp.exp %d\n", e);
  printf("lround %ld\n", lroundf128(a));
  printf("llrint %lld\n", llrintf128(b));
  printf("class %d %d %d\n", __builtin_isnan(a), __builtin_isinf(b) != 0, __builtin_isfinite(c));
  Q whole = 0;
  int quo = 0;
  show("modf", modff128(a, &whole));
  show("modf.int", whole);
  show("remquo", remquof128(b, a, &quo));
  printf("remquo.quo %d\n", quo % 8);
  /* glibc's cbrt and hypot are not always correctly rounded: compared as doubles (the lli
     proofs compare the quad bits with softfloat's correctly rounded oracle) */
  printf("cbrt.d %a\n", (double)cbrtf128(a));
  printf("hypot.d %a\n", (double)hypotf128(a, c));
  show("logb", logbf128(a));
  printf("ilogb %d\n", ilogbf128(b));
#if !defined(__clang__) || __clang_major__ >= 19
#ifndef __clang__ /* gcc has no builtin for these two: glibc's functions */
#define __builtin_ldexpf128 ldexpf128
#define __builtin_frexpf128 frexpf128
#endif
  int e2 = 0;
  show("b.sqrt", __builtin_sqrtf128(fabsf128(b)));
  show("b.fma", __builtin_fmaf128(b, c, a));
  show("b.floor", __builtin_floorf128(b));
  show("b.ceil", __builtin_ceilf128(b));
  show("b.trunc", __builtin_truncf128(b));
  show("b.round", __builtin_roundf128(b));
  show("b.rint", __builtin_rintf128(a));
  show("b.nearbyint", __builtin_nearbyintf128(a));
  show("b.roundeven", __builtin_roundevenf128(a));
  show("b.fmax", __builtin_fmaxf128(b, c));
  show("b.fmin", __builtin_fminf128(b, c));
  show("b.ldexp", __builtin_ldexpf128(c, n));
  show("b.frexp", __builtin_frexpf128(a, &e2));
  printf("b.frexp.exp %d\n", e2);
#endif
}

int main(void) {
  Q v[] = {2.5Q, -3.75Q, 1e-4930Q, 0.5Q, -0.5Q, 1.5Q, 1e300Q, -7e-300Q, 123456789.123456789Q,
           1.0Q / 3.0Q, 1e4000Q, -2.0Q, 1e-4965Q, 4503599627370496.5Q};
  int k = sizeof v / sizeof v[0];
  for (int i = 0; i < k; i++) {
    ops(v[i], v[(i + 3) % k], v[(i + 5) % k], i * 37 - 200);
  }
  return 0;
}
