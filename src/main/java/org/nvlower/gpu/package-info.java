/**
 * The CUDA driver API (libcuda, the NVIDIA driver's library) through {@code java.lang.foreign}:
 * device, primary context, modules loaded from PTX text (with the JIT's error log), functions,
 * device memory, launches timed with events. The binding ({@code CudaDriver}) is compiled for
 * JDK 22 (java.lang.foreign is final there) from {@code src/main/java22} and reached only through
 * {@link org.nvlower.gpu.Gpu#open}; nothing else in nvlower loads it, so every other command runs
 * without libcuda, without a GPU and on JDK 21.
 */
package org.nvlower.gpu;
