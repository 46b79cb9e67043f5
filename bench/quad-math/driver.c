/* bench/quad-math's driver: n operands of one function (0 exp, 1 log, 2 exp2, 3 log2, 4 log10) from a xorshift generator,
 * each printed with the function's result as binary128 bits. Built with -DNV it calls nvlower's
 * bodies (fp128 carried as i128, linked by llvm-link, run by lli); without, libquadmath's expq/logq. */
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
static u128 call(int fn, u128 x) {
  switch (fn) {
  case 0: return __nv_exp_fp128(x);
  case 1: return __nv_log_fp128(x);
  case 2: return __nv_exp2_fp128(x);
  case 3: return __nv_log2_fp128(x);
  default: return __nv_log10_fp128(x);
  }
}
#else
#include <quadmath.h>
static u128 call(int fn, u128 x) {
  __float128 q;
  memcpy(&q, &x, 16);
  switch (fn) {
  case 0: q = expq(q); break;
  case 1: q = logq(q); break;
  case 2: q = exp2q(q); break;
  case 3: q = log2q(q); break;
  default: q = log10q(q); break;
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
    unsigned long long a = next(), b = next(), hi;
    if (fn == 0 || fn == 2) { /* |x| in [2^-120, 2^14), either sign */
      unsigned long long field = 0x3FFF - 120 + (a >> 48) % 134;
      hi = (a & 0x8000000000000000ULL) | field << 48 | (a & 0xFFFFFFFFFFFFULL);
    } else { /* positive, any normal binade */
      unsigned long long field = 1 + (a >> 48) % 0x7FFE;
      hi = field << 48 | (a & 0xFFFFFFFFFFFFULL);
    }
    u128 x = (u128)hi << 64 | b;
    u128 r = call(fn, x);
    printf("%016llx%016llx %016llx%016llx\n", hi, b, (unsigned long long)(r >> 64), (unsigned long long)r);
  }
  return 0;
}
