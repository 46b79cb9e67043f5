package org.nvlower.sass.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.nvlower.ptx.PtxMathOp;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.nvlower.sass.Emulator;
import org.nvlower.sass.MufuModel;
import org.nvlower.sass.Path;
import org.nvlower.sass.Program;
import org.nvlower.sass.ProgramBuilder;
import org.nvlower.sass.Reg;
import org.nvlower.sass.Reg.RegClass;
import org.nvlower.sass.Section;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.softfloat.F64;
import org.nvlower.softfloat.GpuNaN;
import org.nvlower.nvptx.SmProcessor;

/**
 * The dispatcher: the seed's decision (strategy 5, forced-inline bit, forced-inline-all with pass
 * id), lazily made states, named shared sections in template-call mode, and a function with
 * several call sites giving the same results in both modes (and softfloat's).
 */
class DispatcherTest {

    static final SmProcessor SM90 = SmProcessor.byName("sm_90").orElseThrow();
    static final CompilationContext FIRST = CompilationContext.firstPass(SM90);
    static final CompilationContext RECOMPILE = FIRST.withStrategy(5);

    @Test
    void decisionFollowsTheSeed() {
        assertFalse(FIRST.useTemplateCall(false), "first pass: inline");
        assertFalse(FIRST.useTemplateCall(true), "strategy != 5: the gate keeps templates inline");
        assertTrue(RECOMPILE.useTemplateCall(false), "strategy 5, bit 7 clear: template call");
        assertFalse(RECOMPILE.withFlagsByte(0x80).useTemplateCall(false), "bit 7 set: forced inline");
        assertTrue(RECOMPILE.withFlagsByte(0x7F).useTemplateCall(false), "only bit 7 counts");
        assertFalse(RECOMPILE.withForcedInlineAll(true, 1).useTemplateCall(false), "forced-inline-all, pass 1");
        assertFalse(RECOMPILE.withForcedInlineAll(true, 2).useTemplateCall(false), "forced-inline-all, pass 2");
        assertTrue(RECOMPILE.withForcedInlineAll(true, 3).useTemplateCall(false), "forced-inline-all, pass 3");
        assertTrue(RECOMPILE.withForcedInlineAll(true, 0).useTemplateCall(false), "pass 0: (0 - 1) unsigned > 1");
        assertTrue(RECOMPILE.withForcedInlineAll(false, 1).useTemplateCall(false), "flag clear");
        assertTrue(new CompilationContext(0, 0, false, 0, -1, SM90, 65536).stateUseTemplateCall(true),
                "not a recompile: the previous iteration's value stays");
        assertFalse(new CompilationContext(0, 0, false, 0, -1, SM90, 65536).optLevelNonNeg());
    }

    @Test
    void everyFp64OpcodeHasAHandler() {
        assertEquals("DDIV", Dispatcher.templateName(PtxMathOp.DIV_RN_F64).orElseThrow());
        assertEquals("DRCP", Dispatcher.templateName(PtxMathOp.RCP_RN_F64).orElseThrow());
        assertEquals("DSQRT", Dispatcher.templateName(PtxMathOp.SQRT_RN_F64).orElseThrow());
        assertEquals("DRSQRT", Dispatcher.templateName(PtxMathOp.RSQRT_APPROX_F64).orElseThrow());
        assertTrue(Dispatcher.opcodes().contains(PtxMathOp.DIV_RN_F32));
        // MUFU.RCP64H/RSQ64H alone: templates of their own, not DRCP's or DRSQRT's
        assertEquals("RSQRT_APPROX_FTZ_F64", Dispatcher.templateName(PtxMathOp.RSQRT_APPROX_FTZ_F64).orElseThrow());
        assertEquals("RCP_APPROX_FTZ_F64", Dispatcher.templateName(PtxMathOp.RCP_APPROX_FTZ_F64).orElseThrow());
    }

    /** q1 = a / b, q2 = q1 / c, s = sqrt(q2), q3 = c / a, r = rcp(b), a = a / c (in place). */
    static Program kernel(CompilationContext ctx, Dispatcher[] out) {
        ProgramBuilder fb = new ProgramBuilder("kernel");
        Reg a = fb.input("a", RegClass.R64);
        Reg b = fb.input("b", RegClass.R64);
        Reg c = fb.input("c", RegClass.R64);
        Reg q1 = fb.output("q1", RegClass.R64);
        Reg q2 = fb.output("q2", RegClass.R64);
        Reg s = fb.output("s", RegClass.R64);
        Reg q3 = fb.output("q3", RegClass.R64);
        Reg r = fb.output("r", RegClass.R64);
        Reg t = fb.output("t", RegClass.R64);
        Dispatcher d = new Dispatcher(fb, ctx);
        d.expand(PtxMathOp.DIV_RN_F64, q1, a, b);
        d.expand(PtxMathOp.DIV_RN_F64, q2, q1, c);
        d.expand(PtxMathOp.SQRT_RN_F64, s, q2);
        d.expand(PtxMathOp.DIV_RN_F64, q3, c, a);
        d.expand(PtxMathOp.RCP_RN_F64, r, b);
        fb.path(Path.GLUE);
        fb.mov(org.nvlower.sass.Operand.PT, t.lo(), a.lo().op());
        fb.mov(org.nvlower.sass.Operand.PT, t.hi(), a.hi().op());
        d.expand(PtxMathOp.DIV_RN_F64, t, t, c);
        fb.path(Path.GLUE);
        fb.exit();
        d.finish();
        out[0] = d;
        return fb.build();
    }

    private static long[] run(Emulator em, long a, long b, long c) {
        long[] in = {a, b, c};
        for (int i = 0; i < 3; i++) {
            em.setInput(2 * i, (int) in[i]);
            em.setInput(2 * i + 1, (int) (in[i] >>> 32));
        }
        em.execute();
        long[] res = new long[6];
        for (int i = 0; i < 6; i++) {
            res[i] = (em.output(2 * i) & 0xFFFFFFFFL) | ((long) em.output(2 * i + 1) << 32);
        }
        return res;
    }

    @Test
    void templateCallSectionsAreNamedAndShared() {
        Dispatcher[] d = new Dispatcher[1];
        Program call = kernel(RECOMPILE, d);
        List<String> names = call.sections().stream().map(Section::name).toList();
        for (String n : List.of("__ori_template_DDIV1", "__ori_template_DDIV2", "__ori_template_DDIV3",
                "__ori_template_DSQRT1", "__ori_template_DRCP3")) {
            assertEquals(1, names.stream().filter(n::equals).count(), n + " once in " + names);
        }
        TemplateState ddiv = d[0].states().get("DDIV");
        assertTrue(ddiv.useTemplateCall());
        assertTrue(ddiv.sectionIds().stream().allMatch(i -> i >= 0));
        assertEquals(3, d[0].states().size(), "one state per template: DDIV, DSQRT, DRCP");
        assertTrue(call.vregs().stream().filter(v -> v.name().startsWith("div.rn.f64")).allMatch(v -> v.templateOwned()));

        assertEquals(6, call.code().stream().filter(in -> in.op() == org.nvlower.sass.SassOpcode.BSSY).count(),
                "a convergence barrier around each of the six call sites");
        assertEquals(6, call.code().stream().filter(in -> in.op() == org.nvlower.sass.SassOpcode.BSYNC).count());

        Program inline = kernel(FIRST, d);
        assertTrue(inline.code().stream().noneMatch(in -> in.op() == org.nvlower.sass.SassOpcode.BSSY));
        assertTrue(inline.sections().stream().noneMatch(s -> s.name().startsWith("__ori_template_")));
        assertFalse(d[0].states().get("DDIV").useTemplateCall());
        assertEquals(List.of(-1, -1, -1), d[0].states().get("DDIV").sectionIds());
        assertTrue(inline.code().size() > call.code().size(), inline.code().size() + " vs " + call.code().size());
    }

    @Test
    void bothModesGiveTheSameResultsAsSoftfloat() {
        Dispatcher[] d = new Dispatcher[1];
        for (String mufu : List.of("exact", "adversarial")) {
            Emulator call = new Emulator(kernel(RECOMPILE, d), MufuModel.byName(mufu, 5));
            Emulator inline = new Emulator(kernel(FIRST, d), MufuModel.byName(mufu, 5));
            Env env = Env.ptx(false);
            SplittableRandom rnd = new SplittableRandom(42);
            long[] specials = {0, Long.MIN_VALUE, 0x7FF0000000000000L, 0x7FF8000000000000L, 1, 0x3FF0000000000000L,
                0x7FEFFFFFFFFFFFFFL, 0x000FFFFFFFFFFFFFL, 0xBFEFFFFFFFFFFFFFL};
            for (int i = 0; i < 20_000; i++) {
                long a = i < 729 ? specials[i % 9] : rnd.nextLong();
                long b = i < 729 ? specials[i / 9 % 9] : (i % 3 == 0 ? rnd.nextLong() : (a & 0xFFF0000000000000L) ^ rnd.nextLong() >>> 14);
                long c = i < 729 ? specials[i / 81 % 9] : rnd.nextLong();
                long[] x = run(call, a, b, c);
                long[] y = run(inline, a, b, c);
                // softfloat's values, the GPU's FP64 NaNs (docs/nan.md)
                long q1 = GpuNaN.div(F64.div(a, b, RoundingMode.NEAR_EVEN, env), a, b);
                long q2 = GpuNaN.div(F64.div(q1, c, RoundingMode.NEAR_EVEN, env), q1, c);
                long[] want = {q1, q2, GpuNaN.unary(F64.sqrt(q2, RoundingMode.NEAR_EVEN, env), q2), GpuNaN.div(F64.div(c, a, RoundingMode.NEAR_EVEN, env), c, a),
                    GpuNaN.unary(F64.div(0x3FF0000000000000L, b, RoundingMode.NEAR_EVEN, env), b), GpuNaN.div(F64.div(a, c, RoundingMode.NEAR_EVEN, env), a, c)};
                for (int k = 0; k < 6; k++) {
                    String where = mufu + " case " + i + " output " + k + " a=" + Long.toHexString(a) + " b="
                            + Long.toHexString(b) + " c=" + Long.toHexString(c);
                    assertEquals(Long.toHexString(want[k]), Long.toHexString(x[k]), "template-call " + where);
                    assertEquals(Long.toHexString(want[k]), Long.toHexString(y[k]), "inline " + where);
                }
            }
        }
    }
}
