/* The quad operations of issue 23 in one function, for the NVPTX compile proof (ToolProofsTest). */
#include <stdio.h>
typedef __float128 Q;
Q sqrtf128(Q); Q fmaf128(Q, Q, Q); Q ldexpf128(Q, int); Q fabsf128(Q); Q copysignf128(Q, Q);
Q floorf128(Q); Q ceilf128(Q); Q truncf128(Q); Q roundf128(Q); Q rintf128(Q); Q nearbyintf128(Q);
Q roundevenf128(Q); Q fminf128(Q, Q); Q fmaxf128(Q, Q); Q fmodf128(Q, Q); Q frexpf128(Q, int *);
Q scalbnf128(Q, int);

Q ops(Q a, Q b, Q c, int n, Q *out, int *e, long *l) {
  out[0] = a * b + c;
  out[1] = __builtin_fabsf128(a);
  out[2] = __builtin_copysignf128(a, b);
  out[3] = sqrtf128(a);
  out[4] = fmaf128(a, b, c);
  out[5] = floorf128(a);
  out[6] = ceilf128(a);
  out[7] = truncf128(a);
  out[8] = roundf128(a);
  out[9] = rintf128(a);
  out[10] = fmaxf128(a, b);
  out[11] = fminf128(a, b);
  out[12] = ldexpf128(a, n);
  out[13] = nearbyintf128(a);
  out[14] = roundevenf128(a);
  out[15] = fmodf128(a, b);
  out[16] = frexpf128(a, e);
  out[17] = scalbnf128(a, n);
  out[18] = fabsf128(b);
  out[19] = copysignf128(b, c);
  l[0] = __builtin_isnan(a) + 2 * __builtin_isinf(b) + 4 * __builtin_isfinite(c);
  l[1] = __builtin_lroundf128(a);
  l[2] = __builtin_llrintf128(b);

  return a * b + c;
}
