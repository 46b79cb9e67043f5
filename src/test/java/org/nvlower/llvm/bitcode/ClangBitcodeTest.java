package org.nvlower.llvm.bitcode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.testing.ExternalTools;

/**
 * Bitcode clang and llvm-as write, read natively and printed as llvm-dis of the same LLVM prints
 * it, byte for byte: clang 14 output against llvm-dis 14 and clang 19 output against llvm-dis 19,
 * for C, C++ with exceptions (Itanium and Windows) and CUDA device code, at -O0 and -O2, with and without -g (debug-info
 * nodes, DIArgList, LLVM 19's debug records); and the LLVM 14 fixtures through llvm-as 14. The
 * matrix is in docs/llvm-ir.md ("Bitcode").
 */
class ClangBitcodeTest {

    private static final Path SOURCES = Path.of("src/test/resources/llvm/sources");
    /** Each source and the clang options that compile it. */
    private static final List<List<String>> INPUTS = List.of(
            List.of("inline-me.c"), List.of("host-mix.c"), List.of("../../lower128/quad.c"), List.of("dbg.c"),
            List.of("alias.c"),
            List.of("eh.cpp", "-x", "c++"),
            // Windows EH: catchswitch, catchpad, cleanuppad, catchret, cleanupret, unnamed globals, aliases
            List.of("eh.cpp", "-x", "c++", "--target=x86_64-pc-windows-msvc"),
            List.of("device-math.cu", "--cuda-device-only", "--cuda-gpu-arch=sm_70", "-nocudalib", "-nocudainc"));

    @Test
    void clang14OutputAsLlvmDis14(@TempDir Path dir) throws Exception {
        assertEquals(List.of(), matrix(dir, 14), "inputs that differ from llvm-dis 14");
    }

    @Test
    void clang19OutputAsLlvmDis19(@TempDir Path dir) throws Exception {
        assertEquals(List.of(), matrix(dir, 19), "inputs that differ from llvm-dis 19");
    }

    /**
     * Compiles every input at -O0 and -O2, with and without -g (and debug-arglist.cpp, whose
     * optimized variables become DIArgLists, at -O2 -g) with clang {@code major}; the names of
     * those whose printed text differs from llvm-dis {@code major}'s, with the first difference.
     */
    private static List<String> matrix(Path dir, int major) throws Exception {
        Optional<Path> clang = LlvmDis.tool(major, "clang");
        Optional<Path> dis = LlvmDis.version(major);
        Assumptions.assumeTrue(clang.isPresent() && dis.isPresent(), "clang " + major + " or llvm-dis " + major
                + " not found");
        List<List<String>> runs = new ArrayList<>();
        for (List<String> input : INPUTS) {
            for (String opt : List.of("-O0", "-O2")) {
                for (boolean g : List.of(false, true)) {
                    List<String> run = new ArrayList<>(input);
                    run.add(1, opt);
                    if (g) {
                        run.add(2, "-g");
                    }
                    runs.add(run);
                }
            }
        }
        runs.add(List.of("debug-arglist.cpp", "-O2", "-g", "-x", "c++"));
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Future<String>> results = new ArrayList<>();
            for (List<String> run : runs) {
                results.add(pool.submit(() -> compare(dir, clang.get(), dis.get(), run)));
            }
            List<String> differ = new ArrayList<>();
            for (java.util.concurrent.Future<String> f : results) {
                if (f.get() != null) {
                    differ.add(f.get());
                }
            }
            assertEquals(runs.size(), results.size());
            return differ;
        } finally {
            pool.shutdownNow();
        }
    }

    /** The LLVM 14 fixtures that cover instructions, types, constants and attributes, through llvm-as 14. */
    @Test
    void llvm14FixturesAsLlvmDis14(@TempDir Path dir) throws Exception {
        Optional<Path> as = LlvmDis.tool(14, "llvm-as");
        Optional<Path> dis = LlvmDis.version(14);
        Assumptions.assumeTrue(as.isPresent() && dis.isPresent(), "llvm-as 14 or llvm-dis 14 not found");
        for (String name : List.of("llvm14/arithmetic", "llvm14/casts-compares", "llvm14/crlf-line-endings",
                "llvm14/empty", "llvm14/nvptx-fp128", "llvm14/only-comment", "llvm14/whitespace-comments",
                "regressions/entities-sharing-a-line", "regressions/nul-between-tokens",
                "regressions/string-attributes-in-header", "regressions/uselistorder-in-body")) {
            Path ll = Path.of("src/test/resources/llvm/" + name + ".ll");
            Path bc = dir.resolve(ll.getFileName() + ".bc");
            assertEquals(0, ExternalTools.run(60, List.of(as.get().toString(), ll.toString(), "-o", bc.toString()))
                    .exitCode(), name);
            check(dis.get(), bc);
        }
    }

    /** Null when the native reader prints {@code run}'s bitcode as llvm-dis does, else what differs. */
    private static String compare(Path dir, Path clang, Path dis, List<String> run) throws Exception {
        Path source = SOURCES.resolve(run.get(0));
        Path bc = dir.resolve(source.getFileName() + String.join("", run.subList(1, run.size())).replace(' ', '_')
                + ".bc");
        List<String> cmd = new ArrayList<>(List.of(clang.toString(), "-c", "-emit-llvm"));
        cmd.addAll(run.subList(1, run.size()));
        cmd.addAll(List.of(source.toString(), "-o", bc.toString()));
        ExternalTools.Result r = ExternalTools.run(120, cmd);
        assertEquals(0, r.exitCode(), r.stderr());
        try {
            check(dis, bc);
            return null;
        } catch (AssertionError | BitcodeException e) {
            String m = String.valueOf(e.getMessage());
            return run + ": " + m.substring(0, Math.min(m.length(), 300));
        }
    }

    private static void check(Path dis, Path bc) throws Exception {
        BitcodeModule read = BitcodeReader.readWithUseLists(bc.toString(), Files.readAllBytes(bc));
        String ours = IrPrinter.printDisassembly(read.module(), read.predecessors());
        String theirs = LlvmDis.disassemble(dis, bc);
        assertTrue(theirs.equals(ours), bc.getFileName() + ": first difference at char "
                + LibdeviceBitcodeTest.firstDifference(theirs, ours) + "\n--- llvm-dis:\n" + theirs + "\n--- nvlower:\n" + ours);
    }
}
