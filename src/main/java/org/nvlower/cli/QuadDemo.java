package org.nvlower.cli;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.nvlower.llvm.exec.Interpreter;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.pass.Lower128;
import org.nvlower.llvm.runtime.RuntimeFunction;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.softfloat.F128Libm;
import org.nvlower.softfloat.Float128;

/**
 * The demo's quad-precision section: a bundled fp128 program (Newton's iteration for sqrt(2), a
 * fused residual, a libquadmath call) lowered with the runtime linked; its results from nvlower's
 * interpreter, and from stock lli on x86-64 when present, against softfloat doing the same steps;
 * stock llc (when present) compiles it for NVPTX.
 */
final class QuadDemo {

    private QuadDemo() {
    }

    /** A main for lli (lowered with the program): each function's result bits printed as 32 hex digits. */
    private static final String MAIN = """

            @fmt = private constant [16 x i8] c"%016llx%016llx\\0A\\00"
            declare i32 @printf(i8*, ...)

            define void @show(fp128 %v) {
            entry:
              %b = bitcast fp128 %v to i128
              %h = lshr i128 %b, 64
              %hi = trunc i128 %h to i64
              %lo = trunc i128 %b to i64
              %p = getelementptr [16 x i8], [16 x i8]* @fmt, i64 0, i64 0
              %n = call i32 (i8*, ...) @printf(i8* %p, i64 %hi, i64 %lo)
              ret void
            }

            define i32 @main() {
            entry:
              %x = call fp128 @newton_sqrt2()
              call void @show(fp128 %x)
              %r = call fp128 @residual(fp128 %x)
              call void @show(fp128 %r)
              %c = call fp128 @cube_root2()
              call void @show(fp128 %c)
              ret i32 0
            }
            """;

    static void run(PrintWriter out) {
        String text;
        try (InputStream in = QuadDemo.class.getResourceAsStream("quad-newton.ll")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.println("== quad precision as programs use it: Newton's iteration for sqrt(2), a * b + c (llvm.fmuladd), "
                + "cbrtq (bundled quad-newton.ll)");
        // softfloat, the same steps: the value each function must give
        Float128 x = Float128.parse("1.5");
        Float128 half = Float128.parse("0.5");
        for (int i = 0; i < 6; i++) {
            x = x.add(Float128.TWO.div(x)).mul(half);
        }
        Float128 residual = x.mulAdd(x, Float128.TWO.negate());
        long[] c = F128Libm.cbrt(Float128.TWO.hi(), Float128.TWO.lo());
        List<Float128> want = List.of(x, residual, new Float128(c[0], c[1]));

        Module m = IrParser.parse("quad-newton.ll", text);
        Lower128.Result r = Lower128.run(m, Lower128.Options.SELF_CONTAINED);
        out.printf("  lowered: %d calls of %s, their bodies linked%n", r.calls(),
                String.join(" ", r.functions().stream().map(RuntimeFunction::symbol).toList()));
        Interpreter interpreter = new Interpreter(m);
        long[] nx = interpreter.function("newton_sqrt2").call();
        Float128 gx = new Float128(nx[1], nx[0]);
        long[] nr = interpreter.function("residual").call(nx[0], nx[1]);
        long[] nc = interpreter.function("cube_root2").call();
        List<Float128> got = List.of(gx, new Float128(nr[1], nr[0]), new Float128(nc[1], nc[0]));
        String[] names = {"newton_sqrt2()      ", "residual(x) = x*x-2 ", "cube_root2()        "};
        for (int i = 0; i < 3; i++) {
            out.printf("  %s = %s  %s%n", names[i], got.get(i).toHexString(),
                    got.get(i).equals(want.get(i)) ? "= softfloat" : "DIFFERENT from softfloat " + want.get(i).toHexString());
        }
        Float128 root = Float128.TWO.sqrt();
        long ulps = gx.lo() - root.lo(); // the same binade and high word here
        out.printf("  sqrt(2) correctly rounded = %s: Newton's rounded steps end %s%n", root.toHexString(),
                ulps == 0 ? "on it" : Math.abs(ulps) + " ulp " + (ulps > 0 ? "above" : "below"));
        out.printf("  residual %s ~ 2x(x - sqrt(2)): x's error, seen only because fmuladd rounds once%n", got.get(1));
        String lowered = IrPrinter.print(m);
        if (Boolean.getBoolean("nvlower.aot.training")) {
            out.println(); // the launcher's training run: no external tools (they add seconds, not classes)
            return;
        }
        Optional<Path> llc = tool("llc");
        if (llc.isEmpty()) {
            out.println("  (llc not found: the NVPTX compilation is skipped)");
        } else {
            String nvptx = "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n"
                    + "target triple = \"nvptx64-nvidia-cuda\"\n" + lowered;
            String[] ptx = runTool(llc.get(), nvptx, "-march=nvptx64", "-mcpu=sm_80");
            out.printf("  %s -mcpu=sm_80: %s%n", llc.get(), ptx[0] == null ? "failed: " + ptx[1].strip()
                    : ptx[0].lines().count() + " lines of PTX, .func newton_sqrt2 "
                            + (ptx[0].contains("newton_sqrt2(") ? "in it" : "MISSING"));
        }
        Optional<Path> lli = tool("lli");
        if (lli.isEmpty()) {
            out.println("  (lli not found: the x86-64 run is skipped)");
        } else {
            Module withMain = IrParser.parse("quad-newton.ll", text + MAIN);
            Lower128.run(withMain, Lower128.Options.SELF_CONTAINED);
            String[] run = runTool(lli.get(), IrPrinter.print(withMain));
            List<String> expected = want.stream().map(v -> String.format("%016x%016x", v.hi(), v.lo())).toList();
            boolean same = run[0] != null && run[0].lines().toList().equals(expected);
            out.printf("  %s (x86-64): %s%n", lli.get(), run[0] == null ? "failed: " + run[1].strip()
                    : same ? "prints the same three values" : "prints DIFFERENT values: " + run[0].strip());
        }
        out.println();
    }

    /** The newest {@code name} of LLVM 19, on PATH, or of LLVM 14. */
    private static Optional<Path> tool(String name) {
        List<Path> candidates = new ArrayList<>();
        candidates.add(Path.of("/usr/lib/llvm-19/bin", name));
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (!dir.isEmpty()) {
                    candidates.add(Path.of(dir, name));
                }
            }
        }
        candidates.add(Path.of("/usr/lib/llvm-14/bin", name));
        return candidates.stream().filter(Files::isExecutable).findFirst();
    }

    /** Runs {@code tool args -o - IN} on {@code input}: {stdout, null} on success, {null, stderr} else. */
    private static String[] runTool(Path tool, String input, String... args) {
        Path in = null;
        try {
            in = Files.createTempFile("nvlower-demo", ".ll");
            Files.writeString(in, input, StandardCharsets.ISO_8859_1);
            List<String> cmd = new ArrayList<>(List.of(tool.toString()));
            cmd.addAll(List.of(args));
            if (tool.getFileName().toString().equals("llc")) {
                cmd.addAll(List.of("-o", "-"));
            }
            cmd.add(in.toString());
            Path err = Files.createTempFile("nvlower-demo", ".err");
            try {
                Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
                p.getOutputStream().close();
                byte[] stdout = p.getInputStream().readAllBytes();
                if (!p.waitFor(60, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    return new String[] {null, "did not finish in 60 s"};
                }
                return p.exitValue() == 0 ? new String[] {new String(stdout, StandardCharsets.ISO_8859_1), null}
                        : new String[] {null, Files.readString(err, StandardCharsets.ISO_8859_1)};
            } finally {
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            return new String[] {null, e.getMessage()};
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new String[] {null, "interrupted"};
        } finally {
            if (in != null) {
                try {
                    Files.deleteIfExists(in);
                } catch (IOException e) {
                    // a temporary file left behind is harmless
                }
            }
        }
    }
}
