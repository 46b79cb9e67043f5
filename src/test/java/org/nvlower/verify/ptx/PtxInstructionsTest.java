package org.nvlower.verify.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.LongBinaryOperator;

import org.junit.jupiter.api.Test;
import org.nvlower.sass.Emulator;
import org.nvlower.sass.template.TemplateKey;
import org.nvlower.verify.sass.SassOp;
import org.nvlower.ptx.PtxFunction;
import org.nvlower.ptx.PtxReader;
import org.nvlower.sass.MufuModel;

/**
 * The interpreter's instructions for the templates' PTX, each against values computed another
 * way: lop3 against the boolean formula of its LUT, bfe against shifts, the carry forms against
 * BigInteger, float-to-integer cvt against Math.floor/ceil/rint, fma's directed roundings against
 * BigDecimal, the approximations against their exact values and the MUFU bound.
 */
class PtxInstructionsTest {

    private static final long BUF = 0x1000;

    /** Runs {@code body} in a kernel with %r0-%r7 (.b32), %d0-%d7 (.b64), %p0-%p3; returns %d0. */
    static long run(String body, MufuModel mufu) {
        String text = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 buf)\n{\n"
                + "    .reg .b64 %a;\n    .reg .b32 %r<8>;\n    .reg .b64 %d<8>;\n    .reg .pred %p<4>;\n"
                + "    ld.param.u64 %a, [buf];\n    mov.b64 %d0, 0;\n" + body + "\n    st.global.b64 [%a], %d0;\n    ret;\n}\n";
        PtxFunction k = PtxReader.read("test.ptx", text).functions().get(0);
        PtxMemory global = new PtxMemory();
        global.map(BUF, 8);
        PtxThread t = new PtxThread(k, Map.of("buf", BUF), new PtxThread.Memories(global, new PtxMemory(), Map.of(), Map.of()),
                name -> null, (in, src) -> {
                    throw new UnsupportedOperationException(in.opcode());
                }, mufu);
        assertTrue(t.run());
        return global.load(BUF, 8);
    }

    static long run(String body) {
        return run(body, MufuModel.exact());
    }

    private static String hex(long v) {
        return String.format(Locale.ROOT, "0x%016x", v);
    }

    private static String hex32(long v) {
        return String.format(Locale.ROOT, "0x%08x", v & 0xFFFFFFFFL);
    }

    @Test
    void lop3ComputesTheFunctionItsTableNames() {
        Map<Integer, LongTernary> luts = Map.of(0xF0, (a, b, c) -> a, 0xCC, (a, b, c) -> b, 0xAA, (a, b, c) -> c,
                0xC0, (a, b, c) -> a & b, 0xE8, (a, b, c) -> (a & b) | (a & c) | (b & c), 0x96, (a, b, c) -> a ^ b ^ c,
                0x80, (a, b, c) -> a & b & c, 0xFE, (a, b, c) -> a | b | c, 0x0F, (a, b, c) -> ~a,
                0x1E, (a, b, c) -> a ^ (b | c));
        SplittableRandom r = new SplittableRandom(5);
        for (var e : luts.entrySet()) {
            for (int i = 0; i < 20; i++) {
                int a = r.nextInt();
                int b = r.nextInt();
                int c = r.nextInt();
                long got = run("    mov.b32 %r1, " + hex32(a) + ";\n    mov.b32 %r2, " + hex32(b) + ";\n    lop3.b32 %r0, %r1, %r2, "
                        + hex32(c) + ", " + e.getKey() + ";\n    cvt.u64.u32 %d0, %r0;");
                assertEquals(e.getValue().apply(a, b, c) & 0xFFFFFFFFL, got, "lut 0x" + Integer.toHexString(e.getKey()));
            }
        }
    }

    @Test
    void minMaxClzAndSignExtendingLoads() {
        SplittableRandom r = new SplittableRandom(9);
        for (int i = 0; i < 40; i++) {
            long a = i < 4 ? new long[] {0, -1, Long.MIN_VALUE, 1}[i] : r.nextLong() >>> r.nextInt(64);
            long b = r.nextLong();
            String ab = "    mov.b64 %d1, " + hex(a) + ";\n    mov.b64 %d2, " + hex(b) + ";\n";
            assertEquals(Math.min(a, b), run(ab + "    min.s64 %d0, %d1, %d2;"));
            assertEquals(Math.max(a, b), run(ab + "    max.s64 %d0, %d1, %d2;"));
            assertEquals(Long.compareUnsigned(a, b) < 0 ? a : b, run(ab + "    min.u64 %d0, %d1, %d2;"));
            assertEquals(Long.compareUnsigned(a, b) > 0 ? a : b, run(ab + "    max.u64 %d0, %d1, %d2;"));
            assertEquals(Integer.toUnsignedLong(Math.max((int) a, (int) b)),
                    run(ab + "    cvt.u32.u64 %r1, %d1;\n    cvt.u32.u64 %r2, %d2;\n    max.s32 %r0, %r1, %r2;\n"
                            + "    cvt.u64.u32 %d0, %r0;"));
            assertEquals(Long.numberOfLeadingZeros(a), run(ab + "    clz.b64 %r0, %d1;\n    cvt.u64.u32 %d0, %r0;"));
            assertEquals(Integer.numberOfLeadingZeros((int) a),
                    run(ab + "    cvt.u32.u64 %r1, %d1;\n    clz.b32 %r0, %r1;\n    cvt.u64.u32 %d0, %r0;"));
            // the word at %a (the buffer) is 0 at first: store a byte of a there, load it back signed and unsigned
            assertEquals((long) (byte) a, run(ab + "    st.global.u8 [%a], %d1;\n    ld.global.s8 %d0, [%a];"));
            assertEquals(a & 0xFF, run(ab + "    st.global.u8 [%a], %d1;\n    ld.global.u8 %d0, [%a];"));
            assertEquals((long) (int) a, run(ab + "    st.global.u32 [%a], %d1;\n    ld.global.s32 %d0, [%a];"));
        }
    }

    @Test
    void funnelShiftsRotateWhenBothHalvesAreOneWordAndClampAt32() {
        SplittableRandom r = new SplittableRandom(13);
        for (int i = 0; i < 40; i++) {
            int a = r.nextInt();
            int b = r.nextInt();
            int n = i < 3 ? new int[] {0, 31, 32}[i] : r.nextInt(64);
            String ab = "    mov.b32 %r1, " + hex32(a) + ";\n    mov.b32 %r2, " + hex32(b) + ";\n    mov.b32 %r3, " + n + ";\n";
            String out = "\n    cvt.u64.u32 %d0, %r0;";
            assertEquals(Integer.toUnsignedLong(Integer.rotateLeft(a, n)), run(ab + "    shf.l.wrap.b32 %r0, %r1, %r1, %r3;" + out));
            assertEquals(Integer.toUnsignedLong(Integer.rotateRight(a, n)), run(ab + "    shf.r.wrap.b32 %r0, %r1, %r1, %r3;" + out));
            // clamped: n >= 32 moves a whole word: left gives a (the low word), right gives b (the high word)
            long left = n >= 32 ? a : n == 0 ? b : (b << n) | (a >>> (32 - n));
            long right = n >= 32 ? b : n == 0 ? a : (a >>> n) | (b << (32 - n));
            assertEquals(left & 0xFFFFFFFFL, run(ab + "    shf.l.clamp.b32 %r0, %r1, %r2, %r3;" + out), "shf.l.clamp by " + n);
            assertEquals(right & 0xFFFFFFFFL, run(ab + "    shf.r.clamp.b32 %r0, %r1, %r2, %r3;" + out), "shf.r.clamp by " + n);
        }
    }

    @Test
    void bitMasksSetTheFieldFromAOfWidthB() {
        assertEquals(0x6L, run("    bmsk.wrap.b32 %r0, 1, 2;\n    cvt.u64.u32 %d0, %r0;"), "the PTX ISA's example");
        SplittableRandom r = new SplittableRandom(17);
        for (int i = 0; i < 60; i++) {
            long a = i < 6 ? new long[] {0, 31, 32, 33, 0, 40}[i] : r.nextInt(48);
            long b = i < 6 ? new long[] {32, 1, 0, 5, 0, 3}[i] : r.nextInt(48);
            String ab = "    mov.b32 %r1, " + a + ";\n    mov.b32 %r2, " + b + ";\n";
            long wrap = 0;
            for (long k = a % 32; k < Math.min(a % 32 + b % 32, 32); k++) {
                wrap |= 1L << k;
            }
            long clamp = 0;
            for (long k = a; a < 32 && k < (b >= 32 ? 32 : Math.min(a + b, 32)); k++) {
                clamp |= 1L << k;
            }
            assertEquals(wrap, run(ab + "    bmsk.wrap.b32 %r0, %r1, %r2;\n    cvt.u64.u32 %d0, %r0;"), "wrap " + a + ", " + b);
            assertEquals(clamp, run(ab + "    bmsk.clamp.b32 %r0, %r1, %r2;\n    cvt.u64.u32 %d0, %r0;"), "clamp " + a + ", " + b);
        }
    }

    @Test
    void floatToIntegralFloatRoundsInItsDirection() {
        SplittableRandom r = new SplittableRandom(21);
        for (int i = 0; i < 60; i++) {
            double x = i < 8 ? new double[] {0.5, -0.5, 1.5, 2.5, -2.5, 0x1p52 + 1, -0.0, 1e300}[i]
                    : (r.nextDouble() - 0.5) * Math.scalb(1.0, r.nextInt(60));
            String dx = "    mov.b64 %d1, " + hex(Double.doubleToRawLongBits(x)) + ";\n";
            assertEquals(Double.doubleToRawLongBits(Math.rint(x)), run(dx + "    cvt.rni.f64.f64 %d0, %d1;"), "rni " + x);
            assertEquals(Double.doubleToRawLongBits(Math.floor(x)), run(dx + "    cvt.rmi.f64.f64 %d0, %d1;"), "rmi " + x);
            assertEquals(Double.doubleToRawLongBits(Math.ceil(x)), run(dx + "    cvt.rpi.f64.f64 %d0, %d1;"), "rpi " + x);
            double toward = x < 0 ? Math.ceil(x) : Math.floor(x);
            assertEquals(Double.doubleToRawLongBits(toward), run(dx + "    cvt.rzi.f64.f64 %d0, %d1;"), "rzi " + x);
            float f = (float) x;
            String fx = "    mov.b32 %r1, " + hex32(Float.floatToRawIntBits(f)) + ";\n";
            assertEquals(Float.floatToRawIntBits((float) Math.floor(f)) & 0xFFFFFFFFL,
                    run(fx + "    cvt.rmi.f32.f32 %r0, %r1;\n    cvt.u64.u32 %d0, %r0;"), "rmi.f32 " + f);
        }
        // .ftz: a subnormal reads as zero, so rounding up gives +0, not 1
        assertEquals(0L, run("    mov.b32 %r1, 0x00000001;\n    cvt.rpi.ftz.f32.f32 %r0, %r1;\n    cvt.u64.u32 %d0, %r0;"));
        assertEquals(Float.floatToRawIntBits(1f) & 0xFFFFFFFFL,
                run("    mov.b32 %r1, 0x00000001;\n    cvt.rpi.f32.f32 %r0, %r1;\n    cvt.u64.u32 %d0, %r0;"));
    }

    @Test
    void bitReversePopulationCountAndCopysign() {
        SplittableRandom r = new SplittableRandom(23);
        for (int i = 0; i < 30; i++) {
            long a = r.nextLong();
            long b = r.nextLong();
            String ab = "    mov.b64 %d1, " + hex(a) + ";\n    mov.b64 %d2, " + hex(b) + ";\n";
            String ab32 = ab + "    cvt.u32.u64 %r1, %d1;\n    cvt.u32.u64 %r2, %d2;\n";
            String out32 = "\n    cvt.u64.u32 %d0, %r0;";
            assertEquals(Long.reverse(a), run(ab + "    brev.b64 %d0, %d1;"));
            assertEquals(Integer.toUnsignedLong(Integer.reverse((int) a)), run(ab32 + "    brev.b32 %r0, %r1;" + out32));
            assertEquals(Long.bitCount(a), run(ab + "    popc.b64 %r0, %d1;" + out32));
            assertEquals(Integer.bitCount((int) a), run(ab32 + "    popc.b32 %r0, %r1;" + out32));
            assertEquals(Double.doubleToRawLongBits(Math.copySign(Double.longBitsToDouble(b), Double.longBitsToDouble(a))),
                    run(ab + "    copysign.f64 %d0, %d1, %d2;"), "b with a's sign");
            assertEquals(Integer.toUnsignedLong(Float.floatToRawIntBits(Math.copySign(Float.intBitsToFloat((int) b),
                    Float.intBitsToFloat((int) a)))), run(ab32 + "    copysign.f32 %r0, %r1, %r2;" + out32));
        }
    }

    interface LongTernary {
        long apply(long a, long b, long c);
    }

    /** bfe by shifts: the field [pos, min(pos + len, bits)) shifted down, sign-extended from its top bit for .s. */
    private static long bfeByShifts(long a, int pos, int len, int bits, boolean signed) {
        long mask = bits == 64 ? -1L : (1L << bits) - 1;
        long x = bits == 64 ? a : signed ? (long) (int) a : a & mask;
        if (len == 0) {
            return 0;
        }
        if (pos >= bits) {
            return signed ? (x >> 63) & mask : 0;
        }
        int end = Math.min(pos + len, bits);
        long field = signed ? (x << (64 - end)) >> (64 - end + pos) : (x << (64 - end)) >>> (64 - end + pos);
        return field & mask;
    }

    @Test
    void bfeExtractsTheFieldTheShiftsGive() {
        SplittableRandom r = new SplittableRandom(6);
        for (String type : new String[] {"u32", "s32", "u64", "s64"}) {
            int bits = Integer.parseInt(type.substring(1));
            boolean signed = type.charAt(0) == 's';
            for (int i = 0; i < 60; i++) {
                long a = r.nextLong();
                int pos = i < 5 ? bits - 1 + i : r.nextInt(bits + 8);
                int len = i % 7 == 0 ? 0 : r.nextInt(bits + 8);
                String body = bits == 32
                        ? "    mov.b32 %r1, " + hex32(a) + ";\n    bfe." + type + " %r0, %r1, " + pos + ", " + len
                                + ";\n    cvt.u64.u32 %d0, %r0;"
                        : "    mov.b64 %d1, " + hex(a) + ";\n    bfe." + type + " %d0, %d1, " + pos + ", " + len + ";";
                assertEquals(bfeByShifts(a, pos, len, bits, signed), run(body), type + " " + hex(a) + " " + pos + " " + len);
            }
        }
        // pos and len are taken mod 256: 256 + 4 is 4
        assertEquals(0xAL, run("    mov.b32 %r1, 0xa0;\n    bfe.u32 %r0, %r1, 260, 4;\n    cvt.u64.u32 %d0, %r0;"));
    }

    @Test
    void carryChainsAddSubtractAndMultiplyAsBigIntegers() {
        SplittableRandom r = new SplittableRandom(7);
        BigInteger two64 = BigInteger.ONE.shiftLeft(64);
        BigInteger two128 = BigInteger.ONE.shiftLeft(128);
        for (int i = 0; i < 40; i++) {
            long a = i < 4 ? -1L : r.nextLong();
            long b = i < 2 ? 1L : i < 4 ? -1L : r.nextLong();
            // a 64-bit add from 32-bit words, and the carry out of it
            String words = "    mov.b64 {%r1, %r2}, " + hex(a) + ";\n    mov.b64 {%r3, %r4}, " + hex(b) + ";\n";
            long sum = run(words + "    add.cc.u32 %r5, %r1, %r3;\n    addc.cc.u32 %r6, %r2, %r4;\n"
                    + "    mov.b64 %d0, {%r5, %r6};");
            assertEquals(a + b, sum);
            long carry = run(words + "    add.cc.u32 %r5, %r1, %r3;\n    addc.cc.u32 %r6, %r2, %r4;\n"
                    + "    addc.u32 %r7, 0, 0;\n    cvt.u64.u32 %d0, %r7;");
            assertEquals(unsigned(a).add(unsigned(b)).compareTo(two64) >= 0 ? 1 : 0, carry, hex(a) + " + " + hex(b));
            long diff = run(words + "    sub.cc.u32 %r5, %r1, %r3;\n    subc.cc.u32 %r6, %r2, %r4;\n"
                    + "    mov.b64 %d0, {%r5, %r6};");
            assertEquals(a - b, diff);
            long borrow = run(words + "    sub.cc.u32 %r5, %r1, %r3;\n    subc.cc.u32 %r6, %r2, %r4;\n"
                    + "    subc.u32 %r7, 0, 0;\n    cvt.u64.u32 %d0, %r7;");
            assertEquals(Long.compareUnsigned(a, b) < 0 ? 0xFFFFFFFFL : 0, borrow, hex(a) + " - " + hex(b));
            // 128-bit add with .u64 words: the high word of (a:b) + (b:a)
            long hi = run("    mov.b64 %d1, " + hex(a) + ";\n    mov.b64 %d2, " + hex(b) + ";\n"
                    + "    add.cc.u64 %d3, %d1, %d2;\n    addc.u64 %d0, %d2, %d1;");
            BigInteger x = unsigned(b).shiftLeft(64).add(unsigned(a));
            BigInteger y = unsigned(a).shiftLeft(64).add(unsigned(b));
            assertEquals(x.add(y).mod(two128).shiftRight(64).longValue(), hi);
            long subHi = run("    mov.b64 %d1, " + hex(a) + ";\n    mov.b64 %d2, " + hex(b) + ";\n"
                    + "    sub.cc.u64 %d3, %d1, %d2;\n    subc.u64 %d0, %d2, %d1;");
            assertEquals(x.subtract(y).mod(two128).shiftRight(64).longValue(), subHi);
            // a 32 x 32 product plus a 64-bit addend, from mad.lo.cc and madc.hi
            int p = (int) a;
            int q = (int) b;
            long mad = run("    mov.b64 {%r1, %r2}, " + hex(b) + ";\n    mad.lo.cc.u32 %r5, " + hex32(p) + ", " + hex32(q)
                    + ", %r1;\n    madc.hi.u32 %r6, " + hex32(p) + ", " + hex32(q) + ", %r2;\n    mov.b64 %d0, {%r5, %r6};");
            assertEquals(unsigned(p & 0xFFFFFFFFL).multiply(unsigned(q & 0xFFFFFFFFL)).add(unsigned(b)).mod(two64).longValue(),
                    mad);
        }
    }

    private static BigInteger unsigned(long v) {
        return new BigInteger(Long.toUnsignedString(v));
    }

    @Test
    void widthAndHighHalfProductsMatchJavaArithmetic() {
        SplittableRandom r = new SplittableRandom(8);
        for (int i = 0; i < 40; i++) {
            int a = r.nextInt();
            int b = r.nextInt();
            int c = r.nextInt();
            String s = hex32(a) + ", " + hex32(b);
            assertEquals((a & 0xFFFFFFFFL) * (b & 0xFFFFFFFFL), run("    mul.wide.u32 %d0, " + s + ";"));
            assertEquals((long) a * b, run("    mul.wide.s32 %d0, " + s + ";"));
            assertEquals((long) a * b + c, run("    mad.wide.s32 %d0, " + s + ", " + c + ";"));
            assertEquals((int) (((a & 0xFFFFFFFFL) * (b & 0xFFFFFFFFL) >>> 32) + c) & 0xFFFFFFFFL,
                    run("    mad.hi.u32 %r0, " + s + ", " + hex32(c) + ";\n    cvt.u64.u32 %d0, %r0;"));
            assertEquals((int) (((long) a * b >> 32) + c) & 0xFFFFFFFFL,
                    run("    mad.hi.s32 %r0, " + s + ", " + hex32(c) + ";\n    cvt.u64.u32 %d0, %r0;"));
            long x = r.nextLong();
            long y = r.nextLong();
            assertEquals(Math.unsignedMultiplyHigh(x, y) + 5,
                    run("    mad.hi.u64 %d0, " + hex(x) + ", " + hex(y) + ", 5;"));
            short h = (short) a;
            short k = (short) b;
            assertEquals((h * k >> 16) & 0xFFFFL, run("    mul.hi.s16 %r0, " + h + ", " + k + ";\n    cvt.u64.u16 %d0, %r0;"));
            assertEquals(Math.abs(a) & 0xFFFFFFFFL, run("    abs.s32 %r0, " + hex32(a) + ";\n    cvt.u64.u32 %d0, %r0;"));
        }
    }

    @Test
    void movPacksAndUnpacksVectorsLowWordFirst() {
        long v = 0x0123456789ABCDEFL;
        assertEquals(Long.rotateLeft(v, 32), run("    mov.b64 {%r1, %r2}, " + hex(v) + ";\n    mov.b64 %d0, {%r2, %r1};"));
        assertEquals(0x89ABCDEFL, run("    mov.b64 {%r1, %r2}, " + hex(v) + ";\n    cvt.u64.u32 %d0, %r1;"));
    }

    @Test
    void setpCombinesWithItsPredicateAndWritesThePair() {
        for (int c = 0; c < 2; c++) {
            for (int lt = 0; lt < 2; lt++) {
                String a = lt == 1 ? "1" : "3";
                String pre = "    setp.ne.u32 %p1, " + c + ", 0;\n";
                for (String bool : new String[] {"and", "or", "xor"}) {
                    boolean want = switch (bool) {
                        case "and" -> lt == 1 && c == 1;
                        case "or" -> lt == 1 || c == 1;
                        default -> (lt == 1) ^ (c == 1);
                    };
                    boolean wantQ = switch (bool) {
                        case "and" -> lt == 0 && c == 1;
                        case "or" -> lt == 0 || c == 1;
                        default -> (lt == 0) ^ (c == 1);
                    };
                    long got = run(pre + "    setp.lt." + bool + ".s32 %p2|%p3, " + a + ", 2, %p1;\n"
                            + "    selp.b64 %d1, 1, 0, %p2;\n    selp.b64 %d2, 2, 0, %p3;\n    or.b64 %d0, %d1, %d2;");
                    assertEquals((want ? 1 : 0) | (wantQ ? 2 : 0), got, bool + " lt=" + lt + " c=" + c);
                    long negated = run(pre + "    setp.lt." + bool + ".s32 %p2, " + a + ", 2, !%p1;\n"
                            + "    selp.b64 %d0, 1, 0, %p2;");
                    boolean wantNot = switch (bool) {
                        case "and" -> lt == 1 && c == 0;
                        case "or" -> lt == 1 || c == 0;
                        default -> (lt == 1) ^ (c == 0);
                    };
                    assertEquals(wantNot ? 1 : 0, negated, bool + " !c");
                }
            }
        }
    }

    @Test
    void cvtToIntegersRoundsAsMathAndSaturates() {
        double[] values = {2.5, -2.5, 3.5, -0.75, 1e9, -7.25, 0.49999997, 123456.789};
        Map<String, java.util.function.DoubleUnaryOperator> modes = Map.of("rni", Math::rint, "rzi",
                v -> v < 0 ? Math.ceil(v) : Math.floor(v), "rmi", Math::floor, "rpi", Math::ceil);
        for (double v : values) {
            float f = (float) v;
            for (var m : modes.entrySet()) {
                long want = (long) m.getValue().applyAsDouble(f);
                assertEquals(want, run("    cvt." + m.getKey() + ".s64.f32 %d0, 0f" + hex32(Float.floatToRawIntBits(f)).substring(2)
                        + ";"), m.getKey() + " " + f);
                assertEquals((long) m.getValue().applyAsDouble(v) & 0xFFFFFFFFL, run("    cvt." + m.getKey() + ".s32.f64 %r0, 0d"
                        + hex(Double.doubleToRawLongBits(v)).substring(2) + ";\n    cvt.u64.u32 %d0, %r0;"), m.getKey() + " " + v);
            }
        }
        // saturation and NaN (PTX: NaN converts to 0)
        assertEquals(0, run("    cvt.rzi.u32.f32 %r0, 0fC0000000;\n    cvt.u64.u32 %d0, %r0;"));
        assertEquals(0xFFFFFFFFL, run("    cvt.rzi.u32.f32 %r0, 0f60000000;\n    cvt.u64.u32 %d0, %r0;"));
        assertEquals(Long.MAX_VALUE, run("    cvt.rni.s64.f64 %d0, 0d7FF0000000000000;"));
        assertEquals(0, run("    cvt.rni.s64.f64 %d0, 0d7FF8000000000000;"));
        // .ftz: -subnormal reads as -0, so rounding down gives 0 rather than -1
        assertEquals(-1L, run("    cvt.rmi.s64.f32 %d0, 0f80000001;"));
        assertEquals(0, run("    cvt.rmi.ftz.s64.f32 %d0, 0f80000001;"));
    }

    /** a * b + c rounded from the exact BigDecimal value: nearest, then stepped for the directed modes. */
    private static float fmaByBigDecimal(float a, float b, float c, String mode) {
        BigDecimal exact = new BigDecimal(a).multiply(new BigDecimal(b)).add(new BigDecimal(c));
        float f = exact.floatValue();
        int cmp = new BigDecimal(f).compareTo(exact);
        return switch (mode) {
            case "rm" -> cmp > 0 ? Math.nextDown(f) : f;
            case "rp" -> cmp < 0 ? Math.nextUp(f) : f;
            case "rz" -> exact.signum() > 0 ? (cmp > 0 ? Math.nextDown(f) : f) : (cmp < 0 ? Math.nextUp(f) : f);
            default -> f;
        };
    }

    @Test
    void fmaRoundsInEveryModeAsBigDecimal() {
        SplittableRandom r = new SplittableRandom(9);
        for (int i = 0; i < 50; i++) {
            float a = (float) r.nextDouble(-4, 4);
            float b = (float) r.nextDouble(-4, 4);
            float c = (float) r.nextDouble(-4, 4) * 0x1p-10f;
            for (String mode : new String[] {"rn", "rz", "rm", "rp"}) {
                long got = run("    fma." + mode + ".f32 %r0, 0f" + hex32(Float.floatToRawIntBits(a)).substring(2) + ", 0f"
                        + hex32(Float.floatToRawIntBits(b)).substring(2) + ", 0f" + hex32(Float.floatToRawIntBits(c)).substring(2)
                        + ";\n    cvt.u64.u32 %d0, %r0;");
                assertEquals(Float.floatToRawIntBits(fmaByBigDecimal(a, b, c, mode)) & 0xFFFFFFFFL, got, mode + " " + a + " "
                        + b + " " + c);
            }
        }
        // a directed mode really rounds differently: 1 + 2^-30 rounds up to 1 + 2^-23 only with .rp
        assertNotEquals(run("    fma.rp.f32 %r0, 0f3F800000, 0f3F800000, 0f30800000;\n    cvt.u64.u32 %d0, %r0;"),
                run("    fma.rn.f32 %r0, 0f3F800000, 0f3F800000, 0f30800000;\n    cvt.u64.u32 %d0, %r0;"));
    }

    @Test
    void approximationsGoThroughTheMufuModel() {
        assertEquals(Float.floatToRawIntBits(1 / 3f) & 0xFFFFFFFFL,
                run("    rcp.approx.ftz.f32 %r0, 0f40400000;\n    cvt.u64.u32 %d0, %r0;"));
        assertEquals(0x3F000000L, run("    rsqrt.approx.ftz.f32 %r0, 0f40800000;\n    cvt.u64.u32 %d0, %r0;"));
        assertEquals(0x7F800000L, run("    rcp.approx.ftz.f32 %r0, 0f00000001;\n    cvt.u64.u32 %d0, %r0;"), ".ftz: a subnormal is 0");
        assertEquals(0x3FE0000000000000L, run("    rcp.approx.ftz.f64 %d0, 0d4000000000000000;"));
        assertEquals(0x3FE0000000000000L, run("    rsqrt.approx.ftz.f64 %d0, 0d4010000000000000;"));
        // the f64 forms read the high word alone (ptxas 11.8 loads only it): a low word changes nothing
        assertEquals(0x3FE0000000000000L, run("    rcp.approx.ftz.f64 %d0, 0d40000000FFFFFFFF;"));
        assertEquals(0x3FE0000000000000L, run("    rsqrt.approx.ftz.f64 %d0, 0d4010000000000001;"));
        assertEquals(0L, run("    rcp.approx.ftz.f64 %d0, 0d7FF0000000000789;"), "a NaN double whose high word is +inf");
        // an adversarial model: within one ulp of 1/x, and not always the exact value
        MufuModel adversarial = MufuModel.adversarial(MufuModel.Extreme.MIXED, 3);
        int differ = 0;
        for (int i = 0; i < 40; i++) {
            float x = 1.5f + i * 0.01f;
            String in = "0f" + hex32(Float.floatToRawIntBits(x)).substring(2);
            float got = Float.intBitsToFloat((int) run("    rcp.approx.ftz.f32 %r0, " + in + ";\n    cvt.u64.u32 %d0, %r0;",
                    adversarial));
            double exact = 1.0 / x;
            assertTrue(Math.abs(got - exact) <= Math.ulp((float) exact), x + ": " + got);
            if (got != (float) exact) {
                differ++;
            }
        }
        assertTrue(differ > 0, "the adversarial model never left the exact value");
    }

    private static long run32(String opcode, int x, MufuModel mufu) {
        return run("    " + opcode + " %r0, 0f" + hex32(x).substring(2) + ";\n    cvt.u64.u32 %d0, %r0;", mufu);
    }

    /**
     * ex2/lg2/sin/cos.approx.f32 with ptxas's steps around the MUFU: values worked by hand under the
     * exact MUFU (subnormal results of ex2, the 2^24 scaling of lg2, sin/cos in revolutions), and on
     * random and edge inputs under two adversarial models the interpreter's word equals the
     * template's in the emulator (each written separately) and lies within the template's bound.
     */
    @Test
    void transcendentalApproximationsAsPtxasExpandsThem() {
        MufuModel exact = MufuModel.exact();
        assertEquals(0x41000000L, run32("ex2.approx.f32", 0x40400000, exact));           // 2^3 = 8
        assertEquals(0x00080000L, run32("ex2.approx.f32", 0xC3020000, exact));           // 2^-130: (2^-65)^2, subnormal
        assertEquals(0x00000001L, run32("ex2.approx.f32", 0xC3150000, exact));           // 2^-149
        assertEquals(0L, run32("ex2.approx.ftz.f32", 0xC3020000, exact), ".ftz: 2^-130 is flushed");
        assertEquals(0x3F800000L, run32("ex2.approx.f32", 0x00000001, exact), "a subnormal x reads as 0: 2^0");
        assertEquals(0xC30C0000L, run32("lg2.approx.f32", 0x00000200, exact));           // log2(2^-140) = -140
        assertEquals(0xFF800000L, run32("lg2.approx.ftz.f32", 0x00000200, exact), ".ftz: a subnormal is 0");
        assertEquals(0xFF800000L, run32("lg2.approx.f32", 0x80000000, exact));
        assertEquals(0x7FFFFFFFL, run32("lg2.approx.f32", 0x80000200, exact), "a negative subnormal: NaN");
        assertEquals(0x3F800000L, run32("cos.approx.f32", 0x80000000, exact));
        assertEquals(0x1C800000L, run32("sqrt.approx.f32", 0x00000200, exact));           // sqrt(2^-140) = 2^-70
        assertEquals(0x80000000L, run32("sqrt.approx.ftz.f32", 0x80000200, exact), ".ftz: -subnormal is -0");
        assertEquals(0x7F000000L, run32("rcp.approx.f32", 0x00400000, exact));            // 1/2^-127 = 2^127
        assertEquals(0xFF800000L, run32("rcp.approx.f32", 0x80200000, exact));            // -1/2^-128 overflows
        assertEquals(0x80400000L, run32("rcp.approx.f32", 0xFF000000, exact));            // -1/2^127: subnormal
        assertEquals(0x00200000L, run32("rcp.approx.f32", 0x7F7FFFFF, exact));            // 1/MAX: 2^-128, subnormal
        assertEquals(0x80000000L, run32("rcp.approx.f32", 0xFF800000, exact));            // 1/-inf = -0 (x 1/4)
        assertEquals(0L, run32("rcp.approx.ftz.f32", 0x7F000000, exact), ".ftz: 2^-127 is flushed");
        assertEquals(0xFF800000L, run32("rcp.approx.ftz.f32", 0x80400000, exact), ".ftz: -subnormal is -0");
        assertEquals(0x80000001L, run32("tanh.approx.f32", 0x80000001, exact), "a subnormal passes through");
        assertEquals(0xBF800000L, run32("tanh.approx.f32", 0xFF800000, exact));           // tanh(-inf) = -1
        assertEquals(0x3F800000L, run32("tanh.approx.f32", 0x41200000, exact));           // tanh(10) rounds to 1
        assertEquals(0x3F42F7D6L, run32("tanh.approx.f32", 0x3F800000, exact));           // tanh(1) = 0.76159416

        assertEquals(0x80000000L, run32("sin.approx.f32", 0x80000000, exact));
        assertEquals(0x7FFFFFFFL, run32("sin.approx.ftz.f32", 0x7F800000, exact));
        // pi/2 as a float (+4.4e-8) times the float below 1/(2 pi) (-6.4e-9) is 1/4 - 3.1e-9, toward zero
        // the float below 1/4: a quarter turn less 2^-26 (sin is 1 to float precision, cos 2 pi 2^-26)
        assertEquals(0x3F800000L, run32("sin.approx.f32", 0x3FC90FDB, exact));
        float cos = Float.intBitsToFloat((int) run32("cos.approx.f32", 0x3FC90FDB, exact));
        assertEquals(2 * Math.PI * 0x1p-26, cos, 0x1p-40);
        SplittableRandom r = new SplittableRandom(22);
        String[] ops = {"ex2.approx.f32", "ex2.approx.ftz.f32", "lg2.approx.f32", "lg2.approx.ftz.f32", "sin.approx.f32",
            "sin.approx.ftz.f32", "cos.approx.f32", "cos.approx.ftz.f32", "rsqrt.approx.f32", "sqrt.approx.f32",
            "rcp.approx.f32", "rcp.approx.ftz.f32", "tanh.approx.f32"};
        for (String op : ops) {
            SassOp sassOp = SassOp.of(TemplateKey.valueOf(op));
            for (MufuModel m : new MufuModel[] {MufuModel.adversarial(MufuModel.Extreme.LOW, 1),
                MufuModel.adversarial(MufuModel.Extreme.HIGH, 1)}) {
                Emulator em = new Emulator(sassOp.template().program(), m);
                for (int i = 0; i < 300; i++) {
                    int x = switch (i % 4) {
                        case 0 -> r.nextInt();
                        case 1 -> r.nextInt(0x00800000) | (r.nextBoolean() ? 0x80000000 : 0); // subnormal
                        case 2 -> i % 8 == 2 ? Float.floatToRawIntBits(-126 - 24 * r.nextFloat()) // ex2's scaled range
                                : 0x7E800000 | r.nextInt(0x01000000) | (r.nextBoolean() ? 0x80000000 : 0); // rcp's: |x| >= 2^126
                        default -> Float.floatToRawIntBits((float) ((r.nextDouble() - 0.5) * 400));
                    };
                    long got = run32(op, x, m);
                    assertEquals(em.run(x) & 0xFFFFFFFFL, got, op + " " + m.name() + " " + hex32(x));
                    double err = sassOp.error(x, 0, got);
                    assertTrue(err <= sassOp.template().ulpBound(), op + " " + hex32(x) + ": " + err);
                }
            }
        }
    }

    /** The H200's conversions between f32 and f64 (docs/nan.md): a NaN keeps its sign and payload. */
    @Test
    void conversionsBetweenF32AndF64KeepTheNaNsPayload() {
        assertEquals(0xffe00000L, run("    cvt.rn.f32.f64 %r0, 0dfffc000000000456;\n    cvt.u64.u32 %d0, %r0;"));
        assertEquals(0x7ff8002460000000L, run("    mov.b32 %r1, 0x7fc00123;\n    cvt.f64.f32 %d0, %r1;"));
        assertEquals(0x7ff8000020000000L, run("    mov.b32 %r1, 0x7f800001;\n    cvt.f64.f32 %d0, %r1;"));
        assertEquals(0x3FF0000000000000L, run("    mov.b32 %r1, 0f3F800000;\n    cvt.f64.f32 %d0, %r1;"));
        assertEquals(0x3eaaaaabL, run("    cvt.rn.f32.f64 %r0, 0d3FD5555555555555;\n    cvt.u64.u32 %d0, %r0;"));
        assertEquals(0x3eaaaaaaL, run("    cvt.rz.f32.f64 %r0, 0d3FD5555555555555;\n    cvt.u64.u32 %d0, %r0;"));
        assertEquals(0x80000000L, run("    cvt.rn.ftz.f32.f64 %r0, 0d8000000000000001;\n    cvt.u64.u32 %d0, %r0;"));
    }

    /**
     * Labels are scoped to their '{ }' block as ptxas scopes them: nvcc's inline asm, expanded
     * twice, defines its label once per copy, and each branch goes to the label of its own block
     * (sums 1 + 2; taking the other copy's label gives 1 or never ends); an inner block's label
     * hides the function's (10, then the outer branch skips 1000 and adds 1).
     */
    @Test
    void aBranchGoesToTheLabelOfItsInnermostBlock() {
        String twice = "    {\n    mov.b64 %d1, NUM;\n    bra L;\n    mov.b64 %d1, 100;\n    L:\n"
                + "    add.s64 %d0, %d0, %d1;\n    }\n";
        assertEquals(3, run(twice.replace("NUM", "1") + twice.replace("NUM", "2")));
        assertEquals(11, run("    {\n    bra L;\n    mov.b64 %d0, 9;\n    L:\n    add.s64 %d0, %d0, 10;\n    }\n"
                + "    bra L;\n    mov.b64 %d0, 1000;\n    L:\n    add.s64 %d0, %d0, 1;"));
    }

    /**
     * A register declared in a block is that block's (ptxas accepts the shadowing): inside, %d1
     * is the block's 2 (or the range %d<2>'s 5, also in a block inside it); after the block, the
     * function's 1 again (3 and 5 + 1; one register for both names gives 4 and 10).
     */
    @Test
    void aRegisterDeclaredInABlockHidesTheOuterOneUntilTheBlockEnds() {
        assertEquals(3, run("    mov.b64 %d1, 1;\n    {\n    .reg .b64 %d1;\n    mov.b64 %d1, 2;\n"
                + "    add.s64 %d0, %d0, %d1;\n    }\n    add.s64 %d0, %d0, %d1;"));
        assertEquals(6, run("    mov.b64 %d1, 1;\n    mov.b64 %d2, 0;\n    {\n    .reg .b64 %d<2>;\n"
                + "    mov.b64 %d1, 5;\n    {\n    add.s64 %d2, %d2, %d1;\n    }\n    }\n    add.s64 %d0, %d2, %d1;"));
    }

    @Test
    void whatIsNotModelledIsRefusedByName() {
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> run("    ex2.approx.ftz.bf16 %r0, 0f40400000;"));
        assertTrue(e.getMessage().contains("ex2.approx.ftz.bf16"), e.getMessage());
        assertThrows(UnsupportedOperationException.class, () -> run("    cvt.rn.f32.f32 %r0, 0f40400000;"));
        assertThrows(UnsupportedOperationException.class, () -> run("    mul.wide.u64 %d0, 1, 2;"));
        assertThrows(UnsupportedOperationException.class, () -> run("    add.sat.s32 %r0, 0x7fffffff, 1;"));
        assertThrows(UnsupportedOperationException.class, () -> run("    mul24.lo.s32 %r0, 3, 2;"));
        assertThrows(UnsupportedOperationException.class, () -> run("    min.f32 %r0, 0f3F800000, 0f40000000;"));
    }
}
