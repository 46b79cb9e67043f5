package org.nvlower.nvptx;

import java.util.List;
import java.util.Optional;

import org.nvlower.diag.InputException;

/**
 * Target triples (seed 2, "Target Triple Construction"): the triple nvlower writes for a pointer
 * width, the eight triples valid in UnifiedNVVMIR mode, and the looser check used otherwise (the
 * triple must start with {@code nvptx-} or {@code nvptx64-} and contain {@code -cuda}).
 */
public final class Triples {

    /** The eight triples valid in UnifiedNVVMIR mode. */
    public enum Valid {
        NVPTX_CUDA("nvptx-nvidia-cuda", "32-bit", "CUDA"),
        NVPTX64_CUDA("nvptx64-nvidia-cuda", "64-bit", "CUDA"),
        NVPTX_NVCL("nvptx-nvidia-nvcl", "32-bit", "OpenCL"),
        NVPTX64_NVCL("nvptx64-nvidia-nvcl", "64-bit", "OpenCL"),
        NVSASS_CUDA("nvsass-nvidia-cuda", "SASS", "CUDA native assembly"),
        NVSASS_NVCL("nvsass-nvidia-nvcl", "SASS", "OpenCL native assembly"),
        NVSASS_DIRECTX("nvsass-nvidia-directx", "SASS", "DirectX backend"),
        NVSASS_SPIRV("nvsass-nvidia-spirv", "SASS", "SPIR-V backend");

        private final String triple;
        private final String width;
        private final String runtime;

        Valid(String triple, String width, String runtime) {
            this.triple = triple;
            this.width = width;
            this.runtime = runtime;
        }

        public String triple() {
            return triple;
        }

        /** "32-bit", "64-bit" or "SASS", as the seed's table says. */
        public String width() {
            return width;
        }

        public String runtime() {
            return runtime;
        }

        public static Optional<Valid> of(String triple) {
            return List.of(values()).stream().filter(v -> v.triple.equals(triple)).findFirst();
        }
    }

    public static final String NVPTX64_CUDA = Valid.NVPTX64_CUDA.triple();
    public static final String NVPTX_CUDA = Valid.NVPTX_CUDA.triple();

    private Triples() {
    }

    /** The triple of every module nvlower writes: {@code nvptx64-nvidia-cuda} for 64-bit pointers, else {@code nvptx-nvidia-cuda}. */
    public static String forPointerWidth(int pointerWidth) {
        return pointerWidth == 64 ? NVPTX64_CUDA : NVPTX_CUDA;
    }

    /** The architecture part of the triple the TargetMachine looks up: {@code nvptx64} or {@code nvptx}. */
    public static String archForPointerWidth(int pointerWidth) {
        return pointerWidth == 64 ? "nvptx64" : "nvptx";
    }

    /** 64 for an {@code nvptx64-} triple, 32 for an {@code nvptx-} one, 0 otherwise. */
    public static int pointerWidth(String triple) {
        if (triple.startsWith("nvptx64-")) {
            return 64;
        }
        return triple.startsWith("nvptx-") ? 32 : 0;
    }

    /** Checks a module's triple; in UnifiedNVVMIR mode only the eight triples pass. */
    public static void validate(String triple, boolean unifiedNvvmIr) {
        if (unifiedNvvmIr) {
            if (Valid.of(triple).isEmpty()) {
                throw new InputException("triple '" + triple + "' is not valid in UnifiedNVVMIR mode; valid triples: "
                        + String.join(", ", List.of(Valid.values()).stream().map(Valid::triple).toList()));
            }
            return;
        }
        if (!(triple.startsWith("nvptx-") || triple.startsWith("nvptx64-")) || !triple.contains("-cuda")) {
            throw new InputException("triple '" + triple
                    + "' is not an NVPTX CUDA triple: it must start with nvptx- or nvptx64- and contain -cuda");
        }
    }

    /** Whether {@link #validate} accepts the triple. */
    public static boolean isValid(String triple, boolean unifiedNvvmIr) {
        try {
            validate(triple, unifiedNvvmIr);
            return true;
        } catch (InputException e) {
            return false;
        }
    }
}
