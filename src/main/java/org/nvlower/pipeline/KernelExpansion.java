package org.nvlower.pipeline;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.nvlower.diag.InputException;
import org.nvlower.ptx.PtxOperand;
import org.nvlower.ptx.PtxFunction;
import org.nvlower.ptx.PtxMathOp;
import org.nvlower.ptx.PtxModule;
import org.nvlower.ptx.PtxOpcodes;
import org.nvlower.ptx.PtxPrinter;
import org.nvlower.ptx.Statement;
import org.nvlower.ptx.Statement.Instruction;
import org.nvlower.sass.Label;
import org.nvlower.sass.Mod;
import org.nvlower.sass.Mod.Cmp;
import org.nvlower.sass.Operand;
import org.nvlower.sass.Path;
import org.nvlower.sass.Pred;
import org.nvlower.sass.Printer;
import org.nvlower.sass.Program;
import org.nvlower.sass.ProgramBuilder;
import org.nvlower.sass.Reg;
import org.nvlower.sass.Reg.RegClass;
import org.nvlower.sass.RegisterAllocation;
import org.nvlower.sass.SassOpcode;
import org.nvlower.nvptx.SmProcessor;

import org.nvlower.sass.template.ConstantDivision;
import org.nvlower.sass.template.Template;
import org.nvlower.sass.template.Dispatcher;
import org.nvlower.sass.template.TemplateState;
import org.nvlower.sass.template.TemplateKey;
import org.nvlower.sass.template.Templates;
import org.nvlower.sass.template.CompilationContext;
/**
 * A PTX module's math instructions matched with their templates: each site (function,
 * instruction, template op, the template or none yet), the counts per template, each function's
 * sites expanded through the {@link Dispatcher} (inline or template-call, as the compilation
 * context decides), and the module printed with every expanded site replaced by its code.
 * Every math instruction ({@link PtxOpcodes#MATH_BASES}) is a site; one not expanded (no template
 * yet, modifiers not recognised) is printed as PTX and counted with its reason.
 */
public final class KernelExpansion {

    /**
     * A math instruction of a function: its op as written in canonical order ({@code .ftz} added
     * under -ftz), the typed op when it is one nvlower has templates for (else null), the template
     * or null, whether that template is the multiply-high sequence of a division by its constant
     * divisor ({@link ConstantDivision}), and why it is not expanded (null when it is).
     */
    public record Site(PtxFunction function, Instruction instruction, String spelling, PtxMathOp op,
            Template template, boolean multiplyHigh, String reason) {
        public boolean expanded() {
            return template != null;
        }

        /** The divisor is an immediate (division by a constant). */
        public boolean constantDivisor() {
            return isConstantDivision(instruction);
        }

        /** The name of its row of counts: the op, or for a division by a constant the op and divisor. */
        public String rowName() {
            return multiplyHigh ? template.name() : spelling;
        }
    }

    private static boolean isConstantDivision(Instruction in) {
        return in.base().matches("div|rem") && in.operands().size() == 3
                && in.operands().get(2) instanceof PtxOperand.Immediate;
    }

    /**
     * The multiply-high sequence of {@link ConstantDivision} for an integer division whose divisor
     * is a nonzero immediate that fits the type (as ptxas divides by constants); else null, and
     * the variable-divisor template (division by zero gives its all-ones result) or the error of
     * an immediate out of range comes later.
     */
    private static Template constantDivision(Instruction in, PtxMathOp op) {
        if (!isConstantDivision(in) || !op.isIntegerDivision()) {
            return null;
        }
        try {
            long d = ((PtxOperand.Immediate) in.operands().get(2)).bits();
            return d == 0 ? null : ConstantDivision.template(op, d);
        } catch (IllegalArgumentException e) { // NumberFormatException too: not a divisor of this type
            return null;
        }
    }

    /** The counts of one template op over a module: sites, and the template's own figures (null: not expanded, and why). */
    public record Row(String op, int sites, Template template, String reason) {}

    private final PtxModule module;
    private final List<Site> sites = new ArrayList<>();

    private KernelExpansion(PtxModule module, boolean ftz, SmProcessor sm, int registerLimit) {
        this.module = module;
        for (PtxFunction f : module.functions()) {
            for (Instruction in : f.instructions()) {
                PtxOpcodes.MathOp m = PtxOpcodes.math(in, module.version(), ftz);
                if (m != null) {
                    sites.add(site(f, in, m, sm, registerLimit));
                }
            }
        }
    }

    private static Site site(PtxFunction f, Instruction in, PtxOpcodes.MathOp m, SmProcessor sm, int registerLimit) {
        String spelling = m.op();
        if (m.problem() != null) {
            return new Site(f, in, spelling, null, null, false, m.problem());
        }
        PtxMathOp op = PtxMathOp.bySpelling(spelling).orElse(null);
        if (op == null || !Templates.has(op)) {
            return new Site(f, in, spelling, op, null, false, "no template yet");
        }
        if (sm != null && Templates.chosen(op, sm, registerLimit).isEmpty()) {
            return new Site(f, in, spelling, op, null, false, "no template for " + sm + " (ptxas refuses it there)");
        }
        Template constant = constantDivision(in, op);
        if (constant != null) {
            return new Site(f, in, spelling, op, constant, true, null);
        }
        return new Site(f, in, spelling, op, sm == null ? Templates.require(TemplateKey.of(op))
                : Templates.forTarget(op, sm, registerLimit), false, null);
    }

    /** The math instructions of {@code module}, with {@code .ftz} added to the FP32 ones when {@code ftz}. */
    public static KernelExpansion of(PtxModule module, boolean ftz) {
        return new KernelExpansion(module, ftz, null, 0);
    }

    /** The same with each template the variant for the target (the dispatcher's: DDIV tier, MUFU.RCP seed, DRSQRT coordinator). */
    public static KernelExpansion of(PtxModule module, boolean ftz, SmProcessor sm, int registerLimit) {
        return new KernelExpansion(module, ftz, sm, registerLimit);
    }

    public PtxModule module() {
        return module;
    }

    public List<Site> sites() {
        return sites;
    }

    /** One row per template op, in order of first appearance. */
    public List<Row> rows() {
        Map<String, Row> rows = new LinkedHashMap<>();
        for (Site s : sites) {
            String key = s.rowName() + (s.reason() == null ? "" : " " + s.reason());
            rows.merge(key, new Row(s.rowName(), 1, s.template(), s.reason()),
                    (a, b) -> new Row(a.op(), a.sites() + 1, a.template(), a.reason()));
        }
        return List.copyOf(rows.values());
    }

    /** Instructions the expansion puts in the function bodies: each expanded site's whole template. */
    public int inlineInstructions() {
        return sites.stream().filter(Site::expanded).mapToInt(s -> s.template().program().code().size()).sum();
    }

    private static String reg(RegisterAllocation alloc, Reg r) {
        int n = alloc.register(r.id());
        return r.cls() == Reg.RegClass.R64 ? "R" + n + ":R" + (n + 1) : "R" + n;
    }

    // ------------------------------------------------------------------ through the dispatcher

    /**
     * A function's math expanded by the {@link Dispatcher} into one SASS-level program: each
     * site's code in order (inline copies, or the moves, BSSY, CALL and BSYNC of a template call),
     * then the function's EXIT, then the out-of-line code (the {@code __ori_template_*} sections or
     * each inline site's slow path). PTX registers the sites use are the program's registers
     * (read before written: inputs; written: outputs); an immediate operand is moved into a
     * register first.
     */
    public record FunctionCode(PtxFunction function, Program program, List<Site> sites, int[] siteStart, int endPc,
            int exitPc, Map<String, TemplateState> states, Map<String, Reg> registers, Map<String, Reg> results) {

        /** The instructions of site k (its code in the function, out-of-line code not counted). */
        public int siteLength(int k) {
            return (k + 1 < siteStart.length ? siteStart[k + 1] : endPc) - siteStart[k];
        }

        /** Instructions after the function's EXIT: template sections or slow paths. */
        public int outOfLine() {
            return program.code().size() - exitPc - 1;
        }
    }

    /** The expanded sites of {@code f} through the dispatcher under {@code ctx}, or null when it has none. */
    public FunctionCode dispatch(PtxFunction f, CompilationContext ctx) {
        List<Site> fs = sites.stream().filter(s -> s.function() == f && s.expanded()).toList();
        if (fs.isEmpty()) {
            return null;
        }
        ProgramBuilder fb = new ProgramBuilder(f.name());
        Dispatcher d = new Dispatcher(fb, ctx);
        Map<String, Reg> regs = new LinkedHashMap<>();
        Set<Reg> outputs = new HashSet<>();
        List<Label> marks = new ArrayList<>();
        for (Site s : fs) {
            RegClass cls = s.template().operands().bits == 64 ? RegClass.R64 : RegClass.R32;
            List<PtxOperand> ops = s.instruction().operands();
            Label mark = fb.label();
            fb.place(mark);
            marks.add(mark);
            Statement.Guard guard = s.instruction().guard();
            Label skip = null;
            int reconverge = 0;
            if (guard != null) {
                // @%p op: the predicate register (0 or 1) tested, the site's code branched over when it
                // is false, the warp reconverging after it, as ptxas guards a multi-instruction expansion
                Reg p = regs.computeIfAbsent(guard.predicate(), name -> fb.input(name, RegClass.R32));
                Pred run = fb.pred();
                skip = fb.label();
                reconverge = fb.barrier();
                fb.path(Path.GLUE);
                fb.isetp(Cmp.NE, Mod.U32, run, p.op(), Operand.RZ);
                fb.emitBarrier(SassOpcode.BSSY, reconverge, skip);
                fb.bra(guard.negated() ? run.op() : run.not(), skip);
            }
            boolean constant = s.multiplyHigh();
            Reg[] sources = new Reg[constant ? 1 : ops.size() - 1]; // the divisor is in the code
            for (int k = 1; k <= sources.length; k++) {
                sources[k - 1] = switch (ops.get(k)) {
                    case PtxOperand.Name n -> regs.computeIfAbsent(n.name(), name -> fb.input(name, cls));
                    case PtxOperand.Immediate im -> immediate(fb, s, im, cls);
                    default -> throw new InputException("operand " + PtxPrinter.operand(ops.get(k)) + " of '"
                            + PtxPrinter.instruction(s.instruction()) + "' is not a register or an immediate");
                };
            }
            if (!(ops.get(0) instanceof PtxOperand.Name dest)) {
                throw new InputException("the result of '" + PtxPrinter.instruction(s.instruction()) + "' is not a register");
            }
            // a guarded site may not run: its destination keeps the value it had, so it is read first
            Reg result = regs.computeIfAbsent(dest.name(),
                    name -> guard != null ? fb.input(name, cls) : output(fb, name, cls, outputs));
            if (constant) {
                d.expandInPlace(s.template(), result, sources);
            } else {
                d.expand(s.op(), result, sources);
            }
            if (guard != null) {
                fb.path(Path.GLUE);
                fb.place(skip);
                fb.emitBarrier(SassOpcode.BSYNC, reconverge, skip);
            }
        }
        Label end = fb.label();
        fb.place(end);
        fb.path(Path.GLUE);
        // a written register that the function also reads first is an input: its final value is
        // copied into an output of its own, so that every result can be read after the run
        Map<String, Reg> results = new LinkedHashMap<>();
        for (Site s : fs) {
            String name = ((PtxOperand.Name) s.instruction().operands().get(0)).name();
            Reg r = regs.get(name);
            if (!results.containsKey(name)) {
                boolean output = outputs.contains(r);
                Reg out = output ? r : fb.output(name + ".result", r.cls());
                if (!output) {
                    move(fb, r, out);
                }
                results.put(name, out);
            }
        }
        Label exit = fb.label();
        fb.place(exit);
        fb.exit();
        d.finish();
        Program p = fb.build();
        int[] starts = marks.stream().mapToInt(l -> p.labelPc(l.id())).toArray();
        return new FunctionCode(f, p, fs, starts, p.labelPc(end.id()), p.labelPc(exit.id()), d.states(), regs, results);
    }

    private static Reg output(ProgramBuilder fb, String name, RegClass cls, Set<Reg> outputs) {
        Reg r = fb.output(name, cls);
        outputs.add(r);
        return r;
    }

    private static void move(ProgramBuilder fb, Reg from, Reg to) {
        fb.mov(org.nvlower.sass.Operand.PT, to.lo(), from.lo().op());
        if (from.cls() == RegClass.R64) {
            fb.mov(org.nvlower.sass.Operand.PT, to.hi(), from.hi().op());
        }
    }

    private static Reg immediate(ProgramBuilder fb, Site s, PtxOperand.Immediate im, RegClass cls) {
        long v;
        try {
            v = im.bits();
        } catch (NumberFormatException e) {
            throw new InputException("immediate " + im.text() + " of '" + PtxPrinter.instruction(s.instruction())
                    + "' is out of range");
        }
        Reg r = fb.temp("imm." + im.text(), cls);
        fb.path(Path.GLUE);
        fb.mov(org.nvlower.sass.Operand.PT, r.lo(), fb.imm((int) v));
        if (cls == RegClass.R64) {
            fb.mov(org.nvlower.sass.Operand.PT, r.hi(), fb.imm((int) (v >>> 32)));
        }
        return r;
    }

    /**
     * The module printed with each site replaced by its code in the dispatched function (registers
     * allocated over the function), and after the module each function's out-of-line code.
     */
    public String listing(Map<PtxFunction, FunctionCode> code) {
        Map<Instruction, String> text = new IdentityHashMap<>();
        StringBuilder tail = new StringBuilder();
        for (FunctionCode fc : code.values()) {
            Program p = fc.program();
            RegisterAllocation alloc = RegisterAllocation.of(p);
            List<List<String>> byPc = linesByPc(p, fc.siteStart());
            for (int k = 0; k < fc.sites().size(); k++) {
                Site s = fc.sites().get(k);
                StringBuilder sb = new StringBuilder(bindingComment(s, alloc, fc.registers(), fc.siteLength(k)));
                for (int pc = fc.siteStart()[k]; pc < fc.siteStart()[k] + fc.siteLength(k); pc++) {
                    byPc.get(pc).forEach(l -> sb.append(l).append('\n'));
                }
                text.put(s.instruction(), sb.toString());
            }
            tail.append(String.format(Locale.ROOT, "%n// %s %s: after its EXIT, %d instructions out of line%n",
                    fc.function().entry() ? ".entry" : ".func", fc.function().name(), fc.outOfLine()));
            for (int pc = fc.endPc(); pc < p.code().size(); pc++) {
                byPc.get(pc).forEach(l -> tail.append(l).append('\n'));
            }
        }
        return PtxPrinter.print(module, text::get) + tail;
    }

    private static String bindingComment(Site s, RegisterAllocation alloc, Map<String, Reg> regs, int length) {
        List<PtxOperand> ops = s.instruction().operands();
        StringBuilder bind = new StringBuilder();
        for (int k = 0; k < ops.size(); k++) {
            if (ops.get(k) instanceof PtxOperand.Name n && regs.containsKey(n.name())) {
                bind.append(bind.isEmpty() ? "" : ", ").append(n.name()).append(" = ").append(reg(alloc, regs.get(n.name())));
            }
        }
        String how = s.multiplyHigh() ? s.template().name() + " (multiply-high by the constant)"
                : s.op() + " (template " + Dispatcher.templateName(s.op()).orElse("?") + ")";
        return "\t// " + PtxPrinter.instruction(s.instruction()).replace('\t', ' ') + "  ->  " + how + ", " + length
                + " instructions here (" + bind + ")\n";
    }

    /**
     * The listing's lines by the instruction they belong to (labels and section names with the
     * instruction after them), without the labels the expansion placed to find its sites.
     */
    private static List<List<String>> linesByPc(Program p, int[] marks) {
        // the names Printer gives labels: a section's name at a section start, else .L_x_N in label order
        Set<String> markNames = new HashSet<>();
        Set<Integer> markPcs = new HashSet<>();
        for (int m : marks) {
            markPcs.add(m);
        }
        int k = 0;
        for (int l = 0; l < p.labelCount(); l++) {
            int pc = p.labelPc(l);
            boolean sectionStart = p.sections().stream().anyMatch(sec -> sec.start() == pc);
            if (!sectionStart) {
                String name = ".L_x_" + k++;
                if (markPcs.contains(pc) && !referenced(p, l)) {
                    markNames.add(name);
                }
            }
        }
        List<List<String>> byPc = new ArrayList<>();
        for (int pc = 0; pc < p.code().size(); pc++) {
            byPc.add(new ArrayList<>());
        }
        List<String> pending = new ArrayList<>();
        for (String line : Printer.listing(p).split("\n")) {
            if (line.startsWith("        /*")) {
                int pc = Integer.parseInt(line.substring(10, 14), 16) / 16;
                byPc.get(pc).addAll(pending);
                byPc.get(pc).add(line);
                pending.clear();
            } else if (!markNames.contains(line.substring(0, line.length() - 1))) {
                pending.add(line);
            }
        }
        return byPc;
    }

    private static boolean referenced(Program p, int label) {
        int op = org.nvlower.sass.Operand.label(label);
        for (org.nvlower.sass.SassInstruction in : p.code()) {
            for (int o : in.operands()) {
                if (o == op) {
                    return true;
                }
            }
        }
        return false;
    }
}
