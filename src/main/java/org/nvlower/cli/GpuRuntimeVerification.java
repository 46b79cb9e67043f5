package org.nvlower.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.nvlower.diag.InputException;
import org.nvlower.gpu.Gpu;
import org.nvlower.llvm.runtime.RuntimeFunction;
import org.nvlower.verify.gpu.GpuRuntimeCheck;
import org.nvlower.verify.gpu.RuntimePtx;
import org.nvlower.verify.runtime.RuntimeChecker;

/** {@code nvlower verify-runtime --impl gpu} with {@code --prepare DIR} and {@code --ptx DIR}. */
final class GpuRuntimeVerification {

    private GpuRuntimeVerification() {}

    /** The PTX of every llc found (14 and 19), for sm; an error when there is none. */
    private static Map<String, String> compile(List<RuntimeFunction> functions, String sm) {
        List<RuntimePtx.Llc> found = RuntimePtx.findLlc();
        if (found.isEmpty()) {
            throw new InputException("no llc 14 or 19 on the PATH or in /usr/lib/llvm-{19,14}/bin: the runtime's PTX "
                    + "needs one (or --ptx DIR from 'verify-runtime --impl gpu --prepare DIR' where there is one)");
        }
        Map<String, String> ptx = new TreeMap<>();
        for (RuntimePtx.Llc llc : found) {
            try {
                ptx.put("llc" + llc.major(), RuntimePtx.compile(llc, functions, sm));
            } catch (IOException | IllegalStateException e) {
                throw new InputException("llc " + llc.major() + ": " + e.getMessage());
            }
        }
        return ptx;
    }

    static int prepare(PrintWriter out, List<RuntimeFunction> functions, long random, long seed, Path dir) {
        Map<String, String> ptx = compile(functions, GpuVerification.PREPARED_SM);
        Path sub = dir.resolve("runtime");
        try {
            Files.createDirectories(sub);
            for (Map.Entry<String, String> e : ptx.entrySet()) {
                Files.writeString(sub.resolve("runtime-" + e.getKey() + ".ptx"), e.getValue());
            }
            Files.writeString(sub.resolve("cases.txt"), String.format(Locale.ROOT,
                    "# the cases of 'verify-runtime': RuntimeCases, edge then %d random per function, seed %d%n"
                            + "# (made again on the GPU machine by the same code; pass the same -n and --seed there)%n"
                            + "functions %d%n", random, seed, functions.size()));
        } catch (IOException e) {
            throw new InputException("--prepare " + dir + ": " + e.getMessage());
        }
        out.printf(Locale.ROOT, "prepared the runtime's PTX from %s (%s, %d functions) in %s%n", String.join(" and ", ptx.keySet()),
                GpuVerification.PREPARED_SM, functions.size(), sub);
        return Main.OK;
    }

    private static Map<String, String> prepared(Path dir) {
        Map<String, String> ptx = new TreeMap<>();
        Path sub = dir.resolve("runtime");
        try (DirectoryStream<Path> files = Files.newDirectoryStream(sub, "runtime-*.ptx")) {
            for (Path f : files) {
                ptx.put(f.getFileName().toString().replaceAll("^runtime-|\\.ptx$", ""), Files.readString(f));
            }
        } catch (IOException e) {
            throw new InputException("--ptx " + dir + ": " + e.getMessage());
        }
        if (ptx.isEmpty()) {
            throw new InputException("--ptx " + dir + ": no runtime-*.ptx in " + sub);
        }
        return ptx;
    }

    static int run(PrintWriter out, List<RuntimeFunction> functions, long random, long seed, Path ptxDir) {
        long bad = 0;
        try (Gpu gpu = Gpu.open()) {
            Map<String, String> ptx = ptxDir != null ? prepared(ptxDir) : compile(functions, gpu.sm());
            for (Map.Entry<String, String> e : ptx.entrySet()) {
                out.printf(Locale.ROOT, "verify-runtime --impl gpu: the bodies compiled by %s, on %s, against softfloat%n",
                        e.getKey(), gpu.describe());
                out.printf(Locale.ROOT, "%-24s %12s %10s %12s%n", "function", "cases", "mismatches", "ns/case");
                Gpu.Module module = gpu.load(e.getValue());
                List<RuntimeChecker.Report> reports = new ArrayList<>();
                for (RuntimeFunction f : functions) {
                    GpuRuntimeCheck.Result result = GpuRuntimeCheck.run(gpu, module, f, random, seed);
                    RuntimeChecker.Report r = result.report();
                    reports.add(r);
                    out.printf(Locale.ROOT, "%-24s %12d %10d %12.2f%n", f.symbol(), r.cases(), r.mismatches(),
                            result.nanosPerCase());
                    out.flush();
                }
                long cases = reports.stream().mapToLong(RuntimeChecker.Report::cases).sum();
                long mismatches = reports.stream().mapToLong(RuntimeChecker.Report::mismatches).sum();
                out.printf(Locale.ROOT, "%d functions, %d cases, %d mismatches (%s on the GPU)%n", reports.size(), cases,
                        mismatches, e.getKey());
                for (RuntimeChecker.Report r : reports) {
                    r.first().forEach(m -> out.println("  " + m));
                }
                bad += mismatches;
            }
        }
        return bad == 0 ? Main.OK : Main.USER_ERROR;
    }
}
