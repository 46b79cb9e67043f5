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

    /** A kernel per operation: every row of the table, other widths, a vector. */
    static String everyOperation() {
        StringBuilder sb = new StringBuilder("""
                target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
                target triple = "nvptx64-nvidia-cuda"
                """);
        List<String[]> ops = new ArrayList<>();
        for (RuntimeFunction f : RuntimeFunction.values()) {
            String t = f.parameterTypes().get(0).llvmName();
            String r = f.returnType().llvmName();
            String inst = switch (f.opcode()) {
                case "fcmp" -> "fcmp " + f.predicate().orElseThrow().llvmName() + " " + t + " %a, %b";
                case "fptoui", "fptosi", "uitofp", "sitofp", "fptrunc", "fpext" -> f.opcode() + " " + t + " %a to " + r;
                default -> f.opcode() + " " + t + " %a, %b";
            };
            ops.add(new String[] {inst, t, r});
        }
        ops.add(new String[] {"fptosi fp128 %a to i24", "fp128", "i24"});
        ops.add(new String[] {"sitofp i100 %a to fp128", "i100", "fp128"});
        ops.add(new String[] {"udiv i72 %a, %b", "i72", "i72"});
        ops.add(new String[] {"fmul <2 x fp128> %a, %b", "<2 x fp128>", "<2 x fp128>"});
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
        for (int v = 0; v < opts.size(); v++) {
            Path optimized = dir.resolve("every.O2." + v + ".ll");
            LlvmChecks.assertRuns(300, opts.get(v), "-O2", "-S", lowered.toString(), "-o", optimized.toString());
            Path ptx = dir.resolve("every." + v + ".ptx");
            LlvmChecks.assertRuns(300, llcs.get(v), "-mcpu=sm_80", optimized.toString(), "-o", ptx.toString());
            assertTrue(Files.readString(ptx).contains(".visible .entry k0("), "kernels in the PTX");
            Path ptx50 = dir.resolve("every50." + v + ".ptx");
            LlvmChecks.assertRuns(300, llcs.get(v), "-mcpu=sm_50", optimized.toString(), "-o", ptx50.toString());
            assertTrue(Files.readString(ptx50).contains(".target sm_50"));
            if (ptxas.isPresent()) {
                for (String sm : List.of("sm_80", "sm_90", "sm_100")) {
                    LlvmChecks.assertRuns(300, ptxas.get(), "-arch=" + sm, ptx.toString(), "-o",
                            dir.resolve("every." + v + "." + sm + ".cubin").toString());
                }
            }
        }
        Assumptions.assumeTrue(ptxas.isPresent(), "ptxas not found: llc's PTX not assembled");
    }

    @Test
    void lliRunsTheBodiesWithSoftfloatsResults() throws Exception {
        List<Path> llis = LlvmChecks.both("lli");
        Assumptions.assumeTrue(!llis.isEmpty(), "lli (LLVM 14 or 19) not found");
        Map<RuntimeFunction, List<long[]>> cases = new LinkedHashMap<>();
        for (RuntimeFunction f : RuntimeFunction.values()) {
            List<long[]> list = new ArrayList<>();
            RuntimeCases.forEach(f, 20, 7, ops -> list.add(ops.clone()));
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
