package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.gpu.Gpu;
import org.nvlower.gpu.GpuException;

/**
 * The GPU commands where there is no GPU (./check and CI): one 'nvlower: error:' line and exit 1
 * for a GPU run, --operands with every implementation but the GPU, --prepare writing every check
 * module; where there is one, a short check of div.rn.f32 against the GPU (skipped elsewhere).
 */
class GpuCommandsTest {

    @TempDir
    Path dir;

    private static boolean noGpu() {
        try (Gpu g = Gpu.open()) {
            return false;
        } catch (GpuException e) {
            return true;
        }
    }

    @Test
    void aGpuRunWithoutAGpuIsOneLine() {
        assumeTrue(noGpu(), "a GPU is present");
        for (String[] args : new String[][] {{"verify", "div.rn.f32", "--impl", "gpu"}, {"verify", "all", "--impl", "gpu"},
            {"bench", "all", "--impl", "gpu"}}) {
            CliRunner r = CliRunner.run("", args);
            assertEquals(1, r.exitCode(), String.join(" ", args) + ": " + r.err());
            assertTrue(r.err().startsWith("nvlower: error: "), r.err());
            assertEquals(1, r.err().lines().count(), r.err());
        }
    }

    @Test
    void onAGpuATemplateAgreesWithTheNativeInstruction() {
        assumeTrue(!noGpu(), "no GPU here (libcuda.so.1 absent or no device): docs/gpu.md, scripts/gpu-check");
        CliRunner r = CliRunner.run("", "verify", "div.rn.f32", "--impl", "gpu", "--cases", "edge,random", "-n", "1000000");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("random            1,000,000 cases  0 differ"), r.out());
        r = CliRunner.run("", "verify", "div.rn.f32", "--impl", "gpu", "--operands", "3f800000,40400000");
        assertTrue(r.out().contains("gpu         0x3eaaaaab = "), r.out());
        assertTrue(r.out().contains("gpu native  0x3eaaaaab = "), r.out());
    }

    @Test
    void operandsPrintEveryImplementation() {
        // 1/3: 0x3eaaaaab (round to nearest even of 0x3eaaaaaa.aa...)
        CliRunner r = CliRunner.run("", "verify", "div.rn.f32", "--operands", "3f800000,40400000");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("  reference   0x3eaaaaab     softfloat"), r.out());
        assertTrue(r.out().contains("  emulator    0x3eaaaaab = "), r.out());
        assertTrue(r.out().contains("  ptx         0x3eaaaaab = "), r.out());
        assertTrue(r.out().contains("  gpu         ----------     not asked for (--impl gpu)"), r.out());
        // division by zero: all ones; 2^64-1 / 3
        r = CliRunner.run("", "verify", "div.u64", "--operands", "0x1234,0");
        assertTrue(r.out().contains("reference   0xffffffffffffffff"), r.out());
        assertTrue(r.out().contains("emulator    0xffffffffffffffff ="), r.out());
        r = CliRunner.run("", "verify", "div.u64", "--divisor", "3", "--operands", "ffffffffffffffff");
        assertTrue(r.out().contains("reference   0x5555555555555555"), r.out());
        assertTrue(r.out().contains("emulator    0x5555555555555555 ="), r.out());
        // sqrt(2) rounded: 0x3ff6a09e667f3bcd
        r = CliRunner.run("", "verify", "sqrt.rn.f64", "--operands", "4000000000000000", "--impl", "gpu");
        assertTrue(r.out().contains("ptx         0x3ff6a09e667f3bcd = "), r.out());
        if (noGpu()) {
            assertTrue(r.out().contains("gpu         ------------------     none: "), r.out());
        }
    }

    @Test
    void badOperandsAreOneLine() {
        CliRunner.assertOneLineErrors("verify", new String[][] {
            {"takes 2 operands", "div.rn.f32", "--operands", "3f800000"},
            {"is not a 32-bit pattern", "div.rn.f32", "--operands", "3f800000,1ffffffff"},
            {"is not a 64-bit pattern", "div.rn.f64", "--operands", "xyz,0"},
            {"--prepare and --ptx go with --impl gpu", "div.rn.f32", "--prepare", "x"},
            {"one divisor", "div.u32", "--divisor", "all16", "--impl", "gpu"}});
    }

    @Test
    void prepareWritesEveryCheckModule() throws Exception {
        CliRunner r = CliRunner.run("", "verify", "all", "--impl", "gpu", "--prepare", dir.toString());
        assertEquals(0, r.exitCode(), r.err());
        try (var files = Files.list(dir.resolve("verify"))) {
            assertEquals(113, files.count()); // GpuOp.all(): 85 templates and 28 constant divisions
        }
        assertTrue(Files.readString(dir.resolve("verify/div_rn_f64_minimal.ptx")).contains(".target sm_80"));
    }

    /**
     * scripts/gpu-probes.cu, which scripts/gpu-check builds on the GPU machine, compiles here (nvcc
     * for sm_80, PTX only; skipped without nvcc), and asks about the rules the PTX interpreter
     * refuses: the binary16 NaNs, .sat of -0, min/max of zeros.
     */
    @Test
    void theProbesOfWhatThePtxInterpreterRefusesCompile() throws Exception {
        var nvcc = org.nvlower.testing.ExternalTools.nvcc();
        assumeTrue(nvcc.isPresent(), "nvcc not found (PATH, CUDA_HOME, /usr/local/cuda)");
        Path source = Path.of("scripts/gpu-probes.cu");
        var r = org.nvlower.testing.ExternalTools.run(120, nvcc.get(), "-arch=sm_80", "-ptx", source.toString(), "-o",
                dir.resolve("probes.ptx").toString());
        assertEquals(0, r.exitCode(), r.stderr());
        String ptx = Files.readString(dir.resolve("probes.ptx"));
        for (String instruction : new String[] {"add.f16", "cvt.f32.f16", "cvt.rn.f16.f32", "add.sat.f32", "min.f32", "max.f64"}) {
            assertTrue(ptx.contains(instruction), instruction);
        }
    }
}
