package org.nvlower.llvm.pass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.nvlower.llvm.ir.BinaryInst;
import org.nvlower.llvm.ir.CastInst;
import org.nvlower.llvm.ir.CmpInst;
import org.nvlower.llvm.ir.ConstantFP;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.Constants;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.InstFlag;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.OtherInst;
import org.nvlower.llvm.ir.Predicate;
import org.nvlower.llvm.ir.UnaryInst;
import org.nvlower.llvm.ir.Value;

/** The folder's integer results against Java's long arithmetic, its float results against Java's IEEE float and double. */
class ConstantFolderTest {

    private static final IntegerType I8 = IntegerType.of(8);

    private static Value fold(Instruction i) {
        return ConstantFolder.fold(i);
    }

    private static Value bin(Opcode op, ConstantInt a, ConstantInt b, InstFlag... flags) {
        BinaryInst i = BinaryInst.create(op, a, b);
        for (InstFlag f : flags) {
            i.setFlag(f, true);
        }
        return fold(i);
    }

    @ParameterizedTest
    @CsvSource({
            "ADD, 100, 27, 127", "ADD, 100, 28, -128", "SUB, -128, 1, 127", "MUL, 16, 16, 0", "MUL, -3, 5, -15",
            "AND, -1, 85, 85", "OR, 64, 1, 65", "XOR, -1, 1, -2", "SHL, 1, 7, -128", "LSHR, -128, 7, 1",
            "ASHR, -128, 7, -1", "UDIV, -1, 16, 15", "SDIV, -7, 2, -3", "UREM, -1, 16, 15", "SREM, -7, 2, -1"})
    void i8Arithmetic(Opcode op, long a, long b, long expected) {
        assertEquals(ConstantInt.of(I8, expected), bin(op, ConstantInt.of(I8, a), ConstantInt.of(I8, b)));
    }

    @ParameterizedTest
    @CsvSource({"ADD, 100, 28, NSW", "ADD, -1, 1, NUW", "SUB, 0, 1, NUW", "MUL, 64, 2, NSW", "SHL, 64, 1, NSW",
            "SHL, -128, 1, NUW", "LSHR, 3, 1, EXACT", "SDIV, 7, 2, EXACT", "UDIV, 7, 2, EXACT"})
    void poisonUnderAFlagIsNotFolded(Opcode op, long a, long b, InstFlag flag) {
        assertNull(bin(op, ConstantInt.of(I8, a), ConstantInt.of(I8, b), flag));
        // and without the flag it folds
        assertEquals(ConstantInt.class, bin(op, ConstantInt.of(I8, a), ConstantInt.of(I8, b)).getClass());
    }

    @Test
    void undefinedOperationsAreNotFolded() {
        assertNull(bin(Opcode.SHL, ConstantInt.of(I8, 1), ConstantInt.of(I8, 8)));
        assertNull(bin(Opcode.UDIV, ConstantInt.of(I8, 1), ConstantInt.of(I8, 0)));
        assertNull(bin(Opcode.SREM, ConstantInt.of(I8, 1), ConstantInt.of(I8, 0)));
        assertNull(bin(Opcode.SDIV, ConstantInt.of(I8, -128), ConstantInt.of(I8, -1)));
    }

    @Test
    void randomI64AgainstJava() {
        SplittableRandom rnd = new SplittableRandom(13);
        Opcode[] ops = {Opcode.ADD, Opcode.SUB, Opcode.MUL, Opcode.AND, Opcode.OR, Opcode.XOR, Opcode.UDIV,
                Opcode.SDIV, Opcode.UREM, Opcode.SREM, Opcode.SHL, Opcode.LSHR, Opcode.ASHR};
        for (int n = 0; n < 20_000; n++) {
            long a = rnd.nextLong();
            long b = n % 3 == 0 ? rnd.nextLong(64) : rnd.nextLong();
            Opcode op = ops[n % ops.length];
            Long expected = switch (op) {
                case ADD -> a + b;
                case SUB -> a - b;
                case MUL -> a * b;
                case AND -> a & b;
                case OR -> a | b;
                case XOR -> a ^ b;
                case UDIV -> b == 0 ? null : Long.divideUnsigned(a, b);
                case SDIV -> b == 0 || a == Long.MIN_VALUE && b == -1 ? null : a / b;
                case UREM -> b == 0 ? null : Long.remainderUnsigned(a, b);
                case SREM -> b == 0 || a == Long.MIN_VALUE && b == -1 ? null : a % b;
                case SHL -> b < 0 || b >= 64 ? null : a << b;
                case LSHR -> b < 0 || b >= 64 ? null : a >>> b;
                case ASHR -> b < 0 || b >= 64 ? null : a >> b;
                default -> throw new AssertionError();
            };
            Value got = bin(op, Constants.i64(a), Constants.i64(b));
            assertEquals(expected == null ? null : Constants.i64(expected), got, op + " " + a + " " + b);
        }
    }

    @Test
    void compares() {
        ConstantInt m1 = ConstantInt.of(I8, -1);
        ConstantInt one = ConstantInt.of(I8, 1);
        assertEquals(ConstantInt.TRUE, fold(CmpInst.create(Predicate.IUGT, m1, one)));
        assertEquals(ConstantInt.FALSE, fold(CmpInst.create(Predicate.SGT, m1, one)));
        assertEquals(ConstantInt.TRUE, fold(CmpInst.create(Predicate.NE, Constants.i32(1), Constants.i32(0))));
        assertEquals(ConstantInt.FALSE, fold(CmpInst.create(Predicate.NE, Constants.i32(0), Constants.i32(0))));
        assertEquals(ConstantInt.TRUE, fold(CmpInst.create(Predicate.SLE, ConstantInt.TRUE, ConstantInt.FALSE)), "i1 true is -1");
        ConstantFP nan = ConstantFP.ofFloat(Float.NaN);
        assertEquals(ConstantInt.TRUE, fold(CmpInst.create(Predicate.UNO, nan, ConstantFP.ofFloat(1))));
        assertEquals(ConstantInt.FALSE, fold(CmpInst.create(Predicate.OEQ, nan, nan)));
        assertEquals(ConstantInt.TRUE, fold(CmpInst.create(Predicate.OEQ, ConstantFP.ofDouble(0.0), ConstantFP.ofDouble(-0.0))));
    }

    @Test
    void randomFloatAndDoubleArithmeticAgainstJava() {
        SplittableRandom rnd = new SplittableRandom(7);
        Opcode[] ops = {Opcode.FADD, Opcode.FSUB, Opcode.FMUL, Opcode.FDIV, Opcode.FREM};
        int folded = 0;
        for (int n = 0; n < 20_000; n++) {
            Opcode op = ops[n % ops.length];
            float a = Float.intBitsToFloat(rnd.nextInt());
            float b = n % 7 == 0 ? Float.intBitsToFloat(rnd.nextInt()) : a * (float) rnd.nextDouble(-4, 4);
            float f = switch (op) {
                case FADD -> a + b;
                case FSUB -> a - b;
                case FMUL -> a * b;
                case FDIV -> a / b;
                default -> a % b; // frem is C's fmod, as Java's %
            };
            Value got = fold(BinaryInst.create(op, ConstantFP.ofFloat(a), ConstantFP.ofFloat(b)));
            boolean declines = Float.isNaN(f) || Float.isNaN(a) || Float.isNaN(b) || subnormal(a) || subnormal(b) || subnormal(f);
            assertEquals(declines ? null : ConstantFP.ofFloat(f), got, op + " " + a + " " + b);
            double x = Double.longBitsToDouble(rnd.nextLong());
            double y = n % 7 == 0 ? Double.longBitsToDouble(rnd.nextLong()) : x * rnd.nextDouble(-4, 4);
            double d = switch (op) {
                case FADD -> x + y;
                case FSUB -> x - y;
                case FMUL -> x * y;
                case FDIV -> x / y;
                default -> x % y;
            };
            Value gotD = fold(BinaryInst.create(op, ConstantFP.ofDouble(x), ConstantFP.ofDouble(y)));
            assertEquals(Double.isNaN(d) ? null : ConstantFP.ofDouble(d), gotD, op + " " + x + " " + y);
            folded += got == null ? 0 : 1;
        }
        assertEquals(true, folded > 15_000, "most random cases fold: " + folded);
    }

    private static boolean subnormal(float f) {
        return f != 0 && Math.abs(f) < Float.MIN_NORMAL;
    }

    @Test
    void casts() {
        assertEquals(ConstantInt.of(I8, -1), fold(CastInst.create(Opcode.TRUNC, Constants.i32(255), I8)));
        assertEquals(Constants.i32(255), fold(CastInst.create(Opcode.ZEXT, ConstantInt.of(I8, -1), IntegerType.I32)));
        assertEquals(Constants.i32(-1), fold(CastInst.create(Opcode.SEXT, ConstantInt.of(I8, -1), IntegerType.I32)));
        assertEquals(ConstantFP.ofFloat(1.5f), fold(CastInst.create(Opcode.BITCAST, Constants.i32(0x3fc00000), FloatType.FLOAT)));
        assertEquals(Constants.i64(Double.doubleToLongBits(-2.0)),
                fold(CastInst.create(Opcode.BITCAST, ConstantFP.ofDouble(-2.0), IntegerType.I64)));
        assertEquals(ConstantFP.ofDouble(0.1f), fold(CastInst.create(Opcode.FPEXT, ConstantFP.ofFloat(0.1f), FloatType.DOUBLE)));
        assertEquals(ConstantFP.ofFloat((float) 0.1), fold(CastInst.create(Opcode.FPTRUNC, ConstantFP.ofDouble(0.1), FloatType.FLOAT)));
        assertEquals(Constants.i32(-2), fold(CastInst.create(Opcode.FPTOSI, ConstantFP.ofFloat(-2.9f), IntegerType.I32)));
        assertNull(fold(CastInst.create(Opcode.FPTOSI, ConstantFP.ofFloat(3e9f), IntegerType.I32)), "out of range is poison");
        assertNull(fold(CastInst.create(Opcode.FPTOUI, ConstantFP.ofFloat(-1f), IntegerType.I32)));
        assertEquals(ConstantFP.ofFloat(16777216f), fold(CastInst.create(Opcode.SITOFP, Constants.i32(16777217), FloatType.FLOAT)));
        assertEquals(ConstantFP.ofDouble(18446744073709551615.0),
                fold(CastInst.create(Opcode.UITOFP, Constants.i64(-1), FloatType.DOUBLE)));
        assertEquals(ConstantFP.ofFloat(-1f), fold(CastInst.create(Opcode.SITOFP, ConstantInt.TRUE, FloatType.FLOAT)));
        // a NaN or an f32 subnormal is left to the GPU
        assertNull(fold(CastInst.create(Opcode.BITCAST, Constants.i32(0x7fc00000), FloatType.FLOAT)));
        assertNull(fold(CastInst.create(Opcode.BITCAST, Constants.i32(1), FloatType.FLOAT)));
        assertNull(fold(CastInst.create(Opcode.FPTRUNC, ConstantFP.ofDouble(1e-40), FloatType.FLOAT)));
    }

    @Test
    void fnegFlipsTheSignBitOnly() {
        assertEquals(ConstantFP.ofDouble(-0.0), fold(UnaryInst.fneg(ConstantFP.ofDouble(0.0), org.nvlower.llvm.ir.FastMathFlags.NONE)));
        assertEquals(new ConstantFP(FloatType.FLOAT, BigInteger.valueOf(0xbf800000L)),
                fold(UnaryInst.fneg(ConstantFP.ofFloat(1f), org.nvlower.llvm.ir.FastMathFlags.NONE)));
        // neg.ftz.f32 flushes a subnormal: left to the GPU
        assertNull(fold(UnaryInst.fneg(new ConstantFP(FloatType.FLOAT, BigInteger.ONE), org.nvlower.llvm.ir.FastMathFlags.NONE)));
    }

    @Test
    void selects() {
        assertEquals(Constants.i32(1), fold(OtherInst.select(ConstantInt.TRUE, Constants.i32(1), Constants.i32(2))));
        assertEquals(Constants.i32(2), fold(OtherInst.select(ConstantInt.FALSE, Constants.i32(1), Constants.i32(2))));
    }
}
