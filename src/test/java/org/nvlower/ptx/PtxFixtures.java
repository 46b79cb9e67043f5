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
