package org.nvlower.llvm.pass;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.diag.InputException;
import org.nvlower.llvm.analysis.IrVerifier;
import org.nvlower.llvm.exec.CompiledFunction;
import org.nvlower.llvm.exec.Interpreter;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.runtime.RuntimeFunction;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.testing.LlvmChecks;

/**
 * The fp128 intrinsics and quad C functions the pass replaces (issue 23): each becomes the call of
 * its runtime row (spelled out here), llvm.fmuladd one fused call, the C names recognized by name
 * and type, the compositions (is.fpclass, frexp, lround, fptosi.sat) computing what they must in the
 * interpreter, and a quad call nvlower cannot lower one positioned error.
 */
class Lower128QuadCallsTest {

    /** Intrinsic call (on fp128 %a, %b, %c, i32 %n) and the runtime function that must replace it. */
    static final String[][] INTRINSICS = {
        {"call fp128 @llvm.fma.f128(fp128 %a, fp128 %b, fp128 %c)", "fp128", "__nv_fma_fp128"},
        {"call fp128 @llvm.fmuladd.f128(fp128 %a, fp128 %b, fp128 %c)", "fp128", "__nv_fma_fp128"},
        {"call fp128 @llvm.sqrt.f128(fp128 %a)", "fp128", "__nv_sqrt_fp128"},
        {"call fp128 @llvm.floor.f128(fp128 %a)", "fp128", "__nv_floor_fp128"},
        {"call fp128 @llvm.ceil.f128(fp128 %a)", "fp128", "__nv_ceil_fp128"},
        {"call fp128 @llvm.trunc.f128(fp128 %a)", "fp128", "__nv_trunc_fp128"},
        {"call fp128 @llvm.round.f128(fp128 %a)", "fp128", "__nv_round_fp128"},
        {"call fp128 @llvm.roundeven.f128(fp128 %a)", "fp128", "__nv_roundeven_fp128"},
        {"call fp128 @llvm.rint.f128(fp128 %a)", "fp128", "__nv_rint_fp128"},
        {"call fp128 @llvm.nearbyint.f128(fp128 %a)", "fp128", "__nv_rint_fp128"},
        {"call fp128 @llvm.minnum.f128(fp128 %a, fp128 %b)", "fp128", "__nv_minnum_fp128"},
        {"call fp128 @llvm.maxnum.f128(fp128 %a, fp128 %b)", "fp128", "__nv_maxnum_fp128"},
        {"call fp128 @llvm.minimum.f128(fp128 %a, fp128 %b)", "fp128", "__nv_minimum_fp128"},
        {"call fp128 @llvm.maximum.f128(fp128 %a, fp128 %b)", "fp128", "__nv_maximum_fp128"},
        {"call i1 @llvm.is.fpclass.f128(fp128 %a, i32 3)", "i1", "__nv_fpclass_fp128"},
        {"call fp128 @llvm.powi.f128.i32(fp128 %a, i32 %n)", "fp128", "__nv_powi_fp128"},
        {"call fp128 @llvm.ldexp.f128.i32(fp128 %a, i32 %n)", "fp128", "__nv_ldexp_fp128"},
        {"call { fp128, i32 } @llvm.frexp.f128.i32(fp128 %a)", "{ fp128, i32 }", "__nv_frexp_exp_fp128"},
        {"call i64 @llvm.lround.i64.f128(fp128 %a)", "i64", "__nv_round_fp128"},
        {"call i64 @llvm.llround.i64.f128(fp128 %a)", "i64", "__nv_fp128_to_int64"},
        {"call i32 @llvm.lrint.i32.f128(fp128 %a)", "i32", "__nv_fp128_to_int32"},
        {"call i64 @llvm.llrint.i64.f128(fp128 %a)", "i64", "__nv_rint_fp128"},
        {"call i32 @llvm.fptosi.sat.i32.f128(fp128 %a)", "i32", "__nv_fp128_to_int32"},
        {"call i8 @llvm.fptoui.sat.i8.f128(fp128 %a)", "i8", "__nv_fp128_to_uint8"},
        {"call i24 @llvm.fptosi.sat.i24.f128(fp128 %a)", "i24", "__nv_fp128_to_int128"},
        {"call fp128 @llvm.exp10.f128(fp128 %a)", "fp128", "__nv_exp10_fp128"},
        {"call fp128 @llvm.pow.f128(fp128 %a, fp128 %b)", "fp128", "__nv_pow_fp128"},
        {"call fp128 @llvm.sinh.f128(fp128 %a)", "fp128", "__nv_sinh_fp128"},
        {"call fp128 @llvm.cosh.f128(fp128 %a)", "fp128", "__nv_cosh_fp128"},
        {"call fp128 @llvm.tanh.f128(fp128 %a)", "fp128", "__nv_tanh_fp128"},
        {"call fp128 @llvm.atan.f128(fp128 %a)", "fp128", "__nv_atan_fp128"},
        {"call fp128 @llvm.asin.f128(fp128 %a)", "fp128", "__nv_asin_fp128"},
        {"call fp128 @llvm.acos.f128(fp128 %a)", "fp128", "__nv_acos_fp128"},
        {"call fp128 @llvm.sin.f128(fp128 %a)", "fp128", "__nv_sin_fp128"},
        {"call fp128 @llvm.cos.f128(fp128 %a)", "fp128", "__nv_cos_fp128"},
        {"call fp128 @llvm.tan.f128(fp128 %a)", "fp128", "__nv_tan_fp128"},
    };

    private static String module(String call, String type) {
        String callee = call.replaceAll(".*@([a-z0-9.]+)\\(.*", "$1");
        String params = call.replaceAll(".*\\((.*)\\)", "$1").replaceAll(" (%[a-z]|-?[0-9]+)(?=,|$)", "");
        return "define " + type + " @f(fp128 %a, fp128 %b, fp128 %c, i32 %n) {\n  %r = " + call + "\n  ret " + type
                + " %r\n}\n\ndeclare " + type + " @" + callee + "(" + params + ")\n";
    }

    @Test
    void everyIntrinsicBecomesItsRuntimeCall(@TempDir Path dir) {
        for (String[] row : INTRINSICS) {
            for (boolean carry : new boolean[] {false, true}) {
                Module m = IrParser.parse("i.ll", module(row[0], row[1]));
                Lower128.Result r = Lower128.run(m, new Lower128.Options(false, false, carry, true));
                String out = IrPrinter.print(m);
                assertEquals(List.of(), IrVerifier.verify(m), out);
                assertTrue(out.contains("call ") && out.contains("@" + row[2] + "("), row[0] + "\n" + out);
                assertFalse(Pattern.compile("call [^\\n]*@llvm\\.(?!ctlz|umin)").matcher(out).find(), out);
                assertTrue(r.calls() >= 1, row[0]);
                if (carry) {
                    LlvmChecks.assertAccepted(dir, out);
                }
            }
        }
    }

    @Test
    void fmuladdIsOneFusedOperation() {
        Module m = IrParser.parse("f.ll", module(INTRINSICS[1][0], "fp128"));
        Lower128.Result r = Lower128.run(m, Lower128.Options.DEFAULT);
        assertEquals(1, r.calls());
        assertEquals(java.util.Set.of(RuntimeFunction.FMA_FP128), r.functions());
        String out = IrPrinter.print(m);
        assertTrue(out.contains("%r = call fp128 @__nv_fma_fp128(fp128 %a, fp128 %b, fp128 %c)"), out);
    }

    @Test
    void vectorsOfFp128AreLoweredLaneByLane() {
        String text = """
                define <2 x fp128> @v(<2 x fp128> %a, <2 x fp128> %b) {
                  %r = call <2 x fp128> @llvm.minimum.v2f128(<2 x fp128> %a, <2 x fp128> %b)
                  ret <2 x fp128> %r
                }
                declare <2 x fp128> @llvm.minimum.v2f128(<2 x fp128>, <2 x fp128>)
                """;
        Module m = IrParser.parse("v.ll", text);
        assertEquals(2, Lower128.run(m, Lower128.Options.DEFAULT).calls());
        String out = IrPrinter.print(m);
        assertEquals(2, count(out, "call fp128 @__nv_minimum_fp128"), out);
        assertEquals(List.of(), IrVerifier.verify(m));
    }

    /** The C names: glibc's f128, libquadmath's q, and l when its type is fp128 (not when it is double). */
    @Test
    void quadCFunctionsAreRecognizedByNameAndType() {
        String text = """
                define fp128 @c(fp128 %a, fp128 %b, i32* %e, double %d, fp128* %w, i64 %n) {
                  %s = call fp128 @sqrtf128(fp128 %a)
                  %q = call fp128 @fmaq(fp128 %s, fp128 %b, fp128 %a)
                  %l = call fp128 @floorl(fp128 %q)
                  %x = call fp128 @ldexpf128(fp128 %l, i32 3)
                  %y = call fp128 @fabsq(fp128 %x)
                  %z = call fp128 @frexpf128(fp128 %y, i32* %e)
                  %m = call fp128 @fmodq(fp128 %z, fp128 %b)
                  %k = call i64 @lroundf128(fp128 %m)
                  %dd = call double @sqrtl(double %d)
                  %rm = call fp128 @remainderf128(fp128 %m, fp128 %b)
                  %fd = call fp128 @fdimq(fp128 %rm, fp128 %b)
                  %na = call fp128 @nextafterl(fp128 %fd, fp128 %a)
                  %cb = call fp128 @cbrtf128(fp128 %na)
                  %hy = call fp128 @hypotq(fp128 %cb, fp128 %a)
                  %mo = call fp128 @modfl(fp128 %hy, fp128* %w)
                  %rq = call fp128 @remquof128(fp128 %mo, fp128 %b, i32* %e)
                  %sb = call fp128 @scalblnq(fp128 %rq, i64 %n)
                  %nt = call fp128 @nexttowardl(fp128 %sb, fp128 %a)
                  %em = call fp128 @expm1q(fp128 %nt)
                  %lp = call fp128 @log1pf128(fp128 %em)
                  %et = call fp128 @exp10l(fp128 %lp)
                  %pw = call fp128 @powq(fp128 %et, fp128 %b)
                  %sh = call fp128 @sinhf128(fp128 %pw)
                  %ch = call fp128 @coshq(fp128 %sh)
                  %th = call fp128 @tanhl(fp128 %ch)
                  ret fp128 %th
                }
                declare fp128 @sinhf128(fp128)
                declare fp128 @coshq(fp128)
                declare fp128 @tanhl(fp128)
                declare fp128 @expm1q(fp128)
                declare fp128 @log1pf128(fp128)
                declare fp128 @exp10l(fp128)
                declare fp128 @powq(fp128, fp128)
                declare fp128 @sqrtf128(fp128)
                declare fp128 @fmaq(fp128, fp128, fp128)
                declare fp128 @floorl(fp128)
                declare fp128 @ldexpf128(fp128, i32)
                declare fp128 @fabsq(fp128)
                declare fp128 @frexpf128(fp128, i32*)
                declare fp128 @fmodq(fp128, fp128)
                declare i64 @lroundf128(fp128)
                declare double @sqrtl(double)
                declare fp128 @remainderf128(fp128, fp128)
                declare fp128 @fdimq(fp128, fp128)
                declare fp128 @nextafterl(fp128, fp128)
                declare fp128 @cbrtf128(fp128)
                declare fp128 @hypotq(fp128, fp128)
                declare fp128 @modfl(fp128, fp128*)
                declare fp128 @remquof128(fp128, fp128, i32*)
                declare fp128 @scalblnq(fp128, i64)
                declare fp128 @nexttowardl(fp128, fp128)
                """;
        Module m = IrParser.parse("c.ll", text);
        Lower128.run(m, Lower128.Options.DEFAULT);
        String out = IrPrinter.print(m);
        for (String want : List.of("%s = call fp128 @__nv_sqrt_fp128(fp128 %a)",
                "%q = call fp128 @__nv_fma_fp128(fp128 %s, fp128 %b, fp128 %a)", "%l = call fp128 @__nv_floor_fp128",
                "%x = call fp128 @__nv_ldexp_fp128(fp128 %l, i32 3)", "%y = call fp128 @llvm.fabs.f128(fp128 %x)",
                "%z.exp = call i32 @__nv_frexp_exp_fp128(fp128 %y)", "store i32 %z.exp, i32* %e",
                "%z = call fp128 @__nv_frexp_fp128(fp128 %y)", "%m = call fp128 @__nv_rem_fp128(fp128 %z, fp128 %b)",
                "%k.integral = call fp128 @__nv_round_fp128(fp128 %m)", "%k = call i64 @__nv_fp128_to_int64",
                "%dd = call double @sqrtl(double %d)", "%rm = call fp128 @__nv_remainder_fp128(fp128 %m, fp128 %b)",
                "%fd = call fp128 @__nv_fdim_fp128(fp128 %rm, fp128 %b)",
                "%na = call fp128 @__nv_nextafter_fp128(fp128 %fd, fp128 %a)",
                "%cb = call fp128 @__nv_cbrt_fp128(fp128 %na)", "%hy = call fp128 @__nv_hypot_fp128(fp128 %cb, fp128 %a)",
                "%mo.int = call fp128 @__nv_trunc_fp128(fp128 %hy)", "store fp128 %mo.int, fp128* %w",
                "%mo = call fp128 @__nv_modf_fp128(fp128 %hy)",
                "%rq.quo = call i32 @__nv_remquo_quotient_fp128(fp128 %mo, fp128 %b)", "store i32 %rq.quo, i32* %e",
                "%rq = call fp128 @__nv_remainder_fp128(fp128 %mo, fp128 %b)",
                "%sb.over = icmp sgt i64 %n, 70000", "%sb.n = trunc i64 %sb.hi to i32",
                "%sb = call fp128 @__nv_ldexp_fp128(fp128 %rq, i32 %sb.n)",
                "%nt = call fp128 @__nv_nextafter_fp128(fp128 %sb, fp128 %a)",
                "%em = call fp128 @__nv_expm1_fp128(fp128 %nt)", "%lp = call fp128 @__nv_log1p_fp128(fp128 %em)",
                "%et = call fp128 @__nv_exp10_fp128(fp128 %lp)", "%pw = call fp128 @__nv_pow_fp128(fp128 %et, fp128 %b)",
                "%sh = call fp128 @__nv_sinh_fp128(fp128 %pw)", "%ch = call fp128 @__nv_cosh_fp128(fp128 %sh)",
                "%th = call fp128 @__nv_tanh_fp128(fp128 %ch)")) {
            assertTrue(out.contains(want), want + "\n" + out);
        }
    }

    /** sin, cos and tan by their glibc, libquadmath and long double names, and a vector of llvm.sin. */
    @Test
    void trigonometricCallsAreRecognized() {
        String text = """
                define <2 x fp128> @t(fp128 %a, <2 x fp128> %v) {
                  %s = call fp128 @sinf128(fp128 %a)
                  %c = call fp128 @cosq(fp128 %s)
                  %t = call fp128 @tanl(fp128 %c)
                  %w = call <2 x fp128> @llvm.sin.v2f128(<2 x fp128> %v)
                  ret <2 x fp128> %w
                }
                declare fp128 @sinf128(fp128)
                declare fp128 @cosq(fp128)
                declare fp128 @tanl(fp128)
                declare <2 x fp128> @llvm.sin.v2f128(<2 x fp128>)
                """;
        Module m = IrParser.parse("t.ll", text);
        Lower128.run(m, Lower128.Options.DEFAULT);
        String out = IrPrinter.print(m);
        for (String want : List.of("%s = call fp128 @__nv_sin_fp128(fp128 %a)", "%c = call fp128 @__nv_cos_fp128(fp128 %s)",
                "%t = call fp128 @__nv_tan_fp128(fp128 %c)")) {
            assertTrue(out.contains(want), want + "\n" + out);
        }
        assertEquals(3, out.split("call fp128 @__nv_sin_fp128", -1).length - 1, out); // sinf128 and both lanes
        assertFalse(out.contains("@llvm.sin."), out);
    }

    /** GNU sincos (void (fp128, ptr, ptr)): sin's and cos's rows stored through the pointers; the wrong type is an error. */
    @Test
    void sincosStoresBothRows() {
        String text = """
                define void @sc(fp128 %a, ptr %s, ptr %c) {
                  call void @sincosq(fp128 %a, ptr %s, ptr %c)
                  ret void
                }
                declare void @sincosq(fp128, ptr, ptr)
                """;
        Module m = IrParser.parse("sc.ll", text);
        Lower128.run(m, Lower128.Options.DEFAULT);
        String out = IrPrinter.print(m);
        assertTrue(out.matches("(?s).*%(\\S+) = call fp128 @__nv_sin_fp128\\(fp128 %a\\)\\s+store fp128 %\\1, ptr %s.*"), out);
        assertTrue(out.matches("(?s).*%(\\S+) = call fp128 @__nv_cos_fp128\\(fp128 %a\\)\\s+store fp128 %\\1, ptr %c.*"), out);
        assertFalse(out.contains("@sincosq("), out);
        String wrong = """
                define fp128 @sc(fp128 %a, ptr %s, ptr %c) {
                  %r = call fp128 @sincosf128(fp128 %a, ptr %s, ptr %c)
                  ret fp128 %r
                }
                declare fp128 @sincosf128(fp128, ptr, ptr)
                """;
        InputException e = assertThrows(InputException.class,
                () -> Lower128.run(IrParser.parse("w.ll", wrong), Lower128.Options.DEFAULT));
        assertTrue(e.render().contains("w.ll:2:3: error: ") && e.render().contains("sincosf128 is the quad C function sincos and must "
                + "have the type void (fp128, ptr, ptr), not fp128 (fp128, ptr, ptr)"), e.render());
    }

    @Test
    void aQuadCallWithNoLoweringIsOnePositionedError() {
        assertTrue(refusal("double", "call double @sqrtf128(double %a)", "declare double @sqrtf128(double)").startsWith(
                "sqrtf128 is the quad C function sqrt and must have the type fp128 (fp128), not double (double)"));
        assertTrue(refusal("fp128", "call fp128 @modfq(fp128 %a, i32 7)", "declare fp128 @modfq(fp128, i32)").startsWith(
                "modfq is the quad C function modf and must have the type fp128 (fp128, ptr), not fp128 (fp128, i32)"));
        assertTrue(refusal("fp128", "call fp128 @powq(fp128 %a, i32 2)", "declare fp128 @powq(fp128, i32)").startsWith(
                "powq is the quad C function pow and must have the type fp128 (fp128, fp128), not fp128 (fp128, i32)"));
        assertTrue(refusal("fp128", "call fp128 @j0q(fp128 %a)", "declare fp128 @j0q(fp128)").startsWith(
                "no runtime function computes j0q (j0): nvlower has no quad body for it yet"));
        assertTrue(refusal("fp128", "call fp128 @cabsq(fp128 %a)", "declare fp128 @cabsq(fp128)").startsWith(
                "cabsq is the quad C function cabs and must have the type fp128 (ptr) (the __complex128 byval, as x86-64 "
                + "passes it), not fp128 (fp128)"));
        assertTrue(refusal("fp128", "call fp128 @csqrtq(fp128 %a)", "declare fp128 @csqrtq(fp128)").startsWith(
                "no runtime function computes csqrtq (csqrt): nvlower has no quad body for it yet"));
        assertTrue(refusal("fp128", "call fp128 @nanq(fp128 %a)", "declare fp128 @nanq(fp128)").startsWith(
                "nanq is the quad C function nan and must have the type fp128 (ptr), not fp128 (fp128)"));
        assertTrue(refusal("fp128", "call i256 @llvm.fptosi.sat.i256.f128(fp128 %a)",
                "declare i256 @llvm.fptosi.sat.i256.f128(fp128)").startsWith(
                "no runtime function computes @llvm.fptosi.sat.i256.f128"));
    }

    /**
     * The reason {@link Lower128} gives for a function {@code @t(TYPE %a)} whose first instruction is
     * {@code %r = CALL}, after checking the error's position and the instruction it quotes.
     */
    private static String refusal(String type, String call, String declare) {
        String result = call.split(" ")[1];
        String text = "define " + result + " @t(" + type + " %a) {\n  %r = " + call + "\n  ret " + result + " %r\n}\n"
                + declare + "\n";
        InputException e = assertThrows(InputException.class,
                () -> Lower128.run(IrParser.parse("t.ll", text), Lower128.Options.DEFAULT));
        String head = "t.ll:2:3: error: '%r = " + call + "' in @t cannot be selected by NVPTX: ";
        assertTrue(e.render().startsWith(head), e.render());
        return e.render().substring(head.length());
    }

    /** The compositions run in the interpreter (fp128 carried as i128, bodies linked) on chosen operands. */
    @Test
    void theCompositionsComputeWhatTheIntrinsicsMean() {
        String text = """
                define i24 @sat(fp128 %a) {
                  %r = call i24 @llvm.fptosi.sat.i24.f128(fp128 %a)
                  ret i24 %r
                }
                define i1 @isnan(fp128 %a) {
                  %r = call i1 @llvm.is.fpclass.f128(fp128 %a, i32 3)
                  ret i1 %r
                }
                define i64 @lround(fp128 %a) {
                  %r = call i64 @llvm.lround.i64.f128(fp128 %a)
                  ret i64 %r
                }
                define i32 @frexpExp(fp128 %a) {
                  %f = call { fp128, i32 } @llvm.frexp.f128.i32(fp128 %a)
                  %r = extractvalue { fp128, i32 } %f, 1
                  ret i32 %r
                }
                declare i24 @llvm.fptosi.sat.i24.f128(fp128)
                declare i1 @llvm.is.fpclass.f128(fp128, i32)
                declare i64 @llvm.lround.i64.f128(fp128)
                declare { fp128, i32 } @llvm.frexp.f128.i32(fp128)
                """;
        Module m = IrParser.parse("k.ll", text);
        Lower128.run(m, Lower128.Options.SELF_CONTAINED);
        Interpreter in = new Interpreter(m);
        long big = 0x4040000000000000L;     // 2^65
        long half = 0x4001600000000000L;    // 5.5
        long nan = 0x7FFF800000000000L;
        long minusBig = big | Long.MIN_VALUE;
        assertEquals(0x7FFFFF, run(in, "sat", big) & 0xFFFFFF);
        assertEquals(0x800000, run(in, "sat", minusBig) & 0xFFFFFF);
        assertEquals(0, run(in, "sat", nan) & 0xFFFFFF);
        assertEquals(5, run(in, "sat", half) & 0xFFFFFF);
        assertEquals(1, run(in, "isnan", nan) & 1);
        assertEquals(0, run(in, "isnan", half) & 1);
        assertEquals(6, run(in, "lround", half));
        assertEquals(-6, run(in, "lround", half | Long.MIN_VALUE));
        assertEquals(3, run(in, "frexpExp", half) & 0xFFFFFFFFL); // 5.5 = 0.6875 * 2^3
    }

    /**
     * logb, ilogb and nan by their C names. Expected values: glibc 2.36's logbf128/ilogbf128 and
     * libquadmath's logbq/ilogbq on x86-64 (gcc 12), but NaN results, which are the runtime's
     * canonical NaN (nanq's tag is not read; libquadmath ignores it too).
     */
    @Test
    void exponentsAndNaNByTheirCNames() {
        String text = """
                @tag = private constant [4 x i8] c"123\00"
                define fp128 @logb(fp128 %a) {
                  %r = call fp128 @logbq(fp128 %a)
                  ret fp128 %r
                }
                define i32 @ilogb(fp128 %a) {
                  %r = call i32 @ilogbf128(fp128 %a)
                  ret i32 %r
                }
                define i32 @ilogbLong(fp128 %a) {
                  %r = call i32 @ilogbl(fp128 %a)
                  ret i32 %r
                }
                define fp128 @nan() {
                  %r = call fp128 @nanq(ptr @tag)
                  ret fp128 %r
                }
                declare fp128 @logbq(fp128)
                declare i32 @ilogbf128(fp128)
                declare i32 @ilogbl(fp128)
                declare fp128 @nanq(ptr)
                """;
        Module m = IrParser.parse("e.ll", text);
        assertEquals(3, Lower128.run(m, Lower128.Options.SELF_CONTAINED).calls()); // nanq becomes a constant
        assertEquals(List.of(), IrVerifier.verify(m));
        assertTrue(IrPrinter.print(m).contains("ret i128 170141183460469231731687303715884105727"), IrPrinter.print(m));
        Interpreter in = new Interpreter(m);
        long minSubnormal = 0;      // hi word; lo = 1: 2^-16494
        long minusThree = 0xC000800000000000L;
        long inf = 0x7FFF000000000000L;
        long nan = 0x7FFF800000000000L;
        assertArrayEquals(new long[] {0, 0xC00D01B800000000L}, call(in, "logb", minSubnormal, 1)); // -16494
        assertArrayEquals(new long[] {0, 0x3FFF000000000000L}, call(in, "logb", minusThree, 0)); // 1
        assertArrayEquals(new long[] {0, 0xFFFF000000000000L}, call(in, "logb", Long.MIN_VALUE, 0)); // -0: -inf
        assertArrayEquals(new long[] {0, inf}, call(in, "logb", inf | Long.MIN_VALUE, 0)); // -inf: +inf
        assertArrayEquals(new long[] {-1, Long.MAX_VALUE}, call(in, "logb", nan, 0));
        assertEquals(-16494, (int) call(in, "ilogb", minSubnormal, 1)[0]);
        assertEquals(0, (int) call(in, "ilogb", 0x3FFF000000000000L, 0)[0]); // 1
        assertEquals(1, (int) call(in, "ilogbLong", minusThree, 0)[0]);
        assertEquals(Integer.MIN_VALUE, (int) call(in, "ilogb", 0, 0)[0]); // FP_ILOGB0
        assertEquals(Integer.MIN_VALUE, (int) call(in, "ilogb", nan, 0)[0]); // FP_ILOGBNAN
        assertEquals(Integer.MAX_VALUE, (int) call(in, "ilogbLong", inf, 0)[0]);
        long[] q = new long[2];
        in.function("nan").invoke(new long[0], q);
        assertArrayEquals(new long[] {-1, Long.MAX_VALUE}, q);
    }

    /**
     * libquadmath's classification functions, isnanq, issignalingq, finiteq, isinfq and signbitq
     * (isinfl on binary128 too), on every class. Expected: what libquadmath (gcc 12, x86-64)
     * returns, but signbitq's 1 for its 8 (C asks for nonzero); a wrong type is one error.
     */
    @Test
    void classificationByTheirCNames() {
        String text = """
                define i32 @c(fp128 %a) {
                  %n = call i32 @isnanq(fp128 %a)
                  %s = call i32 @issignalingq(fp128 %a)
                  %f = call i32 @finiteq(fp128 %a)
                  %i = call i32 @isinfl(fp128 %a)
                  %b = call i32 @signbitq(fp128 %a)
                  %n1 = shl i32 %n, 4
                  %s1 = shl i32 %s, 8
                  %f1 = shl i32 %f, 12
                  %i1 = and i32 %i, 255
                  %i2 = shl i32 %i1, 16
                  %b1 = shl i32 %b, 24
                  %r1 = or i32 %n1, %s1
                  %r2 = or i32 %r1, %f1
                  %r3 = or i32 %r2, %i2
                  %r = or i32 %r3, %b1
                  ret i32 %r
                }
                declare i32 @isnanq(fp128)
                declare i32 @issignalingq(fp128)
                declare i32 @finiteq(fp128)
                declare i32 @isinfl(fp128)
                declare i32 @signbitq(fp128)
                """;
        Module m = IrParser.parse("c.ll", text);
        Lower128.run(m, Lower128.Options.SELF_CONTAINED);
        assertEquals(List.of(), IrVerifier.verify(m));
        Interpreter in = new Interpreter(m);
        // {hi, lo, signbit << 24 | isinf & 255 << 16 | finite << 12 | issignaling << 8 | isnan << 4}
        long[][] cases = {
            {0x3FFF800000000000L, 0, 0x00001000},          // 1.5
            {0xC000000000000000L, 0, 0x01001000},          // -2
            {0, 0, 0x00001000},                            // +0
            {Long.MIN_VALUE, 0, 0x01001000},               // -0
            {0, 1, 0x00001000},                            // smallest subnormal
            {Long.MIN_VALUE, 1, 0x01001000},               // its negative
            {0x7FFF000000000000L, 0, 0x00010000},          // +inf
            {0xFFFF000000000000L, 0, 0x01FF0000},          // -inf: isinfq -1
            {0x7FFF800000000000L, 0, 0x00000010},          // quiet NaN
            {0xFFFF800000000000L, 0, 0x01000010},          // negative quiet NaN
            {0x7FFF400000000000L, 0, 0x00000110}};         // signaling NaN
        for (long[] k : cases) {
            assertEquals(k[2], call(in, "c", k[0], k[1])[0] & 0xFFFFFFFFL, Long.toHexString(k[0]) + " " + k[1]);
        }
        Module bad = IrParser.parse("b.ll", "define i64 @c(fp128 %a) {\n  %r = call i64 @isnanq(fp128 %a)\n  ret i64 %r\n}\n"
                + "declare i64 @isnanq(fp128)\n");
        InputException e = assertThrows(InputException.class, () -> Lower128.run(bad, Lower128.Options.DEFAULT));
        assertTrue(e.render().startsWith("b.ll:2:3: error: '%r = call i64 @isnanq(fp128 %a)' in @c cannot be selected by "
                + "NVPTX: isnanq is the quad C function isnan and must have the type i32 (fp128), not i64 (fp128)"), e.render());
    }

    /**
     * crealq, cimagq, cabsq and cargq of a __complex128 passed byval (x86-64's ABI), with an opaque
     * and a typed pointer: the parts loaded from the pointer, hypot's row of (re, im), atan2's of
     * (im, re). (ToolProofsTest runs them from C against libquadmath.)
     */
    @Test
    void complexPartsByTheirCNames() {
        for (String ptr : new String[] {"ptr", "{ fp128, fp128 }*"}) {
            String text = """
                    define fp128 @c(PTR byval({ fp128, fp128 }) %z) {
                      %r = call fp128 @crealq(PTR byval({ fp128, fp128 }) %z)
                      %i = call fp128 @cimagq(PTR byval({ fp128, fp128 }) %z)
                      %a = call fp128 @cabsq(PTR byval({ fp128, fp128 }) %z)
                      %g = call fp128 @cargq(PTR byval({ fp128, fp128 }) %z)
                      %s1 = fadd fp128 %r, %i
                      %s2 = fadd fp128 %s1, %a
                      %s = fadd fp128 %s2, %g
                      ret fp128 %s
                    }
                    declare fp128 @crealq(PTR byval({ fp128, fp128 }))
                    declare fp128 @cimagq(PTR byval({ fp128, fp128 }))
                    declare fp128 @cabsq(PTR byval({ fp128, fp128 }))
                    declare fp128 @cargq(PTR byval({ fp128, fp128 }))
                    """.replace("PTR", ptr);
            Module m = IrParser.parse("c.ll", text);
            Lower128.run(m, Lower128.Options.DEFAULT);
            assertEquals(List.of(), IrVerifier.verify(m));
            String out = IrPrinter.print(m);
            for (String want : List.of("%r.re.at = getelementptr inbounds { fp128, fp128 }, " + ptr + " %z, i32 0, i32 0",
                    "%i.im.at = getelementptr inbounds { fp128, fp128 }, " + ptr + " %z, i32 0, i32 1",
                    "%a = call fp128 @__nv_hypot_fp128(fp128 %a.re, fp128 %a.im)",
                    "%g = call fp128 @__nv_atan2_fp128(fp128 %g.im, fp128 %g.re)")) {
                assertTrue(out.contains(want), want + "\n" + out);
            }
            assertTrue(!out.contains("@crealq") && !out.contains("@cargq"), out);
        }
    }

    /** The result slots of {@code name} on one fp128 operand (low word first). */
    private static long[] call(Interpreter in, String name, long hi, long lo) {
        CompiledFunction f = in.function(name);
        long[] result = new long[f.resultSlots()];
        f.invoke(new long[] {lo, hi}, result);
        return result;
    }

    /** The inverse functions by their C names (f128, q, l), atan2's operands in C's order; a wrong type is one error. */
    @Test
    void inverseFunctionsByTheirCNames() {
        String text = """
                define fp128 @c(fp128 %a, fp128 %b) {
                  %1 = call fp128 @atanhf128(fp128 %a)
                  %2 = call fp128 @asinhq(fp128 %1)
                  %3 = call fp128 @acoshl(fp128 %2)
                  %4 = call fp128 @atanf128(fp128 %3)
                  %5 = call fp128 @asinq(fp128 %4)
                  %6 = call fp128 @acosl(fp128 %5)
                  %7 = call fp128 @atan2q(fp128 %6, fp128 %b)
                  ret fp128 %7
                }
                declare fp128 @atanhf128(fp128)
                declare fp128 @asinhq(fp128)
                declare fp128 @acoshl(fp128)
                declare fp128 @atanf128(fp128)
                declare fp128 @asinq(fp128)
                declare fp128 @acosl(fp128)
                declare fp128 @atan2q(fp128, fp128)
                """;
        Module m = IrParser.parse("c.ll", text);
        assertEquals(7, Lower128.run(m, Lower128.Options.DEFAULT).calls());
        String out = IrPrinter.print(m);
        for (String want : List.of("%1 = call fp128 @__nv_atanh_fp128(fp128 %a)", "%2 = call fp128 @__nv_asinh_fp128(fp128 %1)",
                "%3 = call fp128 @__nv_acosh_fp128(fp128 %2)", "%4 = call fp128 @__nv_atan_fp128(fp128 %3)",
                "%5 = call fp128 @__nv_asin_fp128(fp128 %4)", "%6 = call fp128 @__nv_acos_fp128(fp128 %5)",
                "%7 = call fp128 @__nv_atan2_fp128(fp128 %6, fp128 %b)")) {
            assertTrue(out.contains(want), want + "\n" + out);
        }
        assertEquals(List.of(), IrVerifier.verify(m));
        Module bad = IrParser.parse("b.ll", "define fp128 @c(fp128 %a) {\n  %r = call fp128 @atan2q(fp128 %a)\n  ret fp128 %r\n}\n"
                + "declare fp128 @atan2q(fp128)\n");
        InputException e = assertThrows(InputException.class, () -> Lower128.run(bad, Lower128.Options.DEFAULT));
        assertTrue(e.render().startsWith("b.ll:2:3: error: '%r = call fp128 @atan2q(fp128 %a)' in @c cannot be selected by "
                + "NVPTX: atan2q is the quad C function atan2 and must have the type fp128 (fp128, fp128), not fp128 (fp128)"),
                e.render());
    }

    /** tgamma and lgamma by their C names (f128, q, l); lgamma of the wrong type is one error. */
    @Test
    void gammaFunctionsByTheirCNames() {
        String text = """
                define fp128 @c(fp128 %a) {
                  %1 = call fp128 @tgammaf128(fp128 %a)
                  %2 = call fp128 @lgammaq(fp128 %1)
                  %3 = call fp128 @tgammal(fp128 %2)
                  %4 = call fp128 @lgammaf128(fp128 %3)
                  %5 = call fp128 @tgammaq(fp128 %4)
                  %6 = call fp128 @lgammal(fp128 %5)
                  ret fp128 %6
                }
                declare fp128 @tgammaf128(fp128)
                declare fp128 @lgammaq(fp128)
                declare fp128 @tgammal(fp128)
                declare fp128 @lgammaf128(fp128)
                declare fp128 @tgammaq(fp128)
                declare fp128 @lgammal(fp128)
                """;
        Module m = IrParser.parse("c.ll", text);
        assertEquals(6, Lower128.run(m, Lower128.Options.DEFAULT).calls());
        String out = IrPrinter.print(m);
        for (String want : List.of("%1 = call fp128 @__nv_tgamma_fp128(fp128 %a)", "%2 = call fp128 @__nv_lgamma_fp128(fp128 %1)",
                "%3 = call fp128 @__nv_tgamma_fp128(fp128 %2)", "%4 = call fp128 @__nv_lgamma_fp128(fp128 %3)",
                "%5 = call fp128 @__nv_tgamma_fp128(fp128 %4)", "%6 = call fp128 @__nv_lgamma_fp128(fp128 %5)")) {
            assertTrue(out.contains(want), want + "\n" + out);
        }
        assertEquals(List.of(), IrVerifier.verify(m));
        Module bad = IrParser.parse("b.ll", "define fp128 @c(fp128 %a) {\n  %r = call fp128 @lgammaq(fp128 %a, fp128 %a)\n  ret fp128 %r\n}\n"
                + "declare fp128 @lgammaq(fp128, fp128)\n");
        InputException e = assertThrows(InputException.class, () -> Lower128.run(bad, Lower128.Options.DEFAULT));
        assertTrue(e.render().startsWith("b.ll:2:3: error: '%r = call fp128 @lgammaq(fp128 %a, fp128 %a)' in @c cannot be selected by "
                + "NVPTX: lgammaq is the quad C function lgamma and must have the type fp128 (fp128), not fp128 (fp128, fp128)"),
                e.render());
    }

    /** {@code name} on the fp128 whose high word is {@code hi} (low word 0); the result's low word. */
    private static long run(Interpreter in, String name, long hi) {
        CompiledFunction f = in.function(name);
        long[] result = new long[2];
        f.invoke(new long[] {0, hi}, result);
        return result[0];
    }

    private static int count(String s, String what) {
        Matcher m = Pattern.compile(Pattern.quote(what)).matcher(s);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
