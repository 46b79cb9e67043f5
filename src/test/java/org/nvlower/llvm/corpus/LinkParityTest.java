package org.nvlower.llvm.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.llvm.transform.Linker;
import org.nvlower.testing.ExternalTools;

/**
 * llvm-link parity (issue 24): {@code opt -S} of nvlower's link and of llvm-link's are the same
 * text (global order, and so metadata numbering, included), but for the {@code ModuleID} comment
 * that names the file.
 */
class LinkParityTest {

    private static Path link(String name) {
        return Fixtures.root().resolve("link").resolve(name);
    }

    @Test
    void smallModulesInLlvmLinksOrder(@TempDir Path dir) throws IOException {
        assertParity(dir, List.of(link("order-a.ll")), false);
        assertParity(dir, List.of(link("order-b.ll")), false);
        assertParity(dir, List.of(link("order-b.ll"), link("order-c.ll")), false);
        assertParity(dir, List.of(link("order-c.ll"), link("order-b.ll")), false);
    }

    /** Appending variables concatenated, a weak variable replaced by a strong one, the larger common kept, comdat members once. */
    @Test
    void appendingWeakCommonAndComdats(@TempDir Path dir) throws IOException {
        List<Path> abc = List.of(link("append-a.ll"), link("append-b.ll"), link("append-c.ll"));
        assertParity(dir, abc, false);
        assertParity(dir, List.of(abc.get(1), abc.get(0)), false);
        assertParity(dir, List.of(abc.get(2), abc.get(0), abc.get(1)), false);
        assertParity(dir, List.of(abc.get(2), abc.get(0), abc.get(1)), true);
    }

    /** {@code --internalize}: what later inputs define becomes internal, but what llvm.used names and what the first defines. */
    @Test
    void internalizeAsLlvmLink(@TempDir Path dir) throws IOException {
        assertParity(dir, List.of(link("append-a.ll"), link("append-b.ll"), link("append-c.ll")), false, true);
        assertParity(dir, List.of(link("append-b.ll"), link("append-a.ll")), false, true);
        assertParity(dir, List.of(link("order-b.ll"), link("order-c.ll")), false, true);
    }

    /**
     * Comdat selection kinds resolved as ModuleLinker resolves them (any, largest, any with largest,
     * exactmatch, samesize, nodeduplicate), linkonce comdat members pulled in together, constructors
     * keyed on members that are not linked dropped; in both orders, with --only-needed and
     * --internalize against llvm-link 14, plain against llvm-link 19.
     */
    @Test
    void comdatSelectionKinds(@TempDir Path dir) throws IOException {
        List<Path> ab = List.of(link("comdat-a.ll"), link("comdat-b.ll"));
        for (List<Path> order : List.of(ab, ab.reversed())) {
            assertParity(dir, order, false, false, 14);
            assertParity(dir, order, true, false, 14);
            assertParity(dir, order, false, true, 14);
            assertParity(dir, order, false, false, 19); // (--only-needed and --internalize too, by hand: docs)
        }
    }

    /** llvm-link's suffixes: replacing a declaration uses up two, so a later clashing internal name is @t.3. */
    @Test
    void renameSuffixesAsLlvmLink(@TempDir Path dir) throws IOException {
        assertParity(dir, List.of(link("rename-a.ll"), link("rename-b.ll")), false);
        assertParity(dir, List.of(link("rename-b.ll"), link("rename-a.ll")), false);
        // --internalize: a later input defines what an earlier link made internal, which is renamed
        assertParity(dir, List.of(link("append-c.ll"), link("append-a.ll"), link("append-b.ll")), false, true);
    }

    /** The errors of ModuleLinker's comdat resolution, with llvm-link's messages (14 and 19 fail alike). */
    @Test
    void comdatErrorsAsLlvmLink(@TempDir Path dir) throws IOException {
        String[][] cases = {
            {"$c = comdat any\n@c = global i32 1, comdat\n", "$c = comdat exactmatch\n@c = global i32 1, comdat\n",
                "Linking COMDATs named 'c': invalid selection kinds!"},
            {"$c = comdat exactmatch\n@c = global i32 1, comdat\n", "$c = comdat exactmatch\n@c = global i32 2, comdat\n",
                "Linking COMDATs named 'c': ExactMatch violated!"},
            {"$c = comdat samesize\n@c = global i32 1, comdat\n", "$c = comdat samesize\n@c = global i64 1, comdat\n",
                "Linking COMDATs named 'c': SameSize violated!"},
            {"$c = comdat largest\ndefine void @c() comdat {\n  ret void\n}\n", "$c = comdat largest\n@c = global i64 1, comdat\n",
                "Linking COMDATs named 'c': GlobalVariable required for data dependent selection!"},
            {"$c = comdat nodeduplicate\ndefine weak void @c() comdat {\n  ret void\n}\n",
                "$c = comdat nodeduplicate\ndefine weak void @c() comdat {\n  ret void\n}\n",
                "linking 'c': non-variables in comdat nodeduplicate are not handled"},
        };
        for (String[] c : cases) {
            Module a = IrParser.parse("a.ll", c[0]);
            Module b = IrParser.parse("b.ll", c[1]);
            Linker.LinkException e = org.junit.jupiter.api.Assertions.assertThrows(Linker.LinkException.class,
                    () -> Linker.linkAll(List.of(a, b), Linker.Options.ALL, w -> { }));
            assertEquals(c[2], e.getMessage());
            for (int llvm : new int[] {14, 19}) {
                Optional<Path> llvmLink = PassFuzz.tool(llvm, "llvm-link");
                if (llvmLink.isPresent()) {
                    ExternalTools.Result r = ExternalTools.run(60, llvmLink.get(), "-o", "/dev/null",
                            Files.writeString(dir.resolve("a.ll"), c[0]).toString(), Files.writeString(dir.resolve("b.ll"), c[1]).toString());
                    // (llvm-link reports the nodeduplicate one and still exits 0: ModuleLinker does not stop there)
                    assertTrue(r.stderr().contains("error: " + c[2]), "llvm-link " + llvm + ": " + r.stderr());
                }
            }
        }
    }

    @Test
    void libdeviceAloneAndWithAKernel(@TempDir Path dir) throws IOException {
        Assumptions.assumeTrue(Corpus.libdevice().isPresent(), Corpus.libdeviceMissing());
        Optional<Path> libdevice = Optional.of(Corpus.temp().resolve("libdevice.10.ll"));
        Optional<Path> clang = ExternalTools.clang14();
        assertParity(dir, List.of(libdevice.get()), false);
        Assumptions.assumeTrue(clang.isPresent(), "clang-14 not found");
        String kernel = Corpus.clang(clang.get(), "device-math.cu", "parity-kernel.ll", "-x", "cuda",
                "--cuda-device-only", "--cuda-gpu-arch=sm_80", "-nocudainc", "-nocudalib", "-O2");
        Path k = Files.writeString(dir.resolve("kernel.ll"), kernel, StandardCharsets.ISO_8859_1);
        assertParity(dir, List.of(k, libdevice.get()), false);
        assertParity(dir, List.of(k, libdevice.get()), true);
    }

    /**
     * The same against llvm-link and opt 19 (LLVM 19 reads the typed-pointer IR as opaque). Outside
     * ./check (three more links of libdevice, about 20 s): {@code -Dnvlower.linkParity19=true}.
     */
    @Test
    void libdeviceAloneAndWithAKernelAgainstLlvm19(@TempDir Path dir) throws IOException {
        Assumptions.assumeTrue(Boolean.getBoolean("nvlower.linkParity19"), "-Dnvlower.linkParity19=true runs it");
        Assumptions.assumeTrue(Corpus.libdevice().isPresent(), Corpus.libdeviceMissing());
        Path libdevice = Corpus.temp().resolve("libdevice.10.ll");
        Optional<Path> clang = ExternalTools.clang14();
        assertParity(dir, List.of(libdevice), false, false, 19);
        Assumptions.assumeTrue(clang.isPresent(), "clang-14 not found");
        String kernel = Corpus.clang(clang.get(), "device-math.cu", "parity-kernel.ll", "-x", "cuda",
                "--cuda-device-only", "--cuda-gpu-arch=sm_80", "-nocudainc", "-nocudalib", "-O2");
        Path k = Files.writeString(dir.resolve("kernel.ll"), kernel, StandardCharsets.ISO_8859_1);
        assertParity(dir, List.of(k, libdevice), false, false, 19);
        assertParity(dir, List.of(k, libdevice), true, false, 19);
    }

    @Test
    void cppWithDebugInfoAndComdats(@TempDir Path dir) throws IOException {
        Path bin = Path.of("/usr/lib/llvm-14/bin");
        Assumptions.assumeTrue(Files.isExecutable(bin.resolve("clang++")), "clang++ 14 needed");
        String a = Corpus.clang(bin.resolve("clang++"), "debug-arglist.cpp", "parity-a.ll", "-target",
                "x86_64-linux-gnu", "-O2", "-g", "-mllvm", "-inline-threshold=-1000");
        String b = Corpus.clang(bin.resolve("clang++"), "debug-arglist.cpp", "parity-b.ll", "-target",
                "x86_64-linux-gnu", "-O0", "-g");
        Path pa = Files.writeString(dir.resolve("a.ll"), a, StandardCharsets.ISO_8859_1);
        Path pb = Files.writeString(dir.resolve("b.ll"), b.replace("@_Z6callerPcS_l", "@_Z7caller2PcS_l"),
                StandardCharsets.ISO_8859_1);
        assertParity(dir, List.of(pa), false);
        assertParity(dir, List.of(pb, pa), false);
        assertParity(dir, List.of(pa, pb), false);
    }

    private static void assertParity(Path dir, List<Path> inputs, boolean onlyNeeded) throws IOException {
        assertParity(dir, inputs, onlyNeeded, false);
    }

    private static void assertParity(Path dir, List<Path> inputs, boolean onlyNeeded, boolean internalize)
            throws IOException {
        assertParity(dir, inputs, onlyNeeded, internalize, 14);
    }

    /** Against llvm-link and opt of LLVM {@code llvm} (14 or 19). */
    private static void assertParity(Path dir, List<Path> inputs, boolean onlyNeeded, boolean internalize, int llvm)
            throws IOException {
        Optional<Path> llvmLink = llvm == 14 ? ExternalTools.find("llvm-link") : PassFuzz.tool(llvm, "llvm-link");
        Optional<Path> opt = llvm == 14 ? ExternalTools.opt() : PassFuzz.tool(llvm, "opt");
        Assumptions.assumeTrue(llvmLink.isPresent() && opt.isPresent(), "llvm-link and opt (LLVM " + llvm + ") needed");
        List<Module> modules = new ArrayList<>();
        for (Path p : inputs) {
            modules.add(IrParser.parse(p.getFileName().toString(), Corpus.read(p)));
        }
        Module linked = Linker.linkAll(modules, new Linker.Options(onlyNeeded, true, internalize), w -> { });
        Path ours = Files.writeString(dir.resolve("ours.ll"), IrPrinter.print(linked), StandardCharsets.ISO_8859_1);
        List<String> cmd = new ArrayList<>(List.of(llvmLink.get().toString(), "-S", "-o", dir.resolve("theirs.ll").toString()));
        if (onlyNeeded) {
            cmd.add("--only-needed");
        }
        if (internalize) {
            cmd.add("--internalize");
        }
        inputs.forEach(p -> cmd.add(p.toString()));
        ExternalTools.Result r = ExternalTools.run(120, cmd);
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals(optS(opt.get(), dir.resolve("theirs.ll")), optS(opt.get(), ours), inputs + " only-needed " + onlyNeeded
                + " internalize " + internalize + " LLVM " + llvm);
    }

    private static String optS(Path opt, Path file) {
        ExternalTools.Result r = ExternalTools.run(120, opt, "-S", file.toString(), "-o", "-");
        assertEquals(0, r.exitCode(), r.stderr());
        return r.stdout().substring(r.stdout().indexOf('\n') + 1); // without "; ModuleID = '...'"
    }
}
