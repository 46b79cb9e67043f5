package org.nvlower.gpu;

import java.lang.reflect.InvocationTargetException;

/**
 * One CUDA device with its primary context current on the calling thread. Kernel parameters are
 * 64-bit words (device pointers and .u64 values): the check kernels take nothing else.
 */
public interface Gpu extends AutoCloseable {

    /** The environment variable that names the driver library instead of libcuda.so.1 (tests, odd installs). */
    String LIBRARY_VARIABLE = "NVLOWER_LIBCUDA";

    /** A loaded module's kernel. */
    interface Kernel {
        String name();
    }

    /** A module loaded from PTX text. */
    interface Module {
        /** The module's entry {@code name}. */
        Kernel kernel(String name);
    }

    /** The device's name, compute capability and driver version, e.g. "NVIDIA H200 (sm_90, driver 13.0)". */
    String describe();

    /** sm_XY of the device. */
    String sm();

    int multiprocessors();

    /** Loads PTX text (the driver's JIT compiles it for this device); the JIT's error log in the message when refused. */
    Module load(String ptx);

    /** Device memory of {@code bytes}, zeroed; returns its address. */
    long alloc(long bytes);

    void free(long address);

    void upload(long address, long[] words);

    void download(long address, long[] words);

    void zero(long address, long bytes);

    /** Runs kernel on grid x block threads (1-D) to completion; returns the elapsed time in milliseconds (CUDA events). */
    float launch(Kernel kernel, int grid, int block, long... params);

    @Override
    void close();

    /**
     * The first device, through the driver library (libcuda.so.1, or $NVLOWER_LIBCUDA). Fails
     * with one sentence when the JDK is older than 22, the library is absent or lacks a
     * function, or the driver finds no device.
     */
    static Gpu open() {
        String library = System.getenv(LIBRARY_VARIABLE);
        return open(library == null || library.isEmpty() ? "libcuda.so.1" : library);
    }

    static Gpu open(String library) {
        int feature = Runtime.version().feature();
        if (feature < 22) {
            throw new GpuException("the GPU runner needs JDK 22 or newer (java.lang.foreign); this is JDK " + feature);
        }
        try {
            // compiled for JDK 22 from src/main/java22: reached by name so that this class loads on JDK 21
            return (Gpu) Class.forName("org.nvlower.gpu.CudaDriver").getConstructor(String.class).newInstance(library);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof GpuException g) {
                throw g;
            }
            throw new GpuException("the CUDA driver failed: " + e.getCause());
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new GpuException("the GPU runner is missing from this build (" + e + ")");
        }
    }
}
