package org.nvlower.bench;

import org.nvlower.sass.template.TemplateKey;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.nvlower.sass.Emulator;
import org.nvlower.sass.Mod.MufuFn;
import org.nvlower.sass.Mufu;
import org.nvlower.sass.MufuModel;
import org.nvlower.sass.template.Templates;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.F32;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.softfloat.Specialization;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Template executions per second on one core: each template run in the emulator (exact MUFU)
 * next to the same algorithm written by hand in plain Java (the ceiling for an interpreter),
 * over 4,096 operand sets each: sqrt.rn.f32 on uniform bit patterns (the exhaustive sweep's mix:
 * half negative, so half take the slow path's NaN exit), div.rn.f32 on pairs whose exponents lie
 * within 2^±30 (the fast path), div.u64 on dividends and divisors of uniform bit widths 1..64.
 * The hand-written versions are the templates' fast paths instruction for instruction (FFMA ->
 * Math.fma, FFMA.RP -> the emulator's own directed rounding, MUFU -> the same exact model); what
 * leaves their fast path is handed to softfloat, which the operand sets make rare (sqrt: the
 * negatives and small values; div: none).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@OperationsPerInvocation(TemplateBenchmark.CASES)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class TemplateBenchmark {

    static final int CASES = 4096;

    int[] sqrtIn;
    int[] divA;
    int[] divB;
    long[] u64A;
    long[] u64B;
    Emulator sqrt;
    Emulator div;
    Emulator divU64;
    Env env;

    @Setup
    public void setup() {
        SplittableRandom r = new SplittableRandom(0x7E4D);
        sqrtIn = new int[CASES];
        divA = new int[CASES];
        divB = new int[CASES];
        u64A = new long[CASES];
        u64B = new long[CASES];
        for (int i = 0; i < CASES; i++) {
            sqrtIn[i] = r.nextInt();
            int ea = 127 + r.nextInt(-60, 61);
            divA[i] = (r.nextInt() & 0x807FFFFF) | (ea << 23);
            divB[i] = (r.nextInt() & 0x807FFFFF) | ((ea + r.nextInt(-30, 31)) << 23);
            u64A[i] = r.nextLong() >>> r.nextInt(64);
            u64B[i] = (r.nextLong() >>> r.nextInt(64)) | 1;
        }
        sqrt = new Emulator(Templates.require(TemplateKey.valueOf("sqrt.rn.f32")).program(), MufuModel.exact());
        div = new Emulator(Templates.require(TemplateKey.valueOf("div.rn.f32")).program(), MufuModel.exact());
        divU64 = new Emulator(Templates.require(TemplateKey.valueOf("div.u64")).program(), MufuModel.exact());
        env = Env.ptx(false);
        for (int i = 0; i < CASES; i++) { // the hand-written versions compute what the templates do
            check(sqrt.run(sqrtIn[i]), HandWritten.sqrtRn(sqrtIn[i], env), "sqrt");
            check(div.run(divA[i], divB[i]), HandWritten.divRn(divA[i], divB[i], env), "div");
            check(divU64.run64(u64A[i], u64B[i]), HandWritten.divU64(u64A[i], u64B[i]), "div.u64");
        }
    }

    private static void check(long emulated, long handWritten, String what) {
        if (emulated != handWritten) {
            throw new IllegalStateException(what + ": hand-written " + Long.toHexString(handWritten) + " != emulated "
                    + Long.toHexString(emulated));
        }
    }

    @Benchmark
    public int sqrtRnEmulated() {
        int sink = 0;
        for (int x : sqrtIn) {
            sink += sqrt.run(x);
        }
        return sink;
    }

    @Benchmark
    public int sqrtRnHandWritten() {
        int sink = 0;
        for (int x : sqrtIn) {
            sink += HandWritten.sqrtRn(x, env);
        }
        return sink;
    }

    @Benchmark
    public int divRnEmulated() {
        int sink = 0;
        for (int i = 0; i < CASES; i++) {
            sink += div.run(divA[i], divB[i]);
        }
        return sink;
    }

    @Benchmark
    public int divRnHandWritten() {
        int sink = 0;
        for (int i = 0; i < CASES; i++) {
            sink += HandWritten.divRn(divA[i], divB[i], env);
        }
        return sink;
    }

    @Benchmark
    public long divU64Emulated() {
        long sink = 0;
        for (int i = 0; i < CASES; i++) {
            sink += divU64.run64(u64A[i], u64B[i]);
        }
        return sink;
    }

    @Benchmark
    public long divU64HandWritten() {
        long sink = 0;
        for (int i = 0; i < CASES; i++) {
            sink += HandWritten.divU64(u64A[i], u64B[i]);
        }
        return sink;
    }

    /** The templates' algorithms in plain Java. */
    static final class HandWritten {
        private static final Env UP = new Env(Specialization.NVPTX);

        private HandWritten() {}

        private static float rp(float a, float b, float c) {
            double v = Math.fma((double) a, (double) b, (double) c);
            float f = (float) v;
            if (f != v && Math.abs(v) >= 0x1p-125 && Math.abs(v) < Float.MAX_VALUE) {
                return f < v ? Math.nextUp(f) : f;
            }
            return Float.intBitsToFloat(F32.mulAdd(Float.floatToRawIntBits(a), Float.floatToRawIntBits(b),
                    Float.floatToRawIntBits(c), RoundingMode.MAX, UP));
        }

        /** Fp32Division.emitReciprocal. */
        private static float reciprocal(float x, float r0) {
            float ax = Math.abs(x);
            float e = Math.fma(-ax, Math.abs(r0), 1f);
            float t = rp(Math.abs(r0), e, Math.abs(r0));
            e = Math.fma(-ax, t, 1f);
            t = Math.copySign(t, x);
            return Math.fma(t, e, t);
        }

        static int sqrtRn(int x, Env env) {
            if (Integer.compareUnsigned(x - 0x0D000000, 0x727FFFFF) > 0) {
                return F32.sqrt(x, RoundingMode.NEAR_EVEN, env); // the slow path's cases
            }
            float fx = Float.intBitsToFloat(x);
            float y = Float.intBitsToFloat(Mufu.exact(MufuFn.RSQ, x));
            float s = fx * y;
            float h = y * 0.5f;
            float d = Math.fma(-s, h, 0.5f);
            s = Math.fma(s, d, s);
            h = Math.fma(h, d, h);
            d = Math.fma(-s, s, fx);
            return Float.floatToRawIntBits(Math.fma(d, h, s));
        }

        static int divRn(int a, int b, Env env) {
            float fb = Float.intBitsToFloat(b);
            float r0 = Float.intBitsToFloat(Mufu.exact(MufuFn.RCP, b));
            if (org.nvlower.sass.Fchk.mayBeWrong(a, b)) {
                return F32.div(a, b, RoundingMode.NEAR_EVEN, env);
            }
            float fa = Float.intBitsToFloat(a);
            float r1 = reciprocal(fb, r0);
            float q0 = Math.fma(fa, r1, 0f);
            float rem = Math.fma(-fb, q0, fa);
            return Float.floatToRawIntBits(Math.fma(r1, rem, q0));
        }

        /** IntDivision.emitUnsigned32. */
        static int divU32(int a, int b) {
            float f = Float.intBitsToFloat(F32.fromUI32(b, RoundingMode.MAX, UP));
            int r = Mufu.exact(MufuFn.RCP, Float.floatToRawIntBits(f)) + 0x0FFFFFFE;
            long x = F32.toUI32(r, RoundingMode.MIN_MAG, false, UP) & 0xFFFFFFFFL;
            long e = (-(long) b * x) & 0xFFFFFFFFL;
            x = (x + ((x * e) >>> 32)) & 0xFFFFFFFFL;
            long q = (x * (a & 0xFFFFFFFFL)) >>> 32;
            long rem = (a & 0xFFFFFFFFL) - q * (b & 0xFFFFFFFFL);
            for (int k = 0; k < 2; k++) {
                if (Long.compareUnsigned(rem, b & 0xFFFFFFFFL) >= 0) {
                    rem -= b & 0xFFFFFFFFL;
                    q++;
                }
            }
            return (int) q;
        }

        static long divU64(long a, long b) {
            if (((a | b) >>> 32) == 0) {
                return b == 0 ? -1 : divU32((int) a, (int) b) & 0xFFFFFFFFL;
            }
            float f = Float.intBitsToFloat(F32.fromUI64(b, RoundingMode.MAX, UP));
            float r = Float.intBitsToFloat(Mufu.exact(MufuFn.RCP, Float.floatToRawIntBits(f)));
            long x = F32.toUI64(Float.floatToRawIntBits(r) + 0x1FFFFFFE, RoundingMode.MIN_MAG, false, UP);
            for (int step = 0; step < 2; step++) {
                long e = -(x * b);
                x += Math.unsignedMultiplyHigh(x, e);
            }
            long q = Math.unsignedMultiplyHigh(a, x);
            long rem = a - q * b;
            for (int k = 0; k < 2; k++) {
                if (Long.compareUnsigned(rem, b) >= 0) {
                    rem -= b;
                    q++;
                }
            }
            return b == 0 ? -1 : q;
        }
    }
}
