package org.nvlower.verify.ptx;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;

import org.nvlower.ptx.PtxOperand;
import org.nvlower.ptx.Statement;
import org.nvlower.sass.Emulator;
import org.nvlower.sass.MufuModel;
import org.nvlower.sass.Program;
import org.nvlower.sass.Reg;
import org.nvlower.pipeline.KernelExpansion.FunctionCode;
import org.nvlower.pipeline.KernelExpansion.Site;
import org.nvlower.sass.template.TemplateKey;
import org.nvlower.verify.sass.SassOp;

/**
 * Runs a function's math as the dispatcher expanded it (inline copies or template calls, one
 * program) in the emulator, and the same sequence of math instructions through the oracle, on
 * seeded operands: every register the sites write must hold the oracle's value at the end (each
 * read through {@link FunctionCode#results()}, so a register that is read first and written later
 * is compared too). A guarded site's predicate is 0 or 1 at random; where it is false the oracle
 * skips the site, as the program branches over it.
 */
public final class DispatchedRun {

    /** Cases run, outputs compared, mismatching outputs, and the first mismatch. */
    public record Result(int cases, long compared, long mismatches, String first) {}

    private static final long[] EDGE32 = {0, 0x80000000L, 0x3F800000L, 0x7F800000L, 0x7FC00000L, 1, 0x7F7FFFFFL,
        0x00800000L, 7, 0xFFFFFFFFL, 0x7FFFFFFFL};
    private static final long[] EDGE64 = {0, Long.MIN_VALUE, 0x3FF0000000000000L, 0x7FF0000000000000L,
        0x7FF8000000000000L, 1, 0x7FEFFFFFFFFFFFFFL, 0x0010000000000000L, 7, -1, Long.MAX_VALUE};

    private DispatchedRun() {}

    public static Result run(FunctionCode fc, int cases, String mufu, long seed) {
        Program p = fc.program();
        Emulator em = new Emulator(p, MufuModel.byName(mufu, seed));
        SplittableRandom random = new SplittableRandom(seed);
        Map<Reg, String> names = new HashMap<>();
        fc.registers().forEach((name, reg) -> names.put(reg, name));
        fc.results().forEach((name, reg) -> names.put(reg, name));
        long compared = 0;
        long mismatches = 0;
        String first = null;
        Set<String> guards = new HashSet<>();
        fc.sites().stream().map(s -> s.instruction().guard()).filter(Objects::nonNull).forEach(g -> guards.add(g.predicate()));
        for (int c = 0; c < cases; c++) {
            Map<String, Long> values = new HashMap<>();
            int word = 0;
            for (Reg in : p.inputs()) {
                boolean wide = in.cls() == Reg.RegClass.R64;
                long v = guards.contains(names.get(in)) ? random.nextInt(2) // a guard's predicate: 0 or 1
                        : random.nextInt(4) == 0 ? (wide ? EDGE64 : EDGE32)[random.nextInt(EDGE32.length)]
                        : wide ? random.nextLong() : random.nextInt() & 0xFFFFFFFFL;
                values.put(names.get(in), v);
                em.setInput(word++, (int) v);
                if (wide) {
                    em.setInput(word++, (int) (v >>> 32));
                }
            }
            em.execute();
            for (Site s : fc.sites()) {
                Statement.Guard g = s.instruction().guard();
                if (g != null && (values.get(g.predicate()) != 0) == g.negated()) {
                    continue; // not run: its destination keeps its value
                }
                List<PtxOperand> ops = s.instruction().operands();
                long[] src = new long[ops.size() - 1];
                for (int k = 1; k < ops.size(); k++) {
                    src[k - 1] = ops.get(k) instanceof PtxOperand.Immediate im ? im.bits() & mask(s)
                            : values.get(((PtxOperand.Name) ops.get(k)).name());
                }
                values.put(((PtxOperand.Name) ops.get(0)).name(), oracle(s, src));
            }
            word = 0;
            for (Reg out : p.outputs()) {
                long got = em.output(word++) & 0xFFFFFFFFL;
                if (out.cls() == Reg.RegClass.R64) {
                    got |= (long) em.output(word++) << 32;
                }
                long want = values.get(names.get(out));
                compared++;
                if (got != want) {
                    mismatches++;
                    if (first == null) {
                        first = String.format("case %d, %s: 0x%x, oracle 0x%x", c, names.get(out), got, want);
                    }
                }
            }
        }
        return new Result(cases, compared, mismatches, first);
    }

    private static long mask(Site s) {
        return s.template().operands().bits == 64 ? -1L : 0xFFFFFFFFL;
    }

    /** The oracle's result of a site's op on its source values (exact ops only). */
    static long oracle(Site s, long[] src) {
        SassOp op = SassOp.of(TemplateKey.of(s.op()));
        if (!op.exact()) {
            throw new UnsupportedOperationException(op.name() + " is an approximation: no bit-exact oracle");
        }
        if (op.isDouble()) {
            return op.expected64f(src[0], src.length > 1 ? src[1] : 0, op.env());
        }
        return op.operands().bits == 64 ? op.expected64(src[0], src[1])
                : op.expected32((int) src[0], src.length > 1 ? (int) src[1] : 0, op.env()) & 0xFFFFFFFFL;
    }
}
