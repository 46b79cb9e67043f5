package org.nvlower.api;

import java.util.List;
import java.util.Locale;

import org.nvlower.diag.InputException;
import org.nvlower.nvptx.SmProcessor;
import org.nvlower.sass.Printer;
import org.nvlower.sass.template.PtxEmitter;
import org.nvlower.sass.template.Template;
import org.nvlower.sass.template.TemplateKey;
import org.nvlower.sass.template.Templates;
import org.nvlower.softfloat.Hex128;
import org.nvlower.verify.sass.CaseSet;
import org.nvlower.verify.sass.SassOp;
import org.nvlower.verify.sass.TemplateVerifier;

/**
 * ptxas's math templates: the SASS-level instruction sequences (MUFU approximation plus
 * Newton-Raphson refinement, integer division) that a PTX math instruction becomes, as nvlower
 * rebuilds them; each expanded for a target, emitted as PTX, or verified against the softfloat
 * oracle in the emulator.
 *
 * <pre>{@code
 * MathTemplates.Expansion x = MathTemplates.expand("div.rn.f64", "sm_90");
 * System.out.println(x.listing());                 // nvdisasm-style SASS listing
 * MathTemplates.Check c = MathTemplates.verify("div.rn.f32", "random", 100_000, 1);
 * assert c.passed();                                // 0 mismatches with the oracle
 * }</pre>
 */
public final class MathTemplates {

    private MathTemplates() {
    }

    /**
     * A template expanded for a target.
     *
     * @param name          the template's key, e.g. {@code div.rn.f64:partial}
     * @param listing       the SASS-level listing, registers allocated
     * @param instructions  instructions in all
     * @param fastPath      instructions on the fast path
     * @param slowPath      instructions on the slow path
     * @param registers     registers used
     * @param ptxasFastPath ptxas 11.8's fast-path length for the same op, or -1 when not measured
     */
    public record Expansion(String name, String listing, int instructions, int fastPath, int slowPath, int registers,
            int ptxasFastPath) {
    }

    /**
     * A verification run.
     *
     * @param cases          cases run
     * @param mismatches     results that differ from the reference (exact ops)
     * @param maxUlp         the largest error in ulp (approximate ops; 0 for exact ones)
     * @param beyondBound    results whose error exceeds the template's documented bound
     * @param counterexample the first failing case, in words, or null
     */
    public record Check(long cases, long mismatches, double maxUlp, long beyondBound, String counterexample) {
        /** No mismatch and no error beyond the bound. */
        public boolean passed() {
            return mismatches == 0 && beyondBound == 0;
        }
    }

    /** The template keys, e.g. {@code div.rn.f32}, {@code rem.s64}, {@code div.rn.f64:partial}. */
    public static List<String> names() {
        return Templates.names();
    }

    /**
     * The template for PTX op {@code op} on {@code arch} (e.g. {@code sm_90}); a key with a variant
     * ({@code div.rn.f64:minimal}) names that variant.
     *
     * @throws NvlowerException for an unknown op or architecture
     */
    public static Expansion expand(String op, String arch) {
        Template t = template(op, arch);
        return new Expansion(t.name(), Printer.listing(t.program()), t.program().code().size(), t.fastPath(),
                t.slowPath(), t.registers(), t.ptxasFastPath());
    }

    /** The template as a PTX {@code .func} plus a harness kernel, for ptxas and a real GPU. */
    public static String emitPtx(String op, String arch) {
        Template t = template(op, arch);
        try {
            return PtxEmitter.emit(t, arch);
        } catch (IllegalArgumentException e) {
            throw new NvlowerException(op + ": " + e.getMessage(), e);
        }
    }

    /**
     * Runs {@code count} cases of {@code caseSet} ({@code edge}, {@code random}, {@code hard},
     * {@code exhaustive}, {@code binades}; the set's size when smaller) of the template in the
     * emulator, with exact MUFU models, against the softfloat reference, on one thread.
     *
     * @throws NvlowerException for an unknown op or case set
     */
    public static Check verify(String op, String caseSet, long count, long seed) {
        SassOp sassOp = SassOp.parse(op).orElseThrow(() -> unknown(op));
        CaseSet set;
        try {
            set = CaseSet.parse(caseSet);
        } catch (IllegalArgumentException e) {
            throw new NvlowerException(e.getMessage(), e);
        }
        if (count < 0) {
            throw new NvlowerException("count must be >= 0, not " + count, null);
        }
        long to;
        try {
            to = Math.min(count, set.size(sassOp));
        } catch (IllegalArgumentException e) {
            throw new NvlowerException(e.getMessage(), e);
        }
        TemplateVerifier.Result r = TemplateVerifier.run(new TemplateVerifier.Plan(sassOp, set, 0, to, seed, "exact", 1),
                null);
        TemplateVerifier.Counterexample c = r.first();
        String first = c == null ? null : String.format(Locale.ROOT, "case %d: a=%016x b=%016x expected %016x got %016x",
                c.index(), c.a(), c.b(), c.expected(), c.got());
        return new Check(r.cases(), r.mismatches(), r.maxUlp(), r.beyondBound(), first);
    }

    private static Template template(String op, String arch) {
        SmProcessor sm = SmProcessor.byName(arch).orElseThrow(() -> new NvlowerException("unknown architecture "
                + Hex128.quote(arch), null));
        TemplateKey key = TemplateKey.parse(op).filter(k -> Templates.get(k).isPresent()).orElseThrow(() -> unknown(op));
        return Failures.guard(() -> key.variant() != TemplateKey.Variant.DEFAULT ? Templates.require(key)
                : Templates.chosen(key.op(), sm, sm.registerFileSize()).orElseThrow(() -> new InputException(
                        "no template for " + Hex128.quote(op) + " on " + arch + " (ptxas refuses it for that target)")));
    }

    private static NvlowerException unknown(String op) {
        return NvlowerException.of(new InputException("no template for " + Hex128.quote(op) + " (templates: "
                + String.join(", ", Templates.names()) + ")"));
    }
}
