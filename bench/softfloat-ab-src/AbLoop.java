import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Random;

import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.F128;
import org.nvlower.softfloat.F16;
import org.nvlower.softfloat.F32;
import org.nvlower.softfloat.F64;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.softfloat.Specialization;

/**
 * One build's softfloat cells for bench/softfloat-ab: loaded once per build (each in its own class
 * loader, so each calls its own build's softfloat), timed in slices of thread CPU time. Operands:
 * 4,096 per format, finite and normal (binary128 exponents within 2^+-50, binary16 within 2^+-7,
 * binary32 and binary64 in the middle half of the range), integers of random widths.
 */
public class AbLoop {
    static final int N = 4096;
    static final long[] h0 = new long[N], l0 = new long[N], h1 = new long[N], l1 = new long[N], h2 = new long[N],
            l2 = new long[N];
    static final short[] s0 = new short[N], s1 = new short[N];
    static final int[] f0 = new int[N], f1 = new int[N], i32 = new int[N];
    static final long[] d0 = new long[N], d1 = new long[N], i64 = new long[N];
    static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    static long sink;

    static {
        Random r = new Random(1);
        for (int i = 0; i < N; i++) {
            h0[i] = quadHi(r); l0[i] = r.nextLong();
            h1[i] = quadHi(r); l1[i] = r.nextLong();
            h2[i] = quadHi(r); l2[i] = r.nextLong();
            s0[i] = (short) ((r.nextInt(2) << 15) | ((8 + r.nextInt(15)) << 10) | r.nextInt(1024));
            s1[i] = (short) ((r.nextInt(2) << 15) | ((8 + r.nextInt(15)) << 10) | r.nextInt(1024));
            f0[i] = (r.nextInt() & 0x807FFFFF) | ((127 - 63 + r.nextInt(128)) << 23);
            f1[i] = (r.nextInt() & 0x807FFFFF) | ((127 - 63 + r.nextInt(128)) << 23);
            d0[i] = (r.nextLong() & 0x800FFFFFFFFFFFFFL) | ((long) (1023 - 511 + r.nextInt(1024)) << 52);
            d1[i] = (r.nextLong() & 0x800FFFFFFFFFFFFFL) | ((long) (1023 - 511 + r.nextInt(1024)) << 52);
            i32[i] = r.nextInt() >> r.nextInt(32);
            i64[i] = r.nextLong() >> r.nextInt(64);
        }
    }

    static long quadHi(Random r) {
        int e = 0x3FFF - 50 + r.nextInt(100);
        return (r.nextBoolean() ? Long.MIN_VALUE : 0) | ((long) e << 48) | (r.nextLong() & 0xFFFFFFFFFFFFL);
    }

    /** Mop/s of op in mode over passes of the operands, for ms of this thread's CPU time. */
    public static double time(String op, String mode, double ms) {
        RoundingMode rm = RoundingMode.fromTestFloatName(mode);
        Env e = new Env(Specialization.X86);
        long t0 = CPU.getCurrentThreadCpuTime();
        long t;
        long passes = 0;
        long s = 0;
        do {
            s += run(op, rm, e);
            passes++;
            t = CPU.getCurrentThreadCpuTime() - t0;
        } while (t < ms * 1e6);
        sink += s;
        return passes * (double) N / (t / 1e3);
    }

    static long run(String op, RoundingMode rm, Env e) {
        long s = 0;
        switch (op) {
            case "div" -> { for (int i = 0; i < N; i++) { F128.div(h0[i], l0[i], h1[i], l1[i], rm, e); s += e.zHi ^ e.zLo; } }
            case "mul" -> { for (int i = 0; i < N; i++) { F128.mul(h0[i], l0[i], h1[i], l1[i], rm, e); s += e.zHi ^ e.zLo; } }
            case "add" -> { for (int i = 0; i < N; i++) { F128.add(h0[i], l0[i], h1[i], l1[i], rm, e); s += e.zHi ^ e.zLo; } }
            case "sqrt" -> { for (int i = 0; i < N; i++) { F128.sqrt(h0[i], l0[i], rm, e); s += e.zHi ^ e.zLo; } }
            case "mulAdd" -> { for (int i = 0; i < N; i++) { F128.mulAdd(h0[i], l0[i], h1[i], l1[i], h2[i], l2[i], rm, e); s += e.zHi ^ e.zLo; } }
            case "rem" -> { for (int i = 0; i < N; i++) { F128.rem(h0[i], l0[i], h1[i], l1[i], e); s += e.zHi ^ e.zLo; } }
            case "f16_div" -> { for (int i = 0; i < N; i++) s += F16.div(s0[i], s1[i], rm, e); }
            case "f16_rem" -> { for (int i = 0; i < N; i++) s += F16.rem(s0[i], s1[i], e); }
            case "f32_rem" -> { for (int i = 0; i < N; i++) s += F32.rem(f0[i], f1[i], e); }
            case "f64_rem" -> { for (int i = 0; i < N; i++) s += F64.rem(d0[i], d1[i], e); }
            case "f32_to_f16" -> { for (int i = 0; i < N; i++) s += F32.toF16(f0[i], rm, e); }
            case "f64_to_f32" -> { for (int i = 0; i < N; i++) s += F64.toF32(d0[i], rm, e); }
            case "i32_to_f16" -> { for (int i = 0; i < N; i++) s += F16.fromI32(i32[i], rm, e); }
            case "i64_to_f16" -> { for (int i = 0; i < N; i++) s += F16.fromI64(i64[i], rm, e); }
            default -> throw new IllegalArgumentException("unknown op '" + op + "'");
        }
        return s + e.flags;
    }
}
