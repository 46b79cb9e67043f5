package org.nvlower.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.testing.ExternalTools;

/**
 * The binding's error paths, without a GPU: a library that is not there, a driver without a
 * function the binding needs, a driver that finds no device (cuInit's error named through
 * cuGetErrorName) and one whose cuInit succeeds with no device. The last three use a stand-in
 * libcuda built from fake_cuda.c with gcc (skipped without gcc).
 */
class GpuTest {

    @TempDir
    Path dir;

    private Path fake(String name, String... defines) throws IOException {
        Path gcc = ExternalTools.find("gcc").orElse(null);
        assumeTrue(gcc != null, "gcc not found: the stand-in libcuda cannot be built");
        Path c = dir.resolve("fake_cuda.c");
        try (InputStream in = GpuTest.class.getResourceAsStream("fake_cuda.c")) {
            Files.write(c, in.readAllBytes());
        }
        Path so = dir.resolve(name);
        List<String> cmd = new java.util.ArrayList<>(List.of(gcc.toString(), "-shared", "-fPIC", "-o", so.toString()));
        cmd.addAll(List.of(defines));
        cmd.add(c.toString());
        ExternalTools.Result r = ExternalTools.run(60, cmd);
        assertEquals(0, r.exitCode(), r.stderr());
        return so;
    }

    @Test
    void aMissingLibraryIsOneSentence() {
        GpuException e = assertThrows(GpuException.class, () -> Gpu.open(dir.resolve("libcuda.so.1").toString()));
        assertEquals("cannot load the CUDA driver library " + dir.resolve("libcuda.so.1")
                + " (no NVIDIA driver here; set NVLOWER_LIBCUDA to its path if it is elsewhere)", e.getMessage());
    }

    @Test
    void noDeviceIsNamedByTheDriver() throws IOException {
        Path so = fake("libcuda_nodevice.so");
        GpuException e = assertThrows(GpuException.class, () -> Gpu.open(so.toString()));
        assertEquals("cuInit failed: CUDA_ERROR_NO_DEVICE", e.getMessage());
    }

    @Test
    void anUnnamedErrorIsGivenByNumber() throws IOException {
        Path so = fake("libcuda_odd.so", "-DFAKE_INIT_RESULT=4242");
        GpuException e = assertThrows(GpuException.class, () -> Gpu.open(so.toString()));
        assertEquals("cuInit failed: CUresult 4242", e.getMessage());
    }

    @Test
    void zeroDevicesAfterASuccessfulInit() throws IOException {
        Path so = fake("libcuda_zero.so", "-DFAKE_INIT_RESULT=0");
        GpuException e = assertThrows(GpuException.class, () -> Gpu.open(so.toString()));
        assertEquals("the CUDA driver finds no GPU", e.getMessage());
    }

    @Test
    void aMissingFunctionIsNamed() throws IOException {
        Path so = fake("libcuda_old.so", "-DNO_LAUNCH");
        GpuException e = assertThrows(GpuException.class, () -> Gpu.open(so.toString()));
        assertEquals(so + " has no cuLaunchKernel (a CUDA driver older than 12.0?)", e.getMessage());
    }
}
