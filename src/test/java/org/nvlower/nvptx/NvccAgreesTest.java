package org.nvlower.nvptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end against NVIDIA's toolchain: the cicc options nvcc passes ({@code nvcc -dryrun}) build
 * a TargetMachine whose FP32 division and square-root instructions, {@code __CUDA_ARCH},
 * {@code __CUDA_FTZ} and CPU are
 * the ones nvcc's PTX shows. Skipped when nvcc is absent.
 */
class NvccAgreesTest {

    private static final String KERNEL = "__global__ void k(float* a, float* b, int* c) {"
            + " a[0] = a[0] / b[0]; a[1] = sqrtf(b[1]); c[0] = __CUDA_ARCH__; }\n";

    static Optional<Path> nvcc() {
        List<Path> candidates = new ArrayList<>();
        for (String p : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!p.isEmpty()) {
                candidates.add(Path.of(p, "nvcc"));
            }
        }
        Stream.of(System.getenv("CUDA_HOME"), "/usr/local/cuda").filter(h -> h != null && !h.isEmpty())
                .forEach(h -> candidates.add(Path.of(h, "bin", "nvcc")));
        return candidates.stream().filter(Files::isExecutable).findFirst();
    }

    private static String run(Path dir, List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out: " + command);
        assertEquals(0, p.exitValue(), command + ":\n" + out);
        return out;
    }

    /** The options nvlower parses, picked out of the cicc command line nvcc prints. */
    static List<String> ciccOptions(String dryrun) {
        String line = dryrun.lines().filter(l -> l.contains("/cicc\"") || l.contains("/cicc ")).findFirst()
                .orElseThrow(() -> new AssertionError("no cicc line in:\n" + dryrun));
        List<String> tokens = List.of(line.split("\\s+"));
        List<String> picked = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            String t = tokens.get(i);
            if (t.equals("-arch")) {
                picked.add(t);
                picked.add(tokens.get(++i));
            } else if (t.equals("-m64") || t.equals("-fast-math")
                    || t.matches("-(ftz|prec_div|prec_sqrt|fmad)=\\d")) {
                picked.add(t);
            }
        }
        return picked;
    }

    @Test
    void divisionSqrtAndReflectMatchNvcc(@TempDir Path dir) throws Exception {
        Optional<Path> nvcc = nvcc();
        Assumptions.assumeTrue(nvcc.isPresent(), "nvcc not found on PATH, $CUDA_HOME/bin or /usr/local/cuda/bin");
        Files.writeString(dir.resolve("k.cu"), KERNEL);
        Pattern div = Pattern.compile("\\b(div\\.[a-z.0-9]+)\\s");
        Pattern sqrt = Pattern.compile("\\b(sqrt\\.[a-z.0-9]+)\\s");
        for (List<String> flags : List.of(List.of("-arch=sm_80"), List.of("-arch=sm_80", "-ftz=true"),
                List.of("-arch=sm_90a", "-prec-div=false"), List.of("-arch=sm_90a", "-prec-div=false", "-ftz=true"),
                List.of("-arch=sm_100", "-use_fast_math"))) {
            List<String> dryrun = new ArrayList<>(List.of(nvcc.get().toString()));
            dryrun.addAll(flags);
            dryrun.addAll(List.of("-dryrun", "-ptx", "k.cu"));
            List<String> options = ciccOptions(run(dir, dryrun));
            TargetMachine tm = TargetMachine.fromCommandLine(options);

            List<String> compile = new ArrayList<>(List.of(nvcc.get().toString()));
            compile.addAll(flags);
            compile.addAll(List.of("-ptx", "k.cu", "-o", "k.ptx"));
            run(dir, compile);
            String ptx = Files.readString(dir.resolve("k.ptx"));
            Matcher d = div.matcher(ptx);
            Matcher s = sqrt.matcher(ptx);
            assertTrue(d.find() && s.find(), ptx);
            assertEquals(d.group(1), tm.fp32Division().ptx(), flags + " -> " + options);
            assertEquals(s.group(1), tm.fp32Sqrt().ptx(), flags + " -> " + options);
            assertTrue(ptx.contains(".target " + tm.cpu()), flags + ": " + tm.cpu());
            assertEquals(flags.contains("-use_fast_math") || flags.contains("-ftz=true") ? 1 : 0, tm.reflect("__CUDA_FTZ"));
            // __CUDA_ARCH__ is stored as an immediate: the same value as the reflect map's __CUDA_ARCH.
            assertTrue(Pattern.compile(",\\s*" + tm.reflect("__CUDA_ARCH") + ";").matcher(ptx).find(),
                    flags + ": no " + tm.reflect("__CUDA_ARCH") + " in\n" + ptx);
        }
    }
}
