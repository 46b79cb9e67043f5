package org.nvlower.llvm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.pass.Lower128;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.testing.ExternalTools;
import org.nvlower.testing.LlvmChecks;

import org.nvlower.verify.runtime.RuntimeChecker;
import org.nvlower.verify.runtime.LliDriver;
import org.nvlower.verify.runtime.RuntimeCases;
/**
 * The proofs with LLVM's and NVIDIA's own tools (each skipped, with the reason, when the tool is
 * absent): a C program using __float128 and __int128, compiled by clang-14 and lowered with the
 * runtime linked, prints under lli what the gcc-compiled program prints; a module using every
 * operation, lowered and linked, goes through opt -O2 and llc to PTX that ptxas 13 accepts for
 * sm_80, sm_90 and sm_100 (and llc makes PTX for sm_50); lli runs the bodies with softfloat's results.
 */
class ToolProofsTest {

    static Path lower(Path dir, Path in, boolean carry) throws Exception {
        Module m = IrParser.parse(in.toString(), Files.readString(in));
        Lower128.Result r = Lower128.run(m, new Lower128.Options(false, false, carry));
        RuntimeLibrary.link(m, r.functions(), carry);
        return LlvmChecks.write(dir, in.getFileName() + (carry ? ".carried.ll" : ".fp128.ll"), IrPrinter.print(m));
    }

    @Test
    void aCProgramPrintsUnderLliWhatGccsBinaryPrints(@TempDir Path dir) throws Exception {
        Optional<Path> gcc = ExternalTools.find("gcc");
        Optional<Path> clang = ExternalTools.clang14();
        Assumptions.assumeTrue(gcc.isPresent(), "gcc not found");
        Assumptions.assumeTrue(clang.isPresent(), "clang-14 not found");
        List<Path> llis = LlvmChecks.both("lli");
        Assumptions.assumeTrue(!llis.isEmpty(), "lli (LLVM 14 or 19) not found");
        Path c = dir.resolve("quad.c");
        Files.copy(ToolProofsTest.class.getResourceAsStream("/lower128/quad.c"), c);
        Path exe = dir.resolve("quad");
        LlvmChecks.assertRuns(120, gcc.get(), "-O1", "-o", exe.toString(), c.toString());
        String expected = LlvmChecks.assertRuns(60, exe).stdout();
        assertTrue(expected.lines().count() > 150, expected);
        for (String opt : List.of("-O0", "-O1")) {
            Path ll = dir.resolve("quad" + opt + ".ll");
            LlvmChecks.assertRuns(120, clang.get(), opt, "-S", "-emit-llvm", "-o", ll.toString(), c.toString());
            assertTrue(Files.readString(ll).contains("fp128"), "clang kept __float128 as fp128");
            for (boolean carry : new boolean[] {true, false}) {
                Path lowered = lower(dir, ll, carry);
                LlvmChecks.assertAccepted(dir, Files.readString(lowered));
                for (Path lli : llis) {
                    String got = LlvmChecks.assertRuns(120, lli, lowered.toString()).stdout();
                    assertEquals(expected, got, lli + " on " + lowered.getFileName());
                }
            }
        }
    }

    /** clang 14 and 19 where present: {tool, version}. */
    private static List<Object[]> clangs() {
        List<Object[]> list = new ArrayList<>();
        ExternalTools.clang14().ifPresent(c -> list.add(new Object[] {c, 14}));
        ExternalTools.llvm19("clang").ifPresent(c -> list.add(new Object[] {c, 19}));
        return list;
    }

    /**
     * Issue 23's program: __float128 code using a * b + c (llvm.fmuladd), fabs, copysign, sqrt, fma,
     * the rounding functions, fmin/fmax, ldexp, scalbn, fmod, frexp, lround, llrint, logb, ilogb, isnan/isinf/
     * isfinite (clang 19 also through the __builtin_*f128 intrinsics), compiled by clang 14 and 19 at
     * -O0 and -O2, lowered with the runtime linked, prints under lli what gcc's build (glibc's
     * *f128 functions) prints; clang 14 has no __builtin_*f128, so its output lacks those lines.
     */
    @Test
    void aQuadMathProgramPrintsUnderLliWhatGccsBuildPrints(@TempDir Path dir) throws Exception {
        Optional<Path> gcc = ExternalTools.find("gcc");
        Assumptions.assumeTrue(gcc.isPresent(), "gcc not found");
        List<Object[]> clangs = clangs();
        Assumptions.assumeTrue(!clangs.isEmpty(), "clang 14/19 not found");
        Path c = dir.resolve("quadmath.c");
        String expected = gccBuildPrints(dir, gcc.get(), c, 658);
        for (Object[] clang : clangs) {
            int version = (Integer) clang[1];
            String want = version >= 19 ? expected
                    : String.join("\n", expected.lines().filter(l -> !l.startsWith("b.")).toList()) + "\n";
            for (String opt : List.of("-O0", "-O2")) {
                Path ll = dir.resolve("quadmath" + version + opt + ".ll");
                LlvmChecks.assertRuns(120, (Path) clang[0], opt, "-S", "-emit-llvm", "-o", ll.toString(), c.toString());
                Path lowered = lower(dir, ll, true);
                String text = Files.readString(lowered);
                assertTrue(!text.contains("f128(") && !text.contains("call fp128 @llvm."), "all lowered");
                for (Path lli : LlvmChecks.both("lli")) {
                    if (version >= 19 && lli.toString().contains("llvm-14")) {
                        continue; // LLVM 14 does not read clang 19's IR
                    }
                    String got = LlvmChecks.assertRuns(120, lli, lowered.toString()).stdout();
                    assertEquals(want, got, lli + " on " + lowered.getFileName());
                }
            }
        }
    }

    /** What gcc's build of the test resource /lower128/NAME.c (copied to {@code c}) prints: {@code lines} lines. */
    private static String gccBuildPrints(Path dir, Path gcc, Path c, int lines) throws Exception {
        Files.copy(ToolProofsTest.class.getResourceAsStream("/lower128/" + c.getFileName()), c);
        Path exe = dir.resolve(c.getFileName().toString().replace(".c", ""));
        LlvmChecks.assertRuns(120, gcc, "-O1", "-o", exe.toString(), c.toString(), "-lm");
        String expected = LlvmChecks.assertRuns(60, exe).stdout();
        assertEquals(lines, expected.lines().count(), expected);
        return expected;
    }

    /**
     * The quad math library called as a C program calls it (src/test/resources/lower128/quadlibm.c:
     * expf128 ... tanf128 by glibc's names), compiled by clang 14 and 19 at -O2, lowered with the
     * runtime linked, prints under the same LLVM's lli what gcc's build against glibc prints. Results
     * are printed rounded to double: glibc's quad functions are not all correctly rounded.
     */
    @Test
    void aQuadLibmProgramPrintsUnderLliWhatGccsBuildPrints(@TempDir Path dir) throws Exception {
        Optional<Path> gcc = ExternalTools.find("gcc");
        Assumptions.assumeTrue(gcc.isPresent(), "gcc not found");
        List<Object[]> clangs = clangs();
        Assumptions.assumeTrue(!clangs.isEmpty(), "clang 14/19 not found");
        Path c = dir.resolve("quadlibm.c");
        String expected = gccBuildPrints(dir, gcc.get(), c, 16 * 22);
        for (Object[] clang : clangs) {
            int version = (Integer) clang[1];
            Path ll = dir.resolve("quadlibm" + version + ".ll");
            LlvmChecks.assertRuns(120, (Path) clang[0], "-O2", "-S", "-emit-llvm", "-o", ll.toString(), c.toString());
            Path lowered = lower(dir, ll, true);
            assertTrue(!Files.readString(lowered).contains("f128("), "every call lowered");
            Optional<Path> lli = version >= 19 ? ExternalTools.llvm19("lli") : LlvmChecks.llvm14("lli");
            Assumptions.assumeTrue(lli.isPresent(), "lli " + version + " not found");
            assertEquals(expected, LlvmChecks.assertRuns(120, lli.get(), lowered.toString()).stdout(),
                    "lli " + version + " on " + lowered.getFileName());
        }
    }

    /**
     * libquadmath's logbq, ilogbq, isinfq, isnanq, finiteq, signbitq, issignalingq and nanq, and
     * crealq, cimagq, cabsq and cargq of __complex128 values, called from C
     * (src/test/resources/lower128/libquadmath.c), compiled by clang 14 and 19 at -O2,
     * lowered with the runtime linked, prints under the same LLVM's lli what gcc's build against
     * libquadmath prints, on zeros, subnormals, normals, infinities and a NaN.
     */
    @Test
    void aLibquadmathProgramPrintsUnderLliWhatGccsBuildPrints(@TempDir Path dir) throws Exception {
        Optional<Path> gcc = ExternalTools.find("gcc");
        Assumptions.assumeTrue(gcc.isPresent(), "gcc not found");
        String lib = LlvmChecks.assertRuns(30, gcc.get(), "-print-file-name=libquadmath.so").stdout().strip();
        Assumptions.assumeTrue(Path.of(lib).isAbsolute(), "gcc has no libquadmath (" + lib + ")");
        List<Object[]> clangs = clangs();
        Assumptions.assumeTrue(!clangs.isEmpty(), "clang 14/19 not found");
        Path c = dir.resolve("libquadmath.c");
        Files.copy(ToolProofsTest.class.getResourceAsStream("/lower128/libquadmath.c"), c);
        Path exe = dir.resolve("libquadmath");
        LlvmChecks.assertRuns(120, gcc.get(), "-O1", "-o", exe.toString(), c.toString(), "-lquadmath");
        String expected = LlvmChecks.assertRuns(60, exe).stdout();
        assertEquals(12 + 7 * 4, expected.lines().count(), expected);
        for (Object[] clang : clangs) {
            int version = (Integer) clang[1];
            Path ll = dir.resolve("libquadmath" + version + ".ll");
            LlvmChecks.assertRuns(120, (Path) clang[0], "-O2", "-S", "-emit-llvm", "-o", ll.toString(), c.toString());
            Path lowered = lower(dir, ll, true);
            assertTrue(!Pattern.compile("@(logb|ilogb|isinf|isnan|finite|signbit|issignaling|nan|creal|cimag|cabs|carg)q\\(")
                    .matcher(Files.readString(lowered)).find(), "every libquadmath call lowered");
            Optional<Path> lli = version >= 19 ? ExternalTools.llvm19("lli") : LlvmChecks.llvm14("lli");
            Assumptions.assumeTrue(lli.isPresent(), "lli " + version + " not found");
            assertEquals(expected, LlvmChecks.assertRuns(120, lli.get(), lowered.toString()).stdout(),
                    "lli " + version + " on " + lowered.getFileName());
        }
    }

    /**
     * The same operations (src/test/resources/lower128/quadops.c) compiled by clang 14 and 19 at -O2
     * (and with -fno-math-errno), lowered with the runtime linked and retargeted to NVPTX: llvm-as and
     * llc of the same LLVM accept it (clang 14's output also LLVM 19's), and ptxas assembles the PTX
     * for sm_80, sm_90 and sm_100.
     */
    @Test
    void theQuadOperationsOfClang14And19CompileToSassOnEverySm(@TempDir Path dir) throws Exception {
        List<Object[]> clangs = clangs();
        Assumptions.assumeTrue(!clangs.isEmpty(), "clang 14/19 not found");
        Optional<Path> ptxas = ExternalTools.ptxas();
        Path c = dir.resolve("quadops.c");
        Files.copy(ToolProofsTest.class.getResourceAsStream("/lower128/quadops.c"), c);
        for (Object[] clang : clangs) {
            int version = (Integer) clang[1];
            for (String flags : List.of("-O2", "-O2 -fno-math-errno")) {
                Path ll = dir.resolve("quadops" + version + flags.replace(" ", "") + ".ll");
                List<String> cmd = new ArrayList<>(List.of(clang[0].toString(), "--target=x86_64-linux-gnu", "-S",
                        "-emit-llvm", "-o", ll.toString(), c.toString()));
                cmd.addAll(List.of(flags.split(" ")));
                assertEquals(0, ExternalTools.run(120, cmd).exitCode(), cmd.toString());
                Module m = IrParser.parse(ll.toString(), Files.readString(ll));
                Lower128.run(m, Lower128.Options.SELF_CONTAINED);
                m.setTargetTriple("nvptx64-nvidia-cuda");
                m.setDataLayout("e-i64:64-i128:128-v16:16-v32:32-n16:32:64");
                Path lowered = LlvmChecks.write(dir, ll.getFileName() + ".nvptx.ll", IrPrinter.print(m));
                for (Path llc : LlvmChecks.both("llc")) {
                    boolean v14 = llc.toString().contains("llvm-14");
                    if (version >= 19 && v14) {
                        continue;
                    }
                    Path ptx = dir.resolve(lowered.getFileName() + (v14 ? ".14" : ".19") + ".ptx");
                    List<String> llcCmd = new ArrayList<>(List.of(llc.toString(), "-O2", "-march=nvptx64", "-mcpu=sm_80",
                            lowered.toString(), "-o", ptx.toString()));
                    if (v14 && Files.readString(lowered).contains(" ptr ")) {
                        llcCmd.add("-opaque-pointers");
                    }
                    ExternalTools.Result r = ExternalTools.run(300, llcCmd);
                    assertEquals(0, r.exitCode(), llcCmd + "\n" + r.stderr());
                    if (ptxas.isPresent()) {
                        for (String sm : List.of("sm_80", "sm_90", "sm_100")) {
                            LlvmChecks.assertRuns(300, ptxas.get(), "-arch=" + sm, ptx.toString(), "-o",
                                    dir.resolve(ptx.getFileName() + "." + sm + ".cubin").toString());
                        }
                    }
                }
            }
        }
        Assumptions.assumeTrue(ptxas.isPresent(), "ptxas not found: llc's PTX not assembled");
    }

    /** opt -O2, llc for sm_80 and sm_50, the constant tables as .global data, ptxas for sm_80/90/100: one LLVM version's chain. */
    private static Void compileChain(Path dir, Path lowered, Path opt, Path llc, Optional<Path> ptxas, List<String> sms,
            int v) throws Exception {
        Path optimized = dir.resolve("every.O2." + v + ".ll");
        LlvmChecks.assertRuns(300, opt, "-O2", "-S", lowered.toString(), "-o", optimized.toString());
        Path ptx = dir.resolve("every." + v + ".ptx");
        LlvmChecks.assertRuns(300, llc, "-mcpu=sm_80", optimized.toString(), "-o", ptx.toString());
        Path ptx50 = dir.resolve("every50." + v + ".ptx");
        LlvmChecks.assertRuns(300, llc, "-mcpu=sm_50", optimized.toString(), "-o", ptx50.toString());
        assertTrue(Files.readString(ptx50).contains(".target sm_50"));
        String text = Files.readString(ptx);
        assertTrue(text.contains(".visible .entry k0("), "kernels in the PTX");
        for (String table : List.of("__nvl_f128_erfcxHi", "__nvl_f128_erfcxLo", "__nvl_f128_lgammaZeros")) {
            assertTrue(text.contains(".global .align 16 .b8 " + table + "["), table + " as .global data in " + ptx);
        }
        if (ptxas.isPresent()) {
            // ptxas at its fastest compile (ExternalTools.ptxasFastCompile): the same acceptance as
            // -O3 (parse, types, the target's instructions) for an eighth of the CPU on this 6 MB module
            List<String> fast = ExternalTools.ptxasFastCompile(ptxas.get());
            for (String sm : sms) {
                List<String> cmd = new ArrayList<>(List.of("-arch=" + sm));
                cmd.addAll(fast);
                cmd.addAll(List.of(ptx.toString(), "-o", dir.resolve("every." + v + "." + sm + ".cubin").toString()));
                LlvmChecks.assertRuns(600, ptxas.get(), cmd.toArray(String[]::new));
            }
        }
        return null;
    }

    /** A call of every fp128 intrinsic nvlower lowers (the extension rows and the compositions), with operand and result types. */
    static final List<String[]> INTRINSIC_OPS = List.of(
            new String[] {"call fp128 @llvm.fma.f128(fp128 %a, fp128 %b, fp128 %a)", "fp128", "fp128"},
            new String[] {"call fp128 @llvm.fmuladd.f128(fp128 %a, fp128 %b, fp128 %b)", "fp128", "fp128"},
            new String[] {"call fp128 @llvm.sqrt.f128(fp128 %a)", "fp128", "fp128"},
            new String[] {"call fp128 @llvm.exp.f128(fp128 %a)", "fp128", "fp128"},
            new String[] {"call fp128 @llvm.floor.f128(fp128 %a)", "fp128", "fp128"},
            new String[] {"call fp128 @llvm.ceil.f128(fp128 %a)", "fp128", "fp128"},
            new String[] {"call fp128 @llvm.trunc.f128(fp128 %a)", "fp128", "fp128"},
            new String[] {"call fp128 @llvm.round.f128(fp128 %a)", "fp128", "fp128"},
            new String[] {"call fp128 @llvm.roundeven.f128(fp128 %a)", "fp128", "fp128"},
            new String[] {"call fp128 @llvm.rint.f128(fp128 %a)", "fp128", "fp128"},
            new String[] {"call fp128 @llvm.nearbyint.f128(fp128 %a)", "fp128", "fp128"},
            new String[] {"call fp128 @llvm.minnum.f128(fp128 %a, fp128 %b)", "fp128", "fp128"},
            new String[] {"call fp128 @llvm.maxnum.f128(fp128 %a, fp128 %b)", "fp128", "fp128"},
            new String[] {"call fp128 @llvm.minimum.f128(fp128 %a, fp128 %b)", "fp128", "fp128"},
            new String[] {"call fp128 @llvm.maximum.f128(fp128 %a, fp128 %b)", "fp128", "fp128"},
            new String[] {"call fp128 @llvm.fabs.f128(fp128 %a)", "fp128", "fp128"},
            new String[] {"call fp128 @llvm.copysign.f128(fp128 %a, fp128 %b)", "fp128", "fp128"},
            new String[] {"call i1 @llvm.is.fpclass.f128(fp128 %a, i32 515)", "fp128", "i1"},
            new String[] {"call fp128 @llvm.powi.f128.i32(fp128 %a, i32 -7)", "fp128", "fp128"},
            new String[] {"call fp128 @llvm.ldexp.f128.i32(fp128 %a, i32 100)", "fp128", "fp128"},
            new String[] {"call { fp128, i32 } @llvm.frexp.f128.i32(fp128 %a)", "fp128", "{ fp128, i32 }"},
            new String[] {"call i64 @llvm.lround.i64.f128(fp128 %a)", "fp128", "i64"},
            new String[] {"call i64 @llvm.llrint.i64.f128(fp128 %a)", "fp128", "i64"},
            new String[] {"call i24 @llvm.fptosi.sat.i24.f128(fp128 %a)", "fp128", "i24"},
            new String[] {"call i64 @llvm.fptoui.sat.i64.f128(fp128 %a)", "fp128", "i64"},
            new String[] {"call <2 x fp128> @llvm.fma.v2f128(<2 x fp128> %a, <2 x fp128> %b, <2 x fp128> %a)",
                "<2 x fp128>", "<2 x fp128>"});

    /**
     * The quad math library's functions (exp is an intrinsic above) by their libquadmath names: the
     * bodies call the rows out of line, so that opt -O2 keeps their PTX small enough for ptxas.
     * erf's and erfc's bodies read constant tables (their coefficients, lgamma's expansions at its
     * negative zeros; tgamma calls lgamma's rows), which llc must emit as .global data.
     */
    static final List<String> QUAD_MATH_UNARY = List.of("exp2q", "logq", "log2q", "log10q", "expm1q", "log1pq",
            "exp10q", "sinhq", "coshq", "tanhq", "cbrtq", "atanhq", "asinhq", "acoshq", "atanq", "asinq", "acosq", "sinq", "cosq", "tanq", "erfq", "erfcq", "lgammaq", "tgammaq");
    static final List<String> QUAD_MATH_BINARY = List.of("powq", "hypotq", "atan2q");

    static final String INTRINSIC_DECLARATIONS = """

            declare fp128 @llvm.fma.f128(fp128, fp128, fp128)
            declare fp128 @llvm.fmuladd.f128(fp128, fp128, fp128)
            declare fp128 @llvm.sqrt.f128(fp128)
            declare fp128 @llvm.exp.f128(fp128)
            declare fp128 @llvm.floor.f128(fp128)
            declare fp128 @llvm.ceil.f128(fp128)
            declare fp128 @llvm.trunc.f128(fp128)
            declare fp128 @llvm.round.f128(fp128)
            declare fp128 @llvm.roundeven.f128(fp128)
            declare fp128 @llvm.rint.f128(fp128)
            declare fp128 @llvm.nearbyint.f128(fp128)
            declare fp128 @llvm.minnum.f128(fp128, fp128)
            declare fp128 @llvm.maxnum.f128(fp128, fp128)
            declare fp128 @llvm.minimum.f128(fp128, fp128)
            declare fp128 @llvm.maximum.f128(fp128, fp128)
            declare fp128 @llvm.fabs.f128(fp128)
            declare fp128 @llvm.copysign.f128(fp128, fp128)
            declare i1 @llvm.is.fpclass.f128(fp128, i32)
            declare fp128 @llvm.powi.f128.i32(fp128, i32)
            declare fp128 @llvm.ldexp.f128.i32(fp128, i32)
            declare { fp128, i32 } @llvm.frexp.f128.i32(fp128)
            declare i64 @llvm.lround.i64.f128(fp128)
            declare i64 @llvm.llrint.i64.f128(fp128)
            declare i24 @llvm.fptosi.sat.i24.f128(fp128)
            declare i64 @llvm.fptoui.sat.i64.f128(fp128)
            declare <2 x fp128> @llvm.fma.v2f128(<2 x fp128>, <2 x fp128>, <2 x fp128>)
            """;

    /** A kernel per operation: every row of the table, other widths, a vector, every fp128 intrinsic. */
    static String everyOperation() {
        StringBuilder sb = new StringBuilder("""
                target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
                target triple = "nvptx64-nvidia-cuda"
                """);
        List<String[]> ops = new ArrayList<>();
        for (RuntimeFunction f : RuntimeFunction.values()) {
            if (!f.isSeed()) {
                continue; // the intrinsics below
            }
            String t = f.parameterTypes().get(0).llvmName();
            String r = f.returnType().llvmName();
            String op = f.opcode().keyword();
            String inst = switch (f.opcode().kind()) {
                case CMP -> op + " " + f.predicate().orElseThrow().llvmName() + " " + t + " %a, %b";
                case CAST -> op + " " + t + " %a to " + r;
                default -> op + " " + t + " %a, %b";
            };
            ops.add(new String[] {inst, t, r});
        }
        ops.add(new String[] {"fptosi fp128 %a to i24", "fp128", "i24"});
        ops.add(new String[] {"sitofp i100 %a to fp128", "i100", "fp128"});
        ops.add(new String[] {"udiv i72 %a, %b", "i72", "i72"});
        ops.add(new String[] {"fmul <2 x fp128> %a, %b", "<2 x fp128>", "<2 x fp128>"});
        ops.addAll(INTRINSIC_OPS);
        QUAD_MATH_UNARY.forEach(f -> ops.add(new String[] {"call fp128 @" + f + "(fp128 %a)", "fp128", "fp128"}));
        QUAD_MATH_BINARY.forEach(f -> ops.add(new String[] {"call fp128 @" + f + "(fp128 %a, fp128 %b)", "fp128", "fp128"}));
        List<String> kernels = new ArrayList<>();
        for (int i = 0; i < ops.size(); i++) {
            String[] op = ops.get(i);
            sb.append("\ndefine void @k").append(i).append('(').append(op[2]).append("* %out, ").append(op[1])
                    .append("* %pa, ").append(op[1]).append("* %pb) {\n  %a = load ").append(op[1]).append(", ")
                    .append(op[1]).append("* %pa, align 16\n  %b = load ").append(op[1]).append(", ").append(op[1])
                    .append("* %pb, align 16\n  %r = ").append(op[0]).append("\n  store ").append(op[2])
                    .append(" %r, ").append(op[2]).append("* %out, align 16\n  ret void\n}\n");
            kernels.add("!" + i);
        }
        sb.append(INTRINSIC_DECLARATIONS);
        QUAD_MATH_UNARY.forEach(f -> sb.append("declare fp128 @").append(f).append("(fp128)\n"));
        QUAD_MATH_BINARY.forEach(f -> sb.append("declare fp128 @").append(f).append("(fp128, fp128)\n"));
        sb.append("\n!nvvm.annotations = !{").append(String.join(", ", kernels)).append("}\n");
        for (int i = 0; i < ops.size(); i++) {
            String[] op = ops.get(i);
            sb.append('!').append(i).append(" = !{void (").append(op[2]).append("*, ").append(op[1]).append("*, ")
                    .append(op[1]).append("*)* @k").append(i).append(", !\"kernel\", i32 1}\n");
        }
        return sb.toString();
    }

    @Test
    void everyOperationLoweredAndLinkedCompilesToSassOnEverySm(@TempDir Path dir) throws Exception {
        List<Path> opts = LlvmChecks.both("opt");
        List<Path> llcs = LlvmChecks.both("llc");
        Optional<Path> ptxas = ExternalTools.ptxas();
        Assumptions.assumeTrue(!opts.isEmpty() && !llcs.isEmpty(), "opt/llc (LLVM 14 or 19) not found");
        Path in = LlvmChecks.write(dir, "every.ll", everyOperation());
        Path lowered = lower(dir, in, true);
        LlvmChecks.assertAccepted(dir, Files.readString(lowered));
        // LLVM 14's and 19's chains are independent processes: run side by side
        List<Callable<Void>> chains = new ArrayList<>();
        for (int i = 0; i < opts.size(); i++) {
            int v = i;
            // ptxas takes each SM once, LLVM 14's PTX for sm_80 and sm_100, LLVM 19's for sm_90 (both
            // are llc's sm_80 PTX, valid on the later SMs alike); one LLVM alone takes all three
            List<String> sms = opts.size() == 1 ? List.of("sm_80", "sm_90", "sm_100")
                    : v == 0 ? List.of("sm_80", "sm_100") : List.of("sm_90");
            chains.add(() -> compileChain(dir, lowered, opts.get(v), llcs.get(v), ptxas, sms, v));
        }
        ExecutorService pool = Executors.newFixedThreadPool(chains.size());
        try {
            for (Future<Void> done : pool.invokeAll(chains)) {
                try {
                    done.get();
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof Error err) {
                        throw err; // an assertion failure inside a chain
                    }
                    throw new AssertionError(e.getCause());
                }
            }
        } finally {
            pool.shutdownNow();
        }
        Assumptions.assumeTrue(ptxas.isPresent(), "ptxas not found: llc's PTX not assembled");
    }

    @Test
    void lliRunsTheBodiesWithSoftfloatsResults() throws Exception {
        List<Path> llis = LlvmChecks.both("lli");
        Assumptions.assumeTrue(!llis.isEmpty(), "lli (LLVM 14 or 19) not found");
        Map<RuntimeFunction, List<long[]>> cases = new LinkedHashMap<>();
        for (RuntimeFunction f : RuntimeFunction.values()) {
            List<long[]> all = new ArrayList<>();
            RuntimeCases.forEach(f, 20, 7, ops -> all.add(ops.clone()));
            // fma's edge triples (253,500) thinned to every 5th: the driver stays a few MB
            int step = all.size() > 100_000 ? 5 : 1;
            List<long[]> list = new ArrayList<>();
            for (int i = 0; i < all.size(); i += step) {
                list.add(all.get(i));
            }
            cases.put(f, list);
        }
        Path file = Files.createTempFile("driver", ".ll");
        try {
            Files.writeString(file, IrPrinter.print(LliDriver.build(cases)));
            for (Path lli : llis) {
                List<String> lines = LlvmChecks.assertRuns(300, lli, file.toString()).stdout().lines().toList();
                long total = 0;
                for (RuntimeChecker.Report r : LliDriver.mismatches(cases, lines)) {
                    assertEquals(0, r.mismatches(), lli + ": " + r.first());
                    total += r.cases();
                }
                assertTrue(total > 300_000, "cases: " + total);
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
