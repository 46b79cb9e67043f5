package org.nvlower.verify.sass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.nvlower.ptx.PtxMathOp;
import org.nvlower.sass.Emulator;
import org.nvlower.sass.MufuModel;
import org.nvlower.sass.Program;
import org.nvlower.sass.Reg;
import org.nvlower.sass.template.ConstantDivision;
import org.nvlower.sass.template.TemplateKey;
import org.nvlower.sass.template.Templates;

/**
 * The emulator's compiled path (org.nvlower.sass.ProgramCompiler) against its interpreter: every
 * template program the verifier knows (every op, tier and rounding variant) and constant-division
 * programs, on the op's edge cases, a prefix of its hard cases and random cases, under every MUFU
 * model (exact, bounded, adversarial and both extremes, and every output the enumerating model
 * gives). Every output word and the run count must agree. The interpreter is the reference: it is
 * the emulator the proofs in docs/templates.md were made with.
 */
class CompiledEmulatorTest {

    static final String[] MODELS = {"exact", "bounded", "adversarial", "adversarial-low", "adversarial-high"};
    static final int RANDOM = Integer.getInteger("nvlower.compiled.random", 1500);
    static final int HARD = 300;
    static final int ENUMERATED = 300;
    static final long SEED = 11;

    @TestFactory
    Stream<DynamicTest> everyTemplate() {
        return Templates.keys().stream().map(k -> DynamicTest.dynamicTest(k.toString(), () -> check(k)));
    }

    @TestFactory
    Stream<DynamicTest> constantDivisions() {
        List<DynamicTest> tests = new ArrayList<>();
        PtxMathOp[] ops = {PtxMathOp.DIV_U32, PtxMathOp.DIV_S32, PtxMathOp.REM_U32, PtxMathOp.REM_S32,
            PtxMathOp.DIV_U64, PtxMathOp.DIV_S64, PtxMathOp.REM_U64, PtxMathOp.REM_S64};
        long[] divisors = {3, 7, 10, 641, 1 << 20, -3, -1000};
        for (PtxMathOp op : ops) {
            for (long d : divisors) {
                if (d < 0 && op.spelling().contains(".u")) {
                    continue;
                }
                tests.add(DynamicTest.dynamicTest(op.spelling() + " by " + d, () -> {
                    Program p = ConstantDivision.template(op, d).program();
                    compare(p, null, MufuModel.exact(), MufuModel.exact(), 0);
                }));
            }
        }
        return tests.stream();
    }

    private static void check(TemplateKey key) {
        SassOp op = SassOp.of(key);
        Program p = op.template().program();
        for (String m : MODELS) {
            compare(p, op, MufuModel.byName(m, SEED), MufuModel.byName(m, SEED), m.equals("exact") ? RANDOM : RANDOM / 3);
        }
        int choices = MufuModel.Enumerating.choices(p);
        for (int k = 0; k < choices; k++) {
            MufuModel.Enumerating a = new MufuModel.Enumerating();
            MufuModel.Enumerating b = new MufuModel.Enumerating();
            a.choice = k;
            b.choice = k;
            compare(p, op, a, b, ENUMERATED);
        }
    }

    /** Runs the cases through an interpreting and a compiled emulator, comparing every output word. */
    private static void compare(Program p, SassOp op, MufuModel m1, MufuModel m2, int random) {
        Emulator interpreted = new Emulator(p, m1);
        interpreted.interpretOnly();
        Emulator compiled = new Emulator(p, m2);
        assertTrue(compiled.compileNow(), p.name() + ": not compiled");
        int words = 0;
        for (Reg r : p.outputs()) {
            words += r.cls() == Reg.RegClass.R64 ? 2 : 1;
        }
        List<long[]> cases = new ArrayList<>();
        long[] out = new long[2];
        if (op != null) {
            long edges = CaseSet.EDGE.size(op);
            for (long i = 0; i < edges; i++) {
                CaseSet.EDGE.operands(op, SEED, i, out);
                cases.add(out.clone());
            }
            for (long i = 0; i < HARD; i++) {
                CaseSet.HARD.operands(op, SEED, i, out);
                cases.add(out.clone());
            }
            for (long i = 0; i < random; i++) {
                CaseSet.RANDOM.operands(op, SEED, i, out);
                cases.add(out.clone());
            }
        } else { // constant division: words from the 64-bit integer edges, then random
            long[] e = CaseSet.edges(SassOp.of(TemplateKey.of(PtxMathOp.DIV_U64)));
            for (long v : e) {
                cases.add(new long[] {v, 0});
            }
            java.util.SplittableRandom rnd = new java.util.SplittableRandom(SEED);
            for (int i = 0; i < 3000; i++) {
                cases.add(new long[] {rnd.nextLong() >> rnd.nextInt(64), 0});
            }
        }
        for (long[] c : cases) {
            setInputs(interpreted, p, c);
            setInputs(compiled, p, c);
            interpreted.execute();
            compiled.execute();
            for (int w = 0; w < words; w++) {
                int want = interpreted.output(w);
                int got = compiled.output(w);
                if (want != got) {
                    assertEquals(Integer.toHexString(want), Integer.toHexString(got), p.name() + " " + m1.name()
                            + ": operands 0x" + Long.toHexString(c[0]) + ", 0x" + Long.toHexString(c[1]) + ", word " + w);
                }
            }
        }
        assertTrue(compiled.isCompiled());
        assertEquals(interpreted.runs(), compiled.runs());
        assertEquals(cases.size(), compiled.runs());
    }

    /** Input j takes operand j (one word, or two for a pair). */
    private static void setInputs(Emulator em, Program p, long[] operands) {
        int word = 0;
        int j = 0;
        for (Reg r : p.inputs()) {
            long v = j < operands.length ? operands[j] : 0;
            j++;
            em.setInput(word++, (int) v);
            if (r.cls() == Reg.RegClass.R64) {
                em.setInput(word++, (int) (v >>> 32));
            }
        }
    }

    @Test
    void tracingRunsAreInterpretedAndAgree() {
        Program p = SassOp.of(TemplateKey.of(PtxMathOp.SQRT_RN_F32)).template().program();
        Emulator em = new Emulator(p, MufuModel.exact());
        assertTrue(em.compileNow());
        StringBuilder trace = new StringBuilder();
        em.setTracer((pc, in, value) -> trace.append(pc).append(' '));
        int traced = em.run(0x40000000);
        em.setTracer(null);
        assertEquals(traced, em.run(0x40000000));
        assertEquals(0x3FB504F3, traced);
        assertTrue(trace.length() > 0);
    }
}
