package org.nvlower.gpu;

/** A GPU that cannot be used: no libcuda, no device, a driver error (named by cuGetErrorName), a PTX the JIT refused. */
public final class GpuException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public GpuException(String message) {
        super(message);
    }
}
