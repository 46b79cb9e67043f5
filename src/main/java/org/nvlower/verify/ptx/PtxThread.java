package org.nvlower.verify.ptx;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.nvlower.ptx.PtxOperand;
import org.nvlower.ptx.PtxFunction;
import org.nvlower.ptx.PtxPrinter;
import org.nvlower.ptx.Statement;
import org.nvlower.ptx.Statement.Instruction;
import org.nvlower.sass.Emulator;
import org.nvlower.sass.MufuModel;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.F16;
import org.nvlower.softfloat.F32;
import org.nvlower.softfloat.F64;
import org.nvlower.softfloat.GpuNaN;
import org.nvlower.softfloat.RoundingMode;

/**
 * One thread of a kernel over byte-addressed memories (global, shared, param, its own local): the instructions
 * nvcc's small kernels and nvlower's templates as PTX use (ld/st with vectors, cvta, mov of
 * registers, specials, variable addresses and packing to/from vectors {@code {lo, hi}}, integer
 * add/sub/mul(.lo/.hi/.wide)/mad(.lo/.hi/.wide)/and/or/xor/min/max/clz/not/neg/abs/shl/shr, the carry forms
 * add.cc/addc/sub.cc/subc/mad.cc/madc, lop3, bfe, float add/sub/mul/fma in every rounding mode with
 * .ftz and .sat on .f32/.f64/.f16/.f16x2 ({@link PtxFloat}), neg/abs, setp on integers and floats with
 * .and/.or/.xor and predicate pairs, selp, cvt between integers, floats and integers (binary16
 * included), the approximate instructions that
 * are one MUFU each ({@link PtxApprox}, through a MUFU model), bra, call with its parameter scope
 * (direct or through a function's address), bar.sync, ret; at a warp instruction it waits for
 * {@link WarpOps}), and each math instruction through a {@link MathUnit} (a template in the
 * emulator, or the oracle). Anything else is refused with the instruction named: the run is a
 * check, not a simulator.
 */
final class PtxThread {

    /** Computes a math instruction from its source values (32 or 64 bits each). */
    interface MathUnit {
        long compute(Instruction in, long[] sources);
    }

    /**
     * The memories and symbols a thread sees: global and shared are the block's, param the thread's;
     * {@code symbols} the addresses of the shared variables and of the module's global and constant
     * ones ({@link PtxGlobals}: constant memory lies in {@code global}).
     */
    record Memories(PtxMemory global, PtxMemory shared, Map<String, Long> symbols,
            Map<String, PtxFunction> functions) {}

    private static final long PARAM_BASE = 0x7000_0000L;
    private static final long LOCAL_BASE = 0x6000_0000L;

    private final Memories mem;
    private final PtxMemory param = new PtxMemory();
    /** The thread's local memory ({@code .local} variables such as nvcc's {@code __local_depot}), from LOCAL_BASE up. */
    private final PtxMemory local = new PtxMemory();
    private long nextLocal = LOCAL_BASE;
    private final Function<String, Long> special;
    private final MathUnit math;
    private final MufuModel mufu;
    private long nextParam = PARAM_BASE;
    private PtxFrame frame;
    private PtxStep atWarpOp;
    int mathRuns;

    private PtxFrame frameOf(PtxFunction function) {
        return new PtxFrame(PtxLayout.of(function));
    }

    /**
     * A kernel thread; {@code args} are the kernel's parameter values, by name; {@code mufu} gives
     * the approximate instructions ({@link PtxApprox}).
     */
    PtxThread(PtxFunction kernel, Map<String, Long> args, Memories mem, Function<String, Long> special, MathUnit math,
            MufuModel mufu) {
        this.mem = mem;
        this.special = special;
        this.math = math;
        this.mufu = mufu;
        this.frame = frameOf(kernel);
        for (int k = 0; k < kernel.params().size(); k++) { // a scalar gets its argument, an array (a struct by value) zeros
            Statement.Variable p = kernel.params().get(k);
            long a = allocateParam(Math.max(8, paramBytes(p)));
            if (p.dims().isEmpty()) {
                store(param, a, args.get(p.name()), 8);
            }
            frame.putParam(frame.layout.paramSlotsOfParams[k], a);
        }
    }

    /**
     * Runs until the thread returns (true) or reaches a bar.sync or a warp instruction (false; run
     * again to go on, after {@link #finishWarpOp} for the latter).
     */
    boolean run() {
        for (int steps = 0; ; steps++) {
            if (steps > 1_000_000) {
                // a loop that waits for memory another block or the host writes (a spin lock) never ends here
                throw new UnsupportedOperationException(frame.layout.function.name() + ": more than 10^6 steps without a "
                        + "barrier (a loop waiting for memory that nothing in this run writes?)");
            }
            PtxStep[] code = frame.layout.steps;
            if (frame.pc >= code.length) {
                return true;
            }
            PtxStep s = code[frame.pc++];
            switch (s.kind) {
                case PARAM -> {
                    frame.putParam(s.paramSlot, allocateParam(s.paramBytes));
                    continue;
                }
                case LOCAL -> {
                    Statement.Variable v = (Statement.Variable) s.statement;
                    frame.locals.put(v.name(), allocateLocal(v));
                    continue;
                }
                case SKIP -> {
                    continue;
                }
                default -> { }
            }
            if (s.guard != null && (reg(s.guard) != 0) == s.negated) {
                continue;
            }
            Instruction in = s.in;
            switch (s.kind) {
                case RET -> {
                    return true;
                }
                case BRA -> frame.pc = frame.layout.target(s, frame.pc - 1);
                case BAR -> { // bar.sync, barrier.sync(.aligned), barrier.cta.sync: the block waits
                    if (!in.opcode().contains(".sync")) {
                        throw unsupported(in, null); // bar.arrive, bar.red: not modelled
                    }
                    return false;
                }
                case WARP -> { // the warp takes it together (WarpOps); the thread waits here
                    if (!in.opcode().contains(".sync")) {
                        throw unsupported(in, "the warp instructions before .sync"); // shfl.b32, vote.any: sm_6x and older
                    }
                    atWarpOp = s;
                    return false;
                }
                case CALL -> call(s);
                case ATOMIC -> atomic(s);
                default -> execute(s);
            }
        }
    }

    /** The warp instruction this thread waits at (run() returned false there), or null: at a bar.sync or running. */
    Instruction atWarpOp() {
        return atWarpOp == null ? null : atWarpOp.in;
    }

    /** An operand's value in this thread, for {@link WarpOps}: one of the warp instruction's it waits at. */
    long operand(PtxOperand o, int bits, boolean signed) {
        PtxArg a = atWarpOp == null ? null : atWarpOp.arg(o);
        return value(a != null ? a : PtxArg.of(o, frame.layout, frame.pc - 1), bits, signed);
    }

    /** Writes a warp instruction's result (and its predicate, for {@code d|p}) and lets the thread go on. */
    void finishWarpOp(long result, int bits, boolean predicate) {
        PtxArg d = atWarpOp.ops[0];
        if (d.kind == PtxArg.Kind.PAIR) {
            write(d.slot, result, bits);
            write(d.secondSlot, predicate ? 1 : 0, 1);
        } else {
            write(d, result, bits);
        }
        atWarpOp = null;
    }

    /** A .local variable's zeroed bytes at its alignment (at least 8); refused for types it cannot size. */
    private long allocateLocal(Statement.Variable v) {
        if (scalarBits(v.type()) == 0 || v.dims().stream().anyMatch(d -> d < 0)) {
            throw new UnsupportedOperationException(frame.layout.function.name() + ": the .local variable " + v.name()
                    + " (" + v.type() + ") is not modelled");
        }
        long bytes = Integer.parseInt(v.type().substring(2)) / 8;
        for (long d : v.dims()) {
            bytes *= d;
        }
        long align = 8;
        for (String q : v.qualifiers()) {
            if (q.startsWith(".align ")) {
                align = Math.max(align, Long.parseLong(q.substring(7)));
            }
        }
        long a = (nextLocal + align - 1) / align * align;
        nextLocal = a + bytes;
        local.map(a, bytes);
        return a;
    }

    /** A .param variable's bytes: its element type's (8 for one it cannot size) times its dimensions. */
    static long paramBytes(Statement.Variable v) {
        int bits = scalarBits(v.type());
        long bytes = bits > 0 ? bits / 8 : 8;
        for (long d : v.dims()) {
            bytes *= Math.max(d, 1);
        }
        return bytes;
    }

    /** The width of a scalar type as declared (.b8 ... .f64), 0 for any other. */
    private static int scalarBits(String type) {
        if (type.length() < 3 || type.charAt(0) != '.' || "bsuf".indexOf(type.charAt(1)) < 0) {
            return 0;
        }
        return switch (type.substring(2)) {
            case "8" -> 8;
            case "16" -> 16;
            case "32" -> 32;
            case "64" -> 64;
            default -> 0;
        };
    }

    private long allocateParam(long bytes) {
        long a = nextParam;
        nextParam += (bytes + 7) & ~7L;
        param.map(a, bytes);
        return a;
    }

    /**
     * {@code call (ret), f, (args)}, or through a register holding a function's address with a
     * prototype last ({@code call (ret), %rd13, (args), prototype_0}): f's parameters are the
     * caller's argument slots, its return the caller's.
     */
    private void call(PtxStep s) {
        Instruction in = s.in;
        List<PtxOperand> ops = in.operands();
        List<PtxOperand> rets = ops.get(0) instanceof PtxOperand.Group g ? g.elements() : List.of();
        int at = rets.isEmpty() && !(ops.get(0) instanceof PtxOperand.Group) ? 0 : 1;
        PtxOperand target = ops.get(at);
        List<PtxOperand> args = at + 1 < ops.size() && ops.get(at + 1) instanceof PtxOperand.Group g ? g.elements() : List.of();
        String name = ((PtxOperand.Name) target).name();
        if (!mem.functions().containsKey(name)) { // a register: the function at its address
            long address = reg(s.ops[at]);
            name = mem.symbols().entrySet().stream().filter(e -> e.getValue() == address && mem.functions().containsKey(e.getKey()))
                    .map(Map.Entry::getKey).findFirst()
                    .orElseThrow(() -> unsupported(in, String.format("a call through 0x%x, which is no function's address", address)));
        }
        PtxFunction callee = mem.functions().get(name);
        if (callee.isDeclaration()) {
            throw unsupported(in, "a call of a function without a body here");
        }
        PtxFrame caller = frame;
        PtxFrame f = frameOf(callee);
        for (int k = 0; k < callee.returns().size(); k++) {
            PtxOperand.Name r = (PtxOperand.Name) rets.get(k); // a list element that is no name fails here, as before
            f.putParam(f.layout.returnSlots[k], caller.param(s.ops[0].elements[k].paramSlot));
        }
        for (int k = 0; k < callee.params().size(); k++) {
            PtxOperand.Name a = (PtxOperand.Name) args.get(k);
            f.putParam(f.layout.paramSlotsOfParams[k], caller.param(s.ops[at + 1].elements[k].paramSlot));
        }
        frame = f;
        if (!run()) {
            throw unsupported(in, "bar.sync or a warp instruction inside a called function");
        }
        frame = caller;
    }

    private void execute(PtxStep step) {
        Instruction in = step.in;
        PtxShape shape = step.shape();
        String[] parts = shape.parts();
        int bits = shape.bits();
        if (bits == 0) {
            throw unsupported(in, null);
        }
        boolean signed = shape.signed();
        boolean isFloat = shape.isFloat();
        PtxArg[] ops = step.ops;
        if (shape.half2() && !shape.halfwise()) {
            throw unsupported(in, null); // setp, min, max ... of .f16x2: before reading an operand
        }
        if (shape.approx() != null) { // before MATH: rsqrt.approx.ftz.f64 is both, and one MUFU
            write(ops[0], PtxApprox.eval(mufu, shape.approx(), value(ops[1], bits, false)), bits);
            return;
        }
        if (shape.math()) {
            long[] sources = new long[ops.length - 1];
            for (int k = 1; k < ops.length; k++) {
                sources[k - 1] = value(ops[k], bits, false);
            }
            mathRuns++;
            write(ops[0], math.compute(in, sources), bits);
            return;
        }
        switch (step.op) {
            case LD -> {
                PtxArg a = ops[1].asAddress();
                PtxArg[] dst = ops[0].kind == PtxArg.Kind.VECTOR ? ops[0].elements : new PtxArg[] {ops[0]};
                for (int k = 0; k < dst.length; k++) {
                    long at = address(a, parts) + (long) k * bits / 8;
                    long v = load(space(in, parts, shape.typedSpace(), at), at, bits / 8);
                    if (signed && bits < 64) { // ld.s8/.s16/.s32 into a wider register sign-extends
                        v = v << (64 - bits) >> (64 - bits);
                        write(dst[k], v, 64);
                    } else {
                        write(dst[k], v, bits);
                    }
                }
            }
            case ST -> {
                PtxArg a = ops[0].asAddress();
                PtxArg[] src = ops[1].kind == PtxArg.Kind.VECTOR ? ops[1].elements : new PtxArg[] {ops[1]};
                for (int k = 0; k < src.length; k++) {
                    long at = address(a, parts) + (long) k * bits / 8;
                    store(space(in, parts, shape.typedSpace(), at), at, value(src[k], bits, false), bits / 8);
                }
            }
            case CVTA -> write(ops[0], value(ops[1], bits, false), bits);
            case MOV -> move(ops[0], ops[1], bits);
            case CVT -> convert(step);
            case SETP -> setp(step, bits, signed, isFloat);
            case SELP -> write(ops[0], value(ops[3], 1, false) != 0 ? value(ops[1], bits, false)
                    : value(ops[2], bits, false), bits);
            case LOP3 -> {
                if (parts.length != 2) {
                    throw unsupported(in, "lop3 with a predicate output");
                }
                if (bits != 32) {
                    throw unsupported(in, "lop3 is .b32 only");
                }
                // the same truth table as SASS's LOP3
                write(ops[0], Emulator.lut((int) value(ops[4], 32, false), (int) value(ops[1], 32, false),
                        (int) value(ops[2], 32, false), (int) value(ops[3], 32, false)) & 0xFFFFFFFFL, 32);
            }
            case BFE -> write(ops[0], PtxBits.bfe(value(ops[1], bits, false), value(ops[2], 32, false),
                    value(ops[3], 32, false), bits, signed), bits);
            case COPYSIGN -> { // copysign.f32/f64 d, a, b: b with a's sign
                long sign = 1L << (bits - 1);
                write(ops[0], value(ops[2], bits, false) & ~sign | value(ops[1], bits, false) & sign, bits);
            }
            case BMSK -> write(ops[0], PtxBits.bitMask(parts[1].equals("clamp"), value(ops[1], 32, false),
                    value(ops[2], 32, false)), 32);
            case SHF -> write(ops[0], PtxBits.funnelShift(parts[1].equals("l"), parts[2].equals("clamp"),
                    value(ops[1], 32, false), value(ops[2], 32, false), value(ops[3], 32, false)), 32);
            case ADDC, SUBC, MADC -> carry(step, bits, signed);
            default -> {
                if (shape.carryOut()) {
                    carry(step, bits, signed);
                } else if (!shape.arithmetic()) {
                    throw unsupported(in, null); // tex, min.f32, ...: before reading an operand
                } else if (isFloat) {
                    floatArithmetic(step, bits);
                } else {
                    integer(step, bits, signed);
                }
            }
        }
    }

    /** mov of a value, or packing into / unpacking from a vector of equal parts ({@code mov.b64 {lo, hi}, d}). */
    private void move(PtxArg d, PtxArg a, int bits) {
        if (d.kind == PtxArg.Kind.VECTOR) {
            long x = value(a, bits, false);
            int w = bits / d.elements.length;
            for (int k = 0; k < d.elements.length; k++) {
                PtxArg e = d.elements[k];
                if (!(e.kind == PtxArg.Kind.NAME && e.name.equals("_"))) {
                    write(e, x >>> (k * w), w);
                }
            }
        } else if (a.kind == PtxArg.Kind.VECTOR) {
            int w = bits / a.elements.length;
            long x = 0;
            for (int k = 0; k < a.elements.length; k++) {
                x |= value(a.elements[k], w, false) << (k * w);
            }
            write(d, x, bits);
        } else {
            write(d, value(a, bits, false), bits);
        }
    }

    /** setp.cmp[.bool].type p[|q], a, b[, c]: p = (a cmp b) bool c, q = !(a cmp b) bool c. */
    private void setp(PtxStep step, int bits, boolean signed, boolean isFloat) {
        Instruction in = step.in;
        String[] parts = step.shape().parts();
        PtxArg[] ops = step.ops;
        boolean r = isFloat ? floatCompare(step, parts[1], value(ops[1], bits, false), value(ops[2], bits, false), bits)
                : intCompare(in, parts[1], value(ops[1], bits, signed), value(ops[2], bits, signed), signed);
        String bool = parts.length > 2 && BOOL_OPS.contains(parts[2]) ? parts[2] : null;
        if ((bool == null) != (ops.length == 3)) {
            throw unsupported(in, "a boolean operation needs a predicate c, and c a boolean operation");
        }
        boolean c = bool != null && value(ops[3], 1, false) != 0;
        if (ops[0].kind == PtxArg.Kind.PAIR) {
            write(ops[0].slot, combine(bool, r, c) ? 1 : 0, 1);
            write(ops[0].secondSlot, combine(bool, !r, c) ? 1 : 0, 1);
        } else {
            write(ops[0], combine(bool, r, c) ? 1 : 0, 1);
        }
    }

    private static final List<String> BOOL_OPS = List.of("and", "or", "xor");

    private static boolean combine(String bool, boolean r, boolean c) {
        return bool == null ? r : switch (bool) {
            case "and" -> r && c;
            case "or" -> r || c;
            default -> r ^ c;
        };
    }

    private static final Set<String> ATOMIC_OPS = Set.of("and", "or", "xor", "cas", "exch", "add", "inc", "dec", "min", "max");

    /** atom/red words that change nothing when the block's threads run one at a time: orders and scopes. */
    private static final Set<String> ATOMIC_ORDERS = Set.of("relaxed", "acquire", "release", "acq_rel", "cta", "cluster",
            "gpu", "sys");

    /**
     * {@code atom} (d = the old value) and {@code red}: a read-modify-write, whole at this thread's
     * turn (the block's threads run one at a time, so every order the run takes is one a GPU may
     * take; both runs take the same). {@code .add.f32} rounds to nearest even and flushes subnormal
     * inputs and results, {@code .add.f64} rounds to nearest even without flushing (PTX ISA, atom);
     * inc/dec wrap at b as the ISA defines them.
     */
    private void atomic(PtxStep step) {
        Instruction in = step.in;
        String space = null;
        String op = null;
        String type = null;
        String[] words = in.opcode().split("\\.");
        for (int k = 1; k < words.length; k++) {
            String w = words[k];
            if (w.equals("global") || w.equals("shared") || w.equals("shared::cta")) {
                space = w.startsWith("shared") ? "shared" : w;
            } else if (ATOMIC_OPS.contains(w)) {
                op = w;
            } else if (PtxShape.WIDE_WORD.matcher(w).matches()) {
                type = w;
            } else if (!ATOMIC_ORDERS.contains(w)) {
                throw unsupported(in, "the ." + w + " form of " + in.base());
            }
        }
        if (op == null || type == null || type.startsWith("f") && !op.equals("add") && !op.equals("exch")) {
            throw unsupported(in, null);
        }
        int bits = Integer.parseInt(type.substring(1));
        boolean returns = in.base().equals("atom");
        PtxArg[] ops = step.ops;
        String[] parts = {in.base(), space != null ? space : type}; // no space named: a generic address
        long at = address(ops[returns ? 1 : 0].asAddress(), parts);
        PtxMemory memory = space(in, parts, true, at); // a type word where a space would stand
        long old = load(memory, at, bits / 8);
        long b = value(ops[returns ? 2 : 1], bits, false);
        long mask = bits == 64 ? -1L : 0xFFFFFFFFL;
        boolean signed = type.startsWith("s");
        long extendedOld = signed && bits == 32 ? (int) old : old;
        long extendedB = signed && bits == 32 ? (int) b : b;
        long updated = switch (op) {
            case "and" -> old & b;
            case "or" -> old | b;
            case "xor" -> old ^ b;
            case "exch" -> b;
            case "cas" -> old == b ? value(ops[3], bits, false) : old;
            case "add" -> switch (type) {
                case "f32" -> F32.add((int) old, (int) b, RoundingMode.NEAR_EVEN, Env.ptx(true));
                case "f64" -> F64.add(old, b, RoundingMode.NEAR_EVEN, Env.ptx(false));
                default -> old + b;
            };
            case "inc" -> Long.compareUnsigned(old, b) >= 0 ? 0 : old + 1;
            case "dec" -> old == 0 || Long.compareUnsigned(old, b) > 0 ? b : old - 1;
            default -> { // min, max
                int c = signed ? Long.compare(extendedOld, extendedB) : Long.compareUnsigned(old, b);
                yield (op.equals("min") ? c <= 0 : c >= 0) ? old : b;
            }
        };
        store(memory, at, updated & mask, bits / 8);
        if (returns) {
            write(ops[0], old, bits);
        }
    }

    /** The memory an ld/st at {@code at} uses: its state space's, or for a generic address (no space named) the one holding it. */
    private PtxMemory space(Instruction in, String[] parts, boolean typedSpace, long at) {
        return switch (parts[1]) {
            case "global", "const" -> mem.global();
            case "shared" -> mem.shared();
            case "param" -> param;
            case "local" -> local;
            default -> {
                if (!typedSpace) {
                    throw unsupported(in, "the ." + parts[1] + " space");
                }
                yield local.holds(at, 1) ? local : param.holds(at, 1) ? param // disjoint in a run
                        : mem.shared().holds(at, 1) ? mem.shared() : mem.global();
            }
        };
    }

    private long address(PtxArg a, String[] parts) {
        long base;
        Long symbol;
        if (parts[1].equals("param") && frame.hasParam(a.paramSlot)) {
            base = frame.paramAddress(a.paramSlot);
        } else if (!frame.locals.isEmpty() && frame.locals.containsKey(a.name)) {
            base = frame.locals.get(a.name);
        } else if ((symbol = mem.symbols().get(a.name)) != null) { // a symbol's address is never null
            base = symbol;
        } else {
            base = reg(a);
        }
        return base + a.offset();
    }

    private boolean intCompare(Instruction in, String cmp, long a, long b, boolean signed) {
        int c = signed ? Long.compare(a, b) : Long.compareUnsigned(a, b);
        return switch (cmp) {
            case "eq" -> c == 0;
            case "ne" -> c != 0;
            case "lt", "lo" -> c < 0;
            case "le", "ls" -> c <= 0;
            case "gt", "hi" -> c > 0;
            case "ge", "hs" -> c >= 0;
            default -> throw unsupported(in, "compare ." + cmp);
        };
    }

    private boolean floatCompare(PtxStep step, String cmp, long a, long b, int bits) {
        Instruction in = step.in;
        Env env = Env.ptx(step.shape().ftz());
        boolean nan = PtxFloat.isNaN(a, bits) || PtxFloat.isNaN(b, bits);
        boolean lt = switch (bits) {
            case 16 -> F16.lt((short) a, (short) b, env);
            case 32 -> F32.lt((int) a, (int) b, env);
            default -> F64.lt(a, b, env);
        };
        boolean eq = switch (bits) {
            case 16 -> F16.eq((short) a, (short) b, env);
            case 32 -> F32.eq((int) a, (int) b, env);
            default -> F64.eq(a, b, env);
        };
        boolean gt = !nan && !lt && !eq;
        boolean unordered = cmp.endsWith("u");
        boolean ordered = switch (unordered ? cmp.substring(0, 2) : cmp) {
            case "eq" -> eq;
            case "ne" -> !nan && !eq;
            case "lt" -> lt;
            case "le" -> lt || eq;
            case "gt" -> gt;
            case "ge" -> gt || eq;
            case "num" -> !nan;
            case "nan" -> nan;
            default -> throw unsupported(in, "compare ." + cmp);
        };
        return unordered ? nan || ordered : ordered;
    }

    /**
     * add, sub, mul, fma, neg and abs of .f16, .f16x2 (each half alone), .f32 and .f64, in the
     * rounding the modifier names (none: .rn), .ftz flushing subnormal inputs and results, .sat
     * clamping the result to [0, 1] ({@link PtxFloat#saturate}).
     */
    private void floatArithmetic(PtxStep step, int bits) {
        Instruction in = step.in;
        String[] parts = step.shape().parts();
        PtxArg[] ops = step.ops;
        String base = step.base;
        boolean ftz = false;
        boolean sat = false;
        RoundingMode rm = RoundingMode.NEAR_EVEN;
        for (int k = 1; k < parts.length - 1; k++) {
            RoundingMode m = ROUNDING.get(parts[k]);
            if (m != null) {
                rm = m;
            } else if (parts[k].equals("ftz")) {
                ftz = true;
            } else if (parts[k].equals("sat")) {
                sat = true;
            } else {
                throw unsupported(in, "." + parts[k]);
            }
        }
        long a = value(ops[1], bits, false);
        long b = ops.length > 2 ? value(ops[2], bits, false) : 0;
        long c = ops.length > 3 ? value(ops[3], bits, false) : 0;
        long r;
        if (step.shape().half2()) { // the upper halves, then the lower
            r = half(in, base, a >>> 16, b >>> 16, c >>> 16, rm, ftz, sat) << 16
                    | half(in, base, a & 0xFFFF, b & 0xFFFF, c & 0xFFFF, rm, ftz, sat);
        } else if (bits == 16) {
            r = half(in, base, a, b, c, rm, ftz, sat);
        } else {
            r = sat ? saturate(in, single(in, base, a, b, c, bits, rm, ftz), bits) : single(in, base, a, b, c, bits, rm, ftz);
        }
        write(ops[0], r, bits);
    }

    /** One .f32 or .f64 operation; f64 NaNs as the GPU gives them (GpuNaN), sub being add of -b (b's NaN negated as DADD's -R source). */
    private long single(Instruction in, String base, long a, long b, long c, int bits, RoundingMode rm, boolean ftz) {
        if (base.equals("neg") || base.equals("abs")) {
            return signOp(base, a, bits, ftz);
        }
        Env env = Env.ptx(ftz);
        long r = switch (base) {
            case "add" -> bits == 32 ? F32.add((int) a, (int) b, rm, env) : GpuNaN.addMul(F64.add(a, b, rm, env), a, b);
            case "sub" -> bits == 32 ? F32.sub((int) a, (int) b, rm, env)
                    : GpuNaN.addMul(F64.sub(a, b, rm, env), a, b ^ Long.MIN_VALUE);
            case "mul" -> bits == 32 ? F32.mul((int) a, (int) b, rm, env) : GpuNaN.addMul(F64.mul(a, b, rm, env), a, b);
            case "fma" -> bits == 32 ? F32.mulAdd((int) a, (int) b, (int) c, rm, env) : GpuNaN.fma(F64.mulAdd(a, b, c, rm, env), a, b, c);
            default -> throw unsupported(in, null);
        };
        return bits == 32 ? r & 0xFFFFFFFFL : r;
    }

    /** neg and abs: the sign bit, after .ftz flushes a subnormal. */
    private static long signOp(String base, long v, int bits, boolean ftz) {
        long sign = 1L << (bits - 1);
        if (ftz && PtxFloat.isSubnormal(v, bits)) {
            v &= sign;
        }
        return base.equals("neg") ? v ^ sign : v & ~sign;
    }

    /**
     * One binary16 operation. The NaN an .f16 operation gives (and whether its neg/abs keep a NaN's
     * payload) is not measured on a GPU: refused where it would be read.
     */
    private long half(Instruction in, String base, long a, long b, long c, RoundingMode rm, boolean ftz, boolean sat) {
        boolean unary = base.equals("neg") || base.equals("abs");
        if (unary && PtxFloat.isNaN(a, 16)) {
            throw unsupported(in, "a NaN operand: the GPU's ." + base + ".f16 of a NaN is not measured");
        }
        long r = unary ? signOp(base, a, 16, ftz) : PtxFloat.arithmetic(base, a, b, c, rm, ftz);
        if (sat) {
            return saturate(in, r, 16);
        }
        if (PtxFloat.isNaN(r, 16)) {
            throw unsupported(in, "a NaN result: the GPU's .f16 NaN is not measured");
        }
        return r;
    }

    /** .sat: the result clamped to [0, 1], a NaN to +0; whether -0 stays -0 is not measured on a GPU. */
    private long saturate(Instruction in, long r, int bits) {
        if (PtxFloat.isNegativeZero(r, bits)) {
            throw unsupported(in, "a -0 result under .sat is not measured");
        }
        return PtxFloat.saturate(r, bits);
    }

    /** The rounding modifiers of float arithmetic (none: .rn), and of cvt to an integer (.rni ...) without the i. */
    private static final Map<String, RoundingMode> ROUNDING = Map.of("rn", RoundingMode.NEAR_EVEN, "rz",
            RoundingMode.MIN_MAG, "rm", RoundingMode.MIN, "rp", RoundingMode.MAX);

    /**
     * cvt between integer types (.sat clamping to the destination's range), from an integer type to
     * a float type with .rn/.rz/.rm/.rp, from a float type to an integer type with
     * .rni/.rzi/.rmi/.rpi (saturating, NaN to 0: softfloat's NVPTX conversions, as the emulator's
     * F2I), between float types ({@link #floatToFloat}) and cvt.rn.f16x2.f32; .ftz flushing a
     * subnormal .f32 or .f64 input, .sat clamping a float result to [0, 1].
     */
    private void convert(PtxStep step) {
        Instruction in = step.in;
        PtxShape shape = step.shape();
        String[] parts = shape.parts();
        PtxArg[] ops = step.ops;
        String to = parts[parts.length - 2];
        String from = parts[parts.length - 1];
        boolean ftz = false;
        boolean sat = false;
        String rounding = "";
        for (int k = 1; k < parts.length - 2; k++) {
            switch (parts[k]) {
                case "ftz" -> ftz = true;
                case "sat" -> sat = true;
                case "rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi" -> rounding = parts[k];
                default -> throw unsupported(in, "." + parts[k]); // .relu, .satfinite, .rna, ...
            }
        }
        if (to.equals("f16x2") && from.equals("f32") && !sat) {
            RoundingMode rm = ROUNDING.get(rounding);
            if (rm == null) {
                throw unsupported(in, "cvt.f16x2.f32 needs .rn, .rz, .rm or .rp");
            }
            long packed = PtxFloat.pack(value(ops[1], 32, false), value(ops[2], 32, false), rm, ftz);
            if (PtxFloat.isNaN(packed >>> 16, 16) || PtxFloat.isNaN(packed & 0xFFFF, 16)) {
                throw unsupported(in, "a NaN operand: the GPU's f16 NaN is not measured");
            }
            write(ops[0], packed, 32);
            return;
        }
        if (!shape.scalarWord()[parts.length - 1] || !shape.scalarWord()[parts.length - 2]) {
            throw unsupported(in, "packed or vector types"); // cvt.rn.bf16x2.f32, cvt.f32.bf16, ...
        }
        int fromBits = Integer.parseInt(from.substring(1));
        int toBits = Integer.parseInt(to.substring(1));
        long v = value(ops[1], fromBits, from.charAt(0) == 's');
        Env env = Env.ptx(ftz);
        if (from.startsWith("f") && to.startsWith("f") && !(from.equals(to) && rounding.endsWith("i"))) {
            v = floatToFloat(in, v, fromBits, toBits, rounding, ftz);
        } else if (from.equals(to) && fromBits >= 32 && rounding.endsWith("i")) {
            v = integral(in, v, fromBits, rounding, env);
        } else if (from.startsWith("f")) {
            if (!shape.integerWord()[parts.length - 2] || !rounding.endsWith("i")) {
                throw unsupported(in, "a conversion from a float type needs a 32- or 64-bit integer type and .rni, .rzi,"
                        + " .rmi or .rpi");
            }
            RoundingMode rm = ROUNDING.get(rounding.substring(0, rounding.length() - 1));
            if (ftz && fromBits > 16 && PtxFloat.isSubnormal(v, fromBits)) { // .ftz: a subnormal input reads as a zero of its sign
                v &= 1L << (fromBits - 1);
            }
            v = fromFloat(v, fromBits, to, rm, fromBits == 16 ? Env.ptx(false) : env); // saturating already: .sat changes nothing
        } else if (to.startsWith("f")) {
            RoundingMode rm = ROUNDING.get(rounding);
            if (rm == null) {
                throw unsupported(in, "a conversion to a float type needs .rn, .rz, .rm or .rp");
            }
            boolean signed = from.charAt(0) == 's';
            v = switch (toBits) {
                case 16 -> (signed ? F16.fromI64(v, rm, env) : F16.fromUI64(v, rm, env)) & 0xFFFFL;
                case 32 -> (signed ? F32.fromI64(v, rm, env) : F32.fromUI64(v, rm, env)) & 0xFFFFFFFFL;
                default -> signed ? F64.fromI64(v, rm, env) : F64.fromUI64(v, rm, env);
            };
        } else if (sat) {
            v = PtxBits.saturate(v, from.equals("u64") && v < 0, to.charAt(0) == 's', toBits);
        }
        if (sat && to.startsWith("f")) {
            v = saturate(in, v, toBits);
        }
        if (to.charAt(0) == 's' && toBits < 64) { // a wider register gets the value sign-extended
            v = v << (64 - toBits) >> (64 - toBits);
        }
        write(ops[0], v, to.charAt(0) == 's' ? 64 : toBits);
    }

    /**
     * cvt.rni/rzi/rmi/rpi.f32.f32 and .f64.f64: the integral value in that direction, exact (no
     * INEXACT to report); .ftz flushes a subnormal first; a NaN comes back as the f32 canonical
     * NaN, or the f64 operand quieted as the GPU's other unary FP64 instructions give it
     * ({@link GpuNaN#unary}; not measured for this one).
     */
    private long integral(Instruction in, long v, int bits, String rounding, Env env) {
        RoundingMode rm = ROUNDING.get(rounding.substring(0, rounding.length() - 1));
        if (rm == null) {
            throw unsupported(in, "." + rounding);
        }
        if (bits == 32) {
            return F32.roundToInt((int) v, rm, false, env) & 0xFFFFFFFFL;
        }
        return GpuNaN.unary(F64.roundToInt(v, rm, false, env), v);
    }

    /**
     * Between float types: widening is exact and takes no rounding modifier, narrowing needs
     * .rn/.rz/.rm/.rp. f32 <-> f64 NaNs keep their sign and payload as the GPU's conversions do
     * ({@link GpuNaN#narrow}, {@link GpuNaN#widen}); a NaN to or from .f16 is not measured and refused.
     * .ftz flushes a subnormal .f32 source or .f32 result, never a binary16 one.
     */
    private long floatToFloat(Instruction in, long v, int fromBits, int toBits, String rounding, boolean ftz) {
        if (fromBits == toBits) {
            throw unsupported(in, "a float to the same float type needs .rni, .rzi, .rmi or .rpi");
        }
        RoundingMode rm = ROUNDING.get(rounding);
        if (fromBits < toBits ? !rounding.isEmpty() : rm == null) {
            throw unsupported(in, fromBits < toBits ? "a widening cvt takes no rounding modifier"
                    : "a narrowing cvt needs .rn, .rz, .rm or .rp");
        }
        if ((fromBits == 16 || toBits == 16) && PtxFloat.isNaN(v, fromBits)) {
            throw unsupported(in, "a NaN operand: the GPU's f16 NaN is not measured");
        }
        Env env = Env.ptx(ftz);
        return switch (fromBits * 100 + toBits) {
            case 1632, 1664 -> PtxFloat.widen(v, toBits);
            case 3216 -> PtxFloat.fromF32(v, rm, ftz);
            case 6416 -> PtxFloat.fromF64(v, rm);
            case 3264 -> F32.isNaN((int) v) ? GpuNaN.widen((int) v) : F32.toF64((int) v, env);
            default -> (F64.isNaN(v) ? GpuNaN.narrow(v) : F64.toF32(v, rm, env)) & 0xFFFFFFFFL; // 6432
        };
    }

    private static long fromFloat(long v, int fromBits, String to, RoundingMode rm, Env env) {
        if (fromBits == 16) {
            short h = (short) v;
            return switch (to) {
                case "u32" -> F16.toUI32(h, rm, false, env) & 0xFFFFFFFFL;
                case "s32" -> F16.toI32(h, rm, false, env) & 0xFFFFFFFFL;
                case "u64" -> F16.toUI64(h, rm, false, env);
                default -> F16.toI64(h, rm, false, env);
            };
        }
        if (fromBits == 32) {
            int a = (int) v;
            return switch (to) {
                case "u32" -> F32.toUI32(a, rm, false, env) & 0xFFFFFFFFL;
                case "s32" -> F32.toI32(a, rm, false, env) & 0xFFFFFFFFL;
                case "u64" -> F32.toUI64(a, rm, false, env);
                default -> F32.toI64(a, rm, false, env);
            };
        }
        return switch (to) {
            case "u32" -> F64.toUI32(v, rm, false, env) & 0xFFFFFFFFL;
            case "s32" -> F64.toI32(v, rm, false, env) & 0xFFFFFFFFL;
            case "u64" -> F64.toUI64(v, rm, false, env);
            default -> F64.toI64(v, rm, false, env);
        };
    }

    private void integer(PtxStep step, int bits, boolean signed) {
        Instruction in = step.in;
        String[] parts = step.shape().parts();
        PtxArg[] ops = step.ops;
        long a = value(ops[1], bits, signed);
        long b = ops.length > 2 ? value(ops[2], bits, signed) : 0;
        String mode = parts.length > 2 ? parts[1] : "";
        PtxStep.Op op = step.op;
        boolean product = op == PtxStep.Op.MUL || op == PtxStep.Op.MAD;
        if (parts.length > 3 || !mode.isEmpty() && !(product && PRODUCT_HALVES.contains(mode))) {
            throw unsupported(in, "." + mode); // .sat, mul24's forms, ...: not modelled
        }
        if (mode.equals("wide") && product) {
            long c = op == PtxStep.Op.MAD ? value(ops[3], 2 * bits, signed) : 0;
            if (bits > 32) {
                throw unsupported(in, "a 128-bit product");
            }
            write(ops[0], a * b + c, 2 * bits);
            return;
        }
        long r = switch (op) {
            case ADD -> a + b;
            case SUB -> a - b;
            case MUL -> mode.equals("hi") ? high(a, b, bits, signed) : a * b;
            case MAD -> (mode.equals("hi") ? high(a, b, bits, signed) : a * b) + value(ops[3], bits, signed);
            case AND -> a & b;
            case OR -> a | b;
            case XOR -> a ^ b;
            case MIN -> (signed ? Long.compare(a, b) : Long.compareUnsigned(a, b)) <= 0 ? a : b;
            case MAX -> (signed ? Long.compare(a, b) : Long.compareUnsigned(a, b)) >= 0 ? a : b;
            case CLZ -> bits == 64 ? Long.numberOfLeadingZeros(a) : Integer.numberOfLeadingZeros((int) a);
            case POPC -> Long.bitCount(bits == 64 ? a : a & 0xFFFFFFFFL);
            case BREV -> bits == 64 ? Long.reverse(a) : Integer.reverse((int) a);
            case NOT -> ~a;
            case NEG -> -a;
            case ABS -> Math.abs(a);
            case SHL -> (b & 0xFFFFFFFFL) >= bits ? 0 : a << b;
            case SHR -> {
                long n = Math.min(b & 0xFFFFFFFFL, bits);
                yield signed ? (n >= bits ? a >> (bits - 1) : a >> n) : n >= bits ? 0 : a >>> n;
            }
            default -> throw unsupported(in, null);
        };
        write(ops[0], r, bits);
    }

    private static final List<String> PRODUCT_HALVES = List.of("lo", "hi", "wide");

    /** What {@link #integer} and {@link #floatArithmetic} compute; any other instruction is refused by name. */
    static final Set<String> INTEGER_OPS = Set.of("add", "sub", "mul", "mad", "and", "or",
            "xor", "min", "max", "clz", "popc", "brev", "not", "neg", "abs", "shl", "shr");
    static final Set<String> FLOAT_OPS = Set.of("add", "sub", "mul", "fma", "neg", "abs");
    /** What runs on .f16x2, one half at a time. */
    static final Set<String> HALF2_OPS = FLOAT_OPS;

    /** The high half of the 2*bits-bit product of a and b (sign- or zero-extended to 64 bits already). */
    private static long high(long a, long b, int bits, boolean signed) {
        return bits < 64 ? (signed ? a * b >> bits : a * b >>> bits)
                : signed ? Math.multiplyHigh(a, b) : Math.unsignedMultiplyHigh(a, b);
    }

    /**
     * The carry forms (.u32/.s32/.u64/.s64): add.cc, addc[.cc], sub.cc, subc[.cc], mad[c].lo/hi[.cc].
     * The frame's CC.CF is a carry for add and mad, a borrow for sub ({@code subc: d = a - (b + CF)});
     * .cc writes it, the c forms read it.
     */
    private void carry(PtxStep step, int bits, boolean signed) {
        Instruction in = step.in;
        String[] parts = step.shape().parts();
        PtxArg[] ops = step.ops;
        String base = step.base;
        boolean carryIn = base.endsWith("c");
        boolean out = step.shape().carryOut();
        long mask = bits == 64 ? -1L : (1L << bits) - 1;
        long a = value(ops[1], bits, false);
        long b = value(ops[2], bits, false);
        long cf = carryIn ? frame.carry : 0;
        long d;
        boolean next;
        switch (base) {
            case "add", "addc" -> {
                d = (a + b + cf) & mask;
                next = bits == 64 ? Long.compareUnsigned(d, a) < 0 || (cf != 0 && d == a) : (a + b + cf) >>> bits != 0;
            }
            case "sub", "subc" -> {
                d = (a - b - cf) & mask;
                next = bits == 64 ? Long.compareUnsigned(a, b) < 0 || (cf != 0 && a == b)
                        : a - b - cf < 0;
            }
            case "mad", "madc" -> {
                String half = parts[1];
                if (!half.equals("lo") && !half.equals("hi")) {
                    throw unsupported(in, "mad with a carry needs .lo or .hi");
                }
                long p = half.equals("hi") ? high(value(ops[1], bits, signed), value(ops[2], bits, signed), bits, signed)
                        & mask : (a * b) & mask;
                long c = value(ops[3], bits, false);
                d = (p + c + cf) & mask;
                next = bits == 64 ? Long.compareUnsigned(d, p) < 0 || (cf != 0 && d == p) : (p + c + cf) >>> bits != 0;
            }
            default -> throw unsupported(in, null);
        }
        if (out) {
            frame.carry = next ? 1 : 0;
        }
        write(ops[0], d, bits);
    }

    /** An operand's value: {@code bits} wide, sign- or zero-extended to 64 bits. */
    private long value(PtxArg a, int bits, boolean signed) {
        long v = switch (a.kind) {
            // a register first (most operands are; a register shadows a module-level symbol of its name)
            case NAME -> frame.holds(a.slot) ? frame.regs[a.slot] : unwritten(a);
            case IMMEDIATE -> a.bits();
            case NOT -> reg(a) == 0 ? 1 : 0;
            default -> throw new IllegalStateException("operand " + PtxPrinter.operand(a.operand) + " has no value");
        };
        if (bits >= 64) {
            return v;
        }
        long mask = (1L << bits) - 1;
        v &= mask;
        return signed && (v >>> (bits - 1)) != 0 ? v | ~mask : v;
    }

    /** A name no register of that name holds a value for: a special register, a local, symbol or parameter address. */
    private long unwritten(PtxArg a) {
        String name = a.name;
        Long s = special.apply(name);
        if (s == null) {
            s = frame.locals.get(name);
        }
        if (s == null) {
            s = mem.symbols().get(name);
        }
        if (s == null) { // mov.b64 %rd, kernel_param: its address in the param space
            s = frame.param(frame.layout.paramSlotOrNone(name));
        }
        return s != null ? s : reg(a);
    }

    /** The register {@code a} names (a NAME, NOT or ADDRESS's base), which must hold a value. */
    private long reg(PtxArg a) {
        if (!frame.holds(a.slot)) { // a special register or a variable the run does not model, or an unset register
            String name = a.name;
            throw new UnsupportedOperationException(frame.layout.function.name() + ": " + name + " is read before it is written"
                    + (name.startsWith("%") ? "" : " (a variable of a state space the run does not model)"));
        }
        return frame.regs[a.slot];
    }

    private void write(PtxArg d, long value, int bits) {
        write(slotOf(d), value, bits);
    }

    /** A destination's slot (a destination that is no register name fails here as the cast to one did). */
    private static int slotOf(PtxArg d) {
        d.register();
        return d.slot;
    }

    private void write(int slot, long value, int bits) {
        frame.set(slot, bits >= 64 ? value : value & ((1L << bits) - 1));
    }

    private long load(PtxMemory memory, long address, int bytes) {
        if (!memory.holds(address, bytes)) {
            throw outside("a load from", address, bytes);
        }
        return memory.load(address, bytes);
    }

    private void store(PtxMemory memory, long address, long value, int bytes) {
        if (!memory.holds(address, bytes)) {
            throw outside("a store to", address, bytes);
        }
        memory.store(address, value, bytes);
    }

    private UnsupportedOperationException outside(String access, long address, int bytes) {
        return new UnsupportedOperationException(String.format("%s: %s 0x%x (%d bytes), outside the memory the run gives the kernel",
                frame.layout.function.name(), access, address, bytes));
    }

    private UnsupportedOperationException unsupported(Instruction in, String what) {
        return new UnsupportedOperationException(frame.layout.function.name() + ": '" + PtxPrinter.instruction(in)
                + "' is not run" + (what == null ? "" : " (" + what + ")"));
    }
}
