import java.math.BigInteger;

import org.nvlower.softfloat.QuadTrigReference;

/**
 * The binary128 closest to a multiple of pi/2, relative to the reduction: for every exponent e of
 * x = m 2^e with |x| >= 3/4 (e = -113 .. 16271, m < 2^113), the smallest distance ||m a_e|| of
 * x 2/pi to an integer, a_e = frac(2^e 2/pi) at 700 bits; over all m < 2^113 it is ||q a_e|| for
 * the last continued-fraction denominator q of a_e below 2^113 (best approximations). Prints the
 * smallest over all exponents, log2 of it, and the x that attains it. Usage (from the repository
 * root, after mvn compile):
 *   java -cp target/classes bench/quad-math/TrigWorstCase.java
 */
public class TrigWorstCase {
    public static void main(String[] args) {
        int p = 700;
        int maxE = 16271;
        BigInteger twoOverPi = BigInteger.ONE.shiftLeft(2 * (maxE + p + 64)).divide(QuadTrigReference.halfPi(maxE + p + 64)); // 2/pi 2^(maxE + p + 64)
        BigInteger limit = BigInteger.ONE.shiftLeft(113);
        BigInteger one = BigInteger.ONE.shiftLeft(p);
        double worst = 1;
        String where = "";
        for (int e = -113; e <= maxE; e++) {
            // a = frac(2^e 2/pi) 2^p
            BigInteger scaled = twoOverPi.shiftRight(maxE + 64 - e); // 2/pi 2^(p + e)
            BigInteger a = scaled.mod(one);
            // continued fraction of a / 2^p: convergent denominators q
            BigInteger num = a, den = one;
            BigInteger q0 = BigInteger.ZERO, q1 = BigInteger.ONE; // q_{-1}, q_0
            BigInteger best = BigInteger.ONE;
            // a / 2^p = [0; c1, c2, ...]
            BigInteger x = den, y = num;
            while (y.signum() != 0) {
                BigInteger[] qr = x.divideAndRemainder(y);
                BigInteger q2 = qr[0].multiply(q1).add(q0);
                if (q2.compareTo(limit) >= 0) {
                    break;
                }
                q0 = q1;
                q1 = q2;
                best = q2;
                x = y;
                y = qr[1];
            }
            // ||best a|| in units of 2^-p
            BigInteger r = best.multiply(a).mod(one);
            BigInteger d = r.min(one.subtract(r));
            double log = d.bitLength() - p + Math.log(d.doubleValue() / Math.pow(2, d.bitLength())) / Math.log(2);
            if (log < worst) {
                worst = log;
                where = "x = " + best + " * 2^" + e + " (" + best.bitLength() + " bits)";
            }
        }
        System.out.printf("smallest |x 2/pi - k| over binary128 x >= 3/4: 2^%.3f at %s%n", worst, where);
    }
}
