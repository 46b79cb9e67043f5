package org.nvlower.sass;

import org.nvlower.sass.Mod.BoolOp;
import org.nvlower.sass.Mod.Cmp;
import org.nvlower.sass.Mod.IntType;
import org.nvlower.sass.Mod.MufuFn;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.F32;
import org.nvlower.softfloat.F64;
import org.nvlower.softfloat.GpuNaN;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.softfloat.Specialization;

/**
 * Runs a {@link Program} for one thread: 32-bit registers and 64-bit pairs, predicates (which
 * also carry IADD3/IMAD carries), branches, calls and returns, convergence barriers (BSSY arms
 * one, BSYNC must find it armed). The program is compiled once into a flat int array, one
 * fixed-size record per instruction with every operand resolved to a slot of one register array
 * (RZ, the registers, then the constant pool), so a run allocates nothing; source modifiers are
 * masks ({@code ((v & and) ^ xor) + add}: -R, |R|, ~R), so no source needs a branch.
 *
 * <p>Float instructions are exact in their rounding mode with FTZ/DAZ where the modifier says:
 * softfloat defines every result (FP32: NVPTX's canonical NaN 0x7FFFFFFF; FP64: the NaN the GPU
 * gives, {@link GpuNaN}: DADD and DMUL the second NaN operand, DFMA b then c then a, quieted;
 * 0xFFF8000000000000 for an invalid operation; a -R or |R| source's NaN with its sign as
 * modified, which is not measured). Where the JVM's
 * arithmetic is the same ({@code Math.fma}, {@code *} and {@code +} on floats and doubles are
 * IEEE operations rounded to nearest even, subnormals kept; {@code EmulatorArithmeticTest}
 * compares them with softfloat on every class of operand) it is used for round-to-nearest, and
 * for .FTZ when the rounded result lies above the smallest normal (then the exact one is not
 * tiny); every other case goes through softfloat. One emulator per thread.
 *
 * <p>A program run often enough to pay for it is compiled into JVM code ({@link ProgramCompiler}:
 * the same records and the same static semantic methods, registers as locals), and untraced runs
 * take that path once it is ready; without a system Java compiler every run is interpreted.
 */
public final class Emulator {

    /** Called for each executed instruction when tracing: its index and the first destination's new value. */
    public interface Tracer {
        void step(int pc, SassInstruction instruction, long value);
    }

    static final int S = 24; // ints per compiled instruction
    static final int KIND = 0, GUARD = 1, GUARD_NEG = 2, DST = 3, A = 4, B = 5, C = 6;
    static final int AND_A = 7, XOR_A = 10, ADD_A = 13; // +0 a, +1 b, +2 c
    static final int AUX = 16; // 8 aux words

    // kinds
    static final int K_NOP = 0, K_FFMA_RN = 1, K_FFMA_RN_FTZ = 2, K_FFMA = 3, K_FMUL_RN = 4,
            K_FMUL_RN_FTZ = 5, K_FMUL = 6, K_FADD_RN = 7, K_FADD_RN_FTZ = 8, K_FADD = 9, K_FSETP = 10,
            K_FSEL = 11, K_FCHK = 12, K_MUFU = 13, K_I2F = 14, K_F2I = 15, K_IADD3 = 16, K_IMAD = 17,
            K_IMAD_HI = 18, K_IMAD_WIDE = 19, K_ISETP = 20, K_LOP3 = 21, K_PLOP3 = 22, K_SHF = 23, K_LEA = 24,
            K_SEL = 25, K_MOV = 26, K_IABS = 27, K_POPC = 28, K_FLO = 29, K_PRMT = 30, K_MOV_LO = 31,
            K_MOV_HI = 32, K_DFMA_RN = 33, K_DFMA = 34, K_DMUL_RN = 35, K_DMUL = 36, K_DADD_RN = 37,
            K_DADD = 38, K_DSETP = 39, K_BRA = 40, K_JMP = 41, K_CALL = 42, K_RET = 43, K_BSSY = 44,
            K_BSYNC = 45, K_EXIT = 46, K_IADD = 47, K_SHR = 48, K_FFMA_RN_PLAIN = 49, K_FMUL_RN_FTZ_PLAIN = 50;

    private static final int CANONICAL_NAN = 0x7FFFFFFF;
    static final int MAX_CALL_DEPTH = 32;
    static final MufuFn[] MUFU_FNS = MufuFn.values();
    private static final BoolOp[] BOOL_OPS = BoolOp.values();
    private static final Cmp[] CMPS = Cmp.values();

    private final Program program;
    private final int[] code;
    private final int[] regs;
    private final int[] preds;
    private final int[] barriers;
    private final int[] stack = new int[MAX_CALL_DEPTH];
    private final int[] inputSlots;
    private final int[] outputSlots;
    private final Env env = new Env(Specialization.NVPTX);
    private final int constBase;
    private MufuModel mufu;
    private Tracer tracer;
    private long runs;
    /** The compiled path ({@link ProgramCompiler}) once ready; null while interpreting. */
    private ProgramCompiler.Compiled compiled;
    private java.util.concurrent.CompletableFuture<ProgramCompiler.Compiled> pending;
    /** Whether the compiled path may still be asked for (false once it is had, or cannot be). */
    private boolean mayCompile = ProgramCompiler.ENABLED;
    /** Instructions interpreted so far (EXIT included). */
    private long steps;
    /** The runs the caller expects ({@link #expectRuns}); 0 when it did not say. */
    private long expectedRuns;

    /**
     * Compiling costs javac's run and C2's compilation of the generated method: about 1.5-3 s of
     * CPU in a fresh JVM on the shared 2-core machine (docs/PERFORMANCE.md), against a saving of a
     * few nanoseconds per interpreted instruction (an interpreted instruction takes about 10 ns, a
     * compiled one 2-3 ns). So the program is compiled when the instructions still to come are
     * expected to exceed this many (the break-even, with a margin): once the interpreter has
     * executed as many (whatever the caller expects: then at most about twice the best cost is
     * paid), or as soon as {@link #expectRuns} and the first {@link #CALIBRATION_RUNS} runs'
     * average predict as many. The property {@code nvlower.emulator.compileAfter} sets it (0:
     * compile on the first run and wait for it, so that every run takes the compiled path, as
     * the check of every op in docs/PERFORMANCE.md ran).
     */
    static final long BREAK_EVEN = Math.max(0, Long.getLong("nvlower.emulator.compileAfter", 400_000_000L));
    static final long CALIBRATION_RUNS = 10_000;

    public Emulator(Program program, MufuModel mufu) {
        this.program = program;
        this.mufu = mufu;
        int constBase = program.slotCount();
        this.constBase = constBase;
        int sink = constBase + 2 * program.constantCount();
        this.regs = new int[sink + 4]; // the sink pair, then a zero pair (RZ as a 64-bit source)
        for (int i = 0; i < program.constantCount(); i++) {
            long v = program.constant(i);
            regs[constBase + 2 * i] = (int) v;
            regs[constBase + 2 * i + 1] = (int) (v >>> 32);
        }
        this.preds = new int[program.predCount() + 2]; // [0] = PT, [last] = sink
        this.preds[0] = 1;
        this.barriers = new int[Math.max(1, program.barrierCount())];
        this.code = compile(program, constBase, sink, preds.length - 1);
        this.inputSlots = program.inputs().stream().mapToInt(Reg::id).toArray();
        this.outputSlots = program.outputs().stream().mapToInt(Reg::id).toArray();
    }

    public Program program() {
        return program;
    }

    public void setMufu(MufuModel model) {
        this.mufu = model;
    }

    public MufuModel mufu() {
        return mufu;
    }

    /** Traces every executed instruction (slower); null to stop. */
    public void setTracer(Tracer t) {
        this.tracer = t;
    }

    /** Programs run to EXIT since this emulator was made. */
    public long runs() {
        return runs;
    }

    // ------------------------------------------------------------------ running

    /** Sets 32-bit input word i (a pair input takes two words: low, then high). */
    public void setInput(int word, int value) {
        inputWordSlot(word, value);
    }

    private void inputWordSlot(int word, int value) {
        int w = word;
        for (Reg r : program.inputs()) {
            int n = r.cls().slots;
            if (w < n) {
                regs[r.id() + w] = value;
                return;
            }
            w -= n;
        }
        throw new IndexOutOfBoundsException("input word " + word);
    }

    /** Output word i (a pair output gives two words: low, then high). */
    public int output(int word) {
        int w = word;
        for (Reg r : program.outputs()) {
            int n = r.cls().slots;
            if (w < n) {
                return regs[r.id() + w];
            }
            w -= n;
        }
        throw new IndexOutOfBoundsException("output word " + word);
    }

    /** Runs a program of 32-bit inputs and one 32-bit output: out = program(in...). */
    public int run(int a) {
        regs[inputSlots[0]] = a;
        execute();
        return regs[outputSlots[0]];
    }

    public int run(int a, int b) {
        regs[inputSlots[0]] = a;
        regs[inputSlots[1]] = b;
        execute();
        return regs[outputSlots[0]];
    }

    /** Runs a program of one 64-bit input and one 64-bit output. */
    public long run64(long a) {
        regs[inputSlots[0]] = (int) a;
        regs[inputSlots[0] + 1] = (int) (a >>> 32);
        execute();
        int o = outputSlots[0];
        return (regs[o] & 0xFFFFFFFFL) | ((long) regs[o + 1] << 32);
    }

    /** Runs a program of two 64-bit inputs and one 64-bit output. */
    public long run64(long a, long b) {
        regs[inputSlots[0]] = (int) a;
        regs[inputSlots[0] + 1] = (int) (a >>> 32);
        regs[inputSlots[1]] = (int) b;
        regs[inputSlots[1] + 1] = (int) (b >>> 32);
        execute();
        int o = outputSlots[0];
        return (regs[o] & 0xFFFFFFFFL) | ((long) regs[o + 1] << 32);
    }

    /**
     * Runs n cases of a program with 32-bit inputs and output: in holds n * inputs words (case
     * by case), out receives n words.
     */
    public void runBatch(int[] in, int[] out, int n) {
        int k = inputSlots.length;
        int o = outputSlots[0];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < k; j++) {
                regs[inputSlots[j]] = in[i * k + j];
            }
            execute();
            out[i] = regs[o];
        }
    }

    /**
     * Runs the program compiled from now on (compiling it now, in this thread, if no emulator has
     * yet): false when it cannot be compiled (no system Java compiler), and it stays interpreted.
     * Tracing runs are interpreted either way.
     */
    public boolean compileNow() {
        compiled = ProgramCompiler.now(program, code, regs, constBase, preds.length);
        mayCompile = false;
        return compiled != null;
    }

    /** Interprets every run from now on (the reference the compiled path is tested against). */
    public void interpretOnly() {
        compiled = null;
        pending = null;
        mayCompile = false;
    }

    /**
     * Says how many runs the caller means to make: when they are enough to pay for compiling the
     * program ({@link #BREAK_EVEN}), it is compiled (in the background) after a few thousand.
     */
    public void expectRuns(long n) {
        expectedRuns = n;
    }

    /** Whether runs now take the compiled path. */
    public boolean isCompiled() {
        return compiled != null;
    }

    /** Runs from the entry to EXIT with the inputs set (registers keep their values between runs). */
    public void execute() {
        if (tracer == null) {
            ProgramCompiler.Compiled k = compiled;
            if (k != null || (mayCompile && (k = compiledWhenReady()) != null)) {
                int fault = k.run(regs, preds, barriers, stack, env, mufu);
                if (fault != ProgramCompiler.OK) {
                    throw fault(fault >>> 24, fault & 0xFFFFFF);
                }
                runs++;
                return;
            }
        }
        interpret();
    }

    /** Asks for the compiled path once it pays, then polls it; the compiled path once it is ready, else null. */
    private ProgramCompiler.Compiled compiledWhenReady() {
        if (pending == null) {
            boolean pays = steps >= BREAK_EVEN || expectedRuns > runs && runs >= CALIBRATION_RUNS
                    && (double) (expectedRuns - runs) * steps / runs >= BREAK_EVEN;
            if (!pays) {
                return null;
            }
            pending = ProgramCompiler.request(program, code, regs, constBase, preds.length);
        }
        if (BREAK_EVEN > 0 && !pending.isDone()) { // with compileAfter 0 every run is compiled: wait for it
            return null;
        }
        compiled = pending.join();
        pending = null;
        mayCompile = false;
        return compiled;
    }

    /** The interpreter's exception for a compiled run's fault. */
    private RuntimeException fault(int kind, int pc) {
        return switch (kind) {
            case ProgramCompiler.F_CALL_OVERFLOW -> new IllegalStateException(program.name() + ": call stack overflow at " + pc);
            case ProgramCompiler.F_RET_EMPTY -> new IllegalStateException(program.name() + ": RET with an empty call stack at " + pc);
            case ProgramCompiler.F_BSYNC -> new IllegalStateException(program.name() + ": BSYNC of a barrier no BSSY armed, at " + pc);
            case ProgramCompiler.F_EXIT_IN_CALL -> new IllegalStateException(program.name() + ": EXIT inside a call, at " + pc);
            default -> new ArrayIndexOutOfBoundsException("Index " + (pc * S + GUARD) + " out of bounds for length " + code.length);
        };
    }

    private void interpret() {
        int pc = 0;
        int sp = 0;
        long n = 0;
        final int[] c = code;
        final int[] r = regs;
        final int[] p = preds;
        final Tracer trace = tracer;
        while (true) {
            n++;
            int o = pc * S;
            if (p[c[o + GUARD]] == c[o + GUARD_NEG]) {
                pc++;
                continue;
            }
            int next = pc + 1;
            int dst = c[o + DST];
            switch (c[o + KIND]) {
                case K_NOP -> { }
                case K_FFMA_RN_PLAIN -> r[dst] = ffmaRn(r[c[o + A]], r[c[o + B]], r[c[o + C]]);
                case K_FMUL_RN_FTZ_PLAIN -> r[dst] = fmulFtz(daz(r[c[o + A]]), daz(r[c[o + B]]), env);
                case K_FFMA_RN -> r[dst] = ffmaRn(src(c, r, o, 0), src(c, r, o, 1), src(c, r, o, 2));
                case K_FFMA_RN_FTZ -> r[dst] = ffmaFtz(daz(src(c, r, o, 0)), daz(src(c, r, o, 1)), daz(src(c, r, o, 2)), env);
                case K_FFMA -> r[dst] = softFloat(c[o + AUX], 3, src(c, r, o, 0), src(c, r, o, 1), src(c, r, o, 2), env);
                case K_FMUL_RN -> r[dst] = fmulRn(src(c, r, o, 0), src(c, r, o, 1));
                case K_FMUL_RN_FTZ -> r[dst] = fmulFtz(daz(src(c, r, o, 0)), daz(src(c, r, o, 1)), env);
                case K_FMUL -> r[dst] = softFloat(c[o + AUX], 2, src(c, r, o, 0), src(c, r, o, 1), 0, env);
                case K_FADD_RN -> r[dst] = faddRn(src(c, r, o, 0), src(c, r, o, 1));
                case K_FADD_RN_FTZ -> r[dst] = faddFtz(daz(src(c, r, o, 0)), daz(src(c, r, o, 1)), env);
                case K_FADD -> r[dst] = softFloat(c[o + AUX], 1, src(c, r, o, 0), src(c, r, o, 1), 0, env);
                case K_FSETP -> setPredicates(c, o, fsetp(c[o + AUX], c[o + AUX + 6] != 0, src(c, r, o, 0), src(c, r, o, 1)));
                case K_FSEL, K_SEL -> r[dst] = pred(c, o, AUX) ? src(c, r, o, 0) : src(c, r, o, 1);
                case K_FCHK -> p[c[o + AUX]] = Fchk.mayBeWrong(src(c, r, o, 0), src(c, r, o, 1)) ? 1 : 0;
                case K_MUFU -> r[dst] = mufu.eval(MUFU_FNS[c[o + AUX]], src(c, r, o, 0));
                case K_I2F -> {
                    int mods = c[o + AUX];
                    int s = c[o + A];
                    long v = Mod.itypeOf(mods).is64() ? (r[s] & 0xFFFFFFFFL) | ((long) r[s + 1] << 32) : src(c, r, o, 0);
                    long d = i2f(mods, v, env);
                    if (Mod.has(mods, Mod.F64)) {
                        put64(r, dst, d);
                    } else {
                        r[dst] = (int) d;
                    }
                }
                case K_F2I -> {
                    int mods = c[o + AUX];
                    long d = f2i(mods, Mod.has(mods, Mod.F64) ? lsrc(c, r, o, 0) : src(c, r, o, 0), env);
                    if (Mod.itypeOf(mods).is64()) {
                        put64(r, dst, d);
                    } else {
                        r[dst] = (int) d;
                    }
                }
                case K_IADD3 -> {
                    long sum = usrc(c, r, o, 0) + usrc(c, r, o, 1) + usrc(c, r, o, 2)
                            + (pred(c, o, AUX + 2) ? 1 : 0) + (pred(c, o, AUX + 4) ? 1 : 0);
                    r[dst] = (int) sum;
                    long carry = sum >>> 32; // 0, 1 or 2: P1 + P2 = carry, as IADD3.X adds them back
                    p[c[o + AUX]] = carry >= 1 ? 1 : 0;
                    p[c[o + AUX + 1]] = carry >= 2 ? 1 : 0;
                }
                case K_IADD -> r[dst] = src(c, r, o, 0) + src(c, r, o, 1);
                case K_IMAD -> r[dst] = src(c, r, o, 0) * src(c, r, o, 1) + src(c, r, o, 2) + (pred(c, o, AUX + 2) ? 1 : 0);
                case K_IMAD_HI -> {
                    long hi = mulHi(src(c, r, o, 0), src(c, r, o, 1), c[o + AUX + 4] != 0);
                    long sum = (hi & 0xFFFFFFFFL) + usrc(c, r, o, 2) + (pred(c, o, AUX + 2) ? 1 : 0);
                    r[dst] = (int) sum;
                    p[c[o + AUX]] = (int) ((sum >>> 32) & 1);
                }
                case K_IMAD_WIDE -> {
                    long prod = mulWide(src(c, r, o, 0), src(c, r, o, 1), c[o + AUX + 4] != 0);
                    int cs = c[o + C];
                    long addend = (r[cs] & 0xFFFFFFFFL) | ((long) r[cs + 1] << 32);
                    long sum = prod + addend + (pred(c, o, AUX + 2) ? 1 : 0);
                    r[dst] = (int) sum;
                    r[dst + 1] = (int) (sum >>> 32);
                    p[c[o + AUX]] = wideCarry(sum, prod, addend) ? 1 : 0;
                }
                case K_ISETP -> setPredicates(c, o, compareInt(c[o + AUX], c[o + AUX + 6] != 0, c[o + AUX + 7] != 0,
                        c[o + AUX + 7] != 0 && preds[c[o + C]] != 0, src(c, r, o, 0), src(c, r, o, 1)));
                case K_LOP3 -> {
                    int v = lut(c[o + AUX], src(c, r, o, 0), src(c, r, o, 1), src(c, r, o, 2));
                    r[dst] = v;
                    p[c[o + AUX + 1]] = (v != 0) || pred(c, o, AUX + 2) ? 1 : 0;
                }
                case K_PLOP3 -> {
                    // the truth-table index a b c (the third source predicate's slot is in A, its negation in B)
                    int idx = (pred(c, o, AUX + 4) ? 4 : 0) | (pred(c, o, AUX + 6) ? 2 : 0) | (pred(c, o, A) ? 1 : 0);
                    p[c[o + AUX]] = (c[o + AUX + 2] >>> idx) & 1;
                    p[c[o + AUX + 1]] = (c[o + AUX + 3] >>> idx) & 1;
                }
                case K_SHF -> r[dst] = shf(c[o + AUX], src(c, r, o, 0), src(c, r, o, 1), src(c, r, o, 2));
                case K_SHR -> r[dst] = shr(src(c, r, o, 0), src(c, r, o, 1));
                case K_LEA -> r[dst] = (src(c, r, o, 0) << src(c, r, o, 2)) + src(c, r, o, 1);
                case K_MOV -> r[dst] = src(c, r, o, 0);
                case K_IABS -> r[dst] = Math.abs(src(c, r, o, 0));
                case K_POPC -> r[dst] = Integer.bitCount(src(c, r, o, 0));
                case K_FLO -> r[dst] = 31 - Integer.numberOfLeadingZeros(src(c, r, o, 0));
                case K_PRMT -> r[dst] = prmt(src(c, r, o, 0), src(c, r, o, 1), src(c, r, o, 2));
                case K_MOV_LO -> r[dst] = r[c[o + A]];
                case K_MOV_HI -> r[dst] = r[c[o + A] + 1];
                case K_DFMA_RN -> put64(r, dst, dfmaRn(lsrc(c, r, o, 0), lsrc(c, r, o, 1), lsrc(c, r, o, 2)));
                case K_DMUL_RN -> put64(r, dst, dmulRn(lsrc(c, r, o, 0), lsrc(c, r, o, 1)));
                case K_DADD_RN -> put64(r, dst, daddRn(lsrc(c, r, o, 0), lsrc(c, r, o, 1)));
                case K_DFMA -> put64(r, dst, softDouble(K_DFMA, c[o + AUX], lsrc(c, r, o, 0), lsrc(c, r, o, 1),
                        lsrc(c, r, o, 2), env));
                case K_DMUL, K_DADD -> put64(r, dst, softDouble(c[o + KIND], c[o + AUX], lsrc(c, r, o, 0),
                        lsrc(c, r, o, 1), 0, env));
                case K_DSETP -> setPredicates(c, o, compareFloat(c[o + AUX], dsrc(c, r, o, 0), dsrc(c, r, o, 1)));
                case K_BRA -> {
                    if (pred(c, o, AUX)) {
                        next = c[o + AUX + 2];
                    }
                }
                case K_JMP -> next = c[o + AUX + 2];
                case K_CALL -> {
                    if (sp == MAX_CALL_DEPTH) {
                        throw new IllegalStateException(program.name() + ": call stack overflow at " + pc);
                    }
                    stack[sp++] = next;
                    next = c[o + AUX + 2];
                }
                case K_RET -> {
                    if (sp == 0) {
                        throw new IllegalStateException(program.name() + ": RET with an empty call stack at " + pc);
                    }
                    next = stack[--sp];
                }
                case K_BSSY -> barriers[c[o + AUX]] = c[o + AUX + 2] + 1;
                case K_BSYNC -> {
                    if (barriers[c[o + AUX]] == 0) {
                        throw new IllegalStateException(program.name() + ": BSYNC of a barrier no BSSY armed, at " + pc);
                    }
                    barriers[c[o + AUX]] = 0;
                }
                case K_EXIT -> {
                    if (sp != 0) {
                        throw new IllegalStateException(program.name() + ": EXIT inside a call, at " + pc);
                    }
                    runs++;
                    steps += n;
                    if (trace != null) {
                        trace.step(pc, program.code().get(pc), 0);
                    }
                    return;
                }
                default -> throw new IllegalStateException("bad instruction kind " + c[o + KIND]);
            }
            if (trace != null) {
                trace.step(pc, program.code().get(pc), dst >= 0 && dst < r.length ? r[dst] & 0xFFFFFFFFL : 0);
            }
            pc = next;
        }
    }

    // ------------------------------------------------------------------ operand helpers

    private static int src(int[] c, int[] r, int o, int i) {
        return ((r[c[o + A + i]] & c[o + AND_A + i]) ^ c[o + XOR_A + i]) + c[o + ADD_A + i];
    }

    /** The source as an unsigned 33-bit quantity, so that -R (~R + 1) carries as in hardware. */
    private static long usrc(int[] c, int[] r, int o, int i) {
        return (((r[c[o + A + i]] & c[o + AND_A + i]) ^ c[o + XOR_A + i]) & 0xFFFFFFFFL) + c[o + ADD_A + i];
    }

    private static double dsrc(int[] c, int[] r, int o, int i) {
        return Double.longBitsToDouble(lsrc(c, r, o, i));
    }

    /** A binary64 source's bits, modifiers applied (a -R or |R| NaN has its sign changed too). */
    private static long lsrc(int[] c, int[] r, int o, int i) {
        int s = c[o + A + i];
        long hi = (r[s + 1] & c[o + AND_A + i]) ^ c[o + XOR_A + i];
        return (hi << 32) | (r[s] & 0xFFFFFFFFL);
    }

    private boolean pred(int[] c, int o, int at) {
        return (preds[c[o + at]] ^ c[o + at + 1]) != 0;
    }

    private void setPredicates(int[] c, int o, boolean result) {
        boolean other = pred(c, o, AUX + 4);
        int op = c[o + AUX + 1];
        preds[c[o + AUX + 2]] = combine(op, result, other) ? 1 : 0;
        preds[c[o + AUX + 3]] = combine(op, !result, other) ? 1 : 0;
    }

    /** A SETP's predicate from its comparison and the other source by the BoolOp of ordinal op. */
    static boolean combine(int op, boolean x, boolean y) {
        return switch (BOOL_OPS[op]) {
            case AND -> x && y;
            case OR -> x || y;
            case XOR -> x ^ y;
        };
    }

    private static void put64(int[] r, int dst, long v) {
        r[dst] = (int) v;
        r[dst + 1] = (int) (v >>> 32);
    }

    static int nan32(int v) {
        return (v & 0x7FFFFFFF) > 0x7F800000 ? CANONICAL_NAN : v;
    }

    /** DFMA.RN: when the result is a NaN, the one the GPU gives for these sources. */
    static long dfmaRn(long a, long b, long c) {
        long v = Double.doubleToRawLongBits(Math.fma(Double.longBitsToDouble(a), Double.longBitsToDouble(b),
                Double.longBitsToDouble(c)));
        return (v & Long.MAX_VALUE) <= 0x7FF0000000000000L ? v : GpuNaN.fma(v, a, b, c);
    }

    static long dmulRn(long a, long b) {
        long v = Double.doubleToRawLongBits(Double.longBitsToDouble(a) * Double.longBitsToDouble(b));
        return (v & Long.MAX_VALUE) <= 0x7FF0000000000000L ? v : GpuNaN.addMul(v, a, b);
    }

    static long daddRn(long a, long b) {
        long v = Double.doubleToRawLongBits(Double.longBitsToDouble(a) + Double.longBitsToDouble(b));
        return (v & Long.MAX_VALUE) <= 0x7FF0000000000000L ? v : GpuNaN.addMul(v, a, b);
    }

    static int ffmaRn(int a, int b, int c) {
        return nan32(Float.floatToRawIntBits(Math.fma(Float.intBitsToFloat(a), Float.intBitsToFloat(b),
                Float.intBitsToFloat(c))));
    }

    static int fmulRn(int a, int b) {
        return nan32(Float.floatToRawIntBits(Float.intBitsToFloat(a) * Float.intBitsToFloat(b)));
    }

    static int faddRn(int a, int b) {
        return nan32(Float.floatToRawIntBits(Float.intBitsToFloat(a) + Float.intBitsToFloat(b)));
    }

    /** FSETP's comparison (cmp: a Cmp ordinal), the sources flushed first when ftz. */
    static boolean fsetp(int cmp, boolean ftz, int a, int b) {
        if (ftz) {
            a = daz(a);
            b = daz(b);
        }
        return compareFloat(cmp, Float.intBitsToFloat(a), Float.intBitsToFloat(b));
    }

    /** IMAD.HI's high word of the 64-bit product (as a long, not yet masked). */
    static long mulHi(long a, long b, boolean unsigned) {
        return unsigned ? ((a & 0xFFFFFFFFL) * (b & 0xFFFFFFFFL)) >>> 32 : (a * b) >> 32;
    }

    /** IMAD.WIDE's 64-bit product. */
    static long mulWide(long a, long b, boolean unsigned) {
        return unsigned ? (a & 0xFFFFFFFFL) * (b & 0xFFFFFFFFL) : a * b;
    }

    /** IMAD.WIDE's carry out of prod + addend (+ carry in) = sum. */
    static boolean wideCarry(long sum, long prod, long addend) {
        return Long.compareUnsigned(sum, prod) < 0 || (sum == prod && addend != 0);
    }

    static int shr(int a, int s) {
        return Integer.compareUnsigned(s, 31) > 0 ? 0 : a >>> s;
    }

    /** DAZ: a subnormal operand as a zero of its sign. */
    static int daz(int v) {
        return (v & 0x7F800000) == 0 ? v & 0x80000000 : v;
    }

    /** A rounded result above the smallest normal (or a NaN or infinity) needs no flush decision. */
    private static boolean clearOfUnderflow(int v) {
        return (v & 0x7FFFFFFF) > 0x00800000;
    }

    static int ffmaFtz(int a, int b, int cc, Env env) {
        int v = Float.floatToRawIntBits(Math.fma(Float.intBitsToFloat(a), Float.intBitsToFloat(b), Float.intBitsToFloat(cc)));
        return clearOfUnderflow(v) ? nan32(v) : softFloat(Mod.FTZ, 3, a, b, cc, env);
    }

    static int fmulFtz(int a, int b, Env env) {
        int v = Float.floatToRawIntBits(Float.intBitsToFloat(a) * Float.intBitsToFloat(b));
        return clearOfUnderflow(v) ? nan32(v) : softFloat(Mod.FTZ, 2, a, b, 0, env);
    }

    static int faddFtz(int a, int b, Env env) {
        int v = Float.floatToRawIntBits(Float.intBitsToFloat(a) + Float.intBitsToFloat(b));
        return clearOfUnderflow(v) ? nan32(v) : softFloat(Mod.FTZ, 1, a, b, 0, env);
    }

    private static RoundingMode rounding(int mods) {
        return switch (Mod.round(mods)) {
            case Mod.RZ -> RoundingMode.MIN_MAG;
            case Mod.RM -> RoundingMode.MIN;
            case Mod.RP -> RoundingMode.MAX;
            default -> RoundingMode.NEAR_EVEN;
        };
    }

    private static void setEnv(int mods, Env env) {
        env.ftz = Mod.has(mods, Mod.FTZ);
        env.daz = env.ftz;
        env.flags = 0;
    }

    /**
     * FADD (which = 1), FMUL (2), FFMA (3) in the modifiers' rounding and FTZ. Directed roundings
     * start from the double result of the same operation (one rounding of the exact value to 53
     * bits: a float product is exact in double, a float sum and Math.fma round once): when it is
     * not itself a float, the exact value lies strictly between the same two neighbouring floats
     * (a float between them would be nearer than the double), so the directed result is one of
     * them. Results that are floats, zero, near the subnormal range or the overflow threshold,
     * and every NaN or infinity, go to softfloat.
     */
    static int softFloat(int mods, int which, int a, int b, int cc, Env env) {
        if (Mod.round(mods) != Mod.RN) {
            if (Mod.has(mods, Mod.FTZ)) {
                a = daz(a);
                b = daz(b);
                cc = daz(cc);
            }
            double x = Float.intBitsToFloat(a);
            double y = Float.intBitsToFloat(b);
            double v = switch (which) {
                case 1 -> x + y;
                case 2 -> x * y;
                default -> Math.fma(x, y, Float.intBitsToFloat(cc));
            };
            double mag = Math.abs(v);
            if (mag >= 0x1p-125 && mag < Float.MAX_VALUE) { // NaN fails both
                float f = (float) v;
                if (f != v) {
                    float lo = f < v ? f : Math.nextDown(f);
                    float hi = Math.nextUp(lo);
                    float r = switch (Mod.round(mods)) {
                        case Mod.RP -> hi;
                        case Mod.RM -> lo;
                        default -> v > 0 ? lo : hi; // RZ
                    };
                    return Float.floatToRawIntBits(r);
                }
            }
        }
        return softFloatExact(mods, which, a, b, cc, env);
    }

    private static int softFloatExact(int mods, int which, int a, int b, int cc, Env env) {
        setEnv(mods, env);
        return switch (which) {
            case 1 -> F32.add(a, b, rounding(mods), env);
            case 2 -> F32.mul(a, b, rounding(mods), env);
            default -> F32.mulAdd(a, b, cc, rounding(mods), env);
        };
    }

    /** DFMA, DMUL or DADD (kind) in a directed rounding (cc: DFMA's addend). */
    static long softDouble(int kind, int mods, long a, long b, long cc, Env env) {
        setEnv(mods & ~Mod.FTZ, env);
        return switch (kind) {
            case K_DFMA -> GpuNaN.fma(F64.mulAdd(a, b, cc, rounding(mods), env), a, b, cc);
            case K_DMUL -> GpuNaN.addMul(F64.mul(a, b, rounding(mods), env), a, b);
            default -> GpuNaN.addMul(F64.add(a, b, rounding(mods), env), a, b);
        };
    }

    static boolean compareFloat(int cmp, double a, double b) {
        boolean un = Double.isNaN(a) || Double.isNaN(b);
        return switch (CMPS[cmp]) {
            case F -> false;
            case LT -> a < b;
            case EQ -> a == b;
            case LE -> a <= b;
            case GT -> a > b;
            case NE -> !un && a != b;
            case GE -> a >= b;
            case NUM -> !un;
            case NAN -> un;
            case LTU -> un || a < b;
            case EQU -> un || a == b;
            case LEU -> un || a <= b;
            case GTU -> un || a > b;
            case NEU -> un || a != b;
            case GEU -> un || a >= b;
            case T -> true;
        };
    }

    /** ISETP's comparison; for .EX (the high half of a 64-bit compare) low is the low half's predicate. */
    static boolean compareInt(int cmp, boolean unsigned, boolean ex, boolean low, int a, int b) {
        int rel = unsigned ? Integer.compareUnsigned(a, b) : Integer.compare(a, b);
        if (ex) {
            // high half of a 64-bit compare: strict order decides, equality defers to the low half
            return switch (CMPS[cmp]) {
                case LT, LTU -> rel < 0 || (rel == 0 && low);
                case LE, LEU -> rel < 0 || (rel == 0 && low);
                case GT, GTU -> rel > 0 || (rel == 0 && low);
                case GE, GEU -> rel > 0 || (rel == 0 && low);
                case EQ, EQU -> rel == 0 && low;
                case NE, NEU -> rel != 0 || low;
                case T -> true;
                default -> false;
            };
        }
        return switch (CMPS[cmp]) {
            case LT, LTU -> rel < 0;
            case LE, LEU -> rel <= 0;
            case GT, GTU -> rel > 0;
            case GE, GEU -> rel >= 0;
            case EQ, EQU -> rel == 0;
            case NE, NEU -> rel != 0;
            case T -> true;
            default -> false;
        };
    }

    /**
     * LOP3's truth table (PTX's lop3.b32 has the same): bit (a_i << 2 | b_i << 1 | c_i) of lut
     * gives result bit i.
     */
    public static int lut(int lut, int a, int b, int c) {
        int r = 0;
        for (int k = 0; k < 8; k++) {
            if ((lut >>> k & 1) != 0) {
                int ta = (k & 4) != 0 ? a : ~a;
                int tb = (k & 2) != 0 ? b : ~b;
                int tc = (k & 1) != 0 ? c : ~c;
                r |= ta & tb & tc;
            }
        }
        return r;
    }

    /** SHF: funnel shift of hi:lo by min(shift, 32) (64 for the 64-bit types), the low or high word. */
    static int shf(int mods, int lo, int shift, int hi) {
        IntType t = Mod.itypeOf(mods);
        int limit = t.is64() ? 64 : 32;
        int s = Integer.compareUnsigned(shift, limit) > 0 ? limit : shift;
        long v = ((long) hi << 32) | (lo & 0xFFFFFFFFL);
        long w;
        if (Mod.has(mods, Mod.LEFT)) {
            w = s == 64 ? 0 : v << s;
        } else if (t.signed()) {
            w = v >> Math.min(s, 63);
        } else {
            w = s == 64 ? 0 : v >>> s;
        }
        return Mod.has(mods, Mod.HI) ? (int) (w >>> 32) : (int) w;
    }

    /** PRMT d, a, sel, b: byte i of d is byte (sel nibble i & 7) of b:a. */
    static int prmt(int a, int sel, int b) {
        long bytes = ((long) b << 32) | (a & 0xFFFFFFFFL);
        int r = 0;
        for (int i = 0; i < 4; i++) {
            int idx = (sel >>> (4 * i)) & 7;
            r |= (int) ((bytes >>> (8 * idx)) & 0xFF) << (8 * i);
        }
        return r;
    }

    /** I2F's result bits (a binary32 in the low word unless .F64) for the integer source v. */
    static long i2f(int mods, long v, Env env) {
        setEnv(mods & ~Mod.FTZ, env);
        IntType t = Mod.itypeOf(mods);
        if (Mod.has(mods, Mod.F64)) {
            return switch (t) {
                case U32 -> F64.fromUI32((int) v, env);
                case S32 -> F64.fromI32((int) v, env);
                case U64 -> F64.fromUI64(v, rounding(mods), env);
                case S64 -> F64.fromI64(v, rounding(mods), env);
            };
        }
        return switch (t) {
            case U32 -> F32.fromUI32((int) v, rounding(mods), env);
            case S32 -> F32.fromI32((int) v, rounding(mods), env);
            case U64 -> F32.fromUI64(v, rounding(mods), env);
            case S64 -> F32.fromI64(v, rounding(mods), env);
        };
    }

    /** F2I's result (one word unless the integer type is 64-bit) for the source bits a (binary64 when .F64). */
    static long f2i(int mods, long a, Env env) {
        setEnv(mods, env);
        RoundingMode rm = switch (Mod.round(mods)) {
            case Mod.RZ -> RoundingMode.MIN_MAG;
            case Mod.RM -> RoundingMode.MIN;
            case Mod.RP -> RoundingMode.MAX;
            default -> RoundingMode.NEAR_EVEN;
        };
        IntType t = Mod.itypeOf(mods);
        if (Mod.has(mods, Mod.F64)) {
            return switch (t) {
                case U32 -> F64.toUI32(a, rm, false, env);
                case S32 -> F64.toI32(a, rm, false, env);
                case U64 -> F64.toUI64(a, rm, false, env);
                case S64 -> F64.toI64(a, rm, false, env);
            };
        }
        int x = (int) a;
        return switch (t) {
            case U32 -> F32.toUI32(x, rm, false, env);
            case S32 -> F32.toI32(x, rm, false, env);
            case U64 -> F32.toUI64(x, rm, false, env);
            case S64 -> F32.toI64(x, rm, false, env);
        };
    }

    // ------------------------------------------------------------------ compilation

    private static int[] compile(Program prog, int constBase, int sink, int predSink) {
        int n = prog.code().size();
        int[] c = new int[n * S];
        for (int pc = 0; pc < n; pc++) {
            SassInstruction in = prog.code().get(pc);
            int o = pc * S;
            for (int i = 0; i < 3; i++) {
                c[o + AND_A + i] = -1;
            }
            c[o + DST] = -1;
            int g = in.guard();
            c[o + GUARD] = predSlot(g, predSink);
            c[o + GUARD_NEG] = Operand.isNegated(g) ? 1 : 0;
            new Compiler(prog, in, c, o, constBase, sink, predSink).compile();
        }
        return c;
    }

    private static int predSlot(int operand, int predSink) {
        return Operand.isZeroIndex(operand) ? 0 : Operand.index(operand) + 1;
    }

    /** Fills one compiled record. */
    private static final class Compiler {
        private final Program prog;
        private final SassInstruction in;
        private final int[] c;
        private final int o;
        private final int constBase;
        private final int sink;
        private final int predSink;
        private int nextSource;

        Compiler(Program prog, SassInstruction in, int[] c, int o, int constBase, int sink, int predSink) {
            this.prog = prog;
            this.in = in;
            this.c = c;
            this.o = o;
            this.constBase = constBase;
            this.sink = sink;
            this.predSink = predSink;
        }

        private int slot(int operand) {
            return switch (Operand.kind(operand)) {
                case Operand.SRC -> Operand.isZeroIndex(operand) ? sink + 2 : Operand.index(operand);
                case Operand.IMM -> constBase + 2 * Operand.index(operand);
                default -> throw new IllegalArgumentException(prog.name() + ": operand kind "
                        + Integer.toHexString(Operand.kind(operand)) + " is not a value, in " + in);
            };
        }

        private void dest(int operand) {
            c[o + DST] = Operand.isZeroIndex(operand) ? sink : Operand.index(operand);
        }

        private int predDest(int operand) {
            return Operand.isZeroIndex(operand) ? predSink : Operand.index(operand) + 1;
        }

        private void predSource(int at, int operand) {
            if (Operand.isZeroIndex(operand)) {
                c[o + at] = 0;
            } else {
                c[o + at] = Operand.index(operand) + 1;
            }
            c[o + at + 1] = Operand.isNegated(operand) ? 1 : 0;
        }

        /** The next value source with float modifiers (-R: sign flip, |R|). */
        private void floatSource(int operand) {
            int i = nextSource++;
            c[o + A + i] = slot(operand);
            if (Operand.isAbs(operand)) {
                c[o + AND_A + i] = 0x7FFFFFFF;
            }
            if (Operand.isNegated(operand)) {
                c[o + XOR_A + i] = 0x80000000;
            }
        }

        /** The next value source with integer modifiers (-R: two's complement, ~R). */
        private void intSource(int operand) {
            int i = nextSource++;
            c[o + A + i] = slot(operand);
            if (Operand.isNegated(operand)) {
                c[o + XOR_A + i] = -1;
                c[o + ADD_A + i] = 1;
            } else if (Operand.isNot(operand)) {
                c[o + XOR_A + i] = -1;
            }
        }

        private int target(int operand) {
            return prog.labelPc(Operand.index(operand));
        }

        private int imm(int operand) {
            return (int) prog.constant(Operand.index(operand));
        }

        void compile() {
            int mods = in.mods();
            int[] ops = in.operands();
            boolean ftz = Mod.has(mods, Mod.FTZ);
            boolean rn = Mod.round(mods) == Mod.RN;
            switch (in.op()) {
                case FFMA, FMUL, FADD -> {
                    dest(ops[0]);
                    for (int i = 1; i < ops.length; i++) {
                        floatSource(ops[i]);
                    }
                    int base = in.op() == SassOpcode.FFMA ? K_FFMA_RN : in.op() == SassOpcode.FMUL ? K_FMUL_RN : K_FADD_RN;
                    c[o + KIND] = !rn ? base + 2 : ftz ? base + 1 : base;
                    c[o + AUX] = mods;
                    // no source modifiers: the variants that read the registers directly
                    if (plainSources(ops.length - 1)) {
                        if (c[o + KIND] == K_FFMA_RN) {
                            c[o + KIND] = K_FFMA_RN_PLAIN;
                        } else if (c[o + KIND] == K_FMUL_RN_FTZ) {
                            c[o + KIND] = K_FMUL_RN_FTZ_PLAIN;
                        }
                    }
                }
                case FSETP, DSETP -> {
                    floatSource(ops[2]);
                    floatSource(ops[3]);
                    c[o + KIND] = in.op() == SassOpcode.FSETP ? K_FSETP : K_DSETP;
                    setpAux(ops, mods);
                    c[o + AUX + 6] = ftz ? 1 : 0;
                }
                case ISETP -> {
                    intSource(ops[2]);
                    intSource(ops[3]);
                    c[o + KIND] = K_ISETP;
                    setpAux(ops, mods);
                    c[o + AUX + 6] = Mod.has(mods, Mod.U32) ? 1 : 0;
                    c[o + AUX + 7] = Mod.has(mods, Mod.EX) ? 1 : 0;
                    c[o + C] = Operand.isZeroIndex(ops[5]) ? 0 : Operand.index(ops[5]) + 1; // the low half's predicate
                    if (Mod.has(mods, Mod.EX) && Operand.isNegated(ops[5])) {
                        throw new IllegalArgumentException("ISETP.EX with a negated low predicate is not modelled");
                    }
                }
                case FSEL, SEL -> {
                    dest(ops[0]);
                    if (in.op() == SassOpcode.FSEL) {
                        floatSource(ops[1]);
                        floatSource(ops[2]);
                    } else {
                        intSource(ops[1]);
                        intSource(ops[2]);
                    }
                    predSource(AUX, ops[3]);
                    c[o + KIND] = in.op() == SassOpcode.FSEL ? K_FSEL : K_SEL;
                }
                case FCHK -> {
                    floatSource(ops[1]);
                    floatSource(ops[2]);
                    c[o + AUX] = predDest(ops[0]);
                    c[o + KIND] = K_FCHK;
                }
                case MUFU -> {
                    dest(ops[0]);
                    floatSource(ops[1]);
                    c[o + AUX] = Mod.mufuOf(mods).ordinal();
                    c[o + KIND] = K_MUFU;
                }
                case I2F, F2I -> {
                    dest(ops[0]);
                    if (in.op() == SassOpcode.F2I) {
                        floatSource(ops[1]);
                    } else {
                        intSource(ops[1]);
                    }
                    c[o + AUX] = mods;
                    c[o + KIND] = in.op() == SassOpcode.I2F ? K_I2F : K_F2I;
                }
                case IADD3 -> {
                    dest(ops[0]);
                    c[o + AUX] = predDest(ops[1]);
                    c[o + AUX + 1] = predDest(ops[2]);
                    intSource(ops[3]);
                    intSource(ops[4]);
                    intSource(ops[5]);
                    carryIns(mods, ops[6], ops[7]);
                    c[o + KIND] = K_IADD3;
                }
                case IADD -> {
                    dest(ops[0]);
                    intSource(ops[1]);
                    intSource(ops[2]);
                    c[o + KIND] = K_IADD;
                }
                case IMAD, IMAD_WIDE -> {
                    dest(ops[0]);
                    c[o + AUX] = predDest(ops[1]);
                    intSource(ops[2]);
                    intSource(ops[3]);
                    intSource(ops[4]);
                    carryIns(mods, ops[5], Operand.NOT_PT);
                    c[o + AUX + 4] = Mod.has(mods, Mod.U32) ? 1 : 0;
                    c[o + KIND] = in.op() == SassOpcode.IMAD_WIDE ? K_IMAD_WIDE : Mod.has(mods, Mod.HI) ? K_IMAD_HI : K_IMAD;
                    if (in.op() == SassOpcode.IMAD_WIDE && (Operand.isNegated(ops[4]) || Operand.isNot(ops[4]))) {
                        throw new IllegalArgumentException("IMAD.WIDE with a modified 64-bit addend is not modelled");
                    }
                }
                case LOP3 -> {
                    dest(ops[0]);
                    intSource(ops[2]);
                    intSource(ops[3]);
                    intSource(ops[4]);
                    c[o + AUX] = imm(ops[5]);
                    c[o + AUX + 1] = predDest(ops[1]);
                    predSource(AUX + 2, ops[6]);
                    c[o + KIND] = K_LOP3;
                }
                case PLOP3 -> {
                    c[o + AUX] = predDest(ops[0]);
                    c[o + AUX + 1] = predDest(ops[1]);
                    c[o + AUX + 2] = imm(ops[5]);
                    c[o + AUX + 3] = imm(ops[6]);
                    predSource(AUX + 4, ops[2]);
                    predSource(AUX + 6, ops[3]);
                    predSource(A, ops[4]);
                    c[o + KIND] = K_PLOP3;
                }
                case SHF -> {
                    dest(ops[0]);
                    intSource(ops[1]);
                    intSource(ops[2]);
                    intSource(ops[3]);
                    c[o + AUX] = mods;
                    c[o + KIND] = K_SHF;
                }
                case SHR -> {
                    dest(ops[0]);
                    intSource(ops[1]);
                    intSource(ops[2]);
                    c[o + KIND] = K_SHR;
                }
                case LEA -> {
                    dest(ops[0]);
                    intSource(ops[1]);
                    intSource(ops[2]);
                    intSource(ops[3]);
                    c[o + KIND] = K_LEA;
                }
                case PRMT -> {
                    dest(ops[0]);
                    intSource(ops[1]);
                    intSource(ops[2]);
                    intSource(ops[3]);
                    c[o + KIND] = K_PRMT;
                }
                case MOV, IABS, POPC, FLO -> {
                    dest(ops[0]);
                    intSource(ops[1]);
                    c[o + KIND] = switch (in.op()) {
                        case MOV -> K_MOV;
                        case IABS -> K_IABS;
                        case POPC -> K_POPC;
                        default -> K_FLO;
                    };
                }
                case MOV_LO, MOV_HI -> {
                    dest(ops[0]);
                    c[o + A] = slot(ops[1]);
                    c[o + KIND] = in.op() == SassOpcode.MOV_LO ? K_MOV_LO : K_MOV_HI;
                }
                case DFMA, DMUL, DADD -> {
                    dest(ops[0]);
                    for (int i = 1; i < ops.length; i++) {
                        floatSource(ops[i]);
                    }
                    int base = in.op() == SassOpcode.DFMA ? K_DFMA_RN : in.op() == SassOpcode.DMUL ? K_DMUL_RN : K_DADD_RN;
                    c[o + KIND] = rn ? base : base + 1;
                    c[o + AUX] = mods;
                }
                case BRA -> {
                    predSource(AUX, ops[0]);
                    c[o + AUX + 2] = target(ops[1]);
                    c[o + KIND] = K_BRA;
                }
                case JMP, CALL -> {
                    c[o + AUX + 2] = target(ops[0]);
                    c[o + KIND] = in.op() == SassOpcode.JMP ? K_JMP : K_CALL;
                }
                case RET -> c[o + KIND] = K_RET;
                case BSSY -> {
                    c[o + AUX] = Operand.index(ops[0]);
                    c[o + AUX + 2] = target(ops[1]);
                    c[o + KIND] = K_BSSY;
                }
                case BSYNC -> {
                    c[o + AUX] = Operand.index(ops[0]);
                    c[o + KIND] = K_BSYNC;
                }
                case EXIT -> c[o + KIND] = K_EXIT;
                case NOP -> c[o + KIND] = K_NOP;
            }
        }

        private boolean plainSources(int n) {
            for (int i = 0; i < n; i++) {
                if (c[o + AND_A + i] != -1 || c[o + XOR_A + i] != 0 || c[o + ADD_A + i] != 0) {
                    return false;
                }
            }
            return true;
        }

        private void setpAux(int[] ops, int mods) {
            c[o + AUX] = Mod.cmpOf(mods).ordinal();
            c[o + AUX + 1] = Mod.boolOf(mods).ordinal();
            c[o + AUX + 2] = predDest(ops[0]);
            c[o + AUX + 3] = predDest(ops[1]);
            predSource(AUX + 4, ops[4]);
        }

        private void carryIns(int mods, int in1, int in2) {
            if (Mod.has(mods, Mod.X)) {
                predSource(AUX + 2, in1);
                if (in.op() == SassOpcode.IADD3) {
                    predSource(AUX + 4, in2);
                }
            } else {
                c[o + AUX + 2] = 0; // PT negated: false
                c[o + AUX + 3] = 1;
                if (in.op() == SassOpcode.IADD3) {
                    c[o + AUX + 4] = 0;
                    c[o + AUX + 5] = 1;
                }
            }
        }
    }
}
