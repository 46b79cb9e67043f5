package org.nvlower.nvptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.diag.InputException;

/**
 * cicc 13.0 itself, run on an empty translation unit: its front end accepts exactly the SMs of
 * class {@code cli}, writes {@code .target} = the TargetMachine's CPU and {@code .address_size} =
 * its pointer width, and rejects the out-of-range option values nvlower rejects. Skipped without cicc.
 */
class CiccAgreesTest {

    private record Run(int code, String output, String ptx) {
    }

    private static Run cicc(Path cicc, Path dir, String... args) throws IOException, InterruptedException {
        Path ptx = dir.resolve("out.ptx");
        Files.deleteIfExists(ptx);
        List<String> command = new ArrayList<>(List.of(cicc.toString(), "--c++17"));
        command.addAll(List.of(args));
        command.addAll(List.of("empty.ii", "-o", ptx.toString()));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        // a run cicc rejects leaves its front end's empty-*.lgenfe.bc in TMPDIR: keep it in the test's folder
        pb.environment().put("TMPDIR", dir.toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "timed out: " + command);
        return new Run(p.exitValue(), out, Files.exists(ptx) ? Files.readString(ptx) : "");
    }

    @Test
    void archAcceptanceTargetAndAddressSize(@TempDir Path dir) throws Exception {
        Optional<Path> cicc = CiccLayoutStringsTest.cicc();
        Assumptions.assumeTrue(cicc.isPresent(), "cicc not found under $CUDA_HOME or /usr/local/cuda");
        Files.writeString(dir.resolve("empty.ii"), "");
        for (SmProcessor sm : SmProcessor.all()) {
            Run run = cicc(cicc.get(), dir, "-arch", sm.computeName(), "-m64");
            boolean accepted = run.code() == 0;
            assertEquals(sm.cliAccess() == SmProcessor.CliAccess.CLI, accepted, sm + ": " + run.output());
            if (accepted) {
                TargetMachine tm = TargetMachine.fromCommandLine("-arch", sm.computeName(), "-m64");
                assertTrue(run.ptx().contains("\n.target " + tm.cpu() + "\n"), sm + ":\n" + run.ptx());
                assertTrue(run.ptx().contains("\n.address_size 64\n"), run.ptx());
            } else {
                assertTrue(run.output().contains("invalid or no value specified with --nv_arch flag"), run.output());
            }
        }
        Run m32 = cicc(cicc.get(), dir, "-arch", "compute_90a", "-m32");
        assertEquals(0, m32.code(), m32.output());
        assertEquals(32, TargetMachine.fromCommandLine("-arch", "compute_90a", "-m32").pointerWidth());
        assertTrue(m32.ptx().contains("\n.address_size 32\n"), m32.ptx());
    }

    @Test
    void outOfRangeValuesAreRejectedByBoth(@TempDir Path dir) throws Exception {
        Optional<Path> cicc = CiccLayoutStringsTest.cicc();
        Assumptions.assumeTrue(cicc.isPresent(), "cicc not found under $CUDA_HOME or /usr/local/cuda");
        Files.writeString(dir.resolve("empty.ii"), "");
        for (String bad : List.of("-ftz=2", "-prec_div=2", "-prec_sqrt=2", "-fmad=2")) {
            Run run = cicc(cicc.get(), dir, "-arch", "compute_80", bad);
            assertTrue(run.output().contains("Command-line error"), bad + ": " + run.output());
            assertThrows(InputException.class, () -> CompileOptions.parse(bad));
        }
        for (String good : List.of("-ftz=1", "-prec_div=0", "-prec_sqrt=0", "-fmad=0")) {
            Run run = cicc(cicc.get(), dir, "-arch", "compute_80", good);
            assertEquals(0, run.code(), good + ": " + run.output());
            CompileOptions.parse(good);
        }
    }
}
