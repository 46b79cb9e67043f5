package org.nvlower.ptx;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The PTX fixtures under src/test/resources/ptx: nvcc 13.0's output for the .cu files beside them, and one hand-written canonical module. */
final class PtxFixtures {

    /**
     * Written by {@code nvcc -ptx -arch=sm_80} (fastmath with -use_fast_math; fdiv-lineinfo from fdiv.cu with
     * -lineinfo, its .file path cut to the file name) from the .cu of the same name.
     */
    static final List<String> NVCC = List.of("fdiv", "intdiv", "loop", "ddiv", "fastmath", "fdiv-lineinfo", "misc",
            "dexact");

    /**
     * Written by nvcc 13.0 from real.cu ({@code -arch=sm_80}, {@code sm_90 -lineinfo}, {@code sm_100}: textures and
     * surfaces, atomics, __managed__, a function pointer, half2, directed rounding, 16-bit division, cp.async) and
     * debug.cu ({@code sm_100 -G}: DWARF sections; {@code sm_90 -lineinfo}: .loc with inlined_at); each
     * {@code -arch} named in the file name, the output as nvcc wrote it.
     */
    static final List<String> NVCC13 = List.of("real-sm80", "real-sm90-lineinfo", "real-sm100", "debug-sm100-G",
            "debug-sm90-lineinfo");

    /** Hand-written: one of each construct (constructs.ptx, ZLUDA's style), nvcc 3's style (old-nvcc.ptx). */
    static final List<String> HANDWRITTEN = List.of("constructs", "old-nvcc", "fpimm");

    /** Written by hand in the printer's canonical layout. */
    static final String CANONICAL = "canonical";

    private PtxFixtures() {}

    static String text(String name) {
        try (InputStream in = PtxFixtures.class.getResourceAsStream("/ptx/" + name + ".ptx")) {
            if (in == null) {
                throw new IllegalStateException("missing fixture /ptx/" + name + ".ptx");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static PtxModule read(String name) {
        return PtxReader.read(name + ".ptx", text(name));
    }
}
