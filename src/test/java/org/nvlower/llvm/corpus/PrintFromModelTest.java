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
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.analysis.IrVerifier;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.testing.ExternalTools;

/**
 * The model holds everything a module says: printed from the model alone (no source text), a
 * module means exactly what it meant. Judged by LLVM: {@code opt -S} of the original and of the
 * model's print must be identical, with LLVM 14 and with LLVM 19. This is what makes cloned and
 * created IR trustworthy: they print through the same code. The verifier finds no problem in any
 * of these modules (no false alarms on real IR).
 */
class PrintFromModelTest {

    static Stream<Path> llvm14Fixtures() {
        return Fixtures.LLVM14.files().stream();
    }

    @ParameterizedTest
    @MethodSource("llvm14Fixtures")
    void fixturePrintedFromTheModelMeansTheSame(Path fixture, @TempDir Path dir) throws IOException {
        assertSameMeaning(Files.readString(fixture, StandardCharsets.UTF_8), fixture.getFileName().toString(), dir,
                List.of());
    }

    @Test
    void opaquePointerFixture(@TempDir Path dir) throws IOException {
        for (Path f : Fixtures.LLVM14_OPAQUE.files()) {
            assertSameMeaning(Files.readString(f, StandardCharsets.UTF_8), f.getFileName().toString(), dir,
                    List.of("-opaque-pointers"));
        }
    }

    @Test
    void libdevicePrintedFromTheModelMeansTheSame(@TempDir Path dir) throws IOException {
        Optional<String> libdevice = Corpus.libdevice();
        Assumptions.assumeTrue(libdevice.isPresent(), Corpus.libdeviceMissing());
        assertSameMeaning(libdevice.get(), "libdevice.10.ll", dir, List.of());
    }

    @Test
    void clangOutputPrintedFromTheModelMeansTheSame(@TempDir Path dir) throws IOException {
        Optional<Path> clang = ExternalTools.clang14();
        Assumptions.assumeTrue(clang.isPresent(), "clang-14 not found (apt-get install clang-14)");
        assertSameMeaning(Corpus.clang(clang.get(), "device-math.cu", "pfm-device.ll", "-x", "cuda",
                "--cuda-device-only", "--cuda-gpu-arch=sm_80", "-nocudainc", "-nocudalib", "-O2"), "device.ll", dir,
                List.of());
        assertSameMeaning(Corpus.clang(clang.get(), "host-mix.c", "pfm-host.ll", "-target", "x86_64-linux-gnu",
                "-O2", "-g"), "host.ll", dir, List.of());
        assertSameMeaning(Corpus.clang(clang.get(), "host-mix.c", "pfm-host0.ll", "-target", "x86_64-linux-gnu",
                "-O0"), "host0.ll", dir, List.of());
    }

    private static void assertSameMeaning(String text, String name, Path dir, List<String> flags) throws IOException {
        Module m = IrParser.parse(name, text);
        assertEquals(List.of(), IrVerifier.verify(m), name + ": valid IR has no verifier problems");
        String fromModel = IrPrinter.printFromModel(m);
        assertTrue(!text.isBlank() || fromModel.isBlank());
        Path original = dir.resolve("original-" + name);
        Path printed = dir.resolve("model-" + name);
        Files.writeString(original, text, StandardCharsets.UTF_8);
        Files.writeString(printed, fromModel, StandardCharsets.UTF_8);
        // the model's print reads back into the same model
        assertEquals(fromModel, IrPrinter.printFromModel(IrParser.parse(name, fromModel)), name + ": print is stable");
        int judged = 0;
        for (Optional<Path> opt : List.of(ExternalTools.opt(), ExternalTools.llvm19("opt"))) {
            if (opt.isEmpty()) {
                continue;
            }
            boolean llvm19 = opt.get().toString().contains("19");
            List<String> args = new ArrayList<>(llvm19 ? List.of() : flags);
            ExternalTools.Result expectedRun = optRun(opt.get(), original, args);
            if (!expectedRun.ok() && llvm19) {
                continue; // LLVM 19 no longer reads some LLVM 14 syntax (icmp constant expressions, ...)
            }
            assertEquals(0, expectedRun.exitCode(), opt.get() + " on " + name + ":\n" + expectedRun.stderr());
            String expected = expectedRun.stdout();
            String actual = optS(opt.get(), printed, args);
            assertEquals(expected.replace(original.toString(), "X"), actual.replace(printed.toString(), "X"),
                    name + " through " + opt.get());
            judged++;
        }
        Assumptions.assumeTrue(judged > 0, "opt (LLVM 14 or 19) not found");
    }

    private static String optS(Path opt, Path file, List<String> flags) {
        ExternalTools.Result r = optRun(opt, file, flags);
        assertEquals(0, r.exitCode(), opt + " -S " + file + ":\n" + r.stderr());
        return r.stdout();
    }

    private static ExternalTools.Result optRun(Path opt, Path file, List<String> flags) {
        List<String> cmd = new ArrayList<>(List.of(opt.toString(), "-S"));
        cmd.addAll(flags);
        cmd.add(file.toString());
        cmd.add("-o");
        cmd.add("-");
        return ExternalTools.run(120, cmd);
    }
}
