package org.nvlower.verify.gpu;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.runtime.RuntimeFunction;
import org.nvlower.llvm.runtime.RuntimeLibrary;
import org.nvlower.llvm.runtime.ValueType;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.nvptx.TargetMachine;

/**
 * The runtime bodies as a GPU module: nvlower's runtime library (fp128 carried as i128, cicc's
 * NVPTX triple and data layout) plus one kernel per function, {@code rt_SYMBOL(in, out, n)}:
 * thread i calls the function on operand words in[i * W ..] (as {@link
 * org.nvlower.verify.runtime.LliDriver} passes them) and stores the result as two words (high,
 * low) at out[2 i]. The LLVM IR is compiled to PTX by a stock llc (14 or 19), found on the PATH
 * or in /usr/lib/llvm-{19,14}/bin: the one narrow door to LLVM of the GPU runner.
 */
public final class RuntimePtx {

    private static final String TRIPLE = "nvptx64-nvidia-cuda";

    private RuntimePtx() {}

    /** The kernel of f. */
    public static String kernel(RuntimeFunction f) {
        return "rt_" + f.symbol().replace('.', '_');
    }

    /** The module's LLVM IR; {@code opaque}: pointers spelled ptr (LLVM 15+), else typed (LLVM 14). */
    public static String ir(List<RuntimeFunction> functions, boolean opaque) {
        TargetMachine tm = TargetMachine.fromCommandLine(List.of());
        Module m = RuntimeLibrary.build(functions, true, TRIPLE, tm.dataLayout());
        StringBuilder b = new StringBuilder(IrPrinter.print(m));
        String p = opaque ? "ptr" : "i64*";
        b.append("\n; nvlower's GPU check of the runtime bodies: one kernel per function\n");
        b.append("declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\ndeclare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()\n");
        b.append("declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()\n\n");
        List<String> annotations = new ArrayList<>();
        int meta = 1000;
        for (RuntimeFunction f : functions) {
            String k = kernel(f);
            b.append("define void @").append(k).append("(").append(p).append(" %in, ").append(p)
                    .append(" %out, i64 %n) {\nentry:\n");
            b.append("  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n");
            b.append("  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()\n");
            b.append("  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()\n");
            b.append("  %t0 = mul i32 %ctaid, %ntid\n  %t1 = add i32 %t0, %tid\n  %i = zext i32 %t1 to i64\n");
            b.append("  %ok = icmp ult i64 %i, %n\n  br i1 %ok, label %body, label %done\nbody:\n");
            b.append("  %base = mul i64 %i, ").append(f.operandWords()).append("\n");
            int w = 0;
            List<String> args = new ArrayList<>();
            int a = 0;
            for (ValueType t : f.parameterTypes()) {
                String first = load(b, p, "%in", "%base", w++, "x" + a);
                String arg;
                if (t.words() == 2) {
                    String lo = load(b, p, "%in", "%base", w++, "y" + a);
                    b.append(String.format(Locale.ROOT, "  %%h%d = zext i64 %s to i128%n  %%s%d = shl i128 %%h%d, 64%n"
                            + "  %%l%d = zext i64 %s to i128%n  %%a%d = or i128 %%s%d, %%l%d%n", a, first, a, a, a, lo, a, a, a));
                    arg = "i128 %a" + a;
                } else {
                    switch (t) {
                        case F32 -> b.append(String.format(Locale.ROOT, "  %%c%d = trunc i64 %s to i32%n  %%a%d = bitcast i32 %%c%d to float%n",
                                a, first, a, a));
                        case F64 -> b.append(String.format(Locale.ROOT, "  %%a%d = bitcast i64 %s to double%n", a, first));
                        case I64 -> b.append(String.format(Locale.ROOT, "  %%a%d = add i64 %s, 0%n", a, first));
                        default -> b.append(String.format(Locale.ROOT, "  %%a%d = trunc i64 %s to %s%n", a, first, t.llvmName()));
                    }
                    arg = t.llvmName() + " %a" + a;
                }
                args.add(arg);
                a++;
            }
            ValueType rt = f.returnType();
            String rtName = rt.words() == 2 ? "i128" : rt.llvmName();
            b.append("  %r = call ").append(rtName).append(" @").append(f.symbol()).append("(").append(String.join(", ", args))
                    .append(")\n");
            if (rt.words() == 2) {
                b.append("  %rs = lshr i128 %r, 64\n  %hi = trunc i128 %rs to i64\n  %lo = trunc i128 %r to i64\n");
            } else {
                b.append("  %hi = add i64 0, 0\n");
                switch (rt) {
                    case F32 -> b.append("  %rb = bitcast float %r to i32\n  %lo = zext i32 %rb to i64\n");
                    case F64 -> b.append("  %lo = bitcast double %r to i64\n");
                    case I64 -> b.append("  %lo = add i64 %r, 0\n");
                    default -> b.append("  %lo = zext ").append(rt.llvmName()).append(" %r to i64\n");
                }
            }
            b.append("  %o = mul i64 %i, 2\n");
            store(b, p, "%o", 0, "%hi");
            store(b, p, "%o", 1, "%lo");
            b.append("  br label %done\ndone:\n  ret void\n}\n\n");
            String type = opaque ? "ptr" : "void (i64*, i64*, i64)*";
            annotations.add("!" + meta);
            b.append("!").append(meta).append(" = !{").append(type).append(" @").append(k).append(", !\"kernel\", i32 1}\n\n");
            meta++;
        }
        b.append("!nvvm.annotations = !{").append(String.join(", ", annotations)).append("}\n");
        return b.toString();
    }

    private static String load(StringBuilder b, String p, String base, String index, int w, String name) {
        b.append(String.format(Locale.ROOT, "  %%i%s = add i64 %s, %d%n", name, index, w));
        b.append(String.format(Locale.ROOT, "  %%p%s = getelementptr i64, %s %s, i64 %%i%s%n", name, p, base, name));
        b.append(String.format(Locale.ROOT, "  %%%s = load i64, %s %%p%s%n", name, p, name));
        return "%" + name;
    }

    private static void store(StringBuilder b, String p, String index, int w, String value) {
        b.append(String.format(Locale.ROOT, "  %%q%d = add i64 %s, %d%n", w, index, w));
        b.append(String.format(Locale.ROOT, "  %%pq%d = getelementptr i64, %s %%out, i64 %%q%d%n", w, p, w));
        b.append(String.format(Locale.ROOT, "  store i64 %s, %s %%pq%d%n", value, p, w));
    }

    /** A stock llc and its major version. */
    public record Llc(Path path, int major) {}

    /** The llc programs found: llc, llc-19, llc-14 on the PATH and /usr/lib/llvm-{19,14}/bin/llc, one per major version 14 or 19. */
    public static List<Llc> findLlc() {
        List<Path> candidates = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                for (String name : List.of("llc", "llc-19", "llc-14")) {
                    candidates.add(Path.of(dir, name));
                }
            }
        }
        candidates.add(Path.of("/usr/lib/llvm-19/bin/llc"));
        candidates.add(Path.of("/usr/lib/llvm-14/bin/llc"));
        List<Llc> found = new ArrayList<>();
        for (Path c : candidates) {
            if (Files.isExecutable(c)) {
                version(c).filter(v -> v == 14 || v == 19).filter(v -> found.stream().noneMatch(l -> l.major() == v))
                        .ifPresent(v -> found.add(new Llc(c, v)));
            }
        }
        return found;
    }

    private static Optional<Integer> version(Path llc) {
        try {
            Process p = new ProcessBuilder(llc.toString(), "--version").redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(30, TimeUnit.SECONDS);
            Matcher m = Pattern.compile("LLVM version (\\d+)").matcher(text);
            return m.find() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** PTX from llc for sm (-march=nvptx64 -mcpu=sm); an IllegalStateException with llc's messages when it fails. */
    public static String compile(Llc llc, List<RuntimeFunction> functions, String sm) throws IOException {
        Path in = Files.createTempFile("nvlower-runtime-gpu", ".ll");
        Path out = Files.createTempFile("nvlower-runtime-gpu", ".ptx");
        try {
            Files.writeString(in, ir(functions, llc.major() >= 15), StandardCharsets.UTF_8);
            Process p = new ProcessBuilder(llc.path().toString(), "-O2", "-march=nvptx64", "-mcpu=" + sm, in.toString(), "-o",
                    out.toString()).redirectErrorStream(true).start();
            String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(600, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IllegalStateException(llc.path() + " failed: " + log.strip());
            }
            return Files.readString(out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } finally {
            Files.deleteIfExists(in);
            Files.deleteIfExists(out);
        }
    }
}
