package org.nvlower.llvm.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.nvlower.llvm.text.IrParser;

/** The interpreter on small functions, against Java's own arithmetic (BigInteger for i128). */
class InterpreterTest {

    static CompiledFunction fn(String text, String name) {
        return new Interpreter(IrParser.parse("t.ll", text)).function(name);
    }

    static final BigInteger MASK128 = BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE);

    static BigInteger big(long lo, long hi) {
        return new BigInteger(Long.toUnsignedString(hi)).shiftLeft(64).or(new BigInteger(Long.toUnsignedString(lo)));
    }

    static BigInteger signed(BigInteger u) {
        return u.testBit(127) ? u.subtract(BigInteger.ONE.shiftLeft(128)) : u;
    }

    /** A random 128-bit value with varied magnitude (so small and huge both occur). */
    static long[] random128(SplittableRandom r) {
        long lo = r.nextLong();
        long hi = r.nextLong();
        int shift = r.nextInt(128);
        BigInteger v = big(lo, hi).shiftRight(shift);
        if (r.nextInt(4) == 0) {
            v = v.negate().and(MASK128);
        }
        return new long[] {v.longValue(), v.shiftRight(64).longValue()};
    }

    @Test
    void i128ArithmeticMatchesBigInteger() {
        String ops = "add sub mul and or xor udiv sdiv urem srem";
        StringBuilder text = new StringBuilder();
        for (String op : ops.split(" ")) {
            text.append("define i128 @").append(op).append("(i128 %a, i128 %b) {\n  %r = ").append(op)
                    .append(" i128 %a, %b\n  ret i128 %r\n}\n");
        }
        for (String op : "shl lshr ashr".split(" ")) {
            text.append("define i128 @").append(op).append("(i128 %a, i32 %n) {\n  %w = zext i32 %n to i128\n  %r = ")
                    .append(op).append(" i128 %a, %w\n  ret i128 %r\n}\n");
        }
        text.append("define i1 @slt(i128 %a, i128 %b) {\n  %r = icmp slt i128 %a, %b\n  ret i1 %r\n}\n");
        text.append("define i1 @ugt(i128 %a, i128 %b) {\n  %r = icmp ugt i128 %a, %b\n  ret i1 %r\n}\n");
        Interpreter in = new Interpreter(IrParser.parse("t.ll", text.toString()));
        SplittableRandom r = new SplittableRandom(1);
        for (int k = 0; k < 20_000; k++) {
            long[] a = random128(r);
            long[] b = random128(r);
            BigInteger x = big(a[0], a[1]);
            BigInteger y = big(b[0], b[1]);
            for (String op : ops.split(" ")) {
                if (op.contains("div") || op.contains("rem")) {
                    if (y.signum() == 0 || op.startsWith("s") && signed(y).equals(BigInteger.ONE.negate())) {
                        continue;
                    }
                }
                BigInteger want = switch (op) {
                    case "add" -> x.add(y);
                    case "sub" -> x.subtract(y);
                    case "mul" -> x.multiply(y);
                    case "and" -> x.and(y);
                    case "or" -> x.or(y);
                    case "xor" -> x.xor(y);
                    case "udiv" -> x.divide(y);
                    case "urem" -> x.remainder(y);
                    case "sdiv" -> signed(x).divide(signed(y));
                    default -> signed(x).remainder(signed(y));
                };
                long[] z = in.function(op).call(a[0], a[1], b[0], b[1]);
                assertEquals(want.and(MASK128), big(z[0], z[1]), op + " " + x + " " + y);
            }
            int n = r.nextInt(128);
            assertEquals(x.shiftLeft(n).and(MASK128), big2(in.function("shl").call(a[0], a[1], n)));
            assertEquals(x.shiftRight(n), big2(in.function("lshr").call(a[0], a[1], n)));
            assertEquals(signed(x).shiftRight(n).and(MASK128), big2(in.function("ashr").call(a[0], a[1], n)));
            assertEquals(signed(x).compareTo(signed(y)) < 0 ? 1 : 0, in.function("slt").call(a[0], a[1], b[0], b[1])[0]);
            assertEquals(x.compareTo(y) > 0 ? 1 : 0, in.function("ugt").call(a[0], a[1], b[0], b[1])[0]);
        }
    }

    static BigInteger big2(long[] z) {
        return big(z[0], z[1]);
    }

    @Test
    void narrowWidthsWrapAndSignExtend() {
        String text = """
                define i8 @add8(i8 %a, i8 %b) {
                  %r = add i8 %a, %b
                  ret i8 %r
                }
                define i32 @sext(i8 %a) {
                  %r = sext i8 %a to i32
                  ret i32 %r
                }
                define i128 @sext128(i32 %a) {
                  %r = sext i32 %a to i128
                  ret i128 %r
                }
                define i24 @ashr24(i24 %a, i24 %n) {
                  %r = ashr i24 %a, %n
                  ret i24 %r
                }
                define i1 @slt7(i7 %a, i7 %b) {
                  %r = icmp slt i7 %a, %b
                  ret i1 %r
                }
                """;
        Interpreter in = new Interpreter(IrParser.parse("t.ll", text));
        assertEquals(0x04, in.function("add8").call(0xFF, 0x05)[0]);
        assertEquals(0xFFFFFF80L, in.function("sext").call(0x80)[0]);
        assertArrayEquals(new long[] {-2, -1}, in.function("sext128").call(0xFFFFFFFEL));
        assertEquals(0xFFFFF0, in.function("ashr24").call(0x800000, 19)[0]);
        assertEquals(1, in.function("slt7").call(0x40, 0x3F)[0], "-64 < 63");
    }

    /** Control flow: a loop with phis that swap (parallel copy on the back edge), a switch, recursion. */
    @Test
    void loopsPhisSwitchesAndCalls() {
        String text = """
                define i64 @fib(i64 %n) {
                entry:
                  br label %loop
                loop:
                  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
                  %a = phi i64 [ 0, %entry ], [ %b, %loop ]
                  %b = phi i64 [ 1, %entry ], [ %a, %loop ]
                  %i1 = add i64 %i, 1
                  %done = icmp uge i64 %i1, %n
                  br i1 %done, label %exit, label %loop
                exit:
                  ret i64 %a
                }

                define i32 @pick(i32 %x) {
                entry:
                  switch i32 %x, label %other [ i32 1, label %one
                                                i32 7, label %seven ]
                one:
                  ret i32 10
                seven:
                  ret i32 70
                other:
                  ret i32 -1
                }

                define i64 @fact(i64 %n) {
                entry:
                  %z = icmp eq i64 %n, 0
                  br i1 %z, label %base, label %rec
                base:
                  ret i64 1
                rec:
                  %m = sub i64 %n, 1
                  %f = call i64 @fact(i64 %m)
                  %r = mul i64 %n, %f
                  ret i64 %r
                }

                define { i64, i1 } @wide(i64 %a, i64 %b) {
                  %p = call { i64, i1 } @llvm.umul.with.overflow.i64(i64 %a, i64 %b)
                  %lz = call i64 @llvm.ctlz.i64(i64 %a, i1 false)
                  %s = insertvalue { i64, i1 } %p, i64 %lz, 0
                  ret { i64, i1 } %s
                }

                declare { i64, i1 } @llvm.umul.with.overflow.i64(i64, i64)
                declare i64 @llvm.ctlz.i64(i64, i1)
                """;
        Interpreter in = new Interpreter(IrParser.parse("t.ll", text));
        // the swap a, b = b, a keeps 0 and 1 alternating: the parallel copy must read before writing
        assertEquals(1, in.function("fib").call(4)[0]);
        assertEquals(0, in.function("fib").call(5)[0]);
        assertEquals(10, in.function("pick").call(1)[0]);
        assertEquals(70, in.function("pick").call(7)[0]);
        assertEquals(0xFFFFFFFFL, in.function("pick").call(3)[0]);
        assertEquals(3628800, in.function("fact").call(10)[0]);
        assertArrayEquals(new long[] {32, 1}, in.function("wide").call(1L << 31, 1L << 33));
        assertArrayEquals(new long[] {63, 0}, in.function("wide").call(1, 5));
    }

    /**
     * Small callees are copied into their callers when translated: the copies keep their loops,
     * phis, switches, several returns, table loads, calls of their own and errors naming the
     * callee's instruction, as a call would; recursion and callees that do not translate stay calls.
     */
    @Test
    void inlinedCalleesRunAsTheirCallsWould() {
        String text = """
                @t = internal constant [2 x i64] [i64 11, i64 22]

                define i64 @sumTo(i64 %n) {
                entry:
                  br label %loop
                loop:
                  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
                  %s = phi i64 [ 0, %entry ], [ %s1, %loop ]
                  %i1 = add i64 %i, 1
                  %s1 = add i64 %s, %i1
                  %done = icmp uge i64 %i1, %n
                  br i1 %done, label %exit, label %loop
                exit:
                  ret i64 %s1
                }
                define i32 @pick(i32 %x) {
                entry:
                  switch i32 %x, label %other [ i32 1, label %one ]
                one:
                  ret i32 10
                other:
                  ret i32 -1
                }
                define i64 @get(i64 %i) {
                  %p = getelementptr inbounds [2 x i64], [2 x i64]* @t, i64 0, i64 %i
                  %r = load i64, i64* %p
                  ret i64 %r
                }
                define i64 @shift(i64 %a, i64 %n) {
                  %r = shl i64 %a, %n
                  ret i64 %r
                }
                define i128 @wide(i128 %a) {
                  %r = add i128 %a, 1
                  ret i128 %r
                }
                define i64 @even(i64 %n) {
                entry:
                  %z = icmp eq i64 %n, 0
                  br i1 %z, label %yes, label %no
                yes:
                  ret i64 1
                no:
                  %m = sub i64 %n, 1
                  %r = call i64 @odd(i64 %m)
                  ret i64 %r
                }
                define i64 @odd(i64 %n) {
                entry:
                  %z = icmp eq i64 %n, 0
                  br i1 %z, label %yes, label %no
                yes:
                  ret i64 0
                no:
                  %m = sub i64 %n, 1
                  %r = call i64 @even(i64 %m)
                  ret i64 %r
                }
                declare i64 @external(i64)
                define i64 @maybeExternal(i64 %a) {
                entry:
                  %z = icmp eq i64 %a, 0
                  br i1 %z, label %ext, label %own
                ext:
                  %e = call i64 @external(i64 %a)
                  ret i64 %e
                own:
                  ret i64 %a
                }
                define i64 @caller(i64 %a, i64 %b) {
                  %s = call i64 @sumTo(i64 %a)
                  %t = trunc i64 %b to i32
                  %p = call i32 @pick(i32 %t)
                  %pz = zext i32 %p to i64
                  %g = call i64 @get(i64 %b)
                  %w = zext i64 %a to i128
                  %x = call i128 @wide(i128 %w)
                  %xl = trunc i128 %x to i64
                  %q = call i64 @shift(i64 %a, i64 %b)
                  %e = call i64 @even(i64 %a)
                  %m = call i64 @maybeExternal(i64 %a)
                  %r1 = add i64 %s, %pz
                  %r2 = add i64 %r1, %g
                  %r3 = add i64 %r2, %xl
                  %r4 = add i64 %r3, %q
                  %r5 = add i64 %r4, %e
                  %r6 = add i64 %r5, %m
                  ret i64 %r6
                }
                """;
        Interpreter in = new Interpreter(IrParser.parse("t.ll", text));
        CompiledFunction caller = in.function("caller");
        // sumTo(5) 15, pick(1) 10, get(1) 22, wide(5) 6, 5 << 1 = 10, even(5) 0, maybeExternal(5) 5
        assertEquals(15 + 10 + 22 + 6 + 10 + 0 + 5, caller.call(5, 1)[0]);
        // sumTo(4) 10, pick(0) -1 (zero-extended), get(0) 11, wide(4) 5, 4 << 0 = 4, even(4) 1, 4
        assertEquals(10 + 0xFFFFFFFFL + 11 + 5 + 4 + 1 + 4, caller.call(4, 0)[0]);
        assertTrue(caller.codeLength() > in.function("sumTo").codeLength() + in.function("pick").codeLength(),
                "the callees' code is in the caller's");
        ExecutionException e = assertThrows(ExecutionException.class, () -> caller.call(3, 64));
        assertEquals("@get: load of element 64 of a table of 2 at '%r = load i64, i64* %p'", e.getMessage());
        assertTrue(assertThrows(ExecutionException.class, () -> caller.call(0, 0)).getMessage()
                .contains("@external is only declared"));
    }

    /**
     * The translation's shortcuts run as the plain operations would: phi copies that swap
     * (through temporaries, in one edge operation); branches to blocks that only branch on; an
     * inlined callee that returns one of its arguments, given a constant (read in place). And the
     * pairs the bodies run most (icmp then select, zext then i128 shl, i128 and then icmp) on both
     * outcomes, an error in the second naming its own instruction.
     */
    @Test
    void edgesThreadedJumpsAndInlinedArgumentsRunAsThePlainOperations() {
        String text = """
                define i64 @minOf(i64 %a, i64 %b) {
                  %lt = icmp ult i64 %a, %b
                  %r = select i1 %lt, i64 %a, i64 %b
                  ret i64 %r
                }
                define i128 @maxOf(i128 %a, i128 %b) {
                  %gt = icmp sgt i128 %a, %b
                  %r = select i1 %gt, i128 %a, i128 %b
                  ret i128 %r
                }
                define i128 @shifted(i64 %a, i128 %n) {
                  %w = zext i64 %a to i128
                  %r = shl i128 %w, %n
                  ret i128 %r
                }
                define i1 @masked(i128 %a, i128 %m) {
                  %x = and i128 %a, %m
                  %z = icmp eq i128 %x, 0
                  ret i1 %z
                }
                define i64 @swaps(i64 %n) {
                entry:
                  br label %loop
                loop:
                  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
                  %x = phi i64 [ 1, %entry ], [ %y, %loop ]
                  %y = phi i64 [ 2, %entry ], [ %x, %loop ]
                  %i1 = add i64 %i, 1
                  %more = icmp ult i64 %i1, %n
                  br i1 %more, label %loop, label %exit
                exit:
                  %tens = mul i64 %x, 10
                  %r = add i64 %tens, %y
                  ret i64 %r
                }
                define i64 @hops(i1 %c) {
                entry:
                  br i1 %c, label %a, label %b
                a:
                  br label %a2
                a2:
                  br label %end
                b:
                  br label %end
                end:
                  %r = phi i64 [ 1, %a2 ], [ 2, %b ]
                  ret i64 %r
                }
                define i128 @first(i128 %a, i64 %b) {
                  %unused = add i64 %b, 1
                  ret i128 %a
                }
                define i128 @callsFirst(i64 %b) {
                  %r = call i128 @first(i128 18446744073709551621, i64 %b)
                  ret i128 %r
                }
                """;
        Interpreter in = new Interpreter(IrParser.parse("t.ll", text));
        assertEquals(3, in.function("minOf").call(3, 7)[0]);
        assertEquals(7, in.function("minOf").call(-1, 7)[0]); // -1 is the largest unsigned
        // i128 slots are low word first: 5 + 2^64 against -1 (all ones) and 5
        assertArrayEquals(new long[] {5, 1}, in.function("maxOf").call(5, 1, -1, -1));
        assertArrayEquals(new long[] {-1, -1}, in.function("maxOf").call(-1, -1, 5, Long.MIN_VALUE));
        assertArrayEquals(new long[] {0, 3}, in.function("shifted").call(3, 64, 0));
        assertArrayEquals(new long[] {0x30, 0}, in.function("shifted").call(3, 4, 0));
        ExecutionException e = assertThrows(ExecutionException.class, () -> in.function("shifted").call(3, 128, 0));
        assertEquals("@shifted: shift of an i128 by 128 or more (poison) at '%r = shl i128 %w, %n'", e.getMessage());
        assertEquals(1, in.function("masked").call(0xF0, 1, 0x0F, 2)[0]);
        assertEquals(0, in.function("masked").call(0xF0, 3, 0x0F, 2)[0]);
        assertEquals(12, in.function("swaps").call(1)[0]);
        assertEquals(21, in.function("swaps").call(2)[0]);
        assertEquals(12, in.function("swaps").call(3)[0]);
        assertEquals(1, in.function("hops").call(1)[0]);
        assertEquals(2, in.function("hops").call(0)[0]);
        assertArrayEquals(new long[] {5, 1}, in.function("callsFirst").call(9)); // 2^64 + 5
    }

    @Test
    void undefinedBehaviourIsAnErrorNamingTheInstruction() {
        String text = """
                define i64 @shift(i64 %a, i64 %n) {
                  %r = shl i64 %a, %n
                  ret i64 %r
                }
                define i32 @div(i32 %a, i32 %b) {
                  %r = sdiv i32 %a, %b
                  ret i32 %r
                }
                define i8 @nuw(i8 %a, i8 %b) {
                  %r = add nuw i8 %a, %b
                  ret i8 %r
                }
                define i128 @shift128(i128 %a, i128 %n) {
                  %r = lshr i128 %a, %n
                  ret i128 %r
                }
                define void @never() {
                  unreachable
                }
                define double @float(double %a) {
                  %r = fadd double %a, %a
                  ret double %r
                }
                """;
        Interpreter in = new Interpreter(IrParser.parse("t.ll", text));
        ExecutionException e = assertThrows(ExecutionException.class, () -> in.function("shift").call(1, 64));
        assertEquals("@shift: shift by 64 of an i64 (poison) at '%r = shl i64 %a, %n'", e.getMessage());
        assertTrue(assertThrows(ExecutionException.class, () -> in.function("div").call(1, 0)).getMessage()
                .contains("division by zero"));
        assertTrue(assertThrows(ExecutionException.class, () -> in.function("div").call(0x80000000L, 0xFFFFFFFFL))
                .getMessage().contains("overflow"));
        assertEquals(255, in.function("nuw").call(200, 55)[0]);
        assertTrue(assertThrows(ExecutionException.class, () -> in.function("nuw").call(200, 56)).getMessage()
                .contains("nuw"));
        assertThrows(ExecutionException.class, () -> in.function("shift128").call(1, 0, 128, 0));
        assertThrows(ExecutionException.class, () -> in.function("never").call());
        assertTrue(assertThrows(ExecutionException.class, () -> in.function("float")).getMessage()
                .contains("does not run '%r = fadd double %a, %a'"));
    }

    @Test
    void loadsFromConstantTablesByIndex() {
        String text = """
                @t = internal constant [3 x i128] [i128 5, i128 -1, i128 18446744073709551616]
                @v = internal global [2 x i64] [i64 1, i64 2]

                define i128 @get(i32 %k) {
                  %i = zext i32 %k to i64
                  %p = getelementptr inbounds [3 x i128], [3 x i128]* @t, i64 0, i64 %i
                  %r = load i128, i128* %p
                  ret i128 %r
                }
                define i64 @mutable(i64 %i) {
                  %p = getelementptr inbounds [2 x i64], [2 x i64]* @v, i64 0, i64 %i
                  %r = load i64, i64* %p
                  ret i64 %r
                }
                """;
        Interpreter in = new Interpreter(IrParser.parse("t.ll", text));
        assertArrayEquals(new long[] {5, 0}, in.function("get").call(0));
        assertArrayEquals(new long[] {-1, -1}, in.function("get").call(1));
        assertArrayEquals(new long[] {0, 1}, in.function("get").call(2));
        assertTrue(assertThrows(ExecutionException.class, () -> in.function("get").call(3)).getMessage()
                .contains("load of element 3 of a table of 3"));
        // memory that may change is not modelled: rejected when translated
        assertTrue(assertThrows(ExecutionException.class, () -> in.function("mutable")).getMessage()
                .contains("does not run '%p = getelementptr"));
    }
}
