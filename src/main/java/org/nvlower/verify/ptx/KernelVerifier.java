package org.nvlower.verify.ptx;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.nvlower.ptx.PtxOperand;
import org.nvlower.pipeline.KernelExpansion;
import org.nvlower.pipeline.KernelExpansion.Site;
import org.nvlower.verify.sass.CaseSet;
import org.nvlower.verify.sass.ConstantDivisionCheck;
import org.nvlower.verify.sass.SassOp;
import org.nvlower.verify.sass.TemplateVerifier;

/**
 * Runs the expansion of every math instruction of a kernel in the emulator and compares it with
 * the oracle ({@link SassOp}: softfloat bit for bit, exact integer arithmetic, or the ulp bound
 * of div.full/div.approx): every edge case, then {@code random} random and hard cases, under
 * the given MUFU model. Sites of the same op share one template program, so each op runs once.
 */
public final class KernelVerifier {

    /**
     * One op of the kernel: its sites and the result of each case set; for a division by a
     * constant (op {@code div.u32/7}), the checks of its multiply-high sequence against Java's
     * division instead.
     */
    public record OpResult(String op, List<Site> sites, List<TemplateVerifier.Result> results,
            List<ConstantDivisionCheck.Result> constantResults) {
        public long cases() {
            return results.stream().mapToLong(TemplateVerifier.Result::cases).sum()
                    + constantResults.stream().mapToLong(ConstantDivisionCheck.Result::cases).sum();
        }

        public long mismatches() {
            return results.stream().mapToLong(r -> r.mismatches() + r.beyondBound()).sum()
                    + constantResults.stream().mapToLong(ConstantDivisionCheck.Result::mismatches).sum();
        }

        public boolean passed() {
            return results.stream().allMatch(TemplateVerifier.Result::passed)
                    && constantResults.stream().allMatch(ConstantDivisionCheck.Result::passed);
        }

        public double maxUlp() {
            return results.stream().mapToDouble(TemplateVerifier.Result::maxUlp).max().orElse(0);
        }
    }

    private KernelVerifier() {}

    /** Verifies each expanded op of {@code x}; sites without a template are not in the result. */
    public static List<OpResult> verify(KernelExpansion x, long random, String mufu, long seed, int threads) {
        Map<String, List<Site>> byOp = new LinkedHashMap<>();
        for (Site s : x.sites()) {
            if (s.expanded()) {
                byOp.computeIfAbsent(s.rowName(), k -> new ArrayList<>()).add(s);
            }
        }
        List<OpResult> out = new ArrayList<>();
        for (var e : byOp.entrySet()) {
            Site first = e.getValue().get(0);
            if (first.multiplyHigh()) {
                long d = ((PtxOperand.Immediate) first.instruction().operands().get(2)).bits();
                List<ConstantDivisionCheck.Result> checks = new ArrayList<>();
                for (ConstantDivisionCheck.Dividends set : ConstantDivisionCheck.Dividends.values()) {
                    checks.add(ConstantDivisionCheck.run(first.op(), new long[] {d}, set, random, seed, null));
                }
                out.add(new OpResult(e.getKey(), e.getValue(), List.of(), checks));
                continue;
            }
            SassOp op = SassOp.of(e.getKey());
            if (op.template().program() != e.getValue().get(0).template().program()) {
                throw new IllegalStateException("the expansion of " + e.getKey() + " is not the registered template");
            }
            List<TemplateVerifier.Result> results = new ArrayList<>();
            for (CaseSet set : List.of(CaseSet.EDGE, CaseSet.RANDOM, CaseSet.HARD)) {
                long n = set == CaseSet.EDGE ? set.size(op) : Math.min(random, set.size(op));
                results.add(TemplateVerifier.run(new TemplateVerifier.Plan(op, set, 0, n, seed, mufu, threads), null));
            }
            out.add(new OpResult(e.getKey(), e.getValue(), results, List.of()));
        }
        return out;
    }
}
