package org.nvlower.nvptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.nvlower.diag.InputException;

/** Seed 2, "Target Triple Construction". */
class TriplesTest {

    /** The seed's table: triple | width | runtime. */
    static final List<String> SEED_TABLE = List.of(
            "nvptx-nvidia-cuda|32-bit|CUDA",
            "nvptx64-nvidia-cuda|64-bit|CUDA",
            "nvptx-nvidia-nvcl|32-bit|OpenCL",
            "nvptx64-nvidia-nvcl|64-bit|OpenCL",
            "nvsass-nvidia-cuda|SASS|CUDA native assembly",
            "nvsass-nvidia-nvcl|SASS|OpenCL native assembly",
            "nvsass-nvidia-directx|SASS|DirectX backend",
            "nvsass-nvidia-spirv|SASS|SPIR-V backend");

    @Test
    void eightTriplesValidInUnifiedNvvmIrMode() {
        assertEquals(SEED_TABLE, List.of(Triples.Valid.values()).stream()
                .map(v -> v.triple() + "|" + v.width() + "|" + v.runtime()).toList());
        for (String row : SEED_TABLE) {
            assertTrue(Triples.isValid(row.split("\\|")[0], true), row);
        }
    }

    @Test
    void unifiedModeRejectsEverythingElse() {
        String message = assertThrows(InputException.class, () -> Triples.validate("nvptx64-nvidia-cuda-foo", true)).getMessage();
        assertEquals("triple 'nvptx64-nvidia-cuda-foo' is not valid in UnifiedNVVMIR mode; valid triples: "
                + "nvptx-nvidia-cuda, nvptx64-nvidia-cuda, nvptx-nvidia-nvcl, nvptx64-nvidia-nvcl, nvsass-nvidia-cuda, "
                + "nvsass-nvidia-nvcl, nvsass-nvidia-directx, nvsass-nvidia-spirv", message);
        assertFalse(Triples.isValid("nvptx64-nvidia-gpulibs", true));
    }

    @Test
    void looseModeNeedsAnNvptxPrefixAndCuda() {
        assertTrue(Triples.isValid("nvptx64-nvidia-cuda", false));
        assertTrue(Triples.isValid("nvptx-nvidia-cuda", false));
        assertTrue(Triples.isValid("nvptx64-unknown-cuda", false));
        assertTrue(Triples.isValid("nvptx64-nvidia-cuda-foo", false));
        assertFalse(Triples.isValid("nvptx64-nvidia-nvcl", false));
        assertFalse(Triples.isValid("nvsass-nvidia-cuda", false));
        assertFalse(Triples.isValid("nvptx32-nvidia-cuda", false));
        // libdevice.10.bc's own triple (llvm-dis, CUDA 13.0) passes neither check.
        assertFalse(Triples.isValid("nvptx64-nvidia-gpulibs", false));
        assertEquals("triple 'x86_64-unknown-linux-gnu' is not an NVPTX CUDA triple: it must start with nvptx- or "
                + "nvptx64- and contain -cuda",
                assertThrows(InputException.class, () -> Triples.validate("x86_64-unknown-linux-gnu", false)).getMessage());
    }

    @Test
    void tripleFromPointerWidth() {
        assertEquals("nvptx64-nvidia-cuda", Triples.forPointerWidth(64));
        assertEquals(19, Triples.forPointerWidth(64).length());
        assertEquals("nvptx-nvidia-cuda", Triples.forPointerWidth(32));
        assertEquals(17, Triples.forPointerWidth(32).length());
        assertEquals("nvptx64", Triples.archForPointerWidth(64));
        assertEquals("nvptx", Triples.archForPointerWidth(32));
        assertEquals(64, Triples.pointerWidth("nvptx64-nvidia-nvcl"));
        assertEquals(32, Triples.pointerWidth("nvptx-nvidia-cuda"));
        assertEquals(0, Triples.pointerWidth("nvsass-nvidia-cuda"));
    }
}
