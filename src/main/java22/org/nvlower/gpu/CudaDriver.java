package org.nvlower.gpu;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * {@link Gpu} through the CUDA driver API with java.lang.foreign (JDK 22+; compiled from
 * src/main/java22 with release 22). Every call's CUresult is checked; a failure becomes a
 * {@link GpuException} naming the call and the error (cuGetErrorName), and a PTX the JIT refuses
 * carries the JIT's error log. The primary context of device 0 is made current on the opening thread.
 */
final class CudaDriver implements Gpu {

    // cuda.h's enums (CUDA 12/13)
    private static final int CU_JIT_ERROR_LOG_BUFFER = 5;
    private static final int CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;
    private static final int ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
    private static final int ATTRIBUTE_CC_MAJOR = 75;
    private static final int ATTRIBUTE_CC_MINOR = 76;
    private static final int LOG_BYTES = 1 << 16;

    private final Arena arena = Arena.ofShared();
    private final SymbolLookup lookup;
    private final String library;
    private final MethodHandle getErrorName;
    private final MethodHandle moduleLoadDataEx;
    private final MethodHandle moduleGetFunction;
    private final MethodHandle memAlloc;
    private final MethodHandle memFree;
    private final MethodHandle memcpyHtoD;
    private final MethodHandle memcpyDtoH;
    private final MethodHandle memsetD8;
    private final MethodHandle launchKernel;
    private final MethodHandle eventCreate;
    private final MethodHandle eventRecord;
    private final MethodHandle eventSynchronize;
    private final MethodHandle eventElapsedTime;
    private final MethodHandle eventDestroy;
    private final MethodHandle ctxSynchronize;
    private final MethodHandle primaryCtxRelease;
    private final int device;
    private final String name;
    private final int major;
    private final int minor;
    private final int driverVersion;
    private final int multiprocessors;

    private record Function(String name, MemorySegment handle) implements Kernel {}

    public CudaDriver(String library) {
        this.library = library;
        try {
            lookup = SymbolLookup.libraryLookup(library, arena);
        } catch (IllegalArgumentException e) {
            arena.close();
            throw new GpuException("cannot load the CUDA driver library " + library
                    + " (no NVIDIA driver here; set " + LIBRARY_VARIABLE + " to its path if it is elsewhere)");
        }
        getErrorName = handle("cuGetErrorName", JAVA_INT, ADDRESS);
        MethodHandle init = handle("cuInit", JAVA_INT);
        MethodHandle driverGetVersion = handle("cuDriverGetVersion", ADDRESS);
        MethodHandle deviceGetCount = handle("cuDeviceGetCount", ADDRESS);
        MethodHandle deviceGet = handle("cuDeviceGet", ADDRESS, JAVA_INT);
        MethodHandle deviceGetName = handle("cuDeviceGetName", ADDRESS, JAVA_INT, JAVA_INT);
        MethodHandle deviceGetAttribute = handle("cuDeviceGetAttribute", ADDRESS, JAVA_INT, JAVA_INT);
        MethodHandle primaryCtxRetain = handle("cuDevicePrimaryCtxRetain", ADDRESS, JAVA_INT);
        MethodHandle ctxSetCurrent = handle("cuCtxSetCurrent", ADDRESS);
        primaryCtxRelease = handle("cuDevicePrimaryCtxRelease_v2", JAVA_INT);
        moduleLoadDataEx = handle("cuModuleLoadDataEx", ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS);
        moduleGetFunction = handle("cuModuleGetFunction", ADDRESS, ADDRESS, ADDRESS);
        memAlloc = handle("cuMemAlloc_v2", ADDRESS, JAVA_LONG);
        memFree = handle("cuMemFree_v2", JAVA_LONG);
        memcpyHtoD = handle("cuMemcpyHtoD_v2", JAVA_LONG, ADDRESS, JAVA_LONG);
        memcpyDtoH = handle("cuMemcpyDtoH_v2", ADDRESS, JAVA_LONG, JAVA_LONG);
        memsetD8 = handle("cuMemsetD8_v2", JAVA_LONG, JAVA_INT, JAVA_LONG);
        launchKernel = handle("cuLaunchKernel", ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT,
                JAVA_INT, ADDRESS, ADDRESS, ADDRESS);
        eventCreate = handle("cuEventCreate", ADDRESS, JAVA_INT);
        eventRecord = handle("cuEventRecord", ADDRESS, ADDRESS);
        eventSynchronize = handle("cuEventSynchronize", ADDRESS);
        eventElapsedTime = find("cuEventElapsedTime_v2").isPresent()
                ? handle("cuEventElapsedTime_v2", ADDRESS, ADDRESS, ADDRESS)
                : handle("cuEventElapsedTime", ADDRESS, ADDRESS, ADDRESS);
        eventDestroy = handle("cuEventDestroy_v2", ADDRESS);
        ctxSynchronize = handle("cuCtxSynchronize");

        check("cuInit", invoke(init, 0));
        try (Arena a = Arena.ofConfined()) {
            MemorySegment n = a.allocate(JAVA_INT);
            check("cuDriverGetVersion", invoke(driverGetVersion, n));
            driverVersion = n.get(JAVA_INT, 0);
            check("cuDeviceGetCount", invoke(deviceGetCount, n));
            if (n.get(JAVA_INT, 0) == 0) {
                throw new GpuException("the CUDA driver finds no GPU");
            }
            check("cuDeviceGet", invoke(deviceGet, n, 0));
            device = n.get(JAVA_INT, 0);
            MemorySegment text = a.allocate(256);
            check("cuDeviceGetName", invoke(deviceGetName, text, 256, device));
            name = text.getString(0);
            major = attribute(deviceGetAttribute, a, ATTRIBUTE_CC_MAJOR);
            minor = attribute(deviceGetAttribute, a, ATTRIBUTE_CC_MINOR);
            multiprocessors = attribute(deviceGetAttribute, a, ATTRIBUTE_MULTIPROCESSOR_COUNT);
            MemorySegment ctx = a.allocate(ADDRESS);
            check("cuDevicePrimaryCtxRetain", invoke(primaryCtxRetain, ctx, device));
            check("cuCtxSetCurrent", invoke(ctxSetCurrent, ctx.get(ADDRESS, 0)));
        }
    }

    private int attribute(MethodHandle get, Arena a, int attribute) {
        MemorySegment v = a.allocate(JAVA_INT);
        check("cuDeviceGetAttribute", invoke(get, v, attribute, device));
        return v.get(JAVA_INT, 0);
    }

    private Optional<MemorySegment> find(String symbol) {
        return lookup.find(symbol);
    }

    /** A downcall to a function returning CUresult. */
    private MethodHandle handle(String symbol, java.lang.foreign.MemoryLayout... args) {
        MemorySegment address = find(symbol).orElseThrow(() -> new GpuException(
                library + " has no " + symbol + " (a CUDA driver older than 12.0?)"));
        return Linker.nativeLinker().downcallHandle(address, FunctionDescriptor.of(JAVA_INT, args));
    }

    private static int invoke(MethodHandle h, Object... args) {
        try {
            return (int) h.invokeWithArguments(args);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** The error's name, e.g. CUDA_ERROR_NO_DEVICE (or its number when the driver cannot name it). */
    String errorName(int code) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(ADDRESS);
            if (invoke(getErrorName, code, p) == 0 && !p.get(ADDRESS, 0).equals(MemorySegment.NULL)) {
                return p.get(ADDRESS, 0).reinterpret(256).getString(0);
            }
        }
        return "CUresult " + code;
    }

    private void check(String call, int result) {
        if (result != 0) {
            throw new GpuException(call + " failed: " + errorName(result));
        }
    }

    @Override
    public String describe() {
        return String.format(java.util.Locale.ROOT, "%s (%s, %d SMs, driver API %d.%d)", name, sm(), multiprocessors,
                driverVersion / 1000, driverVersion % 1000 / 10);
    }

    @Override
    public String sm() {
        return "sm_" + major + minor;
    }

    @Override
    public int multiprocessors() {
        return multiprocessors;
    }

    @Override
    public Module load(String ptx) {
        MemorySegment module;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment image = a.allocateFrom(ptx);
            MemorySegment log = a.allocate(LOG_BYTES);
            MemorySegment options = a.allocate(JAVA_INT, 2);
            options.setAtIndex(JAVA_INT, 0, CU_JIT_ERROR_LOG_BUFFER);
            options.setAtIndex(JAVA_INT, 1, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES);
            MemorySegment values = a.allocate(ADDRESS, 2);
            values.setAtIndex(ADDRESS, 0, log);
            values.setAtIndex(ADDRESS, 1, MemorySegment.ofAddress(LOG_BYTES));
            MemorySegment m = a.allocate(ADDRESS);
            int r = invoke(moduleLoadDataEx, m, image, 2, options, values);
            if (r != 0) {
                String text = log.getString(0).strip();
                throw new GpuException("cuModuleLoadDataEx failed: " + errorName(r)
                        + (text.isEmpty() ? "" : "; the JIT says: " + text.replace('\n', ' ')));
            }
            module = m.get(ADDRESS, 0);
        }
        return entry -> {
            try (Arena a = Arena.ofConfined()) {
                MemorySegment f = a.allocate(ADDRESS);
                check("cuModuleGetFunction(" + entry + ")", invoke(moduleGetFunction, f, module, a.allocateFrom(entry)));
                return new Function(entry, f.get(ADDRESS, 0));
            }
        };
    }

    @Override
    public long alloc(long bytes) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(JAVA_LONG);
            check("cuMemAlloc(" + bytes + ")", invoke(memAlloc, p, bytes));
            long address = p.get(JAVA_LONG, 0);
            zero(address, bytes);
            return address;
        }
    }

    @Override
    public void free(long address) {
        check("cuMemFree", invoke(memFree, address));
    }

    @Override
    public void upload(long address, long[] words) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocateFrom(JAVA_LONG, words);
            check("cuMemcpyHtoD", invoke(memcpyHtoD, address, host, host.byteSize()));
        }
    }

    @Override
    public void download(long address, long[] words) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate(JAVA_LONG, words.length);
            check("cuMemcpyDtoH", invoke(memcpyDtoH, host, address, host.byteSize()));
            MemorySegment.copy(host, JAVA_LONG, 0, words, 0, words.length);
        }
    }

    @Override
    public void zero(long address, long bytes) {
        check("cuMemsetD8", invoke(memsetD8, address, 0, bytes));
    }

    @Override
    public float launch(Kernel kernel, int grid, int block, long... params) {
        MemorySegment f = ((Function) kernel).handle();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment values = a.allocate(JAVA_LONG, Math.max(1, params.length));
            MemorySegment pointers = a.allocate(ADDRESS, Math.max(1, params.length));
            for (int k = 0; k < params.length; k++) {
                values.setAtIndex(JAVA_LONG, k, params[k]);
                pointers.setAtIndex(ADDRESS, k, values.asSlice(8L * k, 8));
            }
            MemorySegment ev = a.allocate(ADDRESS, 2);
            check("cuEventCreate", invoke(eventCreate, ev, 0));
            check("cuEventCreate", invoke(eventCreate, ev.asSlice(ADDRESS.byteSize()), 0));
            MemorySegment start = ev.getAtIndex(ADDRESS, 0);
            MemorySegment stop = ev.getAtIndex(ADDRESS, 1);
            try {
                check("cuEventRecord", invoke(eventRecord, start, MemorySegment.NULL));
                check("cuLaunchKernel(" + kernel.name() + ")", invoke(launchKernel, f, grid, 1, 1, block, 1, 1, 0,
                        MemorySegment.NULL, pointers, MemorySegment.NULL));
                check("cuEventRecord", invoke(eventRecord, stop, MemorySegment.NULL));
                check("cuEventSynchronize", invoke(eventSynchronize, stop));
                check(kernel.name(), invoke(ctxSynchronize));
                MemorySegment ms = a.allocate(JAVA_FLOAT);
                check("cuEventElapsedTime", invoke(eventElapsedTime, ms, start, stop));
                return ms.get(JAVA_FLOAT, 0);
            } finally {
                invoke(eventDestroy, start);
                invoke(eventDestroy, stop);
            }
        }
    }

    @Override
    public void close() {
        invoke(primaryCtxRelease, device);
        arena.close();
    }
}
