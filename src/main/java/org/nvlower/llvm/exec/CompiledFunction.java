package org.nvlower.llvm.exec;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;

import org.nvlower.llvm.ir.AggregateInst;
import org.nvlower.llvm.ir.Argument;
import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.CastInst;
import org.nvlower.llvm.ir.CmpInst;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantAggregate;
import org.nvlower.llvm.ir.ConstantFP;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.ConstantKeyword;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.GetElementPtrInst;
import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.InstFlag;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.LoadInst;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.PhiInst;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.StructType;
import org.nvlower.llvm.ir.TerminatorInst;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.Types;
import org.nvlower.llvm.ir.Value;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.I128;

/**
 * One function translated for the {@link Interpreter}: an {@code int[]} of operations over the
 * slots of a {@code long[]} frame. Every value has fixed slots: an integer up to 64 bits (or a
 * float/double bit pattern) one slot, zero-extended; an i128 (or fp128 bit pattern) two, low word
 * first; an aggregate its fields' slots in order. Constants sit in slots filled when a frame is
 * made; phis are copies on the edges into their block, one operation per edge ({@link #EDGE}).
 * Operations are specialised by width when translated, so running is a loop over a switch without
 * allocation. Small callees are copied in ({@link #INLINE_LIMIT}), their frames regions of the
 * caller's, reading their arguments in place. Each operation run costs a dispatch, so branches
 * to a plain branch go straight to its target ({@link #threadJumps}).
 */
public final class CompiledFunction {

    // operations: the op code, then its fields (slots, widths, targets)
    private static final int ADD = 1, SUB = 2, MUL = 3, UDIV = 4, SDIV = 5, UREM = 6, SREM = 7, SHL = 8,
            LSHR = 9, ASHR = 10, AND = 11, OR = 12, XOR = 13, FLAGGED = 14;
    private static final int ADD2 = 20, SUB2 = 21, MUL2 = 22, SHL2 = 23, LSHR2 = 24, ASHR2 = 25, AND2 = 26,
            OR2 = 27, XOR2 = 28, DIV2 = 29;
    private static final int ICMP = 30, ICMP2 = 31, SELECT = 32, ZEXT = 33, SEXT = 34, TRUNC = 35, MOVE = 36,
            SEXT2 = 37;
    private static final int BR = 40, CONDBR = 41, SWITCH = 42, RET = 43, UNREACHABLE = 44, CALL = 45;
    /** The phi copies of one edge, then a branch to its block: one dispatch instead of a move each. */
    private static final int EDGE = 46;
    private static final int CTLZ = 50, CTLZ2 = 51, CTTZ = 52, CTPOP = 53, UMULO = 54, UADDO = 55, USUBO = 56,
            UMIN = 57, UMAX = 58, SMIN = 59, SMAX = 60, ABS = 61, FSHL = 62, FSHR = 63;
    private static final int TABLE = 70;

    // icmp predicates
    private static final int EQ = 0, NE = 1, UGT = 2, UGE = 3, ULT = 4, ULE = 5, SGT = 6, SGE = 7, SLT = 8, SLE = 9;

    private static final long[] MASK = new long[65];

    /**
     * The fields after each operation's code, a letter each: S a frame slot, T a code position,
     * C a callee index, X a table index, V a value (width, predicate, count). SWITCH and CALL end
     * in pairs, EDGE in triples, as many as their V field says: {@link #fields} spells them out. Inlining relocates
     * code by this table, so {@link #run} and it must agree (the bodies' tests run inlined code).
     */
    private static final String[] SHAPE = new String[TABLE + 1];

    static {
        for (int w = 1; w <= 64; w++) {
            MASK[w] = w == 64 ? -1L : (1L << w) - 1;
        }
        for (int op : new int[] {ADD, SUB, MUL, UDIV, SDIV, UREM, SREM, SHL, LSHR, ASHR, AND, OR, XOR,
                UMULO, UADDO, USUBO, UMIN, UMAX, SMIN, SMAX}) {
            SHAPE[op] = "SSSV";
        }
        for (int op : new int[] {ADD2, SUB2, MUL2, SHL2, LSHR2, ASHR2, AND2, OR2, XOR2}) {
            SHAPE[op] = "SSS";
        }
        for (int op : new int[] {ZEXT, TRUNC, MOVE, SEXT2, CTLZ2}) {
            SHAPE[op] = "SSV";
        }
        for (int op : new int[] {SEXT, CTLZ, CTTZ, CTPOP, ABS}) {
            SHAPE[op] = "SSVV";
        }
        SHAPE[FLAGGED] = "SSSVVV";
        SHAPE[DIV2] = "SSSV";
        SHAPE[ICMP] = "SSSVV";
        SHAPE[ICMP2] = "SSSV";
        SHAPE[SELECT] = "SSSSV";
        SHAPE[FSHL] = SHAPE[FSHR] = "SSSSV";
        SHAPE[BR] = "T";
        SHAPE[CONDBR] = "STT";
        SHAPE[SWITCH] = "STV";
        SHAPE[RET] = "S";
        SHAPE[UNREACHABLE] = "";
        SHAPE[CALL] = "CSV";
        SHAPE[EDGE] = "TV";
        SHAPE[TABLE] = "SSXV";
    }

    /** The fields of the operation at {@code pc}, as {@link #SHAPE} letters. */
    private static String fields(int[] code, int pc) {
        int op = code[pc];
        return switch (op) {
            case SWITCH -> SHAPE[op] + "ST".repeat(code[pc + 3]);
            case CALL -> SHAPE[op] + "SV".repeat(code[pc + 3]);
            case EDGE -> SHAPE[op] + "SSV".repeat(code[pc + 2]);
            default -> SHAPE[op];
        };
    }

    /**
     * Callees whose translated code is at most this many ints are copied into their callers
     * (soft-float helpers like shiftRightJam128 and roundPack: a call costs more than their body);
     * larger ones stay calls, so that code and frames stay small.
     */
    static final int INLINE_LIMIT = 400;

    private final Interpreter interpreter;
    private final Function function;

    private int[] code;
    private Instruction[] origin;
    private long[] template;
    private int argumentSlots;
    private int returnSlot;
    private int returnWidth;
    private Function[] callees;
    /** The constant integer arrays the function reads ({@link #TABLE}), each element's slots in a row. */
    private long[][] tables;
    private CompiledFunction[] compiledCallees;
    private long[][] pool = new long[4][];
    private int depth;
    private final Env env = new Env();

    CompiledFunction(Interpreter interpreter, Function function) {
        this.interpreter = interpreter;
        this.function = function;
    }

    public Function function() {
        return function;
    }

    boolean isTranslated() {
        return code != null;
    }

    int codeLength() {
        return code.length;
    }

    /** How many slots the arguments take (one per argument, two for i128/fp128). */
    public int argumentSlots() {
        return argumentSlots;
    }

    /** How many slots the result takes. */
    public int resultSlots() {
        return returnWidth;
    }

    /**
     * Runs the function on {@code args} (slots as in the class comment: i128 low word first) and
     * writes the result slots into {@code result}.
     */
    public void invoke(long[] args, long[] result) {
        long[] frame = enter();
        try {
            System.arraycopy(args, 0, frame, 0, argumentSlots);
            run(frame);
            System.arraycopy(frame, returnSlot, result, 0, returnWidth);
        } finally {
            depth--;
        }
    }

    /** {@link #invoke} returning a new array. */
    public long[] call(long... args) {
        if (args.length != argumentSlots) {
            throw new IllegalArgumentException("@" + function.name() + " takes " + argumentSlots + " slots, got "
                    + args.length);
        }
        long[] result = new long[returnWidth];
        invoke(args, result);
        return result;
    }

    private long[] enter() {
        if (depth == pool.length) {
            pool = Arrays.copyOf(pool, depth * 2);
        }
        long[] frame = pool[depth];
        if (frame == null) {
            frame = template.clone();
            pool[depth] = frame;
        }
        depth++;
        return frame;
    }

    // ------------------------------------------------------------------ running

    private void run(long[] f) {
        final int[] c = code;
        int pc = 0;
        for (;;) {
            switch (c[pc]) {
                case ADD -> {
                    f[c[pc + 1]] = (f[c[pc + 2]] + f[c[pc + 3]]) & MASK[c[pc + 4]];
                    pc += 5;
                }
                case SUB -> {
                    f[c[pc + 1]] = (f[c[pc + 2]] - f[c[pc + 3]]) & MASK[c[pc + 4]];
                    pc += 5;
                }
                case MUL -> {
                    f[c[pc + 1]] = (f[c[pc + 2]] * f[c[pc + 3]]) & MASK[c[pc + 4]];
                    pc += 5;
                }
                case AND -> {
                    f[c[pc + 1]] = f[c[pc + 2]] & f[c[pc + 3]];
                    pc += 5;
                }
                case OR -> {
                    f[c[pc + 1]] = f[c[pc + 2]] | f[c[pc + 3]];
                    pc += 5;
                }
                case XOR -> {
                    f[c[pc + 1]] = f[c[pc + 2]] ^ f[c[pc + 3]];
                    pc += 5;
                }
                case SHL -> {
                    long n = f[c[pc + 3]];
                    int w = c[pc + 4];
                    if (Long.compareUnsigned(n, w) >= 0) {
                        throw fail(pc, "shift by " + Long.toUnsignedString(n) + " of an i" + w + " (poison)");
                    }
                    f[c[pc + 1]] = (f[c[pc + 2]] << n) & MASK[w];
                    pc += 5;
                }
                case LSHR -> {
                    long n = f[c[pc + 3]];
                    int w = c[pc + 4];
                    if (Long.compareUnsigned(n, w) >= 0) {
                        throw fail(pc, "shift by " + Long.toUnsignedString(n) + " of an i" + w + " (poison)");
                    }
                    f[c[pc + 1]] = f[c[pc + 2]] >>> n;
                    pc += 5;
                }
                case ASHR -> {
                    long n = f[c[pc + 3]];
                    int w = c[pc + 4];
                    if (Long.compareUnsigned(n, w) >= 0) {
                        throw fail(pc, "shift by " + Long.toUnsignedString(n) + " of an i" + w + " (poison)");
                    }
                    f[c[pc + 1]] = (sx(f[c[pc + 2]], w) >> n) & MASK[w];
                    pc += 5;
                }
                case UDIV, UREM, SDIV, SREM -> {
                    f[c[pc + 1]] = divide(pc, c[pc], f[c[pc + 2]], f[c[pc + 3]], c[pc + 4]);
                    pc += 5;
                }
                case FLAGGED -> {
                    f[c[pc + 1]] = flagged(pc, c[pc + 5], f[c[pc + 2]], f[c[pc + 3]], c[pc + 4], c[pc + 6]);
                    pc += 7;
                }
                case ADD2 -> {
                    int d = c[pc + 1], a = c[pc + 2], b = c[pc + 3];
                    long lo = f[a] + f[b];
                    f[d + 1] = f[a + 1] + f[b + 1] + (Long.compareUnsigned(lo, f[a]) < 0 ? 1 : 0);
                    f[d] = lo;
                    pc += 4;
                }
                case SUB2 -> {
                    int d = c[pc + 1], a = c[pc + 2], b = c[pc + 3];
                    long lo = f[a] - f[b];
                    f[d + 1] = f[a + 1] - f[b + 1] - (Long.compareUnsigned(f[a], f[b]) < 0 ? 1 : 0);
                    f[d] = lo;
                    pc += 4;
                }
                case MUL2 -> {
                    int d = c[pc + 1], a = c[pc + 2], b = c[pc + 3];
                    long al = f[a], bl = f[b];
                    long hi = Math.unsignedMultiplyHigh(al, bl) + al * f[b + 1] + f[a + 1] * bl;
                    f[d] = al * bl;
                    f[d + 1] = hi;
                    pc += 4;
                }
                case AND2 -> {
                    int d = c[pc + 1], a = c[pc + 2], b = c[pc + 3];
                    f[d] = f[a] & f[b];
                    f[d + 1] = f[a + 1] & f[b + 1];
                    pc += 4;
                }
                case OR2 -> {
                    int d = c[pc + 1], a = c[pc + 2], b = c[pc + 3];
                    f[d] = f[a] | f[b];
                    f[d + 1] = f[a + 1] | f[b + 1];
                    pc += 4;
                }
                case XOR2 -> {
                    int d = c[pc + 1], a = c[pc + 2], b = c[pc + 3];
                    f[d] = f[a] ^ f[b];
                    f[d + 1] = f[a + 1] ^ f[b + 1];
                    pc += 4;
                }
                case SHL2, LSHR2, ASHR2 -> {
                    shift128(pc, c[pc], f, c[pc + 1], c[pc + 2], c[pc + 3]);
                    pc += 4;
                }
                case DIV2 -> {
                    divide128(pc, c[pc + 4], f, c[pc + 1], c[pc + 2], c[pc + 3]);
                    pc += 5;
                }
                case ICMP -> {
                    f[c[pc + 1]] = compare(c[pc + 4], f[c[pc + 2]], f[c[pc + 3]], c[pc + 5]) ? 1 : 0;
                    pc += 6;
                }
                case ICMP2 -> {
                    int a = c[pc + 2], b = c[pc + 3];
                    f[c[pc + 1]] = compare128(c[pc + 4], f[a + 1], f[a], f[b + 1], f[b]) ? 1 : 0;
                    pc += 5;
                }
                case SELECT -> {
                    int src = f[c[pc + 2]] != 0 ? c[pc + 3] : c[pc + 4];
                    int d = c[pc + 1];
                    copy(f, src, d, c[pc + 5]);
                    pc += 6;
                }
                case ZEXT -> {
                    // values are kept zero-extended: the low slot is the value; a second slot is 0
                    int d = c[pc + 1];
                    f[d] = f[c[pc + 2]];
                    if (c[pc + 3] == 2) {
                        f[d + 1] = 0;
                    }
                    pc += 4;
                }
                case SEXT -> {
                    f[c[pc + 1]] = sx(f[c[pc + 2]], c[pc + 3]) & MASK[c[pc + 4]];
                    pc += 5;
                }
                case SEXT2 -> {
                    long v = sx(f[c[pc + 2]], c[pc + 3]);
                    f[c[pc + 1]] = v;
                    f[c[pc + 1] + 1] = v >> 63;
                    pc += 4;
                }
                case TRUNC -> {
                    f[c[pc + 1]] = f[c[pc + 2]] & MASK[c[pc + 3]];
                    pc += 4;
                }
                case MOVE -> {
                    copy(f, c[pc + 2], c[pc + 1], c[pc + 3]);
                    pc += 4;
                }
                case BR -> pc = c[pc + 1];
                case EDGE -> {
                    int end = pc + 3 + 3 * c[pc + 2];
                    for (int p = pc + 3; p < end; p += 3) {
                        copy(f, c[p + 1], c[p], c[p + 2]);
                    }
                    pc = c[pc + 1];
                }
                case CONDBR -> pc = f[c[pc + 1]] != 0 ? c[pc + 2] : c[pc + 3];
                case SWITCH -> {
                    long v = f[c[pc + 1]];
                    int n = c[pc + 3];
                    int target = c[pc + 2];
                    for (int i = 0; i < n; i++) {
                        if (f[c[pc + 4 + 2 * i]] == v) {
                            target = c[pc + 5 + 2 * i];
                            break;
                        }
                    }
                    pc = target;
                }
                case RET -> {
                    if (returnWidth > 0 && c[pc + 1] != returnSlot) {
                        copy(f, c[pc + 1], returnSlot, returnWidth);
                    }
                    return;
                }
                case UNREACHABLE -> throw fail(pc, "reached unreachable");
                case TABLE -> {
                    long[] t = tables[c[pc + 3]];
                    int w = c[pc + 4];
                    long k = f[c[pc + 2]];
                    if (k < 0 || k >= t.length / w) {
                        throw fail(pc, "load of element " + k + " of a table of " + t.length / w);
                    }
                    System.arraycopy(t, (int) k * w, f, c[pc + 1], w);
                    pc += 5;
                }
                case CALL -> pc = call(f, pc);
                case CTLZ -> {
                    long v = f[c[pc + 2]];
                    int w = c[pc + 3];
                    if (v == 0 && c[pc + 4] != 0) {
                        throw fail(pc, "ctlz of 0 with is_zero_poison (poison)");
                    }
                    f[c[pc + 1]] = Long.numberOfLeadingZeros(v) - (64 - w);
                    pc += 5;
                }
                case CTLZ2 -> {
                    int a = c[pc + 2];
                    if ((f[a] | f[a + 1]) == 0 && c[pc + 3] != 0) {
                        throw fail(pc, "ctlz of 0 with is_zero_poison (poison)");
                    }
                    int d = c[pc + 1];
                    f[d] = f[a + 1] != 0 ? Long.numberOfLeadingZeros(f[a + 1]) : 64 + Long.numberOfLeadingZeros(f[a]);
                    f[d + 1] = 0;
                    pc += 4;
                }
                case CTTZ -> {
                    long v = f[c[pc + 2]];
                    int w = c[pc + 3];
                    if (v == 0 && c[pc + 4] != 0) {
                        throw fail(pc, "cttz of 0 with is_zero_poison (poison)");
                    }
                    f[c[pc + 1]] = v == 0 ? w : Long.numberOfTrailingZeros(v);
                    pc += 5;
                }
                case CTPOP -> {
                    f[c[pc + 1]] = Long.bitCount(f[c[pc + 2]]);
                    pc += 5;
                }
                case UMULO, UADDO, USUBO -> {
                    overflowOp(c[pc], f, c[pc + 1], f[c[pc + 2]], f[c[pc + 3]], c[pc + 4]);
                    pc += 5;
                }
                case UMIN -> {
                    long a = f[c[pc + 2]], b = f[c[pc + 3]];
                    f[c[pc + 1]] = Long.compareUnsigned(a, b) <= 0 ? a : b;
                    pc += 5;
                }
                case UMAX -> {
                    long a = f[c[pc + 2]], b = f[c[pc + 3]];
                    f[c[pc + 1]] = Long.compareUnsigned(a, b) >= 0 ? a : b;
                    pc += 5;
                }
                case SMIN -> {
                    long a = f[c[pc + 2]], b = f[c[pc + 3]];
                    int w = c[pc + 4];
                    f[c[pc + 1]] = sx(a, w) <= sx(b, w) ? a : b;
                    pc += 5;
                }
                case SMAX -> {
                    long a = f[c[pc + 2]], b = f[c[pc + 3]];
                    int w = c[pc + 4];
                    f[c[pc + 1]] = sx(a, w) >= sx(b, w) ? a : b;
                    pc += 5;
                }
                case ABS -> {
                    int w = c[pc + 3];
                    long a = sx(f[c[pc + 2]], w);
                    if (a == sx(1L << (w - 1), w) && c[pc + 4] != 0) {
                        throw fail(pc, "abs of INT_MIN with is_int_min_poison (poison)");
                    }
                    f[c[pc + 1]] = Math.abs(a) & MASK[w];
                    pc += 5;
                }
                case FSHL, FSHR -> {
                    int w = c[pc + 5];
                    long a = f[c[pc + 2]], b = f[c[pc + 3]];
                    int n = (int) Long.remainderUnsigned(f[c[pc + 4]], w);
                    long r;
                    if (n == 0) {
                        r = c[pc] == FSHL ? a : b;
                    } else if (c[pc] == FSHL) {
                        r = (a << n) | (b >>> (w - n));
                    } else {
                        r = (b >>> n) | (a << (w - n));
                    }
                    f[c[pc + 1]] = r & MASK[w];
                    pc += 6;
                }
                default -> throw new IllegalStateException("bad op " + c[pc] + " at " + pc);
            }
        }
    }

    /** Copies n slots from {@code from} to {@code to}; values of one and two slots without a call. */
    private static void copy(long[] f, int from, int to, int n) {
        if (n == 1) {
            f[to] = f[from];
        } else if (n == 2) {
            long lo = f[from];
            f[to + 1] = f[from + 1];
            f[to] = lo;
        } else {
            System.arraycopy(f, from, f, to, n);
        }
    }

    private static long sx(long v, int w) {
        return w == 64 ? v : (v << (64 - w)) >> (64 - w);
    }

    private static boolean compare(int pred, long a, long b, int w) {
        return switch (pred) {
            case EQ -> a == b;
            case NE -> a != b;
            case UGT -> Long.compareUnsigned(a, b) > 0;
            case UGE -> Long.compareUnsigned(a, b) >= 0;
            case ULT -> Long.compareUnsigned(a, b) < 0;
            case ULE -> Long.compareUnsigned(a, b) <= 0;
            case SGT -> sx(a, w) > sx(b, w);
            case SGE -> sx(a, w) >= sx(b, w);
            case SLT -> sx(a, w) < sx(b, w);
            default -> sx(a, w) <= sx(b, w);
        };
    }

    private static boolean compare128(int pred, long aHi, long aLo, long bHi, long bLo) {
        int u = aHi != bHi ? Long.compareUnsigned(aHi, bHi) : Long.compareUnsigned(aLo, bLo);
        int s = aHi != bHi ? Long.compare(aHi, bHi) : Long.compareUnsigned(aLo, bLo);
        return switch (pred) {
            case EQ -> u == 0;
            case NE -> u != 0;
            case UGT -> u > 0;
            case UGE -> u >= 0;
            case ULT -> u < 0;
            case ULE -> u <= 0;
            case SGT -> s > 0;
            case SGE -> s >= 0;
            case SLT -> s < 0;
            default -> s <= 0;
        };
    }

    private long divide(int pc, int op, long a, long b, int w) {
        if (b == 0) {
            throw fail(pc, "division by zero (undefined behaviour)");
        }
        if (op == UDIV || op == UREM) {
            return op == UDIV ? Long.divideUnsigned(a, b) : Long.remainderUnsigned(a, b);
        }
        long x = sx(a, w);
        long y = sx(b, w);
        if (y == -1 && x == sx(1L << (w - 1), w)) {
            throw fail(pc, "signed division overflow (undefined behaviour)");
        }
        return (op == SDIV ? x / y : x % y) & MASK[w];
    }

    /** add/sub/mul/shl with nuw/nsw, udiv/sdiv/lshr/ashr with exact: poison when the flag is broken. */
    private long flagged(int pc, int op, long a, long b, int w, int flags) {
        boolean nuw = (flags & 1) != 0;
        boolean nsw = (flags & 2) != 0;
        boolean exact = (flags & 4) != 0;
        BigInteger ua = unsigned(a);
        BigInteger ub = unsigned(b);
        BigInteger sa = BigInteger.valueOf(sx(a, w));
        BigInteger sb = BigInteger.valueOf(sx(b, w));
        BigInteger u;
        BigInteger s;
        long result;
        switch (op) {
            case ADD -> {
                u = ua.add(ub);
                s = sa.add(sb);
                result = (a + b) & MASK[w];
            }
            case SUB -> {
                u = ua.subtract(ub);
                s = sa.subtract(sb);
                result = (a - b) & MASK[w];
            }
            case MUL -> {
                u = ua.multiply(ub);
                s = sa.multiply(sb);
                result = (a * b) & MASK[w];
            }
            case SHL -> {
                if (Long.compareUnsigned(b, w) >= 0) {
                    throw fail(pc, "shift by " + Long.toUnsignedString(b) + " of an i" + w + " (poison)");
                }
                u = ua.shiftLeft((int) b);
                s = sa.shiftLeft((int) b);
                result = (a << b) & MASK[w];
            }
            default -> {
                // exact: udiv, sdiv, lshr, ashr
                long r = switch (op) {
                    case UDIV, SDIV -> divide(pc, op, a, b, w);
                    default -> {
                        if (Long.compareUnsigned(b, w) >= 0) {
                            throw fail(pc, "shift by " + Long.toUnsignedString(b) + " of an i" + w + " (poison)");
                        }
                        yield op == LSHR ? a >>> b : (sx(a, w) >> b) & MASK[w];
                    }
                };
                long back = switch (op) {
                    case UDIV -> r * b;
                    case SDIV -> sx(r, w) * sx(b, w);
                    default -> r << b;
                };
                if (exact && (back & MASK[w]) != a) {
                    throw fail(pc, "inexact result of an exact operation (poison)");
                }
                return r;
            }
        }
        if (nuw && u.signum() < 0 || nuw && u.bitLength() > w) {
            throw fail(pc, "unsigned wrap of a nuw operation (poison)");
        }
        if (nsw && (s.bitLength() > w - 1)) {
            throw fail(pc, "signed wrap of an nsw operation (poison)");
        }
        return result;
    }

    private static BigInteger unsigned(long v) {
        return new BigInteger(Long.toUnsignedString(v));
    }

    private void shift128(int pc, int op, long[] f, int d, int a, int b) {
        long n = f[b];
        if (f[b + 1] != 0 || Long.compareUnsigned(n, 128) >= 0) {
            throw fail(pc, "shift of an i128 by 128 or more (poison)");
        }
        long hi = f[a + 1];
        long lo = f[a];
        int k = (int) n;
        long rHi;
        long rLo;
        if (op == SHL2) {
            if (k == 0) {
                rHi = hi;
                rLo = lo;
            } else if (k < 64) {
                rHi = (hi << k) | (lo >>> (64 - k));
                rLo = lo << k;
            } else {
                rHi = lo << (k - 64);
                rLo = 0;
            }
        } else {
            long fill = op == ASHR2 ? hi >> 63 : 0;
            if (k == 0) {
                rHi = hi;
                rLo = lo;
            } else if (k < 64) {
                rLo = (lo >>> k) | (hi << (64 - k));
                rHi = op == ASHR2 ? hi >> k : hi >>> k;
            } else {
                rLo = op == ASHR2 ? hi >> (k - 64) : hi >>> (k - 64);
                rHi = fill;
            }
        }
        f[d] = rLo;
        f[d + 1] = rHi;
    }

    private void divide128(int pc, int op, long[] f, int d, int a, int b) {
        if ((f[b] | f[b + 1]) == 0) {
            throw fail(pc, "division by zero (undefined behaviour)");
        }
        if ((op == SDIV || op == SREM) && f[b] == -1 && f[b + 1] == -1 && f[a] == 0 && f[a + 1] == Long.MIN_VALUE) {
            throw fail(pc, "signed division overflow (undefined behaviour)");
        }
        switch (op) {
            case UDIV -> I128.udiv(f[a + 1], f[a], f[b + 1], f[b], env);
            case UREM -> I128.urem(f[a + 1], f[a], f[b + 1], f[b], env);
            case SDIV -> I128.sdiv(f[a + 1], f[a], f[b + 1], f[b], env);
            default -> I128.srem(f[a + 1], f[a], f[b + 1], f[b], env);
        }
        f[d] = env.zLo;
        f[d + 1] = env.zHi;
    }

    /** {value, i1 overflow} of llvm.u{mul,add,sub}.with.overflow on iW. */
    private static void overflowOp(int op, long[] f, int d, long a, long b, int w) {
        long r;
        boolean o;
        if (op == UMULO) {
            r = a * b;
            o = Math.unsignedMultiplyHigh(a, b) != 0 || w < 64 && (r >>> w) != 0;
        } else if (op == UADDO) {
            r = a + b;
            o = w == 64 ? Long.compareUnsigned(r, a) < 0 : (r >>> w) != 0;
        } else {
            r = a - b;
            o = Long.compareUnsigned(a, b) < 0;
        }
        f[d] = r & MASK[w];
        f[d + 1] = o ? 1 : 0;
    }

    private int call(long[] f, int pc) {
        int index = code[pc + 1];
        CompiledFunction callee = compiledCallees[index];
        if (callee == null) {
            callee = interpreter.compiled(callees[index]);
            compiledCallees[index] = callee;
        }
        int dst = code[pc + 2];
        int n = code[pc + 3];
        long[] frame = callee.enter();
        try {
            int to = 0;
            for (int i = 0; i < n; i++) {
                int slot = code[pc + 4 + 2 * i];
                int width = code[pc + 5 + 2 * i];
                if (width == 1) {
                    frame[to] = f[slot];
                } else if (width == 2) {
                    frame[to] = f[slot];
                    frame[to + 1] = f[slot + 1];
                } else {
                    System.arraycopy(f, slot, frame, to, width);
                }
                to += width;
            }
            callee.run(frame);
            if (callee.returnWidth > 0) {
                System.arraycopy(frame, callee.returnSlot, f, dst, callee.returnWidth);
            }
        } finally {
            callee.depth--;
        }
        return pc + 4 + 2 * n;
    }

    private ExecutionException fail(int pc, String message) {
        int p = pc;
        while (p > 0 && origin[p] == null) {
            p--;
        }
        Instruction i = origin[p];
        Function where = i == null || i.parent() == null ? function : i.parent().parent();
        return new ExecutionException("@" + where.name() + ": " + message
                + (i == null ? "" : " at '" + IrPrinter.canonical(i) + "'"));
    }

    // ------------------------------------------------------------------ translation

    /** The slots a value of {@code t} takes. */
    static int width(Type t) {
        return switch (t) {
            case IntegerType i when i.bits() <= 64 -> 1;
            case IntegerType i when i.bits() == 128 -> 2;
            case FloatType f when f == FloatType.FP128 -> 2;
            case FloatType f when f.bits() <= 64 -> 1;
            case StructType s -> s.fields().stream().mapToInt(CompiledFunction::width).sum();
            case ArrayType a -> (int) a.count() * width(a.element());
            case PointerType p -> 1; // only an element index into a constant table (see table())
            default -> {
                if (t.isVoid()) {
                    yield 0;
                }
                throw new ExecutionException("the interpreter does not run values of type " + t);
            }
        };
    }

    private final Map<Value, Integer> slots = new IdentityHashMap<>();
    private final Map<Constant, Integer> constantSlots = new HashMap<>();
    private final List<Long> constants = new ArrayList<>();
    private int frameSize;
    private final IntList out = new IntList();
    private final List<Instruction> originList = new ArrayList<>();
    private final Map<BasicBlock, Integer> blockPc = new IdentityHashMap<>();
    /** Code positions holding a block target, and the edge (from, to) they jump along. */
    private final List<int[]> fixups = new ArrayList<>();
    private final List<BasicBlock[]> fixupEdges = new ArrayList<>();
    private final List<Function> calleeList = new ArrayList<>();
    private final List<long[]> tableList = new ArrayList<>();
    private final Map<GlobalVariable, Integer> tableIndex = new IdentityHashMap<>();
    /** The table a getelementptr points into (its slot holds the element index). */
    private final Map<Instruction, Integer> tableOf = new IdentityHashMap<>();
    private final List<InlinedFrame> inlinedFrames = new ArrayList<>();

    /** An inlined callee's frame: a region of this one from {@code base}, filled from its template. */
    private record InlinedFrame(int base, long[] template) {
    }

    void translate() {
        for (Argument a : function.arguments()) {
            slots.put(a, frameSize);
            frameSize += width(a.type());
        }
        argumentSlots = frameSize;
        returnWidth = width(function.returnType());
        returnSlot = frameSize;
        frameSize += returnWidth;
        for (BasicBlock b : function.blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.hasResult()) {
                    slots.put(i, frameSize);
                    frameSize += width(i.type());
                }
            }
        }
        for (BasicBlock b : function.blocks()) {
            blockPc.put(b, out.size());
            for (Instruction i : b.instructions()) {
                if (!(i instanceof PhiInst)) {
                    mark(i);
                    emit(i);
                }
            }
        }
        Map<List<BasicBlock>, Integer> stubs = new LinkedHashMap<>();
        for (int k = 0; k < fixups.size(); k++) {
            BasicBlock[] edge = fixupEdges.get(k);
            Integer target = edge[1].phis().isEmpty() ? blockPc.get(edge[1]) : stubs.get(List.of(edge));
            if (target == null) {
                target = out.size();
                stubs.put(List.of(edge), target);
                emitPhiCopies(edge[0], edge[1]);
            }
            out.set(fixups.get(k)[0], target);
        }
        code = out.toArray();
        threadJumps(code);
        origin = new Instruction[code.length];
        for (int k = 0; k < originList.size(); k++) {
            origin[originPcs.get(k)] = originList.get(k);
        }
        template = new long[frameSize];
        for (Map.Entry<Constant, Integer> e : constantSlots.entrySet()) {
            fill(template, e.getKey(), e.getValue());
        }
        for (InlinedFrame r : inlinedFrames) {
            System.arraycopy(r.template(), 0, template, r.base(), r.template().length);
        }
        callees = calleeList.toArray(new Function[0]);
        tables = tableList.toArray(new long[0][]);
        compiledCallees = new CompiledFunction[callees.length];
    }

    private final List<Integer> originPcs = new ArrayList<>();

    private void mark(Instruction i) {
        originList.add(i);
        originPcs.add(out.size());
    }

    /**
     * The stub an edge into a block with phis jumps to: one {@link #EDGE} operation whose copies,
     * run in order, give each phi its incoming value (through temporaries where a copy would
     * overwrite another's source), then the branch into the block.
     */
    private void emitPhiCopies(BasicBlock from, BasicBlock to) {
        mark(to.phis().get(0));
        List<int[]> moves = new ArrayList<>();
        for (PhiInst phi : to.phis()) {
            moves.add(new int[] {slot(phi), slot(phi.incomingValueFor(from)), width(phi.type())});
        }
        boolean overlap = false;
        for (int[] m : moves) {
            for (int[] o : moves) {
                overlap |= m != o && o[1] < m[0] + m[2] && m[0] < o[1] + o[2];
            }
        }
        List<int[]> copies = new ArrayList<>();
        if (!overlap) {
            copies.addAll(moves);
        } else {
            int[] temps = new int[moves.size()];
            for (int k = 0; k < moves.size(); k++) {
                temps[k] = frameSize;
                frameSize += moves.get(k)[2];
                copies.add(new int[] {temps[k], moves.get(k)[1], moves.get(k)[2]});
            }
            for (int k = 0; k < moves.size(); k++) {
                copies.add(new int[] {moves.get(k)[0], temps[k], moves.get(k)[2]});
            }
        }
        out.add(EDGE, blockPc.get(to), copies.size());
        for (int[] m : copies) {
            out.add(m[0], m[1], m[2]);
        }
    }

    /**
     * Points every branch target that holds a plain {@code br} at that branch's own target (the
     * blocks that only jump on, as the bodies' loop latches and merge points often do), so that
     * running it takes one dispatch fewer. A cycle of plain branches (an empty infinite loop) is
     * left as it is.
     */
    private static void threadJumps(int[] code) {
        for (int pc = 0; pc < code.length; ) {
            String fields = fields(code, pc);
            for (int k = 0; k < fields.length(); k++) {
                if (fields.charAt(k) == 'T') {
                    int at = pc + 1 + k;
                    int target = code[at];
                    for (int hops = 0; code[target] == BR && hops < 16; hops++) {
                        target = code[target + 1];
                    }
                    code[at] = target;
                }
            }
            pc += 1 + fields.length();
        }
    }

    /** The slot of a value; constants get a slot of their own the first time. */
    private int slot(Value v) {
        Integer s = slots.get(v);
        if (s != null) {
            return s;
        }
        if (v instanceof Constant c && !(v instanceof Function)) {
            return constantSlots.computeIfAbsent(c, k -> {
                int at = frameSize;
                frameSize += width(k.type());
                return at;
            });
        }
        throw new ExecutionException("@" + function.name() + ": the interpreter cannot use " + v);
    }

    private void fill(long[] template, Constant c, int at) {
        switch (c) {
            case ConstantInt i -> {
                BigInteger u = i.unsignedValue();
                template[at] = u.longValue();
                if (i.type().bits() > 64) {
                    template[at + 1] = u.shiftRight(64).longValue();
                }
            }
            case ConstantFP f -> {
                template[at] = f.bits().longValue();
                if (f.type().bits() > 64) {
                    template[at + 1] = f.bits().shiftRight(64).longValue();
                }
            }
            case ConstantKeyword k -> {
                // zeroinitializer; undef and poison read as zero (the bodies never use them)
            }
            case ConstantAggregate a -> {
                int p = at;
                for (Constant e : a.elements()) {
                    fill(template, e, p);
                    p += width(e.type());
                }
            }
            default -> throw new ExecutionException("@" + function.name() + ": the interpreter does not run the "
                    + "constant " + IrPrinter.constant(c));
        }
    }

    private void emit(Instruction i) {
        Opcode op = i.opcode();
        switch (op) {
            case ADD, SUB, MUL, UDIV, SDIV, UREM, SREM, SHL, LSHR, ASHR, AND, OR, XOR -> binary(i);
            case ICMP -> {
                CmpInst c = (CmpInst) i;
                int pred = switch (c.predicate()) {
                    case EQ -> EQ;
                    case NE -> NE;
                    case IUGT -> UGT;
                    case IUGE -> UGE;
                    case IULT -> ULT;
                    case IULE -> ULE;
                    case SGT -> SGT;
                    case SGE -> SGE;
                    case SLT -> SLT;
                    default -> SLE;
                };
                int w = intBits(c.lhs().type());
                if (w == 128) {
                    out.add(ICMP2, slot(i), slot(c.lhs()), slot(c.rhs()), pred);
                } else {
                    out.add(ICMP, slot(i), slot(c.lhs()), slot(c.rhs()), pred, w);
                }
            }
            case SELECT -> out.add(SELECT, slot(i), slot(i.operand(0)), slot(i.operand(1)), slot(i.operand(2)),
                    width(i.type()));
            case ZEXT -> out.add(ZEXT, slot(i), slot(i.operand(0)), width(i.type()));
            case SEXT -> {
                int from = intBits(i.operand(0).type());
                int to = intBits(i.type());
                if (to == 128) {
                    out.add(SEXT2, slot(i), slot(i.operand(0)), from);
                } else {
                    out.add(SEXT, slot(i), slot(i.operand(0)), from, to);
                }
            }
            case TRUNC -> {
                int to = intBits(i.type());
                intBits(i.operand(0).type());
                out.add(TRUNC, slot(i), slot(i.operand(0)), to);
            }
            case BITCAST, FREEZE -> {
                if (Types.bitWidth(i.type()) != Types.bitWidth(i.operand(0).type()) && op == Opcode.BITCAST
                        || i.type() instanceof org.nvlower.llvm.ir.VectorType) {
                    throw unsupported(i);
                }
                out.add(MOVE, slot(i), slot(i.operand(0)), width(i.type()));
            }
            case EXTRACTVALUE -> {
                AggregateInst a = (AggregateInst) i;
                out.add(MOVE, slot(i), slot(a.operand(0)) + offset(a.operand(0).type(), a.indices()), width(i.type()));
            }
            case INSERTVALUE -> {
                AggregateInst a = (AggregateInst) i;
                out.add(MOVE, slot(i), slot(a.operand(0)), width(i.type()));
                out.add(MOVE, slot(i) + offset(i.type(), a.indices()), slot(a.operand(1)), width(a.operand(1).type()));
            }
            case BR -> {
                TerminatorInst t = (TerminatorInst) i;
                if (t.isConditional()) {
                    out.add(CONDBR, slot(t.condition()));
                    target(i, t.trueDest());
                    target(i, t.falseDest());
                } else {
                    out.add(BR);
                    target(i, t.dest());
                }
            }
            case SWITCH -> {
                TerminatorInst t = (TerminatorInst) i;
                if (width(t.condition().type()) != 1) {
                    throw unsupported(i);
                }
                out.add(SWITCH, slot(t.condition()));
                target(i, t.defaultDest());
                out.add(t.caseCount());
                for (int k = 0; k < t.caseCount(); k++) {
                    out.add(slot(t.caseValue(k)));
                    target(i, t.caseDest(k));
                }
            }
            case RET -> out.add(RET, i.operandCount() == 0 ? 0 : slot(i.operand(0)));
            case UNREACHABLE -> out.add(UNREACHABLE);
            case CALL -> call((CallInst) i);
            case GETELEMENTPTR -> table((GetElementPtrInst) i);
            case LOAD -> {
                LoadInst l = (LoadInst) i;
                Integer t = l.pointer() instanceof Instruction g ? tableOf.get(g) : null;
                if (t == null || l.isVolatile() || l.access().ordering() != null
                        || !l.loadedType().equals(((ArrayType) ((GetElementPtrInst) l.pointer()).sourceType()).element())) {
                    throw unsupported(i);
                }
                out.add(TABLE, slot(i), slot(l.pointer()), t, width(i.type()));
            }
            default -> throw unsupported(i);
        }
    }

    /**
     * {@code getelementptr [N x iK], ptr @g, i64 0, i64 %k} into a constant global array of
     * integers (a coefficient table): the pointer's slot holds k, and a load of it reads element k
     * (an index outside the array is an {@link ExecutionException}: the load would be undefined).
     * Any other getelementptr is memory the interpreter does not model.
     */
    private void table(GetElementPtrInst g) {
        if (!(g.pointer() instanceof GlobalVariable v) || !v.isConstant() || v.initializer() == null
                || !(g.sourceType() instanceof ArrayType a) || !a.equals(v.valueType())
                || !(a.element() instanceof IntegerType) || g.indices().size() != 2
                || !(g.indices().get(0) instanceof ConstantInt zero) || zero.value().signum() != 0
                || intBits(g.indices().get(1).type()) != 64) {
            throw unsupported(g);
        }
        Integer t = tableIndex.get(v);
        if (t == null) {
            long[] data = new long[width(a)];
            fill(data, v.initializer(), 0);
            t = tableList.size();
            tableList.add(data);
            tableIndex.put(v, t);
        }
        tableOf.put(g, t);
        out.add(MOVE, slot(g), slot(g.indices().get(1)), 1);
    }

    private void target(Instruction from, BasicBlock to) {
        fixups.add(new int[] {out.size()});
        fixupEdges.add(new BasicBlock[] {from.parent(), to});
        out.add(-1);
    }

    private void binary(Instruction i) {
        int w = intBits(i.type());
        int a = slot(i.operand(0));
        int b = slot(i.operand(1));
        int d = slot(i);
        int flags = (i.hasFlag(InstFlag.NUW) ? 1 : 0) | (i.hasFlag(InstFlag.NSW) ? 2 : 0)
                | (i.hasFlag(InstFlag.EXACT) ? 4 : 0);
        int op = switch (i.opcode()) {
            case ADD -> ADD;
            case SUB -> SUB;
            case MUL -> MUL;
            case UDIV -> UDIV;
            case SDIV -> SDIV;
            case UREM -> UREM;
            case SREM -> SREM;
            case SHL -> SHL;
            case LSHR -> LSHR;
            case ASHR -> ASHR;
            case AND -> AND;
            case OR -> OR;
            default -> XOR;
        };
        if (w == 128) {
            if (flags != 0) {
                throw new ExecutionException("@" + function.name() + ": the interpreter does not check "
                        + "nuw/nsw/exact on i128 in '" + IrPrinter.canonical(i) + "'");
            }
            switch (op) {
                case UDIV, SDIV, UREM, SREM -> out.add(DIV2, d, a, b, op);
                default -> out.add(switch (op) {
                    case ADD -> ADD2;
                    case SUB -> SUB2;
                    case MUL -> MUL2;
                    case SHL -> SHL2;
                    case LSHR -> LSHR2;
                    case ASHR -> ASHR2;
                    case AND -> AND2;
                    case OR -> OR2;
                    default -> XOR2;
                }, d, a, b);
            }
        } else if (flags != 0) {
            out.add(FLAGGED, d, a, b, w, op, flags);
        } else {
            out.add(op, d, a, b, w);
        }
    }

    private void call(CallInst c) {
        Function callee = c.calledFunction();
        if (callee == null) {
            throw unsupported(c);
        }
        String name = callee.name();
        if (name.startsWith("llvm.")) {
            intrinsic(c, name);
            return;
        }
        CompiledFunction body = interpreter.inlinable(callee, INLINE_LIMIT);
        if (body != null) {
            inline(body, c);
            return;
        }
        out.add(CALL, calleeIndex(callee), c.hasResult() ? slot(c) : 0, c.arguments().size());
        for (Value v : c.arguments()) {
            out.add(slot(v), width(v.type()));
        }
    }

    private int calleeIndex(Function callee) {
        int index = calleeList.indexOf(callee);
        if (index < 0) {
            index = calleeList.size();
            calleeList.add(callee);
        }
        return index;
    }

    /**
     * Copies {@code body}'s code in place of the call {@code c}: its frame becomes a region of this
     * one (its slots moved up by the region's base, its constants copied there), its arguments are
     * read where this function keeps them (no operation writes an argument's slots, so they need
     * no copy), and each {@code ret} becomes a move of the result and a branch past the copy.
     * Errors inside name the callee's instruction, as a call would.
     */
    private void inline(CompiledFunction body, CallInst c) {
        int base = frameSize;
        frameSize += body.template.length;
        inlinedFrames.add(new InlinedFrame(base, body.template));
        int[] argumentAt = new int[body.argumentSlots];
        int to = 0;
        for (Value v : c.arguments()) {
            for (int k = 0, w = width(v.type()); k < w; k++) {
                argumentAt[to++] = slot(v) + k;
            }
        }
        IntUnaryOperator relocate = s -> s < argumentAt.length ? argumentAt[s] : s + base;
        int[] code = body.code;
        int[] at = new int[code.length];
        List<int[]> targets = new ArrayList<>(); // {position in out, position in body's code}
        List<Integer> exits = new ArrayList<>();
        for (int pc = 0; pc < code.length; ) {
            at[pc] = out.size();
            if (body.origin[pc] != null) {
                originList.add(body.origin[pc]);
                originPcs.add(out.size());
            }
            String fields = fields(code, pc);
            if (code[pc] == RET) {
                if (body.returnWidth > 0) {
                    out.add(MOVE, slot(c), relocate.applyAsInt(code[pc + 1]), body.returnWidth);
                }
                out.add(BR, -1);
                exits.add(out.size() - 1);
            } else {
                out.add(code[pc]);
                for (int k = 0; k < fields.length(); k++) {
                    int v = code[pc + 1 + k];
                    switch (fields.charAt(k)) {
                        case 'S' -> out.add(relocate.applyAsInt(v));
                        case 'T' -> {
                            targets.add(new int[] {out.size(), v});
                            out.add(-1);
                        }
                        case 'C' -> out.add(calleeIndex(body.callees[v]));
                        case 'X' -> {
                            out.add(tableList.size());
                            tableList.add(body.tables[v]);
                        }
                        default -> out.add(v);
                    }
                }
            }
            pc += 1 + fields.length();
        }
        for (int[] t : targets) {
            out.set(t[0], at[t[1]]);
        }
        int end = out.size();
        if (!exits.isEmpty() && exits.get(exits.size() - 1) == end - 1) {
            exits.remove(exits.size() - 1); // the last ret falls through
            out.truncate(end - 2);
            end -= 2;
        }
        for (int e : exits) {
            out.set(e, end);
        }
    }

    private void intrinsic(CallInst c, String name) {
        String base = name.substring(5, name.lastIndexOf('.'));
        List<Value> args = c.arguments();
        int d = c.hasResult() ? slot(c) : 0;
        int w = args.isEmpty() ? 0 : intBits(args.get(0).type());
        if (w > 64 && !(w == 128 && base.equals("ctlz"))) {
            throw unsupported(c);
        }
        switch (base) {
            case "ctlz", "cttz" -> {
                int poison = ((ConstantInt) args.get(1)).value().signum() != 0 ? 1 : 0;
                if (w == 128 && base.equals("ctlz")) {
                    out.add(CTLZ2, d, slot(args.get(0)), poison);
                } else if (w <= 64) {
                    out.add(base.equals("ctlz") ? CTLZ : CTTZ, d, slot(args.get(0)), w, poison);
                } else {
                    throw unsupported(c);
                }
            }
            case "ctpop" -> out.add(CTPOP, d, slot(args.get(0)), w, 0);
            case "umul.with.overflow", "uadd.with.overflow", "usub.with.overflow" -> out.add(
                    base.startsWith("umul") ? UMULO : base.startsWith("uadd") ? UADDO : USUBO,
                    d, slot(args.get(0)), slot(args.get(1)), w);
            case "umin", "umax", "smin", "smax" -> out.add(switch (base) {
                case "umin" -> UMIN;
                case "umax" -> UMAX;
                case "smin" -> SMIN;
                default -> SMAX;
            }, d, slot(args.get(0)), slot(args.get(1)), w);
            case "abs" -> out.add(ABS, d, slot(args.get(0)), w,
                    ((ConstantInt) args.get(1)).value().signum() != 0 ? 1 : 0);
            case "fshl", "fshr" -> out.add(base.equals("fshl") ? FSHL : FSHR, d, slot(args.get(0)),
                    slot(args.get(1)), slot(args.get(2)), w);
            default -> throw unsupported(c);
        }
    }

    /** The bits of an integer type the interpreter runs (1..64 or 128). */
    private int intBits(Type t) {
        if (t instanceof IntegerType i && (i.bits() <= 64 || i.bits() == 128)) {
            return i.bits();
        }
        throw new ExecutionException("@" + function.name() + ": the interpreter runs integers of 1..64 and 128 "
                + "bits, not " + t);
    }

    /** The slot offset of the element {@code indices} select inside an aggregate of type {@code t}. */
    private static int offset(Type t, long[] indices) {
        int off = 0;
        Type cur = t;
        for (long index : indices) {
            if (cur instanceof StructType s) {
                for (int k = 0; k < index; k++) {
                    off += width(s.fields().get(k));
                }
                cur = s.fields().get((int) index);
            } else {
                ArrayType a = (ArrayType) cur;
                off += (int) index * width(a.element());
                cur = a.element();
            }
        }
        return off;
    }

    private ExecutionException unsupported(Instruction i) {
        return new ExecutionException("@" + function.name() + ": the interpreter does not run '"
                + IrPrinter.canonical(i) + "'");
    }

    /** A growable int array. */
    private static final class IntList {
        private int[] data = new int[256];
        private int size;

        void add(int... values) {
            for (int v : values) {
                if (size == data.length) {
                    data = Arrays.copyOf(data, size * 2);
                }
                data[size++] = v;
            }
        }

        void set(int at, int v) {
            data[at] = v;
        }

        void truncate(int newSize) {
            size = newSize;
        }

        int size() {
            return size;
        }

        int[] toArray() {
            return Arrays.copyOf(data, size);
        }
    }
}
