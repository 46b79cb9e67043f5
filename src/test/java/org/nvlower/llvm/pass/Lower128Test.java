package org.nvlower.llvm.pass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.diag.InputException;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.analysis.IrVerifier;
import org.nvlower.llvm.runtime.RuntimeFunction;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.testing.LlvmChecks;

/**
 * The pass on IR fixtures: every row of seed 1's dispatch table (spelled out here, independently
 * of the runtime table), every fcmp predicate, narrower and wider integers, vectors, constant
 * expressions, the post-check, {@code enable-optimization}; each output passes the IrVerifier and
 * llvm-as 14 and 19.
 */
class Lower128Test {

    /** Seed 1's dispatch table: instruction (on %a, %b) and the function that must replace it. */
    static final String[][] DISPATCH = {
        {"fadd fp128 %a, %b", "fp128", "__nv_add_fp128"},
        {"fsub fp128 %a, %b", "fp128", "__nv_sub_fp128"},
        {"fmul fp128 %a, %b", "fp128", "__nv_mul_fp128"},
        {"fdiv fp128 %a, %b", "fp128", "__nv_div_fp128"},
        {"frem fp128 %a, %b", "fp128", "__nv_rem_fp128"},
        {"udiv i128 %a, %b", "i128", "__nv_udiv128"},
        {"sdiv i128 %a, %b", "i128", "__nv_idiv128"},
        {"urem i128 %a, %b", "i128", "__nv_urem128"},
        {"srem i128 %a, %b", "i128", "__nv_irem128"},
        {"fptoui fp128 %a to i8", "i8", "__nv_fp128_to_uint8"},
        {"fptoui fp128 %a to i16", "i16", "__nv_fp128_to_uint16"},
        {"fptoui fp128 %a to i32", "i32", "__nv_fp128_to_uint32"},
        {"fptoui fp128 %a to i64", "i64", "__nv_fp128_to_uint64"},
        {"fptoui fp128 %a to i128", "i128", "__nv_fp128_to_uint128"},
        {"fptosi fp128 %a to i8", "i8", "__nv_fp128_to_int8"},
        {"fptosi fp128 %a to i16", "i16", "__nv_fp128_to_int16"},
        {"fptosi fp128 %a to i32", "i32", "__nv_fp128_to_int32"},
        {"fptosi fp128 %a to i64", "i64", "__nv_fp128_to_int64"},
        {"fptosi fp128 %a to i128", "i128", "__nv_fp128_to_int128"},
        {"uitofp i8 %a to fp128", "fp128", "__nv_uint8_to_fp128"},
        {"uitofp i16 %a to fp128", "fp128", "__nv_uint16_to_fp128"},
        {"uitofp i32 %a to fp128", "fp128", "__nv_uint32_to_fp128"},
        {"uitofp i64 %a to fp128", "fp128", "__nv_uint64_to_fp128"},
        {"uitofp i128 %a to fp128", "fp128", "__nv_uint128_to_fp128"},
        {"sitofp i8 %a to fp128", "fp128", "__nv_int8_to_fp128"},
        {"sitofp i16 %a to fp128", "fp128", "__nv_int16_to_fp128"},
        {"sitofp i32 %a to fp128", "fp128", "__nv_int32_to_fp128"},
        {"sitofp i64 %a to fp128", "fp128", "__nv_int64_to_fp128"},
        {"sitofp i128 %a to fp128", "fp128", "__nv_int128_to_fp128"},
        {"fptrunc fp128 %a to float", "float", "__nv_fp128_to_float"},
        {"fptrunc fp128 %a to double", "double", "__nv_fp128_to_double"},
        {"fpext float %a to fp128", "fp128", "__nv_float_to_fp128"},
        {"fpext double %a to fp128", "fp128", "__nv_double_to_fp128"},
        {"fptoui float %a to i128", "i128", "__nv_cvt_f32_u128_rz"},
        {"fptosi float %a to i128", "i128", "__nv_cvt_f32_i128_rz"},
        {"fptoui double %a to i128", "i128", "__nv_cvt_f64_u128_rz"},
        {"fptosi double %a to i128", "i128", "__nv_cvt_f64_i128_rz"},
        {"uitofp i128 %a to float", "float", "__nv_cvt_u128_f32_rn"},
        {"sitofp i128 %a to float", "float", "__nv_cvt_i128_f32_rn"},
        {"uitofp i128 %a to double", "double", "__nv_cvt_u128_f64_rn"},
        {"sitofp i128 %a to double", "double", "__nv_cvt_i128_f64_rn"},
        {"fcmp oeq fp128 %a, %b", "i1", "__nv_fcmp_oeq"},
        {"fcmp ogt fp128 %a, %b", "i1", "__nv_fcmp_ogt"},
        {"fcmp oge fp128 %a, %b", "i1", "__nv_fcmp_oge"},
        {"fcmp olt fp128 %a, %b", "i1", "__nv_fcmp_olt"},
        {"fcmp ole fp128 %a, %b", "i1", "__nv_fcmp_ole"},
        {"fcmp one fp128 %a, %b", "i1", "__nv_fcmp_one"},
        {"fcmp ord fp128 %a, %b", "i1", "__nv_fcmp_ord"},
        {"fcmp uno fp128 %a, %b", "i1", "__nv_fcmp_uno"},
        {"fcmp ueq fp128 %a, %b", "i1", "__nv_fcmp_ueq"},
        {"fcmp ugt fp128 %a, %b", "i1", "__nv_fcmp_ugt"},
        {"fcmp uge fp128 %a, %b", "i1", "__nv_fcmp_uge"},
        {"fcmp ult fp128 %a, %b", "i1", "__nv_fcmp_ult"},
        {"fcmp ule fp128 %a, %b", "i1", "__nv_fcmp_ule"},
        {"fcmp une fp128 %a, %b", "i1", "__nv_fcmp_une"},
    };

    /** One function per instruction: {@code define RET @tN(T %a, T %b) { %r = INST; ret RET %r }}. */
    static String module(String[][] rows) {
        StringBuilder sb = new StringBuilder("target triple = \"nvptx64-nvidia-cuda\"\n");
        for (int i = 0; i < rows.length; i++) {
            String inst = rows[i][0];
            String[] words = inst.split(" ");
            String operandType = inst.startsWith("fcmp") ? words[2] : words[1];
            sb.append("\ndefine ").append(rows[i][1]).append(" @t").append(i).append('(').append(operandType)
                    .append(" %a, ").append(operandType).append(" %b) {\nentry:\n  %r = ").append(inst)
                    .append("\n  ret ").append(rows[i][1]).append(" %r\n}\n");
        }
        return sb.toString();
    }

    static Module lower(String text, Lower128.Options options) {
        Module m = IrParser.parse("in.ll", text);
        Lower128.run(m, options);
        assertEquals(List.of(), IrVerifier.verify(m));
        return m;
    }

    /** The body of {@code @name} in printed IR. */
    static String body(String printed, String name) {
        int at = printed.indexOf("@" + name + "(");
        int start = printed.lastIndexOf("define", at);
        return printed.substring(start, printed.indexOf("\n}\n", at) + 3);
    }

    @Test
    void everyRowOfTheDispatchTableBecomesItsCall(@TempDir Path dir) {
        Module m = lower(module(DISPATCH), Lower128.Options.DEFAULT);
        String out = IrPrinter.print(m);
        Set<String> declared = new java.util.HashSet<>();
        for (int i = 0; i < DISPATCH.length; i++) {
            String body = body(out, "t" + i);
            String call = "%r = call " + DISPATCH[i][1] + " @" + DISPATCH[i][2] + "(";
            assertTrue(body.contains(call), "row " + i + " " + DISPATCH[i][0] + ":\n" + body);
            assertEquals(1, count(body, " call "), body);
            assertTrue(declared.add(DISPATCH[i][2]));
        }
        assertEquals(55, declared.size());
        for (RuntimeFunction f : RuntimeFunction.values()) {
            if (!f.isSeed()) {
                continue; // nvlower's extensions replace intrinsic calls: Lower128QuadCallsTest
            }
            assertEquals(1, count(out, "declare " + f.returnType().llvmName() + " @" + f.symbol() + "("), f.symbol());
            assertTrue(declared.contains(f.symbol()), f.symbol() + " is in no row of the seed's table");
        }
        LlvmChecks.assertAccepted(dir, out);
    }

    @Test
    void callsKeepTheNameAndDebugLocationAndDeclarationsAreAddedOnce(@TempDir Path dir) {
        String text = """
                define fp128 @f(fp128 %a, fp128 %b) !dbg !4 {
                entry:
                  %x = fadd fp128 %a, %b, !dbg !9
                  %0 = fadd fp128 %x, %b
                  %y = fadd fp128 %0, %x, !dbg !9
                  ret fp128 %y
                }

                !llvm.module.flags = !{!0, !1}
                !llvm.dbg.cu = !{!2}
                !0 = !{i32 2, !"Debug Info Version", i32 3}
                !1 = !{i32 7, !"Dwarf Version", i32 4}
                !2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, emissionKind: FullDebug)
                !3 = !DIFile(filename: "f.c", directory: "/")
                !4 = distinct !DISubprogram(name: "f", scope: !3, file: !3, line: 1, type: !5, unit: !2, spFlags: DISPFlagDefinition)
                !5 = !DISubroutineType(types: !6)
                !6 = !{}
                !9 = !DILocation(line: 2, column: 3, scope: !4)
                """;
        Module m = lower(text, Lower128.Options.DEFAULT);
        String out = IrPrinter.print(m);
        assertTrue(out.contains("%x = call fp128 @__nv_add_fp128(fp128 %a, fp128 %b), !dbg !9"), out);
        assertTrue(out.contains("%0 = call fp128 @__nv_add_fp128(fp128 %x, fp128 %b)\n"), out);
        assertTrue(out.contains("%y = call fp128 @__nv_add_fp128(fp128 %0, fp128 %x), !dbg !9"), out);
        assertEquals(1, count(out, "declare fp128 @__nv_add_fp128(fp128, fp128)"), out);
        assertFalse(out.contains("fadd"), out);
        LlvmChecks.assertAccepted(dir, out);
    }

    @Test
    void otherWidthsAreExtendedAndTruncatedAroundTheNearestRow(@TempDir Path dir) {
        String[][] rows = {
            {"fptoui fp128 %a to i24", "i24", "%r.call = call i32 @__nv_fp128_to_uint32(fp128 %a)", "%r = trunc i32 %r.call to i24"},
            {"fptosi fp128 %a to i1", "i1", "%r.call = call i8 @__nv_fp128_to_int8(fp128 %a)", "%r = trunc i8 %r.call to i1"},
            {"fptosi fp128 %a to i100", "i100", "call i128 @__nv_fp128_to_int128(fp128 %a)", "%r = trunc i128 %r.call to i100"},
            {"sitofp i24 %a to fp128", "fp128", "%r.ext0 = sext i24 %a to i32", "%r = call fp128 @__nv_int32_to_fp128(i32 %r.ext0)"},
            {"uitofp i1 %a to fp128", "fp128", "%r.ext0 = zext i1 %a to i8", "%r = call fp128 @__nv_uint8_to_fp128(i8 %r.ext0)"},
            {"uitofp i65 %a to fp128", "fp128", "%r.ext0 = zext i65 %a to i128", "call fp128 @__nv_uint128_to_fp128(i128 %r.ext0)"},
            {"udiv i100 %a, %b", "i100", "%r.ext1 = zext i100 %b to i128", "%r = trunc i128 %r.call to i100"},
            {"sdiv i100 %a, %b", "i100", "%r.ext0 = sext i100 %a to i128", "call i128 @__nv_idiv128(i128 %r.ext0, i128 %r.ext1)"},
            {"srem i72 %a, %b", "i72", "%r.ext1 = sext i72 %b to i128", "call i128 @__nv_irem128("},
            {"fptosi double %a to i100", "i100", "call i128 @__nv_cvt_f64_i128_rz(double %a)", "%r = trunc i128 %r.call to i100"},
            {"uitofp i100 %a to float", "float", "%r.ext0 = zext i100 %a to i128", "%r = call float @__nv_cvt_u128_f32_rn(i128 %r.ext0)"},
            {"fpext half %a to fp128", "fp128", "%r.ext0 = fpext half %a to float", "%r = call fp128 @__nv_float_to_fp128(float %r.ext0)"},
            {"fptoui half %a to i128", "i128", "%r.ext0 = fpext half %a to float", "call i128 @__nv_cvt_f32_u128_rz(float %r.ext0)"},
        };
        String out = IrPrinter.print(lower(module(rows), Lower128.Options.DEFAULT));
        for (int i = 0; i < rows.length; i++) {
            String body = body(out, "t" + i);
            assertTrue(body.contains(rows[i][2]) && body.contains(rows[i][3]), rows[i][0] + ":\n" + body);
        }
        LlvmChecks.assertAccepted(dir, out);
    }

    @Test
    void nativeWidthsAreLeftAlone() {
        String[][] rows = {
            {"udiv i64 %a, %b", "i64"}, {"sdiv i33 %a, %b", "i33"}, {"fptosi double %a to i64", "i64"},
            {"uitofp i64 %a to float", "float"}, {"fadd double %a, %b", "double"}, {"add i128 %a, %b", "i128"},
            {"mul i128 %a, %b", "i128"}, {"lshr i128 %a, %b", "i128"}, {"trunc i128 %a to i64", "i64"},
            {"fcmp olt double %a, %b", "i1"}, {"fpext float %a to double", "double"},
        };
        String text = module(rows);
        Lower128.Result r = Lower128.run(IrParser.parse("in.ll", text), Lower128.Options.DEFAULT);
        assertEquals(0, r.calls());
        assertEquals(Set.of(), r.functions());
    }

    @Test
    void vectorsAreLoweredLaneByLane(@TempDir Path dir) {
        String text = """
                define <2 x fp128> @add(<2 x fp128> %a, <2 x fp128> %b) {
                  %r = fadd <2 x fp128> %a, %b
                  ret <2 x fp128> %r
                }

                define <3 x i1> @cmp(<3 x fp128> %a, <3 x fp128> %b) {
                  %r = fcmp olt <3 x fp128> %a, %b
                  ret <3 x i1> %r
                }

                define <2 x i32> @cvt(<2 x fp128> %a) {
                  %r = fptosi <2 x fp128> %a to <2 x i32>
                  ret <2 x i32> %r
                }

                define <2 x i1> @always(<2 x fp128> %a) {
                  %r = fcmp true <2 x fp128> %a, %a
                  ret <2 x i1> %r
                }

                define <2 x i128> @div(<2 x i128> %a, <2 x i128> %b) {
                  %r = udiv <2 x i128> %a, %b
                  ret <2 x i128> %r
                }
                """;
        Module m = IrParser.parse("in.ll", text);
        Lower128.Result result = Lower128.run(m, Lower128.Options.DEFAULT);
        assertEquals(List.of(), IrVerifier.verify(m));
        assertEquals(2 + 3 + 2 + 2, result.calls());
        String out = IrPrinter.print(m);
        String add = body(out, "add");
        assertEquals(2, count(add, "call fp128 @__nv_add_fp128("), add);
        assertTrue(add.contains("%r.lane1 = call fp128 @__nv_add_fp128(fp128 %r.a0.1, fp128 %r.a1.1)"), add);
        assertTrue(add.contains("%r.v0 = insertelement <2 x fp128> poison, fp128 %r.lane0, i32 0"), add);
        assertTrue(add.contains("%r = insertelement <2 x fp128> %r.v0, fp128 %r.lane1, i32 1"), add);
        assertEquals(3, count(body(out, "cmp"), "call i1 @__nv_fcmp_olt("));
        assertEquals(2, count(body(out, "cvt"), "call i32 @__nv_fp128_to_int32("));
        assertTrue(body(out, "always").contains("ret <2 x i1> <i1 true, i1 true>"), body(out, "always"));
        assertEquals(2, count(body(out, "div"), "call i128 @__nv_udiv128("));
        LlvmChecks.assertAccepted(dir, out);
    }

    @Test
    void fcmpTrueAndFalseFoldToConstants(@TempDir Path dir) {
        String text = """
                define i1 @t(fp128 %a, fp128 %b) {
                  %x = fcmp true fp128 %a, %b
                  %y = fcmp false fp128 %a, %b
                  %z = xor i1 %x, %y
                  ret i1 %z
                }
                """;
        Module m = IrParser.parse("in.ll", text);
        Lower128.Result r = Lower128.run(m, Lower128.Options.DEFAULT);
        assertEquals(0, r.calls());
        assertEquals(2, r.folded());
        String out = IrPrinter.print(m);
        assertTrue(out.contains("%z = xor i1 true, false"), out);
        LlvmChecks.assertAccepted(dir, out);
    }

    @Test
    void constantExpressionsOn128BitTypesFoldWithSoftfloat(@TempDir Path dir) {
        // LLVM 14 syntax: fadd/udiv constant expressions (LLVM 19 no longer reads them)
        String text = """
                @two = global fp128 fadd (fp128 0xL00000000000000003FFF000000000000, fp128 0xL00000000000000003FFF000000000000)
                @third = global fp128 fdiv (fp128 0xL00000000000000003FFF000000000000, fp128 0xL00000000000000004000800000000000)
                @q = global i128 udiv (i128 -1, i128 3)
                @s = global i128 sdiv (i128 -7, i128 2)
                @d = global double fptrunc (fp128 0xL00000000000000003FFF000000000000 to double)
                @lt = global i1 fcmp olt (fp128 0xL00000000000000003FFF000000000000, fp128 0xL00000000000000004000000000000000)
                @pair = global { fp128, i32 } { fp128 fmul (fp128 0xL00000000000000004000000000000000, fp128 0xL00000000000000004000000000000000), i32 1 }

                define fp128 @f(fp128 %a) {
                  %r = fadd fp128 %a, fsub (fp128 0xL00000000000000004000000000000000, fp128 0xL00000000000000003FFF000000000000)
                  ret fp128 %r
                }
                """;
        Module m = lower(text, Lower128.Options.DEFAULT);
        String out = IrPrinter.print(m);
        assertTrue(out.contains("@two = global fp128 0xL00000000000000004000000000000000"), out);
        // 1/3 in binary128: 0x3FFD5555...5555 (round to nearest even)
        assertTrue(out.contains("@third = global fp128 0xL55555555555555553FFD555555555555"), out);
        // (2^128 - 1) / 3 = 0x5555...5555
        assertTrue(out.contains("@q = global i128 113427455640312821154458202477256070485"), out);
        assertTrue(out.contains("@s = global i128 -3"), out);
        assertTrue(out.contains("@d = global double 1.000000e+00"), out);
        assertTrue(out.contains("@lt = global i1 true"), out);
        assertTrue(out.contains("{ fp128 0xL00000000000000004001000000000000, i32 1 }"), out);
        assertTrue(out.contains("%r = call fp128 @__nv_add_fp128(fp128 %a, fp128 0xL00000000000000003FFF000000000000)"),
                out);
        LlvmChecks.assertAccepted(dir, out);
    }

    @Test
    void theCheckNamesFileLineFunctionAndInstruction() {
        String text = """
                define half @narrow(fp128 %a) {
                  %h = fptrunc fp128 %a to half
                  ret half %h
                }

                define i256 @wide(i256 %a, i256 %b) {
                  %q = udiv i256 %a, %b
                  ret i256 %q
                }

                define fp128 @root(fp128 %a) {
                  %s = call fp128 @llvm.arithmetic.fence.f128(fp128 %a)
                  %m = call fp128 @llvm.fabs.f128(fp128 %s)
                  ret fp128 %m
                }

                declare fp128 @llvm.arithmetic.fence.f128(fp128)
                declare fp128 @llvm.fabs.f128(fp128)
                """;
        InputException e = assertThrows(InputException.class,
                () -> Lower128.run(IrParser.parse("k.ll", text), Lower128.Options.DEFAULT));
        // the whole message (render() shows the first few hundred characters of it)
        String message = e.getMessage();
        assertTrue(e.render().startsWith("k.ll:2:3: error: '%h = fptrunc fp128 %a to half'"), e.render());
        assertTrue(e.render().contains("\n  %h = fptrunc fp128 %a to half\n  ^"), e.render());
        message = e.position() + ": error: " + message;
        assertTrue(message.startsWith("k.ll:2:3: error: '%h = fptrunc fp128 %a to half' in @narrow cannot be "
                + "selected by NVPTX: no runtime function converts (fptrunc) fp128 to half"), message);
        assertTrue(message.contains("k.ll:7:3: error: '%q = udiv i256 %a, %b' in @wide cannot be selected by NVPTX: "
                + "no runtime function computes udiv on i256"), message);
        assertTrue(message.contains("k.ll:12:3: error: '%s = call fp128 @llvm.arithmetic.fence.f128(fp128 %a)' in @root"), message);
        assertFalse(message.contains("fabs"), "fabs is a sign-bit operation NVPTX selects: " + message);
        assertTrue(message.contains("(2 more below the source line)"), message);

        Module kept = IrParser.parse("k.ll", text);
        Lower128.Result r = Lower128.run(kept, new Lower128.Options(false, true, false));
        assertEquals(3, r.kept().size());
        assertTrue(IrPrinter.print(kept).contains("%h = fptrunc fp128 %a to half"));
    }

    @Test
    void unfoldableConstantExpressionsAreReported() {
        String text = """
                @g = global i32 0
                @x = global i128 udiv (i128 ptrtoint (i32* @g to i128), i128 3)
                """;
        InputException e = assertThrows(InputException.class,
                () -> Lower128.run(IrParser.parse("c.ll", text), Lower128.Options.DEFAULT));
        assertTrue(e.render().startsWith("c.ll:2:1: error: @x cannot be selected by NVPTX: its initializer holds"),
                e.render());
    }

    @Test
    void enableOptimizationMarksCallsAndDeclarationsSideEffectFree(@TempDir Path dir) {
        String text = """
                define fp128 @f(fp128 %a, i128 %x, i128 %y) {
                  %q = udiv i128 %x, %y
                  %c = sitofp i128 %q to fp128
                  %r = fmul fp128 %a, %c
                  ret fp128 %r
                }
                """;
        Module m = lower(text, new Lower128.Options(true, false, false));
        String out = IrPrinter.print(m);
        Matcher group = Pattern.compile("attributes #(\\d+) = \\{ nounwind readnone willreturn \\}").matcher(out);
        assertTrue(group.find(), out);
        String id = "#" + group.group(1);
        assertTrue(out.contains("%q = call i128 @__nv_udiv128(i128 %x, i128 %y) " + id), out);
        assertTrue(out.contains("%r = call fp128 @__nv_mul_fp128(fp128 %a, fp128 %c) " + id), out);
        assertTrue(out.contains("declare fp128 @__nv_int128_to_fp128(i128) " + id), out);
        assertEquals(3, count(out, "= call "), out);
        LlvmChecks.assertAccepted(dir, out);
    }

    @Test
    void anExistingDeclarationIsReusedAndAConflictingOneIsAnError() {
        String reuse = """
                declare fp128 @__nv_add_fp128(fp128, fp128)

                define fp128 @f(fp128 %a) {
                  %r = fadd fp128 %a, %a
                  ret fp128 %r
                }
                """;
        String out = IrPrinter.print(lower(reuse, Lower128.Options.DEFAULT));
        assertEquals(1, count(out, "@__nv_add_fp128(fp128, fp128)"), out);
        String conflict = reuse.replace("declare fp128 @__nv_add_fp128(fp128, fp128)", "declare i32 @__nv_add_fp128(i32)");
        InputException e = assertThrows(InputException.class,
                () -> Lower128.run(IrParser.parse("d.ll", conflict), Lower128.Options.DEFAULT));
        assertTrue(e.render().startsWith("d.ll:1:"), e.render());
    }

    @Test
    void theResultListsTheFunctionsCalled() {
        Module m = IrParser.parse("in.ll", module(DISPATCH));
        Lower128.Result r = Lower128.run(m, Lower128.Options.DEFAULT);
        Set<RuntimeFunction> seed = EnumSet.noneOf(RuntimeFunction.class);
        for (RuntimeFunction f : RuntimeFunction.values()) {
            if (f.isSeed()) {
                seed.add(f);
            }
        }
        assertEquals(seed, r.functions());
        assertEquals(55, r.calls());
    }

    static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    static List<String> lines(String s) {
        return new ArrayList<>(List.of(s.split("\n")));
    }
}
