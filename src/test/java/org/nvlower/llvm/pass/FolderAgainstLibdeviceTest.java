package org.nvlower.llvm.pass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantFP;
import org.nvlower.llvm.transform.Linker;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.Value;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.testing.ExternalTools;

/**
 * How far the folder's host values are from libdevice's own results. libdevice's bodies, reflected
 * for -ftz=0 -prec-sqrt=1 sm_80, are run on the host by lli, their NVVM intrinsics replaced by
 * exact host equivalents (fma.rn is llvm.fma, mul.rn fmul, f2i.rn a saturating round-to-even, ...).
 * That is the GPU's result bit for bit for the functions whose bodies use only such intrinsics,
 * which are the ones measured here; the functions that use MUFU approximations (ex2.approx,
 * rsqrt.approx, rcp.approx.ftz.d, or as inline PTX rcp.approx.ftz.f32 and rsqrt.approx.ftz.f64: tanf, atanf,
 * powf, asin, acos ...) have no exact host model and are bounded by NVIDIA's
 * documentation only (docs/math-pipeline.md).
 *
 * <p>The bounds asserted are NVIDIA's documented maximum errors from the correctly rounded result
 * (CUDA C++ Programming Guide, "Mathematical Functions"); since the folder is correctly rounded
 * (HostMathTest), they bound the distance. The largest distances measured are in the docs.
 */
class FolderAgainstLibdeviceTest {

    /** libdevice name, NVIDIA's documented maximum ulp error, arity. */
    record Subject(String name, int bound, int arity) {
    }

    static final List<Subject> SUBJECTS = List.of(
            new Subject("__nv_sinf", 2, 1), new Subject("__nv_cosf", 2, 1),
            new Subject("__nv_logf", 1, 1), new Subject("__nv_log2f", 1, 1), new Subject("__nv_log10f", 2, 1),
            new Subject("__nv_atan2f", 3, 2),
            new Subject("__nv_sin", 2, 1), new Subject("__nv_cos", 2, 1), new Subject("__nv_exp", 1, 1),
            new Subject("__nv_exp2", 1, 1), new Subject("__nv_expm1", 1, 1), new Subject("__nv_sinh", 2, 1),
            new Subject("__nv_atan2", 2, 2),
            new Subject("__nv_fmod", 0, 2));

    /** Host definitions of the NVVM intrinsics these bodies use, each the exact IEEE operation. */
    static final Map<String, String> MODELS = new LinkedHashMap<>();

    static {
        for (String t : List.of("f:float:f32", "d:double:f64")) {
            String[] p = t.split(":");
            String s = p[0];
            String ty = p[1];
            String llvm = p[2];
            MODELS.put("fma.rn." + s, "define " + ty + " @host.fma.rn." + s + "(" + ty + " %a, " + ty + " %b, " + ty
                    + " %c) {\n  %r = call " + ty + " @llvm.fma." + llvm + "(" + ty + " %a, " + ty + " %b, " + ty
                    + " %c)\n  ret " + ty + " %r\n}\n");
            for (String[] op : new String[][] {{"mul", "fmul"}, {"add", "fadd"}, {"div", "fdiv"}}) {
                MODELS.put(op[0] + ".rn." + s, "define " + ty + " @host." + op[0] + ".rn." + s + "(" + ty + " %a, " + ty
                        + " %b) {\n  %r = " + op[1] + " " + ty + " %a, %b\n  ret " + ty + " %r\n}\n");
            }
            for (String[] op : new String[][] {{"fabs", "fabs"}, {"floor", "floor"}, {"trunc", "trunc"}, {"round", "rint"}}) {
                // nvvm round.{f,d} is cvt.rni: to nearest, ties to even (rint)
                MODELS.put(op[0] + "." + s, "define " + ty + " @host." + op[0] + "." + s + "(" + ty + " %a) {\n  %r = call "
                        + ty + " @llvm." + op[1] + "." + llvm + "(" + ty + " %a)\n  ret " + ty + " %r\n}\n");
            }
            // cvt.rni.s32: to nearest even, saturating, NaN to 0
            String cvt = s.equals("f") ? "f2i.rn" : "d2i.rn";
            MODELS.put(cvt, "define i32 @host." + cvt + "(" + ty + " %a) {\n  %r = call " + ty + " @llvm.rint." + llvm + "(" + ty
                    + " %a)\n  %lo = fcmp olt " + ty + " %r, -2147483648.0\n  %hi = fcmp oge " + ty + " %r, 2147483648.0\n"
                    + "  %nan = fcmp uno " + ty + " %r, %r\n  %i = fptosi " + ty + " %r to i32\n"
                    + "  %a1 = select i1 %lo, i32 -2147483648, i32 %i\n  %a2 = select i1 %hi, i32 2147483647, i32 %a1\n"
                    + "  %a3 = select i1 %nan, i32 0, i32 %a2\n  ret i32 %a3\n}\n");
        }
        MODELS.put("d2i.hi", "define i32 @host.d2i.hi(double %a) {\n  %b = bitcast double %a to i64\n  %s = lshr i64 %b, 32\n"
                + "  %r = trunc i64 %s to i32\n  ret i32 %r\n}\n");
        MODELS.put("d2i.lo", "define i32 @host.d2i.lo(double %a) {\n  %b = bitcast double %a to i64\n  %r = trunc i64 %b to i32\n"
                + "  ret i32 %r\n}\n");
        MODELS.put("lohi.i2d", "define double @host.lohi.i2d(i32 %lo, i32 %hi) {\n  %l = zext i32 %lo to i64\n"
                + "  %h = zext i32 %hi to i64\n  %s = shl i64 %h, 32\n  %o = or i64 %s, %l\n  %r = bitcast i64 %o to double\n"
                + "  ret double %r\n}\n");
    }

    @Test
    void foldedValuesAreWithinNvidiasBoundsOfLibdevicesResults(@TempDir Path dir) throws IOException {
        LibdeviceText.assumePresent();
        Optional<Path> lli = ExternalTools.find("lli");
        Assumptions.assumeTrue(lli.isPresent(), "lli not found");
        Module lib = IrParser.parse("libdevice.ll", LibdeviceText.text());
        Map<String, Integer> values = Map.of("__CUDA_FTZ", 0, "__CUDA_ARCH", 800, "__CUDA_PREC_SQRT", 1);
        ReflectBranchFold.run(NvvmReflect.run(lib, values).functions());

        SplittableRandom rnd = new SplittableRandom(23);
        StringBuilder harness = new StringBuilder();
        StringBuilder main = new StringBuilder("define i32 @main() {\nentry:\n");
        Map<Subject, List<double[]>> inputs = new LinkedHashMap<>();
        int n = 0;
        for (Subject s : SUBJECTS) {
            boolean single = s.name().endsWith("f");
            String ty = single ? "float" : "double";
            harness.append("declare ").append(ty).append(" @").append(s.name()).append("(").append(ty)
                    .append(s.arity() == 2 ? ", " + ty : "").append(")\n");
            List<double[]> cases = cases(s, rnd, single);
            inputs.put(s, cases);
            for (double[] c : cases) {
                String args = arg(ty, c[0]) + (s.arity() == 2 ? ", " + arg(ty, c[1]) : "");
                main.append("  %r").append(n).append(" = call ").append(ty).append(" @").append(s.name()).append("(")
                        .append(args).append(")\n  call void @print.").append(ty).append("(").append(ty).append(" %r")
                        .append(n).append(")\n");
                n++;
            }
        }
        Module m = IrParser.parse("harness.ll", harness.toString());
        Linker.link(m, lib, Linker.Options.ONLY_NEEDED);
        String text = hostText(IrPrinter.print(m)) + main + "  ret i32 0\n}\n" + PRINTERS;
        Path file = dir.resolve("harness.ll");
        Files.writeString(file, text, StandardCharsets.ISO_8859_1);
        ExternalTools.Result run = ExternalTools.run(300, lli.get(), file.toString());
        assertEquals(0, run.exitCode(), run.stderr());
        List<String> lines = run.stdout().lines().toList();

        int k = 0;
        int compared = 0;
        StringBuilder report = new StringBuilder();
        for (Map.Entry<Subject, List<double[]>> e : inputs.entrySet()) {
            Subject s = e.getKey();
            boolean single = s.name().endsWith("f");
            long max = 0;
            for (double[] c : e.getValue()) {
                long gpuBits = Long.parseUnsignedLong(lines.get(k++), 16);
                Optional<Constant> folded = fold(s, c, single);
                if (folded.isEmpty()) {
                    continue;
                }
                long hostBits = ((ConstantFP) folded.get()).bits().longValue();
                long d = single ? ulps32((int) gpuBits, (int) hostBits) : ulps64(gpuBits, hostBits);
                assertTrue(d <= s.bound(), s.name() + "(" + c[0] + ", " + c[1] + "): libdevice " + Long.toHexString(gpuBits)
                        + ", folded " + Long.toHexString(hostBits) + " (" + d + " ulps, NVIDIA's bound " + s.bound() + ")");
                max = Math.max(max, d);
                compared++;
            }
            report.append(s.name()).append(" max ").append(max).append(" ulp\n");
        }
        assertEquals(k, lines.size());
        assertTrue(compared > 3000, "compared " + compared);
        System.out.print(report);
    }

    private static String arg(String ty, double v) {
        long bits = ty.equals("float") ? Double.doubleToRawLongBits((float) v) : Double.doubleToRawLongBits(v);
        return ty + " 0x" + String.format("%016X", bits);
    }

    /** The linked module for the host: no NVPTX triple or layout, NVVM intrinsics replaced by their models. */
    private static String hostText(String printed) {
        StringBuilder sb = new StringBuilder();
        java.util.Set<String> used = new java.util.TreeSet<>();
        for (String line : printed.split("\n", -1)) {
            if (line.startsWith("target ")) {
                continue;
            }
            if (line.startsWith("declare") && line.contains("@llvm.nvvm.")) {
                String name = line.substring(line.indexOf("@llvm.nvvm.") + "@llvm.nvvm.".length(), line.indexOf('(', line.indexOf("@llvm.nvvm.")));
                used.add(name);
                continue;
            }
            String host = hostAsm(line.replace("@llvm.nvvm.", "@host."));
            sb.append(host).append('\n');
        }
        for (String u : used) {
            String model = MODELS.get(u);
            assertTrue(model != null, "no host model of llvm.nvvm." + u);
            sb.append(model);
        }
        return sb.toString();
    }

    /**
     * The inline PTX of the trig reductions, by what it computes (recognized by one line each):
     * a 32x32+32 multiply-add giving both words (f32), and 128-bit multiply-add, multiply, add and
     * subtract on pairs of 64-bit words (f64's slow path).
     */
    static final Map<String, String> ASM = Map.of(
            "madc.hi.u32     $1, $2, $3,  0;", "@host.madwide",
            "madc.hi.cc.u32  r1, alo, blo, chi;", "@host.mad128",
            "mul.hi.u32      r1, alo, blo;", "@host.mul128",
            "add.cc.u32      r0, a0, b0;", "@host.add128",
            "sub.cc.u32      r0, a0, b0;", "@host.sub128");

    private static final Pattern ASM_CALLEE = Pattern.compile("asm \"[^\"]*\", \"[^\"]*\"");

    private static String hostAsm(String line) {
        Matcher m = ASM_CALLEE.matcher(line);
        if (!m.find()) {
            return line;
        }
        for (Map.Entry<String, String> e : ASM.entrySet()) {
            if (m.group().contains(e.getKey())) {
                return line.substring(0, m.start()) + e.getValue() + line.substring(m.end());
            }
        }
        throw new AssertionError("no host model of the inline PTX in: " + line);
    }

    private static final String PRINTERS = """
            define { i64, i64 } @host.mad128(i64 %a, i64 %b, i64 %c) {
              %a1 = zext i64 %a to i128
              %b1 = zext i64 %b to i128
              %c1 = zext i64 %c to i128
              %p = mul i128 %a1, %b1
              %s = add i128 %p, %c1
              %r = call { i64, i64 } @host.split(i128 %s)
              ret { i64, i64 } %r
            }
            define { i64, i64 } @host.mul128(i64 %a, i64 %b) {
              %a1 = zext i64 %a to i128
              %b1 = zext i64 %b to i128
              %p = mul i128 %a1, %b1
              %r = call { i64, i64 } @host.split(i128 %p)
              ret { i64, i64 } %r
            }
            define { i64, i64 } @host.add128(i64 %alo, i64 %ahi, i64 %blo, i64 %bhi) {
              %a = call i128 @host.join(i64 %alo, i64 %ahi)
              %b = call i128 @host.join(i64 %blo, i64 %bhi)
              %s = add i128 %a, %b
              %r = call { i64, i64 } @host.split(i128 %s)
              ret { i64, i64 } %r
            }
            define { i64, i64 } @host.sub128(i64 %alo, i64 %ahi, i64 %blo, i64 %bhi) {
              %a = call i128 @host.join(i64 %alo, i64 %ahi)
              %b = call i128 @host.join(i64 %blo, i64 %bhi)
              %s = sub i128 %a, %b
              %r = call { i64, i64 } @host.split(i128 %s)
              ret { i64, i64 } %r
            }
            define i128 @host.join(i64 %lo, i64 %hi) {
              %l = zext i64 %lo to i128
              %h = zext i64 %hi to i128
              %hs = shl i128 %h, 64
              %r = or i128 %hs, %l
              ret i128 %r
            }
            define { i64, i64 } @host.split(i128 %v) {
              %lo = trunc i128 %v to i64
              %h = lshr i128 %v, 64
              %hi = trunc i128 %h to i64
              %r0 = insertvalue { i64, i64 } undef, i64 %lo, 0
              %r1 = insertvalue { i64, i64 } %r0, i64 %hi, 1
              ret { i64, i64 } %r1
            }
            define { i32, i32 } @host.madwide(i32 %a, i32 %b, i32 %c) {
              %a64 = zext i32 %a to i64
              %b64 = zext i32 %b to i64
              %c64 = zext i32 %c to i64
              %p = mul i64 %a64, %b64
              %s = add i64 %p, %c64
              %lo = trunc i64 %s to i32
              %h = lshr i64 %s, 32
              %hi = trunc i64 %h to i32
              %r0 = insertvalue { i32, i32 } undef, i32 %lo, 0
              %r1 = insertvalue { i32, i32 } %r0, i32 %hi, 1
              ret { i32, i32 } %r1
            }
            declare float @llvm.fma.f32(float, float, float)
            declare double @llvm.fma.f64(double, double, double)
            declare float @llvm.fabs.f32(float)
            declare double @llvm.fabs.f64(double)
            declare float @llvm.floor.f32(float)
            declare double @llvm.floor.f64(double)
            declare float @llvm.trunc.f32(float)
            declare double @llvm.trunc.f64(double)
            declare float @llvm.rint.f32(float)
            declare double @llvm.rint.f64(double)
            @fmt32 = private constant [6 x i8] c"%08x\\0A\\00"
            @fmt64 = private constant [8 x i8] c"%016lx\\0A\\00"
            declare i32 @printf(i8*, ...)
            define void @print.float(float %v) {
              %b = bitcast float %v to i32
              call i32 (i8*, ...) @printf(i8* getelementptr ([6 x i8], [6 x i8]* @fmt32, i32 0, i32 0), i32 %b)
              ret void
            }
            define void @print.double(double %v) {
              %b = bitcast double %v to i64
              call i32 (i8*, ...) @printf(i8* getelementptr ([8 x i8], [8 x i8]* @fmt64, i32 0, i32 0), i64 %b)
              ret void
            }
            """;

    private static List<double[]> cases(Subject s, SplittableRandom r, boolean single) {
        List<double[]> list = new ArrayList<>();
        for (int i = 0; i < 220; i++) {
            double x = switch (i % 5) {
                case 0 -> r.nextDouble(-1, 1);
                case 1 -> r.nextDouble(-10, 10);
                case 2 -> r.nextDouble(-1e4, 1e4);
                case 3 -> Math.scalb(r.nextDouble(1, 2), r.nextInt(single ? -100 : -1000, single ? 100 : 1000));
                default -> r.nextDouble(-100, 100);
            };
            double y = r.nextDouble(-8, 8);
            if (s.name().startsWith("__nv_pow") || s.name().startsWith("__nv_log")) {
                x = Math.abs(x);
            }
            if (s.name().startsWith("__nv_asin") || s.name().startsWith("__nv_acos")) {
                x = r.nextDouble(-1, 1);
            }
            if (s.name().equals("__nv_exp") || s.name().equals("__nv_exp2") || s.name().equals("__nv_expm1")
                    || s.name().equals("__nv_sinh")) {
                x = r.nextDouble(-700, 700);
            }
            list.add(new double[] {single ? (float) x : x, single ? (float) y : y});
        }
        return list;
    }

    private static Optional<Constant> fold(Subject s, double[] c, boolean single) {
        List<Value> args = new ArrayList<>();
        for (int i = 0; i < s.arity(); i++) {
            args.add(single ? ConstantFP.ofFloat((float) c[i]) : ConstantFP.ofDouble(c[i]));
        }
        return MathCallFolder.fold(MathCallFolder.TABLE.get(s.name()), args, Map.of("__CUDA_PREC_SQRT", 1));
    }

    static long ulps32(int a, int b) {
        long x = a < 0 ? Integer.MIN_VALUE - (long) a : a;
        long y = b < 0 ? Integer.MIN_VALUE - (long) b : b;
        return Math.abs(x - y);
    }

    static long ulps64(long a, long b) {
        BigInteger x = BigInteger.valueOf(a < 0 ? Long.MIN_VALUE - a : a);
        BigInteger y = BigInteger.valueOf(b < 0 ? Long.MIN_VALUE - b : b);
        return x.subtract(y).abs().min(BigInteger.valueOf(Long.MAX_VALUE)).longValue();
    }
}
