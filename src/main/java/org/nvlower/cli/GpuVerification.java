package org.nvlower.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.nvlower.diag.InputException;
import org.nvlower.gpu.Gpu;
import org.nvlower.gpu.GpuException;
import org.nvlower.softfloat.Hex128;
import org.nvlower.verify.gpu.CheckPtx;
import org.nvlower.verify.gpu.GpuCheck;
import org.nvlower.verify.gpu.GpuCheck.Difference;
import org.nvlower.verify.gpu.GpuCheck.Report;
import org.nvlower.verify.gpu.GpuOp;
import org.nvlower.verify.gpu.OneCase;
import org.nvlower.verify.sass.CaseSet;

/**
 * The GPU side of {@code nvlower verify}: {@code --impl gpu} (OP or all), {@code --prepare DIR}
 * (the check modules' PTX without a GPU), {@code --ptx DIR} (those modules instead of fresh
 * ones) and {@code --operands}.
 */
final class GpuVerification {

    /** The SM prepared PTX targets: the driver's JIT compiles it for any later GPU. */
    static final String PREPARED_SM = "sm_80";
    private static final int SHOWN = 8;

    private GpuVerification() {}

    /** The ops OP names: one template (its variant or divisor), or all of them. */
    static List<GpuOp> ops(String op, String divisor) {
        try {
            if (op.equals("all")) {
                if (divisor != null) {
                    throw new InputException("--divisor applies to one op, not 'all' (which has its own divisors)");
                }
                return GpuOp.all();
            }
            if (divisor != null) {
                if (divisor.equals("all16")) {
                    throw new InputException("--divisor all16 is for the emulator; on a GPU name one divisor");
                }
                return List.of(GpuOp.of(op, Long.decode(divisor)));
            }
            return List.of(GpuOp.of(op));
        } catch (IllegalArgumentException e) {
            throw new InputException(op + ": " + e.getMessage());
        }
    }

    /** {@code --prepare DIR}: DIR/verify/SYMBOL.ptx for each op (no GPU needed). */
    static int prepare(PrintWriter out, List<GpuOp> ops, Path dir) {
        Path sub = dir.resolve("verify");
        try {
            Files.createDirectories(sub);
            for (GpuOp op : ops) {
                Files.writeString(sub.resolve(op.symbol() + ".ptx"), CheckPtx.module(op, PREPARED_SM));
            }
        } catch (IOException e) {
            throw new InputException("--prepare " + dir + ": " + e.getMessage());
        }
        out.printf(Locale.ROOT, "prepared %d check module%s (%s) in %s%n", ops.size(), ops.size() == 1 ? "" : "s",
                PREPARED_SM, sub);
        return Main.OK;
    }

    /** The check module of op: DIR/verify/SYMBOL.ptx when --ptx DIR is given, else made for the GPU's SM. */
    static String module(GpuOp op, Path ptxDir, Gpu gpu) {
        if (ptxDir == null) {
            return CheckPtx.module(op, gpu.sm());
        }
        Path f = ptxDir.resolve("verify").resolve(op.symbol() + ".ptx");
        try {
            return Files.readString(f);
        } catch (NoSuchFileException e) {
            throw new InputException(f + ": no such file (run 'nvlower verify " + op.name() + " --impl gpu --prepare DIR' first)");
        } catch (IOException e) {
            throw new InputException(f + ": " + e.getMessage());
        }
    }

    /** One range of one set for an op. */
    record Slice(CaseSet set, long from, long to) {}

    static int run(PrintWriter out, List<GpuOp> ops, List<CaseSet> sets, long n, long[] range, long seed, Path ptxDir) {
        boolean failed = false;
        try (Gpu gpu = Gpu.open()) {
            out.printf(Locale.ROOT, "verify --impl gpu on %s: nvlower's PTX against the GPU's own instruction, seed %d%n",
                    gpu.describe(), seed);
            for (GpuOp op : ops) {
                List<Slice> slices = slices(op, sets, n, range);
                if (slices.isEmpty()) {
                    continue;
                }
                Gpu.Module module = gpu.load(module(op, ptxDir, gpu));
                out.printf(Locale.ROOT, "%s (native %s)%n", op.name(), op.ptxOp());
                for (Slice s : slices) {
                    Report r = GpuCheck.run(gpu, module, op, s.set(), s.from(), s.to(), seed);
                    print(out, r);
                    if (r.executed() != r.cases()) {
                        out.printf(Locale.ROOT, "  error: the kernel ran %,d of the %,d cases%n", r.executed(), r.cases());
                        failed = true;
                    } else if (r.inlineDiffers() != 0) {
                        out.printf(Locale.ROOT, "  error: the template spliced into the kernel differs from the template "
                                + "called in %,d cases%n", r.inlineDiffers());
                        failed = true;
                    } else if (op.otherSmsApproximation(gpu.sm()) && r.differences() != 0) {
                        boolean within = r.templateMaxUlp() <= op.template().ulpBound();
                        out.printf(Locale.ROOT, "  (another SM's algorithm than %s's: differences expected; nvlower's error %s "
                                + "the %.1f ulp bound over the recorded ones)%n", gpu.sm(), within ? "within" : "BEYOND",
                                op.template().ulpBound());
                        failed |= !within;
                    } else {
                        failed |= r.differences() != 0;
                    }
                    out.flush();
                }
            }
        }
        return failed ? Main.USER_ERROR : Main.OK;
    }

    /** The slices to run: each set (not applicable to op: left out when running all ops), -n and --range as on the CPU. */
    static List<Slice> slices(GpuOp op, List<CaseSet> sets, long n, long[] range) {
        List<Slice> v = new ArrayList<>();
        for (CaseSet set : sets) {
            long size;
            try {
                size = GpuCheck.size(op, set);
            } catch (IllegalArgumentException e) {
                continue;
            }
            long to = switch (set) {
                case EDGE, EXHAUSTIVE, BINADES -> size;
                case RANDOM -> n < 0 ? 1_000_000 : n;
                case HARD -> n < 0 ? size : Math.min(size, n);
            };
            long from = 0;
            if (range != null) {
                from = Math.min(range[0], size);
                to = Math.min(range[1], size);
            }
            if (to > from) {
                v.add(new Slice(set, from, to));
            }
        }
        return v;
    }

    private static void print(PrintWriter out, Report r) {
        out.printf(Locale.ROOT, "  %-10s %,16d cases  %,d differ (values %,d, NaN payloads %,d, division by zero %,d)  "
                + "(%.3f s kernel, %.1f M cases/s)%n", r.set(), r.cases(), r.differences(), r.values(), r.nanPayloads(),
                r.divisionByZero(), r.seconds(), r.cases() / Math.max(r.seconds(), 1e-9) / 1e6);
        if (r.ulpMeasured() > 0) {
            out.printf(Locale.ROOT, "             ulp error against the reference over %,d recorded differences: "
                    + "nvlower max %.3f, GPU max %.3f%n", r.ulpMeasured(), r.templateMaxUlp(), r.nativeMaxUlp());
        }
        int w = r.op().bits() / 4;
        String f = "0x%0" + w + "x";
        for (Difference d : r.first().subList(0, Math.min(SHOWN, r.first().size()))) {
            out.printf(Locale.ROOT, "    case %d: a=" + f + (r.op().inputs() == 2 ? " b=" + f : "%s") + "  nvlower " + f
                    + "  gpu " + f + "%n", d.index(), d.a() & r.op().mask(),
                    r.op().inputs() == 2 ? d.b() & r.op().mask() : "", d.template(), d.nativeResult());
        }
    }

    /** {@code --operands A[,B]}: each implementation's result in hex (the GPU's where one can be opened). */
    static int operands(PrintWriter out, List<GpuOp> ops, String operands, boolean wantGpu) {
        if (ops.size() != 1) {
            throw new InputException("--operands needs one op, not 'all'");
        }
        GpuOp op = ops.get(0);
        String[] parts = operands.split(",", -1);
        if (parts.length != op.inputs()) {
            throw new InputException("--operands: " + op.name() + " takes " + op.inputs() + " operand"
                    + (op.inputs() == 1 ? "" : "s") + " (bit patterns in hex), not " + Hex128.quote(operands));
        }
        long[] v = new long[2];
        for (int k = 0; k < parts.length; k++) {
            String p = parts[k].strip().replaceFirst("^0[xX]", "");
            try {
                if (p.isEmpty() || p.length() > op.bits() / 4) {
                    throw new NumberFormatException();
                }
                v[k] = Long.parseUnsignedLong(p, 16);
            } catch (NumberFormatException e) {
                throw new InputException("--operands: " + Hex128.quote(parts[k]) + " is not a " + op.bits()
                        + "-bit pattern in hex");
            }
        }
        Gpu gpu = null;
        String noGpu = "not asked for (--impl gpu)";
        if (wantGpu) {
            try {
                gpu = Gpu.open();
            } catch (GpuException e) {
                noGpu = "none: " + e.getMessage();
            }
        }
        try {
            int w = op.bits() / 4;
            out.printf(Locale.ROOT, "%s a=0x%0" + w + "x%s%n", op.name(), v[0],
                    op.inputs() == 2 ? String.format(Locale.ROOT, " b=0x%0" + w + "x", v[1]) : "");
            Long reference = null;
            for (OneCase.Row row : OneCase.rows(op, v[0], v[1], gpu, noGpu)) {
                if (row.who().equals("reference")) {
                    reference = row.result();
                }
                String value = row.result() == null ? "-".repeat(w + 2) : String.format(Locale.ROOT, "0x%0" + w + "x", row.result());
                String same = row.result() == null || reference == null || row.who().equals("reference") ? "  "
                        : row.result().equals(reference) ? "= " : "!=";
                out.printf(Locale.ROOT, "  %-11s %s %s  %s%n", row.who(), value, same, row.note());
            }
        } finally {
            if (gpu != null) {
                gpu.close();
            }
        }
        return Main.OK;
    }
}
