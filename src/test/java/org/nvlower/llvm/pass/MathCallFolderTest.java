package org.nvlower.llvm.pass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantFP;
import org.nvlower.llvm.ir.Constants;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.Value;
import org.nvlower.llvm.pass.MathCallFolder.Entry;
import org.nvlower.libdevice.LibdeviceFunction;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.F32;
import org.nvlower.softfloat.F64;

/**
 * The by-name folder: every name of the table folds in a module (and the module stays valid), the
 * exact operations bit for bit against softfloat and Java's IEEE operations, the others wired to
 * the right function and argument order, and every decline.
 */
class MathCallFolderTest {

    private static final Map<String, Integer> PRECISE = Map.of("__CUDA_PREC_SQRT", 1);

    private static Optional<Constant> fold(String name, double... args) {
        Entry e = MathCallFolder.TABLE.get(name);
        List<Value> values = new ArrayList<>();
        for (double a : args) {
            values.add(e.type() == FloatType.FLOAT ? ConstantFP.ofFloat((float) a) : ConstantFP.ofDouble(a));
        }
        return MathCallFolder.fold(e, values, PRECISE);
    }

    private static double asDouble(Constant c) {
        ConstantFP f = (ConstantFP) c;
        return f.type() == FloatType.FLOAT ? Float.intBitsToFloat(f.bits().intValue()) : Double.longBitsToDouble(f.bits().longValue());
    }

    private static double roundHalfAway(double x) {
        return Double.isInfinite(x) ? x : new BigDecimal(x).setScale(0, RoundingMode.HALF_UP).doubleValue() == 0
                ? Math.copySign(0.0, x) : new BigDecimal(x).setScale(0, RoundingMode.HALF_UP).doubleValue();
    }

    /** The exactly rounded operations against Java's and softfloat's, on f64 and f32 random and edge values. */
    @Test
    void exactOperationsAreBitExact() {
        SplittableRandom r = new SplittableRandom(17);
        double[] edges = {0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 0.49999999999999994, 1e300, -1e-300, 4.5035996273704955E15,
                Double.MAX_VALUE, Double.MIN_VALUE, 3.0, 7.0};
        int compared = 0;
        for (int i = 0; i < 6000; i++) {
            double x = i < edges.length ? edges[i] : i % 2 == 0 ? Double.longBitsToDouble(r.nextLong()) : r.nextDouble(-1e6, 1e6);
            double y = i % 3 == 0 ? Double.longBitsToDouble(r.nextLong()) : r.nextDouble(-100, 100);
            double z = r.nextDouble(-1e6, 1e6);
            if (Double.isNaN(x) || Double.isNaN(y)) {
                continue;
            }
            Env env = new Env();
            long bx = Double.doubleToRawLongBits(x);
            long by = Double.doubleToRawLongBits(y);
            check("__nv_floor", Math.floor(x), x);
            check("__nv_ceil", Math.ceil(x), x);
            check("__nv_rint", Math.rint(x), x);
            check("llvm.rint.f64", Math.rint(x), x);
            check("__nv_round", roundHalfAway(x), x);
            check("__nv_fabs", Math.abs(x), x);
            check("__nv_copysign", Math.copySign(x, y), x, y);
            check("__nv_fma", Math.fma(x, y, z), x, y, z);
            check("__nv_fma", Double.longBitsToDouble(F64.mulAdd(bx, by, Double.doubleToRawLongBits(z), org.nvlower.softfloat.RoundingMode.NEAR_EVEN, env)), x, y, z);
            check("__nv_fmod", x % y, x, y);
            check("_Z4fmoddd", Double.longBitsToDouble(F64.fmod(bx, by, env)), x, y);
            check("__nv_fmin", (x == 0 && y == 0 && Math.copySign(1, x) != Math.copySign(1, y)) ? Double.NaN : Math.min(x, y), x, y);
            if (x >= 0) {
                check("__nv_sqrt", Math.sqrt(x), x);
                check("sqrtd", Double.longBitsToDouble(F64.sqrt(bx, org.nvlower.softfloat.RoundingMode.NEAR_EVEN, env)), x);
            }
            float fx = (float) x;
            float fy = (float) y;
            if (!subnormal(fx) && !subnormal(fy) && !Float.isNaN(fx % fy)) {
                checkF("__nv_fmodf", fx % fy, fx, fy);
                checkF("_Z4fmodff", Float.intBitsToFloat(F32.fmod(Float.floatToRawIntBits(fx), Float.floatToRawIntBits(fy), env)), fx, fy);
                checkF("__nv_floorf", (float) Math.floor(fx), fx);
                checkF("__nv_fmaf", Math.fma(fx, fy, (float) z), fx, fy, (float) z);
                checkF("llvm.nvvm.fma.rn.f", Math.fma(fx, fy, (float) z), fx, fy, (float) z);
                if (fx >= 0) {
                    checkF("__nv_sqrtf", (float) Math.sqrt(fx), fx);
                }
            }
            compared++;
        }
        assertTrue(compared > 5000);
    }

    private static boolean subnormal(float f) {
        return f != 0 && Math.abs(f) < Float.MIN_NORMAL;
    }

    private static void check(String name, double expected, double... args) {
        Optional<Constant> got = fold(name, args);
        if (Double.isNaN(expected)) {
            assertTrue(got.isEmpty(), name + " declines " + List.of(args));
            return;
        }
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(asDouble(got.orElseThrow())),
                name + java.util.Arrays.toString(args));
    }

    private static void checkF(String name, float expected, float... args) {
        double[] d = new double[args.length];
        for (int i = 0; i < args.length; i++) {
            d[i] = args[i];
        }
        Optional<Constant> got = fold(name, d);
        if (Float.isNaN(expected) || subnormal(expected)) {
            assertTrue(got.isEmpty(), name + " declines");
            return;
        }
        assertEquals(Float.floatToRawIntBits(expected), Float.floatToRawIntBits((float) asDouble(got.orElseThrow())),
                name + java.util.Arrays.toString(args));
    }

    /** Names are wired to their function, type and argument order: compared with StrictMath within 1 ulp. */
    @Test
    void namesReachTheirFunctions() {
        assertEquals(StrictMath.atan2(1, -2), asDouble(fold("_Z5atan2dd", 1, -2).orElseThrow()), 1e-15);
        assertEquals(StrictMath.pow(2, 0.5), asDouble(fold("powdd", 2, 0.5).orElseThrow()), 1e-15);
        assertEquals((float) StrictMath.pow(3, -1.5), (float) asDouble(fold("powff", 3, -1.5).orElseThrow()), 1e-7);
        assertEquals(StrictMath.log10(2000), asDouble(fold("log10d", 2000).orElseThrow()), 1e-15);
        assertEquals((float) (StrictMath.log(10) / StrictMath.log(2)), (float) asDouble(fold("log2f", 10).orElseThrow()));
        assertEquals((float) StrictMath.sin(1), (float) asDouble(fold("sinf", 1).orElseThrow()));
        assertEquals(StrictMath.sin(1), asDouble(fold("sind", 1).orElseThrow()), 2e-16);
        assertEquals(Float.floatToRawIntBits((float) StrictMath.exp(1)), Float.floatToRawIntBits((float) asDouble(fold("__nv_expf", 1).orElseThrow())));
        assertEquals(1, ((org.nvlower.llvm.ir.ConstantInt) fold("__nv_isnand", Double.NaN).orElseThrow()).value().intValue());
        assertEquals(0, ((org.nvlower.llvm.ir.ConstantInt) fold("__nv_finitef", Double.POSITIVE_INFINITY).orElseThrow()).value().intValue());
        assertEquals(Constants.i32(Integer.MIN_VALUE), MathCallFolder.fold(MathCallFolder.TABLE.get("__nv_abs"),
                List.of(Constants.i32(Integer.MIN_VALUE)), PRECISE).orElseThrow(), "|INT_MIN| wraps, as the GPU's");
        assertEquals(Constants.i32(5), MathCallFolder.fold(MathCallFolder.TABLE.get("__nv_abs"), List.of(Constants.i32(-5)), PRECISE).orElseThrow());
    }

    @Test
    void declines() {
        assertTrue(fold("__nv_log", -1).isEmpty(), "NaN result");
        assertTrue(fold("__nv_sinf", Float.MIN_VALUE).isEmpty(), "f32 subnormal argument");
        assertTrue(fold("__nv_expf", -95).isEmpty(), "f32 subnormal result");
        assertTrue(fold("__nv_fminf", 0.0, -0.0).isEmpty(), "zeros of opposite signs");
        assertTrue(fold("__nv_sin", Double.NaN).isEmpty(), "NaN argument");
        Entry sqrtf = MathCallFolder.TABLE.get("__nv_sqrtf");
        assertTrue(MathCallFolder.fold(sqrtf, List.of(ConstantFP.ofFloat(2f)), Map.of("__CUDA_PREC_SQRT", 0)).isEmpty(),
                "sqrt.approx.f32 under -prec-sqrt=0");
        assertTrue(MathCallFolder.fold(MathCallFolder.TABLE.get("__nv_sqrt"), List.of(ConstantFP.ofDouble(2)),
                Map.of("__CUDA_PREC_SQRT", 0)).isPresent(), "f64 sqrt is always sqrt.rn.f64");
        assertTrue(fold("__nv_sinf", 1e10).isPresent(), "large finite arguments fold");
        assertTrue(fold("__nv_exp", 1000).isPresent(), "overflow to infinity folds (libdevice returns inf)");
    }

    /** Every name of the table, called with constants in a module: all folded, declarations gone, valid IR. */
    @Test
    void everyNameFoldsInAModule(@TempDir Path dir) {
        StringBuilder sb = new StringBuilder();
        List<String> names = new ArrayList<>(MathCallFolder.TABLE.keySet());
        int k = 0;
        for (String name : names) {
            Entry e = MathCallFolder.TABLE.get(name);
            String t = e.type().toString();
            String ret = e.operation() == LibdeviceFunction.ISNAN || e.operation() == LibdeviceFunction.ISINF
                    || e.operation() == LibdeviceFunction.ISFINITE ? "i32" : t;
            String arg = t.equals("i32") ? "i32 -7" : t + (e.operation() == LibdeviceFunction.ACOSH ? " 1.5" : " 0.5");
            List<String> args = new ArrayList<>();
            List<String> params = new ArrayList<>();
            for (int i = 0; i < e.operation().arity(); i++) {
                args.add(arg);
                params.add(t);
            }
            String quoted = name.matches("[-\\w$.]+") ? name : "\"" + name + "\"";
            sb.append("define ").append(ret).append(" @f").append(k).append("() {\n  %r = call ").append(ret).append(" @")
                    .append(quoted).append("(").append(String.join(", ", args)).append(")\n  ret ").append(ret)
                    .append(" %r\n}\n\n");
            sb.append("declare ").append(ret).append(" @").append(quoted).append("(").append(String.join(", ", params))
                    .append(")\n\n");
            k++;
        }
        Module m = IrParser.parse("all.ll", sb.toString());
        MathCallFolder.Result r = MathCallFolder.run(m, PRECISE);
        String out = PassChecks.assertValid(dir, m);
        assertEquals(new TreeSet<>(names), new TreeSet<>(r.byName().keySet()), "every name folded");
        assertTrue(!out.contains("call "), out);
        String sinf = String.format("0x%016X", Double.doubleToRawLongBits((float) StrictMath.sin(0.5)));
        assertTrue(out.contains("define float @f0() {\n  ret float " + sinf + "\n}"), out); // __nv_sinf(0.5)
    }

    @Test
    void otherSignaturesAndNonConstantsAreLeft() {
        String text = """
                define double @f(double %x) {
                  %a = call double @sinf(double 1.0)
                  %b = call double @__nv_sin(double %x)
                  %c = fadd double %a, %b
                  ret double %c
                }

                declare double @sinf(double)
                declare double @__nv_sin(double)
                """;
        Module m = IrParser.parse("keep.ll", text);
        MathCallFolder.Result r = MathCallFolder.run(m, PRECISE);
        assertEquals(0, r.folded());
        assertEquals(text, IrPrinter.print(m));
    }
}
