package org.nvlower.sass;

/**
 * FCHK P, a, b: true when the FP32 division fast path (MUFU.RCP, one Newton-Raphson step on the
 * reciprocal, one on the quotient, all FFMA in round-to-nearest) may not give the correctly
 * rounded a / b, so that the template takes its slow path. Shaped like the Power ISA's ftdiv
 * fe_flag, with binary32's bounds (e = biased exponent field, p = 24, emin = -126):
 * <ul>
 * <li>a or b is NaN or infinite, or a zero or subnormal (e = 0): special values, and operands
 *     whose significands are not normalized (a = -0 would also lose its sign in FFMA(a, r, +0));
 * <li>e_b >= 253 (|b| >= 2^126): MUFU.RCP's result 1/b would be subnormal and is flushed;
 * <li>e_a <= 24 (a < 2^-102 = 2^(emin + p - 1)): the residual a - b q0 has bits below 2^-149 and
 *     is not exact;
 * <li>e_a - e_b >= 127: the quotient may overflow (it lies below 2^(e_a - e_b + 1));
 * <li>e_a - e_b <= -126: the quotient may be subnormal (it lies at or above 2^(e_a - e_b - 1)). The
 *     exhaustive search finds no failure here (the non-FTZ FFMAs round onto the subnormal grid);
 *     the condition is a choice: such quotients get the slow path's exact subnormal packing.
 * </ul>
 * Elsewhere every intermediate is normal and finite, every instruction commutes with scaling by
 * powers of two, and so does the set of MUFU outputs within its bound: the result depends on
 * the significands alone, which the random, hard and TestFloat cases cover
 * ({@code FchkTest} checks these bounds by an exhaustive search over exponent pairs).
 */
public final class Fchk {

    private Fchk() {}

    public static boolean mayBeWrong(int a, int b) {
        int ea = (a >>> 23) & 0xFF;
        int eb = (b >>> 23) & 0xFF;
        if (ea == 0 || ea == 255 || eb == 0 || eb == 255) {
            return true;
        }
        int d = ea - eb;
        return eb >= 253 || ea <= 24 || d >= 127 || d <= -126;
    }
}
