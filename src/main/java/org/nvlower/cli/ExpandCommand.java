package org.nvlower.cli;

import java.io.PrintWriter;
import java.util.Locale;

import org.nvlower.diag.InputException;
import org.nvlower.sass.Printer;
import org.nvlower.sass.template.ConstantDivision;
import org.nvlower.sass.template.PtxEmitter;
import org.nvlower.sass.template.Template;
import org.nvlower.sass.template.Templates;
import org.nvlower.softfloat.Hex128;
import org.nvlower.target.DdivTier;
import org.nvlower.target.SmProcessor;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code nvlower expand OP}: a template's SASS-level listing and its instruction counts. */
@Command(name = "expand",
        mixinStandardHelpOptions = true,
        description = {
            "Prints the SASS-level expansion nvlower uses for a PTX math instruction, as an nvdisasm-style "
                    + "listing (registers allocated), then the counts: fast path, slow path, registers, and ptxas 11.8's "
                    + "fast path for the same op (../shared/reference/FACTS.md).",
            "Ops: div.rn.f32 rcp.rn.f32 sqrt.rn.f32 div.full.f32 div.approx.f32 (each also .ftz, e.g. div.rn.ftz.f32), "
                    + "div.u32 div.s32 rem.u32 rem.s32 div.u64 div.s64 rem.u64 rem.s64, "
                    + "div.rn.f64 rcp.rn.f64 sqrt.rn.f64 rsqrt.approx.f64 (the variant for --arch: MUFU.RCP seed before "
                    + "sm_80, DRSQRT coordinator B where the SM's hardware flag is set; div.rn.f64 --tier)."})
public final class ExpandCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "OP", description = "The PTX op, e.g. div.rn.f32 or rem.s64.")
    String op;

    @Option(names = "--arch", paramLabel = "sm_XX", defaultValue = "sm_90",
            description = "Target architecture (these templates are the same from sm_50 on; default: ${DEFAULT-VALUE}).")
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

    @Option(names = "--ftz", description = "The .ftz variant (flush subnormals), like -ftz=true.")
    boolean ftz;

    @Override
    public void run() {
        if (SmProcessor.byName(arch).isEmpty()) {
            throw new InputException("unknown architecture " + Hex128.quote(arch) + " (see 'nvlower target --list')");
        }
        String name = ftz && !op.contains(".ftz") ? ftzName(op) : op;
        if (divisor != null) {
            Template c;
            try {
                c = ConstantDivision.template(op, divisor);
            } catch (IllegalArgumentException e) {
                throw new InputException("--divisor: " + e.getMessage());
            }
            print(c);
            return;
        }
        if (Templates.get(name).isEmpty()) {
            throw new InputException("no template for " + Hex128.quote(name) + " (templates: "
                    + String.join(", ", Templates.names()) + ")");
        }
        SmProcessor sm = SmProcessor.byName(arch).orElseThrow();
        int limit = sm.registerFileSize();
        if (tier != null) {
            if (!name.equals("div.rn.f64")) {
                throw new InputException("--tier applies to div.rn.f64 only");
            }
            limit = switch (tier) {
                case "full" -> DdivTier.FULL_UNROLL_ABOVE + 1;
                case "partial" -> DdivTier.PARTIAL_SPILL_ABOVE + 1;
                case "minimal" -> DdivTier.PARTIAL_SPILL_ABOVE;
                default -> throw new InputException("--tier must be full, partial or minimal, not " + Hex128.quote(tier));
            };
        }
        print(Templates.forTarget(name, sm, limit));
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
        out.printf(Locale.ROOT, "// %s for %s: %d instructions, %d sections%n", t.op(), arch,
                t.program().code().size(), t.program().sections().size());
        out.print(Printer.listing(t.program()));
        out.printf(Locale.ROOT, "// fast path %d (ptxas 11.8: %s), slow path %d, registers %d, predicates %d%n",
                t.fastPath(), t.ptxasFastPath() < 0 ? "-" : Integer.toString(t.ptxasFastPath()), t.slowPath(),
                t.registers(), t.predicates());
        out.printf(Locale.ROOT, "// virtual registers %d (template-owned %d)%n", t.program().vregs().size(),
                t.program().vregs().stream().filter(v -> v.templateOwned()).count());
    }

    /** div.rn.f32 -> div.rn.ftz.f32; ops without a .ftz variant are an error. */
    private static String ftzName(String op) {
        if (!op.endsWith(".f32")) {
            throw new InputException(Hex128.quote(op) + " has no .ftz variant (only the .f32 ops have one)");
        }
        return op.substring(0, op.length() - 4) + ".ftz.f32";
    }
}
