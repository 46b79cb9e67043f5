/* bench/quad-math's driver: n operands of one function (0 exp, 1 log, 2 exp2, 3 log2, 4 log10, 5 expm1,
 * 6 log1p, 7 exp10, 8 pow, 9 sinh, 10 cosh, 11 tanh, 12 atanh, 13 asinh, 14 acosh, 15 atan, 16 asin, 17 acos,
 * 18 atan2, 19 sin, 20 cos, 21 tan, 24 tgamma, 25 lgamma; 30 erf, 31 erfc) from a xorshift generator, each printed with the function's result as
 * binary128 bits ("x result", pow "x y result", atan2 "y x result"). Built with -DNV it calls nvlower's bodies (fp128
 * carried as i128, linked by llvm-link, run by lli); without, libquadmath's *q functions (exp10:
 * glibc's exp10f128, libquadmath has none). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned __int128 u128;
#ifdef NV
u128 __nv_exp_fp128(u128);
u128 __nv_log_fp128(u128);
u128 __nv_exp2_fp128(u128);
u128 __nv_log2_fp128(u128);
u128 __nv_log10_fp128(u128);
u128 __nv_expm1_fp128(u128);
u128 __nv_log1p_fp128(u128);
u128 __nv_exp10_fp128(u128);
u128 __nv_pow_fp128(u128, u128);
u128 __nv_sinh_fp128(u128);
u128 __nv_cosh_fp128(u128);
u128 __nv_tanh_fp128(u128);
u128 __nv_atanh_fp128(u128);
u128 __nv_asinh_fp128(u128);
u128 __nv_acosh_fp128(u128);
u128 __nv_atan_fp128(u128);
u128 __nv_asin_fp128(u128);
u128 __nv_acos_fp128(u128);
u128 __nv_atan2_fp128(u128, u128);
u128 __nv_sin_fp128(u128);
u128 __nv_cos_fp128(u128);
u128 __nv_tan_fp128(u128);
u128 __nv_erf_fp128(u128);
u128 __nv_erfc_fp128(u128);
u128 __nv_tgamma_fp128(u128);
u128 __nv_lgamma_fp128(u128);
static u128 call(int fn, u128 x, u128 y) {
  switch (fn) {
  case 0: return __nv_exp_fp128(x);
  case 1: return __nv_log_fp128(x);
  case 2: return __nv_exp2_fp128(x);
  case 3: return __nv_log2_fp128(x);
  case 4: return __nv_log10_fp128(x);
  case 5: return __nv_expm1_fp128(x);
  case 6: return __nv_log1p_fp128(x);
  case 7: return __nv_exp10_fp128(x);
  case 9: return __nv_sinh_fp128(x);
  case 10: return __nv_cosh_fp128(x);
  case 11: return __nv_tanh_fp128(x);
  case 12: return __nv_atanh_fp128(x);
  case 13: return __nv_asinh_fp128(x);
  case 14: return __nv_acosh_fp128(x);
  case 15: return __nv_atan_fp128(x);
  case 16: return __nv_asin_fp128(x);
  case 17: return __nv_acos_fp128(x);
  case 18: return __nv_atan2_fp128(x, y);
  case 19: return __nv_sin_fp128(x);
  case 20: return __nv_cos_fp128(x);
  case 21: return __nv_tan_fp128(x);
  case 30: return __nv_erf_fp128(x);
  case 31: return __nv_erfc_fp128(x);
  case 24: return __nv_tgamma_fp128(x);
  case 25: return __nv_lgamma_fp128(x);
  default: return __nv_pow_fp128(x, y);
  }
}
#else
#include <math.h>
#include <quadmath.h>
static u128 call(int fn, u128 x, u128 y) {
  __float128 q, r;
  memcpy(&q, &x, 16);
  memcpy(&r, &y, 16);
  switch (fn) {
  case 0: q = expq(q); break;
  case 1: q = logq(q); break;
  case 2: q = exp2q(q); break;
  case 3: q = log2q(q); break;
  case 4: q = log10q(q); break;
  case 5: q = expm1q(q); break;
  case 6: q = log1pq(q); break;
  case 7: q = exp10f128(q); break;
  case 9: q = sinhq(q); break;
  case 10: q = coshq(q); break;
  case 11: q = tanhq(q); break;
  case 12: q = atanhq(q); break;
  case 13: q = asinhq(q); break;
  case 14: q = acoshq(q); break;
  case 15: q = atanq(q); break;
  case 16: q = asinq(q); break;
  case 17: q = acosq(q); break;
  case 18: q = atan2q(q, r); break;
  case 19: q = sinq(q); break;
  case 20: q = cosq(q); break;
  case 21: q = tanq(q); break;
  case 30: q = erfq(q); break;
  case 31: q = erfcq(q); break;
  case 24: q = tgammaq(q); break;
  case 25: q = lgammaq(q); break;
  default: q = powq(q, r); break;
  }
  memcpy(&x, &q, 16);
  return x;
}
#endif

static unsigned long long s = 0x9E3779B97F4A7C15ULL;
static unsigned long long next(void) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; }

int main(int argc, char **argv) {
  long n = atol(argv[1]);
  int fn = atoi(argv[2]);
  for (long i = 0; i < n; i++) {
    unsigned long long a = next(), b = next(), hi, yhi = 0, ylo = 0;
    if (fn == 0 || fn == 2 || fn == 5 || fn == 9 || fn == 10) { /* |x| in [2^-120, 2^14), either sign */
      unsigned long long field = 0x3FFF - 120 + (a >> 48) % 134;
      hi = (a & 0x8000000000000000ULL) | field << 48 | (a & 0xFFFFFFFFFFFFULL);
    } else if (fn == 7 || fn == 11) { /* |x| in [2^-120, 2^12) (tanh: 2^7), either sign */
      unsigned long long field = 0x3FFF - 120 + (a >> 48) % (fn == 7 ? 132 : 127);
      hi = (a & 0x8000000000000000ULL) | field << 48 | (a & 0xFFFFFFFFFFFFULL);
    } else if (fn == 30 || fn == 31) { /* erf, erfc: half |x| in [2^-120, 2^7), half in [1/2, 16), either sign;
                                          erfc: one in eight in [64, 128), positive (subnormal results, underflow) */
      unsigned long long field = (i & 1) ? 0x3FFE + (a >> 48) % 5 : 0x3FFF - 120 + (a >> 48) % 127;
      if (fn == 31 && i % 8 == 7) { field = 0x4005; a &= 0x7FFFFFFFFFFFFFFFULL; }
      hi = (a & 0x8000000000000000ULL) | field << 48 | (a & 0xFFFFFFFFFFFFULL);
    } else if (fn == 24 || fn == 25) { /* tgamma, lgamma: a quarter each |x| in 2^[-120, 11) and [1/16, 128), positive;
                                          a quarter each negative in those; lgamma: every 8th positive in any binade */
      unsigned long long field = (i & 1) ? 0x3FFF - 4 + (a >> 48) % 11 : 0x3FFF - 120 + (a >> 48) % 131;
      if (fn == 25 && (i & 7) == 7) field = 1 + (a >> 48) % 0x7FFE;
      hi = ((i & 2) && (i & 7) != 7 ? 0x8000000000000000ULL : 0) | field << 48 | (a & 0xFFFFFFFFFFFFULL);
    } else if (fn >= 19) { /* sin, cos, tan: half |x| in [2^-120, 2^8), half in any binade from 1 to 2^16383; either sign */
      unsigned long long field = (i & 1) ? 0x3FFF + (a >> 48) % 0x3FFF : 0x3FFF - 120 + (a >> 48) % 128;
      hi = (a & 0x8000000000000000ULL) | field << 48 | (a & 0xFFFFFFFFFFFFULL);
    } else if (fn == 6 && (i & 1)) { /* |x| in [2^-120, 1), either sign */
      unsigned long long field = 0x3FFF - 120 + (a >> 48) % 120;
      hi = (a & 0x8000000000000000ULL) | field << 48 | (a & 0xFFFFFFFFFFFFULL);
    } else if (fn == 8) { /* x in 2^[-64, 64), y: |y| in 2^[-40, 14), either sign */
      unsigned long long field = 0x3FFF - 64 + (a >> 48) % 128;
      hi = field << 48 | (a & 0xFFFFFFFFFFFFULL);
      unsigned long long c = next();
      yhi = (c & 0x8000000000000000ULL) | (0x3FFF - 40 + (c >> 48) % 54) << 48 | (c & 0xFFFFFFFFFFFFULL);
      ylo = next();
    } else if (fn == 12 || fn == 16 || fn == 17) { /* |x| in [2^-120, 1) (odd i: [1/2, 1)), either sign */
      unsigned long long field = (i & 1) ? 0x3FFE : 0x3FFF - 120 + (a >> 48) % 120;
      hi = (a & 0x8000000000000000ULL) | field << 48 | (a & 0xFFFFFFFFFFFFULL);
    } else if (fn == 13 || fn == 15) { /* |x| in [2^-120, 2^130), either sign */
      unsigned long long field = 0x3FFF - 120 + (a >> 48) % 250;
      hi = (a & 0x8000000000000000ULL) | field << 48 | (a & 0xFFFFFFFFFFFFULL);
    } else if (fn == 14) { /* x in [1, 2^130) (odd i: [1, 2)) */
      unsigned long long field = 0x3FFF + ((i & 1) ? 0 : (a >> 48) % 130);
      hi = field << 48 | (a & 0xFFFFFFFFFFFFULL);
    } else if (fn == 18) { /* y: |y| in 2^[-60, 60), x: |x| within 2^+-65 of y's binade, either sign */
      unsigned long long field = 0x3FFF - 60 + (a >> 48) % 120;
      hi = (a & 0x8000000000000000ULL) | field << 48 | (a & 0xFFFFFFFFFFFFULL);
      unsigned long long c = next();
      yhi = (c & 0x8000000000000000ULL) | (field - 65 + (c >> 48) % 130) << 48 | (c & 0xFFFFFFFFFFFFULL);
      ylo = next();
    } else { /* positive, any normal binade */
      unsigned long long field = 1 + (a >> 48) % 0x7FFE;
      hi = field << 48 | (a & 0xFFFFFFFFFFFFULL);
    }
    u128 x = (u128)hi << 64 | b;
    u128 r = call(fn, x, (u128)yhi << 64 | ylo);
    if (fn == 8 || fn == 18) {
      printf("%016llx%016llx %016llx%016llx %016llx%016llx\n", hi, b, yhi, ylo, (unsigned long long)(r >> 64),
             (unsigned long long)r);
    } else {
      printf("%016llx%016llx %016llx%016llx\n", hi, b, (unsigned long long)(r >> 64), (unsigned long long)r);
    }
  }
  return 0;
}
