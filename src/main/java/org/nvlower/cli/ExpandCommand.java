package org.nvlower.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.nvlower.diag.InputException;
import org.nvlower.diag.SourcePosition;
import org.nvlower.ptx.PtxFunction;
import org.nvlower.ptx.PtxMathOp;
import org.nvlower.ptx.PtxModule;
import org.nvlower.ptx.PtxPrinter;
import org.nvlower.ptx.PtxReader;
import org.nvlower.ptx.PtxTargets;
import org.nvlower.sass.MufuModel;
import org.nvlower.sass.Printer;
import org.nvlower.sass.template.CompilationContext;
import org.nvlower.sass.template.ConstantDivision;
import org.nvlower.pipeline.KernelExpansion;
import org.nvlower.sass.template.PtxEmitter;
import org.nvlower.sass.template.Template;
import org.nvlower.sass.template.TemplateKey;
import org.nvlower.sass.template.Templates;
import org.nvlower.softfloat.Hex128;
import org.nvlower.nvptx.DdivTier;
import org.nvlower.nvptx.SmProcessor;
import org.nvlower.verify.ptx.KernelRun;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code nvlower expand OP}: a template's SASS-level listing and its instruction counts;
 * {@code nvlower expand KERNEL.ptx}: a PTX module with every math instruction expanded.
 */
@Command(name = "expand",
        mixinStandardHelpOptions = true,
        description = {
            "Prints the SASS-level expansion nvlower uses for a PTX math instruction, as an nvdisasm-style "
                    + "listing (registers allocated), then the counts: fast path, slow path, registers, and ptxas 11.8's "
                    + "fast path for the same op (docs/facts.md).",
            "Given a .ptx file instead, prints the module (canonical PTX) with every math instruction replaced by its "
                    + "template's listing, then a summary: sites and instructions per template, fast/slow path lengths, "
                    + "virtual registers; math instructions without a template yet are kept as PTX and listed as not expanded.",
            "Ops (every .f32 one also .ftz, e.g. div.rn.ftz.f32): div, rcp and sqrt in .rn .rz .rm .rp of .f32 and "
                    + ".f64; div.full.f32, div.approx.f32; rsqrt, rcp, sqrt, ex2, lg2, sin, cos .approx.f32 and "
                    + "tanh.approx.f32; rsqrt.approx.f64, rcp.approx.ftz.f64, rsqrt.approx.ftz.f64; div and rem of .u16 "
                    + ".s16 .u32 .s32 .u64 .s64. The FP64 ones are the variant for --arch (MUFU.RCP seed before sm_80, "
                    + "DRSQRT coordinator B where the SM's hardware flag is set; div.rn.f64 --tier)."})
public final class ExpandCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "OP|KERNEL.ptx",
            description = "The PTX op, e.g. div.rn.f32 or rem.s64, or a PTX file (a name ending in .ptx; - for "
                    + "standard input).")
    String op;

    @Option(names = "--arch", paramLabel = "sm_XX",
            description = "Target architecture (these templates are the same from sm_50 on; default: sm_90, for a "
                    + "kernel its .target).")
    String arch;

    @Option(names = "--tier", paramLabel = "TIER",
            description = "div.rn.f64's register-pressure tier: full (register limit > 20479), partial (> 16383) or "
                    + "minimal (default: the architecture's register file, i.e. full)")
    String tier;

    @Option(names = "--divisor", paramLabel = "D",
            description = "div/rem .u32 .s32 .u64 .s64 by the constant D (Granlund-Montgomery multiply-high and shift)")
    Long divisor;

    @Option(names = "--emit", paramLabel = "FORM", defaultValue = "sass",
            description = "sass (the listing, default) or ptx (the template as a PTX .func plus a harness kernel, "
                    + "for ptxas and a real GPU)")
    String emit;

    @Option(names = "--ftz", description = "The .ftz variant (flush subnormals), like -ftz=true; for a kernel, "
            + "every FP32 math instruction's.")
    boolean ftz;

    @Option(names = "--inline", description = "Kernel: forced inline (the flags byte's bit 7): the sequence at each site "
            + "whatever the strategy.")
    boolean inline;

    @Option(names = "--template-call", description = "Kernel: shared __ori_template_* sections called from each site "
            + "(strategy 5, as ptxas's recompilation after a failed register allocation).")
    boolean templateCall;

    @Option(names = "--strict", description = "Kernel: an error (exit code 1, no output) when any math instruction "
            + "(div rem rcp sqrt rsqrt ex2 lg2 sin cos tanh) is not expanded; without it they stay PTX and the summary "
            + "lists each with its reason.")
    boolean strict;

    @Option(names = "--strategy", paramLabel = "N",
            description = "Kernel: ptxas's compilation strategy (default 0, a first pass: inline; 5 = recompilation after "
                    + "a failed register allocation: template calls unless --inline).")
    Integer strategy;

    @Option(names = "--run", arity = "0..1", fallbackValue = "64", paramLabel = "THREADS",
            description = "Kernel: then run each kernel for one block of THREADS threads (default 64; its integer "
                    + "parameters get THREADS, its pointers a seeded buffer each, its .global/.const variables their "
                    + "initial values) in nvlower's PTX interpreter twice, the math through the templates (the SASS "
                    + "emulator, --mufu) and through the oracle, and compare global memory afterwards: exit code 1 when "
                    + "it differs or a kernel cannot be run.")
    Integer runThreads;

    @Option(names = "--mufu", paramLabel = "MODEL",
            description = "Kernel, with --run: the MUFU model of the templates' run: exact, bounded, adversarial "
                    + "(the default), adversarial-low or adversarial-high")
    String mufu;

    @Override
    public Integer call() {
        if (arch != null && SmProcessor.byName(arch).isEmpty()) {
            throw new InputException("unknown architecture " + Hex128.quote(arch) + " (see 'nvlower target --list')");
        }
        if (op.endsWith(".ptx") || op.equals("-")) {
            return kernel();
        }
        if (runThreads != null || mufu != null) {
            throw new InputException("--run and --mufu apply to a PTX file (KERNEL.ptx)");
        }
        if (arch == null) {
            arch = "sm_90";
        }
        if (inline || templateCall || strategy != null) {
            throw new InputException("--inline, --template-call and --strategy apply to a PTX file (KERNEL.ptx)");
        }
        String name = ftz && !op.contains(".ftz") ? ftzName(op) : op;
        if (divisor != null) {
            Template c;
            try {
                c = ConstantDivision.template(PtxMathOp.bySpelling(op).orElseThrow(
                        () -> new IllegalArgumentException(ConstantDivision.noForm(op))), divisor);
            } catch (IllegalArgumentException e) {
                throw new InputException("--divisor: " + e.getMessage());
            }
            print(c);
            return 0;
        }
        TemplateKey key = TemplateKey.parse(name).filter(k -> Templates.get(k).isPresent())
                .orElseThrow(() -> new InputException("no template for " + Hex128.quote(name) + " (templates: "
                        + String.join(", ", Templates.names()) + ")"));
        SmProcessor sm = SmProcessor.byName(arch).orElseThrow();
        if (tier != null && !key.equals(TemplateKey.of(PtxMathOp.DIV_RN_F64))) {
            throw new InputException("--tier applies to div.rn.f64 only");
        }
        // a variant named by the user is printed as named; an op gets the target's variant
        print(key.variant() != TemplateKey.Variant.DEFAULT ? Templates.require(key)
                : Templates.chosen(key.op(), sm, registerLimit(sm)).orElseThrow(() -> new InputException(
                        "no template for " + Hex128.quote(name) + " on " + arch + " (ptxas refuses it for that target)")));
        return 0;
    }

    private void print(Template t) {
        PrintWriter out = spec.commandLine().getOut();
        if (emit.equals("ptx")) {
            String text;
            try {
                text = PtxEmitter.emit(t, arch);
            } catch (IllegalArgumentException e) {
                throw new InputException("--emit ptx: " + e.getMessage());
            }
            out.print(text);
            out.flush();
            return;
        }
        if (!emit.equals("sass")) {
            throw new InputException("--emit must be sass or ptx, not " + Hex128.quote(emit));
        }
        out.printf(Locale.ROOT, "// %s for %s: %d instructions, %d sections%n", t.name(), arch,
                t.program().code().size(), t.program().sections().size());
        SmProcessor.byName(arch).flatMap(sm -> Templates.targetNote(t.key().op(), sm))
                .ifPresent(n -> out.printf(Locale.ROOT, "// note: %s%n", n));
        out.print(Printer.listing(t.program()));
        out.printf(Locale.ROOT, "// fast path %d (ptxas 11.8: %s), slow path %d, registers %d, predicates %d%n",
                t.fastPath(), t.ptxasFastPath() < 0 ? "-" : Integer.toString(t.ptxasFastPath()), t.slowPath(),
                t.registers(), t.predicates());
        out.printf(Locale.ROOT, "// virtual registers %d (template-owned %d)%n", t.program().vregs().size(),
                t.program().vregs().stream().filter(v -> v.templateOwned()).count());
    }

    /** The register limit the DDIV tier is chosen by: --tier's, else the SM's register file. */
    private int registerLimit(SmProcessor sm) {
        return tier == null ? sm.registerFileSize() : switch (tier) {
            case "full" -> DdivTier.FULL_UNROLL_ABOVE + 1;
            case "partial" -> DdivTier.PARTIAL_SPILL_ABOVE + 1;
            case "minimal" -> DdivTier.PARTIAL_SPILL_ABOVE;
            default -> throw new InputException("--tier must be full, partial or minimal, not " + Hex128.quote(tier));
        };
    }

    private int kernel() {
        if (divisor != null || !emit.equals("sass")) {
            throw new InputException("--divisor and --emit apply to an op, not to a PTX file");
        }
        if (runThreads != null && (runThreads < 1 || runThreads > 1024)) {
            throw new InputException("--run takes 1 to 1024 threads (one block), not " + runThreads);
        }
        if (mufu != null && runThreads == null) {
            throw new InputException("--mufu goes with --run");
        }
        mufu = mufu == null ? "adversarial" : mufu;
        try {
            MufuModel.byName(mufu, 1);
        } catch (IllegalArgumentException e) {
            throw new InputException("--mufu: " + e.getMessage());
        }
        if (inline && templateCall) {
            throw new InputException("--inline and --template-call exclude each other");
        }
        if (templateCall && strategy != null && strategy != CompilationContext.RECOMPILE_AFTER_REGALLOC_FAILURE) {
            throw new InputException("--template-call is strategy 5 (the dispatcher calls templates only on a "
                    + "recompilation), not --strategy " + strategy);
        }
        PtxModule module;
        String text;
        try {
            text = IrInput.read(op).text();
        } catch (IOException e) {
            throw new InputException("cannot read " + op + ": " + OutputException.reason(e));
        }
        module = PtxReader.read(IrInput.displayName(op), text);
        String note = "";
        if (arch == null) {
            arch = module.target().get(0);
            if (arch.matches("sm_1\\d")) {
                // older than every SM nvlower models; ptxas compiles such PTX for its default SM
                note = " (the module's .target " + arch + " is older than nvlower's SMs: ptxas 13's default)";
                arch = PtxTargets.PTXAS_DEFAULT_ARCH;
            } else if (SmProcessor.byName(arch).isEmpty()) {
                throw new InputException(targetPosition(IrInput.displayName(op), text), "nvlower has no model of "
                        + "target " + Hex128.quote(arch) + " (see 'nvlower target --list'); use --arch");
            }
        }
        SmProcessor sm = SmProcessor.byName(arch).orElseThrow();
        int s = strategy != null ? strategy : templateCall ? CompilationContext.RECOMPILE_AFTER_REGALLOC_FAILURE : 0;
        CompilationContext ctx = CompilationContext.firstPass(sm).withStrategy(s);
        ctx = new CompilationContext(ctx.strategy(), inline ? 0x80 : 0, false, 0, ctx.optLevel(), sm, registerLimit(sm));
        KernelExpansion x = KernelExpansion.of(module, ftz, sm, ctx.registerLimit());
        if (strict) {
            List<KernelExpansion.Site> left = x.sites().stream().filter(s2 -> !s2.expanded()).toList();
            if (!left.isEmpty()) {
                KernelExpansion.Site first = left.get(0);
                throw new InputException(IrInput.displayName(op) + ": " + left.size() + " math instruction(s) not "
                        + "expanded (--strict); the first, in " + first.function().name() + ": '"
                        + PtxPrinter.instruction(first.instruction()).replace(" \t", " ") + "': " + first.reason());
            }
        }
        Map<PtxFunction, KernelExpansion.FunctionCode> code = new LinkedHashMap<>();
        for (PtxFunction f : module.functions()) {
            KernelExpansion.FunctionCode fc = x.dispatch(f, ctx);
            if (fc != null) {
                code.put(f, fc);
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "// %s expanded for %s%s%s: strategy %d%s, through the template dispatcher%n",
                IrInput.displayName(op), arch, note, ftz ? ", -ftz" : "", s, inline ? ", forced inline" : "");
        out.print(x.listing(code));
        summary(out, x, code);
        return runThreads == null ? 0 : runKernels(out, x);
    }

    /** --run: each kernel through the templates and through the oracle ({@link KernelRun}); 1 when any differs or is not run. */
    private int runKernels(PrintWriter out, KernelExpansion x) {
        int failed = 0;
        for (PtxFunction k : KernelRun.kernels(x)) {
            try {
                KernelRun.Result r = KernelRun.run(x, k, runThreads, runThreads, mufu, 1);
                out.printf(Locale.ROOT, "// run: .entry %s, %d threads, MUFU %s: %d math instructions per side %s; global "
                        + "memory %s (%,d bytes, %,d changed)%n", k.name(), runThreads, mufu, r.mathRuns(), r.runsByOp(),
                        r.passed() ? "identical" : "DIFFERS in " + r.differing() + " bytes, the first at "
                                + r.firstDifference(), r.bytes(), r.changed());
                failed += r.passed() ? 0 : 1;
            } catch (UnsupportedOperationException e) {
                out.printf(Locale.ROOT, "// run: .entry %s: not run: %s%n", k.name(), e.getMessage());
                failed++;
            }
        }
        if (KernelRun.kernels(x).isEmpty()) {
            out.println("// run: no kernel (.entry with a body) to run");
        }
        return failed == 0 ? 0 : 1;
    }

    private void summary(PrintWriter out, KernelExpansion x, Map<PtxFunction, KernelExpansion.FunctionCode> code) {
        long expanded = x.sites().stream().filter(KernelExpansion.Site::expanded).count();
        out.printf(Locale.ROOT, "%n// summary: %d math instructions, %d expanded, %d not expanded; %d SASS instructions "
                + "in all%n", x.sites().size(), expanded, x.sites().size() - expanded,
                code.values().stream().mapToInt(fc -> fc.program().code().size()).sum());
        out.printf(Locale.ROOT, "// %-22s %5s %12s %9s %9s %9s %17s%n", "template", "sites", "instructions", "fast path",
                "slow path", "registers", "virtual registers");
        for (KernelExpansion.Row r : x.rows()) {
            Template t = r.template();
            if (t == null) {
                out.printf(Locale.ROOT, "// %-22s %5d   not expanded (%s)%n", r.op(), r.sites(), r.reason());
            } else {
                out.printf(Locale.ROOT, "// %-22s %5d %12d %9d %9d %9d %17d%n", t.name(), r.sites(),
                        t.program().code().size(), t.fastPath(), t.slowPath(), t.registers(), t.program().vregs().size());
            }
        }
        for (KernelExpansion.Row r : x.rows()) {
            if (r.template() != null) {
                SmProcessor.byName(arch).flatMap(sm -> Templates.targetNote(r.template().key().op(), sm))
                        .ifPresent(n -> out.printf(Locale.ROOT, "// note: %s: %s%n", r.template().name(), n));
            }
        }
        for (PtxFunction f : x.module().functions()) {
            List<KernelExpansion.Site> sites = x.sites().stream().filter(s -> s.function() == f).toList();
            if (f.isDeclaration()) {
                continue;
            }
            KernelExpansion.FunctionCode fc = code.get(f);
            String detail = "";
            if (fc != null) {
                StringBuilder states = new StringBuilder();
                fc.states().forEach((name, st) -> states.append(", ").append(name).append(st.useTemplateCall()
                        ? " template-call (state " + st.templateId() + ", sections " + st.sectionIds() + ")"
                        : " inline (state " + st.templateId() + ")"));
                int atSites = fc.exitPc() - fc.siteStart()[0];
                detail = String.format(Locale.ROOT, "; %d SASS instructions at the sites, %d out of line, %d virtual "
                        + "registers%s", atSites, fc.outOfLine(), fc.program().vregs().size(), states);
            }
            out.printf(Locale.ROOT, "// %s %s: %d PTX instructions, %d math (%d expanded)%s%n", f.entry() ? ".entry"
                    : ".func", f.name(), f.instructions().size(), sites.size(),
                    sites.stream().filter(KernelExpansion.Site::expanded).count(), detail);
        }
        long constant = x.sites().stream().filter(KernelExpansion.Site::multiplyHigh).count();
        if (constant > 0) {
            out.printf(Locale.ROOT, "// %d division(s) by a constant expanded as multiply-high sequences "
                    + "(Granlund-Montgomery), in place%n", constant);
        }
    }

    /** Where the module's target is named: the word after the first {@code .target}. */
    private static SourcePosition targetPosition(String file, String text) {
        Matcher m = Pattern.compile("\\.target\\s+").matcher(text);
        int at = m.find() ? m.end() : 0;
        int lineStart = text.lastIndexOf('\n', at - 1) + 1;
        int lineEnd = text.indexOf('\n', at);
        int line = (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
        return new SourcePosition(file, line, at - lineStart + 1,
                text.substring(lineStart, lineEnd < 0 ? text.length() : lineEnd).stripTrailing());
    }

    /** div.rn.f32 -> div.rn.ftz.f32; ops without a .ftz variant are an error. */
    private static String ftzName(String op) {
        if (!op.endsWith(".f32")) {
            throw new InputException(Hex128.quote(op) + " has no .ftz variant (only the .f32 ops have one)");
        }
        return op.substring(0, op.length() - 4) + ".ftz.f32";
    }
}
