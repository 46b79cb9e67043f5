package org.nvlower.llvm.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        Optional<Path> llvmLink = ExternalTools.find("llvm-link");
        Optional<Path> opt = ExternalTools.opt();
        Assumptions.assumeTrue(llvmLink.isPresent() && opt.isPresent(), "llvm-link and opt (LLVM 14) needed");
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
        assertEquals(optS(opt.get(), dir.resolve("theirs.ll")), optS(opt.get(), ours), inputs + " only-needed " + onlyNeeded + " internalize " + internalize);
    }

    private static String optS(Path opt, Path file) {
        ExternalTools.Result r = ExternalTools.run(120, opt, "-S", file.toString(), "-o", "-");
        assertEquals(0, r.exitCode(), r.stderr());
        return r.stdout().substring(r.stdout().indexOf('\n') + 1); // without "; ModuleID = '...'"
    }
}
