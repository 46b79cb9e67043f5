package org.nvlower.sass.template;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.nvlower.sass.SassInstruction;
import org.nvlower.sass.Label;
import org.nvlower.sass.SassOpcode;
import org.nvlower.sass.Operand;
import org.nvlower.sass.Path;
import org.nvlower.sass.Pred;
import org.nvlower.sass.Program;
import org.nvlower.sass.ProgramBuilder;
import org.nvlower.sass.Reg;
import org.nvlower.sass.Section;
import org.nvlower.sass.VRegDesc;

/**
 * The master lowering dispatcher (seed 3, sub_AED3C0): PTX opcode -> handler, one table. A
 * {@code Dispatcher} expands the math instructions of one function into that function's
 * {@link ProgramBuilder}. On a template's first use in the function it creates the template's
 * {@link TemplateState} (lazily, as the seed's handlers do) with the mode the
 * {@link CompilationContext} decides:
 *
 * <ul>
 * <li>template-call: the template's code is emitted once, as three named sections
 *     {@code __ori_template_<NAME>1} (entry and fast path), {@code ...2} (the slow path) and
 *     {@code ...3} (the return), with registers of its own allocated once from the template's
 *     descriptor table (template-owned); each call site moves its operands into them, arms a
 *     convergence barrier (BSSY), CALLs section 1, synchronises (BSYNC) and moves the result out;
 * <li>inline: each call site gets its own copy, its temporaries allocated from the descriptor
 *     table afresh (template-owned), the template's EXIT replaced by a BRA past the copy; the slow
 *     path stays out of line (one unnamed-by-the-seed section per site, emitted by {@link #finish}).
 * </ul>
 *
 * Usage: emit the function's code, call {@link #expand} at each math instruction, emit the
 * function's EXIT, call {@link #finish}, then build. Predicates of the templates are a pool shared
 * by all sites (a template's predicates are dead outside it).
 */
public final class Dispatcher {

    /** The handler table: PTX opcode -> the template's name (the seed's for FP64, nvlower's for the rest). */
    private static final Map<String, String> HANDLERS = handlers();

    private static Map<String, String> handlers() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("div.rn.f64", "DDIV");
        m.put("rcp.rn.f64", "DRCP");
        m.put("sqrt.rn.f64", "DSQRT");
        m.put("rsqrt.approx.f64", "DRSQRT");
        for (String op : Templates.names()) {
            if (!op.contains(":") && !m.containsKey(op)) {
                m.put(op, op.replace('.', '_').toUpperCase(java.util.Locale.ROOT));
            }
        }
        return java.util.Collections.unmodifiableMap(m);
    }

    /** The PTX opcodes the dispatcher expands (div.rn.f64, rcp.rn.f64, ..., div.u32, ...). */
    public static Set<String> opcodes() {
        return HANDLERS.keySet();
    }

    /** The template name of a PTX opcode (DDIV for div.rn.f64), or empty when no handler exists. */
    public static Optional<String> templateName(String opcode) {
        return Optional.ofNullable(HANDLERS.get(opcode));
    }

    private final ProgramBuilder fn;
    private final CompilationContext ctx;
    private final boolean previousUseCall;
    private final Map<String, TemplateState> states = new LinkedHashMap<>();
    private final Map<String, Shared> shared = new LinkedHashMap<>();
    private final List<Runnable> deferred = new ArrayList<>();
    private final List<Pred> predPool = new ArrayList<>();
    private final List<Integer> barrierPool = new ArrayList<>();
    private int nextTemplateId;
    private int nextSectionId;
    private int sites;

    /** The registers and entry label of a template in template-call mode, shared by every call site. */
    private record Shared(Template template, Map<Integer, Integer> slots, Label entry) {}

    /**
     * @param previousUseCall use_template_call of the previous iteration (false on a first pass)
     */
    public Dispatcher(ProgramBuilder function, CompilationContext ctx, boolean previousUseCall) {
        this.fn = function;
        this.ctx = ctx;
        this.previousUseCall = previousUseCall;
    }

    public Dispatcher(ProgramBuilder function, CompilationContext ctx) {
        this(function, ctx, false);
    }

    /** The template states made so far, by template name. */
    public Map<String, TemplateState> states() {
        return java.util.Collections.unmodifiableMap(states);
    }

    /** Expands {@code opcode} at the current point: dest = opcode(sources). */
    public void expand(String opcode, Reg dest, Reg... sources) {
        String name = templateName(opcode).orElseThrow(() -> new IllegalArgumentException("no template handler for '"
                + opcode + "' (handlers: " + String.join(", ", opcodes()) + ")"));
        Template t = Templates.forTarget(opcode, ctx.sm(), ctx.registerLimit());
        Program p = t.program();
        if (sources.length != p.inputs().size()) {
            throw new IllegalArgumentException(opcode + " takes " + p.inputs().size() + " operands");
        }
        TemplateState state = states.computeIfAbsent(name, k -> newState(t));
        sites++;
        if (state.useTemplateCall()) {
            callSite(name, t, dest, sources);
        } else {
            inlineSite(name, t, dest, sources);
        }
    }

    /**
     * Expands {@code t}, a sequence the opcode table does not hold (division by a constant), at
     * the current point: always inline and without a template state, as ptxas emits such a
     * multiply-high sequence in place.
     */
    public void expandInPlace(Template t, Reg dest, Reg... sources) {
        if (sources.length != t.program().inputs().size()) {
            throw new IllegalArgumentException(t.op() + " takes " + t.program().inputs().size() + " operands");
        }
        sites++;
        inlineSite(t.op().replaceAll("\\W", "_"), t, dest, sources);
    }

    private TemplateState newState(Template t) {
        boolean call = ctx.useTemplateCall(previousUseCall);
        List<Integer> ids = call ? List.of(nextSectionId++, nextSectionId++, nextSectionId++) : List.of(-1, -1, -1);
        return new TemplateState(nextTemplateId++, ids, call, ctx.optLevelNonNeg());
    }

    // ------------------------------------------------------------------ template-call mode

    private void callSite(String name, Template t, Reg dest, Reg[] sources) {
        Shared s = shared.computeIfAbsent(name, k -> {
            Shared n = new Shared(t, allocate(t.program(), null, null), fn.label());
            deferred.add(() -> emitSections(name, n));
            return n;
        });
        Program p = t.program();
        Path saved = Path.GLUE;
        fn.path(saved);
        for (int i = 0; i < sources.length; i++) {
            move(sources[i], s.slots().get(p.inputs().get(i).id()));
        }
        int barrier = pooledBarrier(0);
        Label after = fn.label();
        fn.emitBarrier(SassOpcode.BSSY, barrier, after);
        fn.call(s.entry());
        fn.place(after);
        fn.emitBarrier(SassOpcode.BSYNC, barrier, null);
        Reg out = p.outputs().get(0);
        int from = s.slots().get(out.id());
        for (int w = 0; w < out.cls().ordinal() + 1; w++) {
            fn.mov(Operand.PT, new Reg(dest.id() + w, Reg.RegClass.R32), Operand.src(from + w));
        }
    }

    private void move(Reg from, int toSlot) {
        int words = from.cls() == Reg.RegClass.R64 ? 2 : 1;
        for (int w = 0; w < words; w++) {
            fn.mov(Operand.PT, new Reg(toSlot + w, Reg.RegClass.R32), Operand.src(from.id() + w));
        }
    }

    /** Sections 1 (main), 2 (slow path), 3 (RET) of a template in template-call mode. */
    private void emitSections(String name, Shared s) {
        Program p = s.template().program();
        Map<Integer, Label> labels = new HashMap<>();
        Label ret = fn.label();
        List<Section> secs = p.sections();
        for (int k = 0; k < secs.size(); k++) {
            String secName = "__ori_template_" + name + (k == 0 ? "1" : secs.size() > 2 ? "2_" + k : "2");
            fn.section(secName);
            if (k == 0) {
                fn.place(s.entry());
            }
            copy(p, secs.get(k), s.slots(), labels, ret);
        }
        fn.section("__ori_template_" + name + "3");
        fn.place(ret);
        fn.path(Path.GLUE);
        fn.ret();
    }

    // ------------------------------------------------------------------ inline mode

    private void inlineSite(String name, Template t, Reg dest, Reg[] sources) {
        Program p = t.program();
        // a result register that is also an operand gets the result through a temporary
        boolean overlaps = false;
        for (Reg src : sources) {
            overlaps |= Math.abs(src.id() - dest.id()) < 2;
        }
        Reg out = overlaps ? fn.temp(p.name() + ".result", dest.cls()) : dest;
        Map<Integer, Integer> slots = allocate(p, sources, out);
        Map<Integer, Label> labels = new HashMap<>();
        Label end = fn.label();
        List<Section> secs = p.sections();
        copy(p, secs.get(0), slots, labels, end);
        fn.place(end);
        if (overlaps) {
            fn.path(Path.GLUE);
            move(out, dest.id());
        }
        int site = sites;
        if (secs.size() > 1) {
            deferred.add(() -> {
                for (int k = 1; k < secs.size(); k++) {
                    fn.section(".L_" + name + "_site" + site + "_slowpath" + (secs.size() > 2 ? "_" + k : ""));
                    copy(p, secs.get(k), slots, labels, null);
                }
            });
        }
    }

    /** Emits the out-of-line code (template sections, inline slow paths); after the function's EXIT. */
    public void finish() {
        for (Runnable r : deferred) {
            r.run();
        }
        deferred.clear();
    }

    // ------------------------------------------------------------------ copying a template

    /**
     * The template's registers in the function: its descriptor table walked in order, each
     * register allocated with its class and marked template-owned; with {@code sources} (inline
     * mode) the inputs are the site's operands unless the template writes them, and the output
     * is {@code dest}.
     */
    private Map<Integer, Integer> allocate(Program p, Reg[] sources, Reg dest) {
        Map<Integer, Integer> slots = new HashMap<>();
        int input = 0;
        for (VRegDesc v : p.vregs()) {
            int id;
            if (sources != null && v.category() == VRegDesc.Category.INPUT) {
                Reg src = sources[input++];
                if (writes(p, v.id())) {
                    Reg copy = fn.temp(p.name() + "." + v.name(), v.cls());
                    move(src, copy.id());
                    id = copy.id();
                } else {
                    id = src.id();
                }
            } else if (dest != null && v.category() == VRegDesc.Category.OUTPUT) {
                id = dest.id();
            } else {
                id = fn.temp(p.name() + "." + v.name(), v.cls()).id();
            }
            slots.put(v.id(), id);
            if (v.cls() == Reg.RegClass.R64) {
                slots.put(v.id() + 1, id + 1);
            }
        }
        return slots;
    }

    private static boolean writes(Program p, int slot) {
        for (SassInstruction in : p.code()) {
            String layout = in.op().layout();
            for (int i = 0; i < layout.length() && i < in.operandCount(); i++) {
                int o = in.operand(i);
                if (layout.charAt(i) == 'd' && !Operand.isZeroIndex(o)) {
                    int r = Operand.index(o);
                    if (r == slot || r + 1 == slot) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private Pred pooledPred(int k) {
        while (predPool.size() <= k) {
            predPool.add(fn.pred());
        }
        return predPool.get(k);
    }

    private int pooledBarrier(int k) {
        while (barrierPool.size() <= k) {
            barrierPool.add(fn.barrier());
        }
        return barrierPool.get(k);
    }

    /** Copies one section of p, remapping registers, predicates, barriers, labels and constants; EXIT -> BRA exit. */
    private void copy(Program p, Section sec, Map<Integer, Integer> slots, Map<Integer, Label> labels, Label exit) {
        for (int pc = sec.start(); pc < sec.end(); pc++) {
            for (int l = 0; l < p.labelCount(); l++) {
                if (p.labelPc(l) == pc) {
                    Label mapped = labels.computeIfAbsent(l, k -> fn.label());
                    fn.place(mapped);
                }
            }
            SassInstruction in = p.code().get(pc);
            fn.path(in.path());
            int guard = mapOperand(p, in.guard(), slots, labels);
            if (in.op() == SassOpcode.EXIT) {
                fn.emitBranch(guard, SassOpcode.BRA, Operand.PT, exit);
                continue;
            }
            int[] ops = in.operands();
            int[] mapped = new int[ops.length];
            for (int i = 0; i < ops.length; i++) {
                mapped[i] = mapOperand(p, ops[i], slots, labels);
            }
            fn.emitGuarded(guard, in.op(), in.mods(), mapped);
        }
    }

    private int mapOperand(Program p, int o, Map<Integer, Integer> slots, Map<Integer, Label> labels) {
        if (Operand.isZeroIndex(o)) {
            return o;
        }
        int tagBits = o & 0xFF000000;
        int index = Operand.index(o);
        return switch (Operand.kind(o)) {
            case Operand.SRC -> tagBits | slots.get(index);
            case Operand.IMM -> tagBits | Operand.index(fn.imm(p.constant(index)));
            case Operand.TARGET -> labels.computeIfAbsent(index, k -> fn.label()).op();
            case Operand.PRED -> tagBits | pooledPred(index).id();
            case Operand.BARRIER -> tagBits | Operand.index(pooledBarrier(index + 1));
            default -> o;
        };
    }
}
