package org.nvlower.llvm.runtime;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
/**
 * lgamma's negative zeros and its Taylor coefficients there, the table of lgamma's local
 * expansion (resource {@code lgamma-zeros.txt}, made by {@code bench/quad-math/lgamma-zeros.py}
 * with mpmath): in (-n - 1, -n), 2 <= n <= {@link #N_MAX}, the zero next to -n (row 2 (n - 2))
 * and the one next to -n - 1 (row 2 (n - 2) + 1), each in its half of the interval, with
 * lgamma(x0 + d) = sum_{k = 1 .. TERMS} c_k d^k for |d| <= R = 2^-TAU_BITS / |c_1| (where |lgamma|
 * is below about 2^-TAU_BITS; the script checked the series' tail there below 2^-250 of it).
 *
 * <p>A row of {@link #elements()} holds binary128 bits: the interval's ends as magnitudes (|x0| -+ R,
 * rounded inward), x0 as three binary128 (their sum within 2^-339 |x0|), then c_k as a
 * double-quad (hi, lo) for k = 1 .. TERMS.
 */
final class LgammaZeros {

    private LgammaZeros() {}

    static final int TAU_BITS;
    static final int TERMS;
    static final int N_MAX;
    /** Each zero's elements ({@link #ROW} per zero). */
    private static final List<BigInteger[]> ROWS = new ArrayList<>();

    /** Elements per zero: the two ends, x0's three parts, two per coefficient. */
    static final int ROW;

    /** Index of x0's leading part and of c_1's hi in a row. */
    static final int X0 = 2;
    static final int C1 = 5;

    /** The fixed point of the ends' computation. */
    private static final int FIX = 1400;

    static {
        int tau = 0;
        int terms = 0;
        int nmax = 0;
        try (InputStream in = LgammaZeros.class.getResourceAsStream("lgamma-zeros.txt");
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII))) {
            String line;
            while ((line = r.readLine()) != null) {
                String[] f = line.trim().split("\\s+");
                if (line.startsWith("# tau")) { // # tau 2^-12 terms 23
                    tau = Integer.parseInt(f[2].substring(3));
                    terms = Integer.parseInt(f[4]);
                } else if (!line.startsWith("#") && !line.isBlank()) {
                    int n = Integer.parseInt(f[0]);
                    if (f.length != 2 + terms || n != 2 + ROWS.size() / 2) {
                        throw new IllegalStateException("lgamma-zeros.txt: bad row " + line.substring(0, Math.min(40, line.length())));
                    }
                    ROWS.add(row(n, ROWS.size() % 2, f, terms, tau));
                    nmax = n;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        TAU_BITS = tau;
        TERMS = terms;
        N_MAX = nmax;
        ROW = C1 + 2 * terms;
    }

    /** The number of zeros (two per n). */
    static int count() {
        return ROWS.size();
    }

    /** All rows' elements in order: element ROW j + i is row j's element i. */
    static List<BigInteger> elements() {
        List<BigInteger> out = new ArrayList<>(ROWS.size() * ROW);
        for (BigInteger[] row : ROWS) {
            out.addAll(List.of(row));
        }
        return out;
    }

    /** Row j's element i (for the tests). */
    static BigInteger element(int j, int i) {
        return ROWS.get(j)[i];
    }

    private static BigInteger[] row(int n, int side, String[] f, int terms, int tau) {
        BigInteger[] out = new BigInteger[C1 + 2 * terms];
        BigInteger[] x0 = number(f[1]);
        BigInteger[] c1 = number(f[2]);
        // |x0| and R = 2^-tau / |c_1| in fixed point FIX
        BigInteger ax = scaled(x0[0].abs(), x0[1].intValueExact(), FIX);
        BigInteger r = BigInteger.ONE.shiftLeft(FIX - tau - c1[1].intValueExact()).divide(c1[0].abs());
        BigInteger lo = ax.subtract(r);
        BigInteger hi = ax.add(r);
        BigInteger half = BigInteger.valueOf(2L * n + 1).shiftLeft(FIX - 1);
        boolean inside = side == 0 ? lo.compareTo(BigInteger.valueOf(n).shiftLeft(FIX)) > 0 && hi.compareTo(half) < 0
                : lo.compareTo(half) > 0 && hi.compareTo(BigInteger.valueOf(n + 1).shiftLeft(FIX)) < 0;
        if (!inside) {
            throw new IllegalStateException("lgamma-zeros.txt: the interval of the zero near -" + (n + side) + " leaves its half");
        }
        out[0] = inward(lo, 1);
        out[1] = inward(hi, -1);
        BigInteger[] xp = parts(x0, 3);
        System.arraycopy(xp, 0, out, X0, 3);
        for (int k = 0; k < terms; k++) {
            BigInteger[] cp = parts(number(f[2 + k]), 2);
            out[C1 + 2 * k] = cp[0];
            out[C1 + 2 * k + 1] = cp[1];
        }
        return out;
    }

    /** "m:e" as {m, e} (the value m 2^e, m in hex). */
    private static BigInteger[] number(String s) {
        int colon = s.indexOf(':');
        return new BigInteger[] {new BigInteger(s.substring(0, colon), 16), new BigInteger(s.substring(colon + 1))};
    }

    private static BigInteger scaled(BigInteger m, int e, int f) {
        return e + f >= 0 ? m.shiftLeft(e + f) : m.shiftRight(-(e + f));
    }

    /**
     * The bits of the binary128 next to v 2^-FIX (v > 0) toward the zero: the nearest one, moved by
     * one unit ({@code up} 1 for the lower end, -1 for the upper) where it lies outside, so that the
     * interval never reaches beyond R (where the series was checked). An interval narrower than
     * the binary128 spacing may so become empty (lower end above the upper one): no operand uses it.
     */
    private static BigInteger inward(BigInteger v, int up) {
        BigInteger[] s = DoubleQuad.split(v, FIX); // {bits, v - their value}
        return s[1].signum() == up ? s[0].add(BigInteger.valueOf(up)) : s[0];
    }

    /** m 2^e as {@code count} binary128 (bits, the sign included), each the nearest to what the earlier ones leave. */
    private static BigInteger[] parts(BigInteger[] v, int count) {
        BigInteger[] out = new BigInteger[count];
        BigInteger rest = v[0];
        int f = -v[1].intValueExact();
        for (int i = 0; i < count; i++) {
            BigInteger[] s = DoubleQuad.split(rest, f);
            out[i] = s[0];
            rest = s[1];
        }
        return out;
    }
}
