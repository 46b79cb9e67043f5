package org.nvlower.llvm.runtime;

import java.math.BigInteger;

import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.Constants;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.IrBuilder;
import org.nvlower.llvm.ir.Predicate;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.Value;

/**
 * The IrBuilder with the vocabulary of the runtime bodies: integer constants of the widths they
 * use, the compares with short names ({@code ult}, {@code eq} ...), loops and early returns, so
 * that each body reads close to its SoftFloat-shaped pseudo code. The operations themselves are
 * IrBuilder's, unnamed unless a name helps reading the printed IR ({@link #named}).
 */
final class BodyBuilder extends IrBuilder {

    static final IntegerType I1 = IntegerType.I1;
    static final IntegerType I32 = IntegerType.I32;
    static final IntegerType I64 = IntegerType.I64;
    static final IntegerType I128 = IntegerType.I128;

    final Function function;
    private final Value[] bits;

    /**
     * Starts the body of {@code function}: its arguments are given names and, where they are
     * floating point (fp128, float, double), bitcast to the integer of their width: the bodies
     * compute on bit patterns.
     */
    BodyBuilder(Function function, String... argNames) {
        super(function.module());
        this.function = function;
        positionAtEnd(function.appendBlock("entry"));
        bits = new Value[function.arguments().size()];
        for (int i = 0; i < bits.length; i++) {
            Value a = function.argument(i);
            if (i < argNames.length) {
                function.argument(i).setName(argNames[i]);
            }
            bits[i] = a.type() instanceof IntegerType ? a
                    : bitcast(a, IntegerType.of((int) org.nvlower.llvm.ir.Types.bitWidth(a.type())),
                            i < argNames.length ? argNames[i] + ".bits" : "");
        }
    }

    /** Argument {@code i} as an integer bit pattern. */
    Value arg(int i) {
        return bits[i];
    }

    /** Returns the bit pattern {@code v} as the function's return type (bitcast when it is floating point). */
    void retBits(Value v) {
        Type t = function.returnType();
        ret(v.type().equals(t) ? v : bitcast(v, t));
    }

    // ------------------------------------------------------------------ constants

    static Value i1(boolean v) {
        return Constants.i1(v);
    }

    static Value i32(long v) {
        return Constants.i32(v);
    }

    static Value i64(long v) {
        return Constants.i64(v);
    }

    static Value i128(long v) {
        return Constants.integer(I128, v);
    }

    static Value i128(BigInteger v) {
        return Constants.integer(I128, v);
    }

    /** The i128 {@code 2^bit}. */
    static Value bit128(int bit) {
        return i128(BigInteger.ONE.shiftLeft(bit));
    }

    /** The binary128 bits of {@code 2^k}, k a normal exponent (-16382 to 16383). */
    static Value pow2(int k) {
        return i128(BigInteger.valueOf(RuntimeLibrary.BIAS + k).shiftLeft(112));
    }

    /** The i128 {@code 2^bits - 1}. */
    static Value mask128(int bits) {
        return i128(BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE));
    }

    static Value constant(IntegerType t, long v) {
        return Constants.integer(t, v);
    }

    static Value constant(IntegerType t, BigInteger v) {
        return Constants.integer(t, v);
    }

    // ------------------------------------------------------------------ operations

    Value eq(Value x, Value y) {
        return icmp(Predicate.EQ, x, y);
    }

    Value ne(Value x, Value y) {
        return icmp(Predicate.NE, x, y);
    }

    Value ult(Value x, Value y) {
        return icmp(Predicate.IULT, x, y);
    }

    Value ule(Value x, Value y) {
        return icmp(Predicate.IULE, x, y);
    }

    Value ugt(Value x, Value y) {
        return icmp(Predicate.IUGT, x, y);
    }

    Value uge(Value x, Value y) {
        return icmp(Predicate.IUGE, x, y);
    }

    Value slt(Value x, Value y) {
        return icmp(Predicate.SLT, x, y);
    }

    Value sgt(Value x, Value y) {
        return icmp(Predicate.SGT, x, y);
    }

    Value sge(Value x, Value y) {
        return icmp(Predicate.SGE, x, y);
    }

    /** {@code llvm.umin.iN}: the smaller unsigned value, branch-free. */
    Value umin(Value x, Value y) {
        return select(ult(x, y), x, y);
    }

    /** {@code llvm.ctlz.iN(x, false)}. */
    Value ctlz(Value x) {
        IntegerType t = (IntegerType) x.type();
        return intrinsic("llvm.ctlz.i" + t.bits(), t, x, i1(false));
    }

    /** {@code x} named {@code name} in the printed IR (when it is an instruction). */
    Value named(Value x, String name) {
        if (x instanceof org.nvlower.llvm.ir.Instruction i && !i.hasName()) {
            i.setName(name);
        }
        return x;
    }

    // ------------------------------------------------------------------ control flow

    void at(BasicBlock block) {
        positionAtEnd(block);
    }

    /**
     * A loop's blocks: the one before it (the phis' first edge), its header, the body after the
     * header (null when the header is the whole body) and the exit.
     */
    record Loop(BasicBlock entry, BasicBlock loop, BasicBlock body, BasicBlock done) {
    }

    /** Ends the current block with a branch to a new loop header, and continues in the header. */
    Loop beginLoop() {
        return beginLoop(null);
    }

    /** {@link #beginLoop()} with a body block named {@code bodyName} between the header and the exit. */
    Loop beginLoop(String bodyName) {
        BasicBlock entry = block();
        BasicBlock loop = createBlock("loop");
        BasicBlock body = bodyName == null ? null : createBlock(bodyName);
        Loop l = new Loop(entry, loop, body, createBlock("done"));
        br(loop);
        at(loop);
        return l;
    }

    /**
     * The loop's back edge {@code br c, label %loop, label %exit}, marked not to be unrolled: the
     * bodies are meant to be small (their SASS size is compared with NVIDIA's).
     */
    void loopBack(Value c, BasicBlock loop, BasicBlock exit) {
        noUnroll(condBr(c, loop, exit));
    }

    /** An unconditional back edge to {@code loop}, marked as {@link #loopBack(Value, BasicBlock, BasicBlock)}. */
    void loopBack(BasicBlock loop) {
        noUnroll(br(loop));
    }

    private void noUnroll(org.nvlower.llvm.ir.Instruction br) {
        org.nvlower.llvm.ir.Module m = function.module();
        String hint = m.addMetadataNode("!{!\"llvm.loop.unroll.disable\"}");
        String self = m.addMetadataNode("!{}");
        m.setMetadataNode(self, "distinct !{!" + self + ", !" + hint + "}");
        br.setMetadata(java.util.List.of(new org.nvlower.llvm.ir.MetadataAttachment("llvm.loop", "!" + self)));
    }

    /**
     * If {@code cond}, runs {@code taken} in a new block named {@code name} (it must end with a
     * return); else continues building in a new block: {@link #returnIf(Value, Value, String)} for
     * a result that only the taken side should compute.
     */
    void returnIf(Value cond, String name, Runnable taken) {
        BasicBlock yes = createBlock(name);
        BasicBlock other = createBlock("not." + name);
        condBr(cond, yes, other);
        at(yes);
        taken.run();
        at(other);
    }

    /** Returns {@code value} if {@code cond}, else continues building in a new block. */
    void returnIf(Value cond, Value value, String continueName) {
        BasicBlock done = createBlock(continueName + ".ret");
        BasicBlock next = createBlock(continueName);
        condBr(cond, done, next);
        at(done);
        retBits(value);
        at(next);
    }
}
