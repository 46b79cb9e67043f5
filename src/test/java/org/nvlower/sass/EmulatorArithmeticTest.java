package org.nvlower.sass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.nvlower.sass.Operand.PT;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.nvlower.sass.Mod.BoolOp;
import org.nvlower.sass.Mod.Cmp;
import org.nvlower.sass.Mod.IntType;
import org.nvlower.sass.Reg.RegClass;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.F32;
import org.nvlower.softfloat.F64;
import org.nvlower.softfloat.FcmpPredicate;
import org.nvlower.softfloat.GpuNaN;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.softfloat.Specialization;

/**
 * The emulator's float instructions against softfloat, on operands of every class (zeros,
 * subnormals, normals of near and far exponents, the extremes, infinities, quiet and signaling
 * NaNs): FFMA/FMUL/FADD in the four roundings with and without .FTZ (the JVM's round-to-nearest
 * arithmetic and the double-based directed shortcut must equal softfloat), DFMA/DMUL/DADD,
 * FSETP, I2F and F2I; and the integer instructions against Java arithmetic.
 */
class EmulatorArithmeticTest {

    private static final int CASES = 40_000;

    /** Operand bits of every class, biased to exponents near {@code near}'s. */
    static int f32(SplittableRandom r, int near) {
        int frac = switch (r.nextInt(5)) {
            case 0 -> 0;
            case 1 -> 0x7FFFFF;
            case 2 -> 1 << r.nextInt(23);
            default -> r.nextInt() & 0x7FFFFF;
        };
        int exp = switch (r.nextInt(10)) {
            case 0 -> 0;
            case 1 -> 255;
            case 2 -> r.nextInt(1, 4);
            case 3 -> 254 - r.nextInt(3);
            case 4, 5, 6 -> Math.max(0, Math.min(255, ((near >>> 23) & 0xFF) + r.nextInt(-26, 27)));
            default -> r.nextInt(256);
        };
        if (exp == 255 && frac != 0 && r.nextBoolean()) {
            frac |= 0x400000;
        }
        return (r.nextBoolean() ? 0x80000000 : 0) | (exp << 23) | frac;
    }

    private static Emulator single(SassOpcode op, int mods, int sources) {
        ProgramBuilder b = new ProgramBuilder(op.name());
        Reg x = b.input("x", RegClass.R32);
        Reg y = b.input("y", RegClass.R32);
        Reg z = b.input("z", RegClass.R32);
        Reg d = b.output("d", RegClass.R32);
        int[] ops = sources == 3 ? new int[] {Operand.dest(d.id()), x.op(), y.op(), z.op()}
                : new int[] {Operand.dest(d.id()), x.op(), y.op()};
        b.emit(op, mods, ops);
        b.exit();
        return new Emulator(b.build(), MufuModel.exact());
    }

    private static RoundingMode mode(int mods) {
        return switch (Mod.round(mods)) {
            case Mod.RZ -> RoundingMode.MIN_MAG;
            case Mod.RM -> RoundingMode.MIN;
            case Mod.RP -> RoundingMode.MAX;
            default -> RoundingMode.NEAR_EVEN;
        };
    }

    @Test
    void floatArithmeticEqualsSoftfloatInEveryModeAndFtz() {
        SplittableRandom r = new SplittableRandom(11);
        for (SassOpcode op : new SassOpcode[] {SassOpcode.FFMA, SassOpcode.FMUL, SassOpcode.FADD}) {
            for (int round = Mod.RN; round <= Mod.RP; round++) {
                for (int ftz = 0; ftz < 2; ftz++) {
                    int mods = round | (ftz == 1 ? Mod.FTZ : 0);
                    Emulator em = single(op, mods, op == SassOpcode.FFMA ? 3 : 2);
                    Env env = new Env(Specialization.NVPTX);
                    env.ftz = ftz == 1;
                    env.daz = ftz == 1;
                    for (int i = 0; i < CASES; i++) {
                        int a = f32(r, 0x3F800000);
                        int b = f32(r, a);
                        int c = f32(r, r.nextBoolean() ? a : b);
                        em.setInput(0, a);
                        em.setInput(1, b);
                        em.setInput(2, c);
                        em.execute();
                        int want = switch (op) {
                            case FFMA -> F32.mulAdd(a, b, c, mode(mods), env);
                            case FMUL -> F32.mul(a, b, mode(mods), env);
                            default -> F32.add(a, b, mode(mods), env);
                        };
                        assertEquals(Integer.toHexString(want), Integer.toHexString(em.output(0)),
                                op + " mods " + mods + ": " + Integer.toHexString(a) + " " + Integer.toHexString(b) + " "
                                        + Integer.toHexString(c));
                    }
                }
            }
        }
    }

    @Test
    void doubleArithmeticEqualsSoftfloat() {
        SplittableRandom r = new SplittableRandom(12);
        for (SassOpcode op : new SassOpcode[] {SassOpcode.DFMA, SassOpcode.DMUL, SassOpcode.DADD}) {
            for (int round = Mod.RN; round <= Mod.RP; round++) {
                ProgramBuilder b = new ProgramBuilder(op.name());
                Reg x = b.input("x", RegClass.R64);
                Reg y = b.input("y", RegClass.R64);
                Reg z = b.input("z", RegClass.R64);
                Reg d = b.output("d", RegClass.R64);
                if (op == SassOpcode.DFMA) {
                    b.emit(op, round, Operand.dest(d.id()), x.op(), y.neg(), z.op());
                } else {
                    b.emit(op, round, Operand.dest(d.id()), x.op(), y.neg());
                }
                b.exit();
                Emulator em = new Emulator(b.build(), MufuModel.exact());
                Env env = new Env(Specialization.NVPTX);
                for (int i = 0; i < CASES / 4; i++) {
                    long a = f64(r);
                    long bb = f64(r);
                    long c = f64(r);
                    for (int w = 0; w < 2; w++) {
                        em.setInput(w, (int) (w == 0 ? a : a >>> 32));
                        em.setInput(2 + w, (int) (w == 0 ? bb : bb >>> 32));
                        em.setInput(4 + w, (int) (w == 0 ? c : c >>> 32));
                    }
                    em.execute();
                    long got = (em.output(0) & 0xFFFFFFFFL) | ((long) em.output(1) << 32);
                    long nb = bb ^ Long.MIN_VALUE;
                    // softfloat's value; the GPU's NaN (GpuNaN, checked against the H200's own in GpuNaNTest)
                    long want = switch (op) {
                        case DFMA -> GpuNaN.fma(F64.mulAdd(a, nb, c, mode(round), env), a, nb, c);
                        case DMUL -> GpuNaN.addMul(F64.mul(a, nb, mode(round), env), a, nb);
                        default -> GpuNaN.addMul(F64.add(a, nb, mode(round), env), a, nb);
                    };
                    assertEquals(Long.toHexString(want), Long.toHexString(got), op + " " + round);
                }
            }
        }
    }

    private static long f64(SplittableRandom r) {
        long frac = r.nextInt(4) == 0 ? 0 : r.nextLong() & 0xFFFFFFFFFFFFFL;
        long exp = switch (r.nextInt(6)) {
            case 0 -> 0;
            case 1 -> 2047;
            default -> 1023 + r.nextInt(-60, 61);
        };
        return (r.nextBoolean() ? Long.MIN_VALUE : 0) | (exp << 52) | frac;
    }

    @Test
    void fsetpEqualsSoftfloatComparisons() {
        SplittableRandom r = new SplittableRandom(13);
        Cmp[] cmps = Cmp.values();
        for (int ftz = 0; ftz < 2; ftz++) {
            for (Cmp cmp : cmps) {
                ProgramBuilder b = new ProgramBuilder("fsetp");
                Reg x = b.input("x", RegClass.R32);
                Reg y = b.input("y", RegClass.R32);
                Reg d = b.output("d", RegClass.R32);
                Pred p = b.pred();
                b.emit(SassOpcode.FSETP, Mod.cmp(cmp) | Mod.bool(BoolOp.AND) | (ftz == 1 ? Mod.FTZ : 0), p.op(), PT, x.op(),
                        y.op(), PT);
                b.sel(d, b.imm(1), Operand.RZ, p.op());
                b.exit();
                Emulator em = new Emulator(b.build(), MufuModel.exact());
                Env env = new Env(Specialization.NVPTX);
                env.daz = ftz == 1;
                for (int i = 0; i < 2000; i++) {
                    int a = f32(r, 0);
                    int c = r.nextInt(4) == 0 ? a : f32(r, a);
                    boolean want = switch (cmp) {
                        case F -> false;
                        case T -> true;
                        default -> F32.fcmp(predicate(cmp), a, c, env);
                    };
                    assertEquals(want ? 1 : 0, em.run(a, c), cmp + " ftz " + ftz + " " + Integer.toHexString(a) + " "
                            + Integer.toHexString(c));
                }
            }
        }
    }

    private static FcmpPredicate predicate(Cmp c) {
        return switch (c) {
            case LT -> FcmpPredicate.OLT;
            case EQ -> FcmpPredicate.OEQ;
            case LE -> FcmpPredicate.OLE;
            case GT -> FcmpPredicate.OGT;
            case NE -> FcmpPredicate.ONE;
            case GE -> FcmpPredicate.OGE;
            case NUM -> FcmpPredicate.ORD;
            case NAN -> FcmpPredicate.UNO;
            case LTU -> FcmpPredicate.ULT;
            case EQU -> FcmpPredicate.UEQ;
            case LEU -> FcmpPredicate.ULE;
            case GTU -> FcmpPredicate.UGT;
            case NEU -> FcmpPredicate.UNE;
            case GEU -> FcmpPredicate.UGE;
            default -> throw new IllegalArgumentException(c.name());
        };
    }

    @Test
    void conversionsEqualSoftfloat() {
        SplittableRandom r = new SplittableRandom(14);
        Env up = new Env(Specialization.NVPTX);
        Env trunc = new Env(Specialization.NVPTX);
        trunc.daz = true;
        ProgramBuilder b = new ProgramBuilder("conv");
        Reg x = b.input("x", RegClass.R32);
        Reg w = b.input("w", RegClass.R64);
        Reg f1 = b.output("f1", RegClass.R32);
        Reg f2 = b.output("f2", RegClass.R32);
        Reg i1 = b.output("i1", RegClass.R32);
        Reg i2 = b.output("i2", RegClass.R64);
        b.i2f(IntType.U32, Mod.RP, f1, x.op());
        b.i2f(IntType.U64, Mod.RP, f2, w.op());
        b.f2i(IntType.U32, Mod.FTZ | Mod.RZ | Mod.NTZ, i1, x.op());
        b.f2i(IntType.U64, Mod.RZ, i2, x.op());
        b.exit();
        Emulator em = new Emulator(b.build(), MufuModel.exact());
        for (int i = 0; i < CASES; i++) {
            int a = r.nextBoolean() ? r.nextInt() >>> r.nextInt(32) : f32(r, 0x4F000000);
            long wide = r.nextLong() >>> r.nextInt(64);
            em.setInput(0, a);
            em.setInput(1, (int) wide);
            em.setInput(2, (int) (wide >>> 32));
            em.execute();
            assertEquals(F32.fromUI32(a, RoundingMode.MAX, up), em.output(0), "I2F.U32.RP " + Integer.toHexString(a));
            assertEquals(F32.fromUI64(wide, RoundingMode.MAX, up), em.output(1), "I2F.U64.RP " + Long.toHexString(wide));
            assertEquals(F32.toUI32(a, RoundingMode.MIN_MAG, false, trunc), em.output(2), "F2I.U32 " + Integer.toHexString(a));
            Env plain = new Env(Specialization.NVPTX);
            long want = F32.toUI64(a, RoundingMode.MIN_MAG, false, plain);
            assertEquals(want, (em.output(3) & 0xFFFFFFFFL) | ((long) em.output(4) << 32), "F2I.U64 " + Integer.toHexString(a));
        }
    }

    @Test
    void integerInstructionsEqualJavaArithmetic() {
        SplittableRandom r = new SplittableRandom(15);
        ProgramBuilder b = new ProgramBuilder("int");
        Reg x = b.input("x", RegClass.R32);
        Reg y = b.input("y", RegClass.R32);
        Reg z = b.input("z", RegClass.R32);
        Reg sum = b.output("sum", RegClass.R32);
        Reg carry = b.output("carry", RegClass.R32);
        Reg hi = b.output("hi", RegClass.R32);
        Reg wide = b.output("wide", RegClass.R64);
        Reg lop = b.output("lop", RegClass.R32);
        Reg shl = b.output("shl", RegClass.R32);
        Reg shr = b.output("shr", RegClass.R32);
        Reg perm = b.output("perm", RegClass.R32);
        Reg lt = b.output("lt", RegClass.R32);
        Pred c1 = b.pred();
        Pred c2 = b.pred();
        Pred p = b.pred();
        b.emit(SassOpcode.IADD3, 0, Operand.dest(sum.id()), c1.op(), c2.op(), x.op(), y.neg(), z.op(), Operand.NOT_PT,
                Operand.NOT_PT);
        b.iadd3x(carry, PT, Operand.RZ, Operand.RZ, Operand.RZ, c1.op(), c2.op());
        b.imadHi(hi, PT, x.op(), y.op(), z.op());
        b.imadWide(wide, PT, x.op(), y.op(), Operand.RZ);
        b.lop3(PT, lop, x.op(), y.op(), z.op(), 0x96); // x ^ y ^ z
        b.shf(true, IntType.U32, false, shl, x.op(), z.op(), Operand.RZ);
        b.shf(false, IntType.U32, true, shr, Operand.RZ, z.op(), x.op());
        b.emit(SassOpcode.PRMT, 0, Operand.dest(perm.id()), x.op(), b.imm(0x5410), y.op());
        b.isetp(Cmp.LT, 0, p, x.op(), y.op());
        b.sel(lt, b.imm(1), Operand.RZ, p.op());
        b.exit();
        Emulator em = new Emulator(b.build(), MufuModel.exact());
        for (int i = 0; i < CASES; i++) {
            int a = r.nextInt() >> r.nextInt(32);
            int c = r.nextInt() >> r.nextInt(32);
            int s = r.nextInt(40);
            em.setInput(0, a);
            em.setInput(1, c);
            em.setInput(2, s);
            em.execute();
            // -R contributes ~R + 1 (so -0 carries 2^32, as the hardware's adder does)
            long total = (a & 0xFFFFFFFFL) + ((~c & 0xFFFFFFFFL) + 1) + (s & 0xFFFFFFFFL);
            assertEquals((int) total, em.output(0), "IADD3 sum");
            assertEquals(total >>> 32, em.output(1) & 0xFFFFFFFFL, "IADD3 carries " + a + " " + c + " " + s);
            long prod = (a & 0xFFFFFFFFL) * (c & 0xFFFFFFFFL);
            assertEquals((int) ((prod >>> 32) + s), em.output(2), "IMAD.HI.U32");
            assertEquals(prod, (em.output(3) & 0xFFFFFFFFL) | ((long) em.output(4) << 32), "IMAD.WIDE.U32");
            assertEquals(a ^ c ^ s, em.output(5), "LOP3 0x96");
            assertEquals(s >= 32 ? 0 : a << s, em.output(6), "SHF.L.U32 by " + s);
            assertEquals(s >= 32 ? 0 : a >>> s, em.output(7), "SHF.R.U32.HI by " + s);
            assertEquals((c << 16) | (a & 0xFFFF), em.output(8), "PRMT 0x5410");
            assertEquals(a < c ? 1 : 0, em.output(9), "ISETP.LT");
        }
    }
}
