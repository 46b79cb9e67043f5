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

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Every triple and data layout nvlower writes is accepted by LLVM's own tools: {@code llvm-as}
 * parses a module carrying them, and {@code llc} compiles it for the TargetMachine's CPU. Skipped
 * when the tools are absent.
 */
class LlvmAcceptsLayoutsTest {

    static Optional<Path> tool(String name) {
        List<Path> dirs = new ArrayList<>();
        for (String p : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!p.isEmpty()) {
                dirs.add(Path.of(p));
            }
        }
        dirs.add(Path.of("/usr/lib/llvm-14/bin"));
        return dirs.stream().map(d -> d.resolve(name)).filter(Files::isExecutable).findFirst();
    }

    private static String run(List<String> command, String stdin) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "timed out: " + command);
        assertEquals(0, p.exitValue(), command + " failed:\n" + out + "\non:\n" + stdin);
        return out;
    }

    private static String module(TargetMachine tm) {
        return "target datalayout = \"" + tm.dataLayout() + "\"\ntarget triple = \"" + tm.triple() + "\"\n"
                + "define float @f(float %a, float %b) {\n  %q = fdiv float %a, %b\n  ret float %q\n}\n";
    }

    @Test
    void llvmAsAndLlcAcceptEveryLayoutAndTriple() throws Exception {
        Optional<Path> llvmAs = tool("llvm-as");
        Optional<Path> llc = tool("llc");
        Assumptions.assumeTrue(llvmAs.isPresent() && llc.isPresent(), "llvm-as/llc not found on PATH or /usr/lib/llvm-14/bin");
        for (List<String> args : List.of(List.of("-arch=compute_80"), List.of("-arch=compute_80", "-nvptx-short-ptr"),
                List.of("-arch=compute_75", "-m32"))) {
            TargetMachine tm = TargetMachine.fromCommandLine(args);
            String ir = module(tm);
            run(List.of(llvmAs.get().toString(), "-o", "/dev/null", "-"), ir);
            String ptx = run(List.of(llc.get().toString(), "-mcpu=" + tm.cpu(), "-o", "-", "-"), ir);
            assertTrue(ptx.contains(".target " + tm.cpu()), ptx);
            assertTrue(ptx.contains(".address_size " + tm.pointerWidth()), ptx);
        }
    }
}
