import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.F128;
import org.nvlower.verify.bench.Fp128Operands;

/**
 * The Java side of bench/fp128-peers (not part of nvlower's sources):
 * <pre>
 *   Fp128Peers operands FILE                 write nvlower's standard operand pairs to FILE
 *   Fp128Peers bigdecimal FILE SECONDS OP... time java.math.BigDecimal on the pairs of FILE
 *   Fp128Peers sqrtcheck FILE DUMP           referee nvlower's and libquadmath's sqrt(|A|) (DUMP: the
 *                                            C harness's "dump sqrt" output) against an exact root
 * </pre>
 * The BigDecimal loop has the shape of nvlower's kernel and of the C harness: one pass is one
 * operation on each pair, MathContext(34, HALF_EVEN) (binary128 carries 34 significant digits),
 * each result folded into a sink. Each operand is the exact value of its binary128 bits rounded
 * to 34 digits, converted before timing. BigDecimal has no infinities or NaNs and throws on
 * division by zero, so non-finite operands become 1, and so do zero divisors of div; the count
 * of replaced pairs is printed.
 *
 * <p>The rate is per second of the process's CPU time, so that the garbage collector's work on
 * BigDecimal's allocations (done by other threads) is counted; nvlower's kernel and the C harness
 * allocate nothing and use their thread's CPU time. Wall-time rates are printed too.
 */
public final class Fp128Peers {

    private static final MathContext QUAD = new MathContext(34, RoundingMode.HALF_EVEN);
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final com.sun.management.OperatingSystemMXBean PROCESS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    public static void main(String[] args) throws IOException {
        if (args.length == 2 && args[0].equals("operands")) {
            Fp128Operands.standard().write(Path.of(args[1]));
        } else if (args.length >= 4 && args[0].equals("bigdecimal")) {
            Fp128Operands operands = Fp128Operands.read(Path.of(args[1]));
            double seconds = Double.parseDouble(args[2]);
            for (String op : List.of(args).subList(3, args.length)) {
                measure(op, operands, seconds);
            }
        } else if (args.length == 3 && args[0].equals("sqrtcheck")) {
            sqrtCheck(Fp128Operands.read(Path.of(args[1])), Files.readAllLines(Path.of(args[2])));
        } else {
            System.err.println("usage: Fp128Peers operands FILE | bigdecimal FILE SECONDS add|mul|div ... | sqrtcheck FILE DUMP");
            System.exit(1);
        }
    }

    private static void measure(String op, Fp128Operands operands, double seconds) {
        long[] w = operands.words();
        int n = operands.pairs();
        BigDecimal[] a = new BigDecimal[n];
        BigDecimal[] b = new BigDecimal[n];
        int replaced = 0;
        for (int i = 0; i < n; i++) {
            a[i] = toBigDecimal(w[4 * i], w[4 * i + 1]);
            b[i] = toBigDecimal(w[4 * i + 2], w[4 * i + 3]);
            boolean badDivisor = op.equals("div") && b[i] != null && b[i].signum() == 0;
            if (a[i] == null || b[i] == null || badDivisor) {
                replaced++;
                a[i] = a[i] == null ? BigDecimal.ONE : a[i];
                b[i] = b[i] == null || badDivisor ? BigDecimal.ONE : b[i];
            }
        }
        long sink = 0;
        long warmEnd = threadCpu() + (long) (seconds / 4 * 1e9); // warm-up: JIT, caches
        while (threadCpu() < warmEnd) {
            sink += pass(op, a, b);
        }
        long passes = 0;
        long wall = System.nanoTime();
        long process = PROCESS.getProcessCpuTime();
        long start = threadCpu();
        do {
            sink += pass(op, a, b);
            passes++;
        } while (threadCpu() - start < (long) (seconds * 1e9));
        process = PROCESS.getProcessCpuTime() - process;
        wall = System.nanoTime() - wall;
        double ops = passes * (double) n;
        System.out.printf("bigdecimal %s: %.2f Mop/s (wall %.2f, %d passes of %d pairs, %d pairs with a non-finite operand%s set to 1, sink %x)%n",
                op, ops / (process / 1e3), ops / (wall / 1e3), passes, n, replaced, op.equals("div") ? " or zero divisor" : "", sink);
    }

    /** This thread's CPU time, which paces the loop (the rate is taken from the process's). */
    private static long threadCpu() {
        return THREADS.getCurrentThreadCpuTime();
    }

    private static long pass(String op, BigDecimal[] a, BigDecimal[] b) {
        long sink = 0;
        switch (op) {
            case "add" -> {
                for (int i = 0; i < a.length; i++) {
                    sink += a[i].add(b[i], QUAD).hashCode();
                }
            }
            case "mul" -> {
                for (int i = 0; i < a.length; i++) {
                    sink += a[i].multiply(b[i], QUAD).hashCode();
                }
            }
            case "div" -> {
                for (int i = 0; i < a.length; i++) {
                    sink += a[i].divide(b[i], QUAD).hashCode();
                }
            }
            default -> throw new IllegalArgumentException("unknown op '" + op + "' (add, mul, div)");
        }
        return sink;
    }

    /** The exact value of binary128 bits rounded to 34 digits; null for infinities and NaNs. */
    static BigDecimal toBigDecimal(long hi, long lo) {
        int exp = (int) (hi >>> 48) & 0x7FFF;
        if (exp == 0x7FFF) {
            return null;
        }
        BigInteger sig = new BigInteger(1, new byte[] {
                (byte) (hi >>> 40), (byte) (hi >>> 32), (byte) (hi >>> 24), (byte) (hi >>> 16), (byte) (hi >>> 8), (byte) hi,
                (byte) (lo >>> 56), (byte) (lo >>> 48), (byte) (lo >>> 40), (byte) (lo >>> 32),
                (byte) (lo >>> 24), (byte) (lo >>> 16), (byte) (lo >>> 8), (byte) lo});
        if (exp != 0) {
            sig = sig.setBit(112);
        }
        int pow2 = Math.max(exp, 1) - 0x3FFF - 112;  // value = sig * 2^pow2
        BigDecimal exact = pow2 >= 0
                ? new BigDecimal(sig.shiftLeft(pow2))
                : new BigDecimal(sig.multiply(BigInteger.valueOf(5).pow(-pow2)), -pow2); // 2^-k = 5^k / 10^k
        BigDecimal value = exact.round(QUAD);
        return hi < 0 ? value.negate() : value;
    }

    /** Counts the results of nvlower's F128.sqrt and of the dumped libquadmath results that differ from the exact root. */
    private static void sqrtCheck(Fp128Operands operands, List<String> libquadmath) {
        long[] w = operands.words();
        Env env = new Env();
        int checked = 0;
        int nvWrong = 0;
        int quadWrong = 0;
        for (int i = 0; i < operands.pairs(); i++) {
            long hi = w[4 * i] & Long.MAX_VALUE;
            long lo = w[4 * i + 1];
            BigInteger exact = exactSqrt(hi, lo);
            if (exact == null) {
                continue;
            }
            checked++;
            F128.sqrt(hi, lo, env);
            BigInteger nv = new BigInteger(String.format("%016x%016x", env.zHi, env.zLo), 16);
            nvWrong += nv.equals(exact) ? 0 : 1;
            quadWrong += new BigInteger(libquadmath.get(i).strip(), 16).equals(exact) ? 0 : 1;
        }
        System.out.printf("sqrt(|A|) against the exact root rounded to nearest even (BigInteger.sqrt), %d finite nonzero"
                + " operands: nvlower wrong on %d, libquadmath sqrtq wrong on %d%n", checked, nvWrong, quadWrong);
    }

    /**
     * The binary128 bits of sqrt(a), correctly rounded to nearest even, for a positive finite
     * nonzero a given by its bits; null for zeros, infinities and NaNs.
     */
    static BigInteger exactSqrt(long hi, long lo) {
        int exp = (int) (hi >>> 48) & 0x7FFF;
        BigInteger sig = BigInteger.valueOf(hi & 0xFFFF_FFFF_FFFFL).shiftLeft(64).or(new BigInteger(Long.toUnsignedString(lo)));
        if (exp == 0x7FFF || exp == 0 && sig.signum() == 0) {
            return null;
        }
        int pow2 = Math.max(exp, 1) - 0x3FFF - 112;      // a = sig * 2^pow2
        if (exp != 0) {
            sig = sig.setBit(112);
        }
        int shift = 240 - sig.bitLength();               // >= 2 * (113 + 2) bits, and an even exponent
        if (((pow2 - shift) & 1) != 0) {
            shift++;
        }
        sig = sig.shiftLeft(shift);
        pow2 -= shift;
        BigInteger root = sig.sqrt();                     // floor; sqrt(a) = sqrt(sig) * 2^(pow2 / 2)
        boolean inexact = !root.multiply(root).equals(sig);
        int drop = root.bitLength() - 113;
        BigInteger q = root.shiftRight(drop);
        int cmp = root.subtract(q.shiftLeft(drop)).compareTo(BigInteger.ONE.shiftLeft(drop - 1));
        if (cmp > 0 || cmp == 0 && (inexact || q.testBit(0))) {
            q = q.add(BigInteger.ONE);
        }
        if (q.bitLength() > 113) {
            q = q.shiftRight(1);
            drop++;
        }
        int biased = pow2 / 2 + drop + 112 + 0x3FFF;     // sqrt of a binary128 is always normal
        return q.clearBit(112).or(BigInteger.valueOf(biased).shiftLeft(112));
    }
}
