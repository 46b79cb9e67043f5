package org.nvlower.llvm.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.nvlower.llvm.ir.Module;
import org.nvlower.testing.ExternalTools;

/**
 * Real compiler output prints back byte for byte: all of libdevice, and clang-14's LLVM IR for a
 * CUDA device file (sm_80) and a C file (x86-64), each at -O0 and -O2, and the C file with -g.
 */
class CorpusRoundTripTest {

    @Test
    void libdeviceRoundTrips() {
        String text = Corpus.libdevice().orElse(null);
        Assumptions.assumeTrue(text != null, Corpus.libdeviceMissing());
        Module m = RoundTrip.check("libdevice.10.ll", text);
        // docs/facts.md: 352 function definitions in libdevice.10.bc (CUDA 11.8 to 13).
        assertEquals(352, m.functions().stream().filter(f -> !f.isDeclaration()).count());
        System.out.printf("libdevice.10.ll: %,d bytes, %,d lines, round trip byte-identical%n",
                text.length(), text.lines().count());
    }

    @ParameterizedTest(name = "device-math.cu -O{0}")
    @ValueSource(ints = {0, 2})
    void cudaDeviceCodeFromClang14RoundTrips(int level) {
        Path clang = requireClang();
        String text = Corpus.clang(clang, "device-math.cu", "device-math-O" + level + ".ll",
                "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_80", "-nocudainc", "-nocudalib", "-O" + level);
        assertTrue(text.contains("i128") && text.contains("nvptx64-nvidia-cuda"), "clang made sm_80 code with i128");
        RoundTrip.check("device-math-O" + level + ".ll", text);
        System.out.printf("device-math.cu -O%d: %,d bytes round trip byte-identical%n", level, text.length());
    }

    @ParameterizedTest(name = "host-mix.c -O{0}")
    @ValueSource(ints = {0, 2})
    void x86CodeFromClang14RoundTrips(int level) {
        Path clang = requireClang();
        String text = Corpus.clang(clang, "host-mix.c", "host-mix-O" + level + ".ll",
                "-target", "x86_64-linux-gnu", "-O" + level);
        assertTrue(text.contains("x86_fp80") && text.contains("fp128"), "clang made x86_fp80 and fp128 code");
        RoundTrip.check("host-mix-O" + level + ".ll", text);
        System.out.printf("host-mix.c -O%d: %,d bytes round trip byte-identical%n", level, text.length());
    }

    @Test
    void x86CodeWithDebugInfoRoundTrips() {
        Path clang = requireClang();
        String text = Corpus.clang(clang, "host-mix.c", "host-mix-O2-g.ll", "-target", "x86_64-linux-gnu", "-O2", "-g");
        assertTrue(text.contains("!DICompileUnit") && text.contains("call void @llvm.dbg.value"), "clang made debug info");
        RoundTrip.check("host-mix-O2-g.ll", text);
        System.out.printf("host-mix.c -O2 -g: %,d bytes round trip byte-identical%n", text.length());
    }

    private static Path requireClang() {
        var clang = ExternalTools.clang14();
        Assumptions.assumeTrue(clang.isPresent(), "clang-14 not found on PATH or in /usr/lib/llvm-14/bin");
        return clang.get();
    }
}
