package org.nvlower.verify.sass;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;

import org.nvlower.sass.template.Template;
import org.nvlower.sass.template.Template.Operands;
import org.nvlower.sass.template.TemplateKey;
import org.nvlower.sass.template.Templates;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.softfloat.F32;
import org.nvlower.softfloat.F64;
import org.nvlower.softfloat.GpuNaN;

/**
 * A template under verification with its reference: softfloat (NVPTX NaNs for FP32, the GPU's
 * FP64 NaNs by {@link GpuNaN}, the op's rounding (.rn .rz .rm .rp), ftz/daz as the op's .ftz) for the exact float ops, Java's integer division with PTX's
 * result for division by zero (all ones) for the integer ops, and the exact quotient in double
 * for the ulp error of div.full and div.approx.
 */
public final class SassOp {

    private final Template template;
    private final Kind kind;
    private final RoundingMode rounding;

    /** What the reference computes. */
    public enum Kind { DIV_F32, RCP_F32, SQRT_F32, APPROX_DIV_F32, RCP_APPROX_F32, RSQRT_F32, SQRT_APPROX_F32, EX2_F32, LG2_F32, SIN_F32, COS_F32, TANH_F32, DIV_U16, DIV_S16, REM_U16, REM_S16, DIV_U32, DIV_S32, REM_U32, REM_S32, DIV_U64,
        DIV_S64, REM_U64, REM_S64,
        DIV_F64, RCP_F64, SQRT_F64, RSQRT_F64, RCP_APPROX_FTZ_F64, RSQRT_APPROX_FTZ_F64 }

    private SassOp(Template template, Kind kind) {
        this.template = template;
        this.kind = kind;
        this.rounding = switch (template.key().op().rounding()) {
            case "rz" -> RoundingMode.MIN_MAG;
            case "rm" -> RoundingMode.MIN;
            case "rp" -> RoundingMode.MAX;
            default -> RoundingMode.NEAR_EVEN;
        };
    }

    /** The rounding of the reference: the op's (.rn .rz .rm .rp), round to nearest even for the others. */
    public RoundingMode rounding() {
        return rounding;
    }

    public static SassOp of(TemplateKey key) {
        Template t = Templates.require(key);
        Kind k = switch (key.op()) {
            case DIV_RN_F32, DIV_RN_FTZ_F32, DIV_RZ_F32, DIV_RM_F32, DIV_RP_F32, DIV_RZ_FTZ_F32, DIV_RM_FTZ_F32,
                    DIV_RP_FTZ_F32 -> Kind.DIV_F32;
            case RCP_RN_F32, RCP_RN_FTZ_F32, RCP_RZ_F32, RCP_RM_F32, RCP_RP_F32, RCP_RZ_FTZ_F32, RCP_RM_FTZ_F32,
                    RCP_RP_FTZ_F32 -> Kind.RCP_F32;
            case SQRT_RN_F32, SQRT_RN_FTZ_F32, SQRT_RZ_F32, SQRT_RM_F32, SQRT_RP_F32, SQRT_RZ_FTZ_F32,
                    SQRT_RM_FTZ_F32, SQRT_RP_FTZ_F32 -> Kind.SQRT_F32;
            case DIV_FULL_F32, DIV_FULL_FTZ_F32, DIV_APPROX_F32, DIV_APPROX_FTZ_F32 -> Kind.APPROX_DIV_F32;
            case RCP_APPROX_F32, RCP_APPROX_FTZ_F32 -> Kind.RCP_APPROX_F32;
            case RSQRT_APPROX_F32, RSQRT_APPROX_FTZ_F32 -> Kind.RSQRT_F32;
            case SQRT_APPROX_F32, SQRT_APPROX_FTZ_F32 -> Kind.SQRT_APPROX_F32;
            case EX2_APPROX_F32, EX2_APPROX_FTZ_F32 -> Kind.EX2_F32;
            case LG2_APPROX_F32, LG2_APPROX_FTZ_F32 -> Kind.LG2_F32;
            case SIN_APPROX_F32, SIN_APPROX_FTZ_F32 -> Kind.SIN_F32;
            case COS_APPROX_F32, COS_APPROX_FTZ_F32 -> Kind.COS_F32;
            case TANH_APPROX_F32 -> Kind.TANH_F32;
            case DIV_U16 -> Kind.DIV_U16;
            case DIV_S16 -> Kind.DIV_S16;
            case REM_U16 -> Kind.REM_U16;
            case REM_S16 -> Kind.REM_S16;
            case DIV_U32 -> Kind.DIV_U32;
            case DIV_S32 -> Kind.DIV_S32;
            case REM_U32 -> Kind.REM_U32;
            case REM_S32 -> Kind.REM_S32;
            case DIV_U64 -> Kind.DIV_U64;
            case DIV_S64 -> Kind.DIV_S64;
            case REM_U64 -> Kind.REM_U64;
            case REM_S64 -> Kind.REM_S64;
            case DIV_RN_F64, DIV_RZ_F64, DIV_RM_F64, DIV_RP_F64 -> Kind.DIV_F64;
            case RCP_RN_F64, RCP_RZ_F64, RCP_RM_F64, RCP_RP_F64 -> Kind.RCP_F64;
            case SQRT_RN_F64, SQRT_RZ_F64, SQRT_RM_F64, SQRT_RP_F64 -> Kind.SQRT_F64;
            case RSQRT_APPROX_F64 -> Kind.RSQRT_F64;
            case RCP_APPROX_FTZ_F64 -> Kind.RCP_APPROX_FTZ_F64;
            case RSQRT_APPROX_FTZ_F64 -> Kind.RSQRT_APPROX_FTZ_F64;
        };
        return new SassOp(t, k);
    }

    /** The op of a template key's text ({@code div.rn.f64:partial}), or empty when no template has that key. */
    public static java.util.Optional<SassOp> parse(String text) {
        return TemplateKey.parse(text).filter(key -> Templates.get(key).isPresent()).map(SassOp::of);
    }

    public static List<String> names() {
        return Templates.names();
    }

    public Template template() {
        return template;
    }

    public String name() {
        return template.name();
    }

    public Kind kind() {
        return kind;
    }

    public Operands operands() {
        return template.operands();
    }

    public boolean exact() {
        return template.exact();
    }

    public boolean unary() {
        return template.operands().inputs == 1;
    }

    public boolean isFloat() {
        return template.operands() == Operands.F32_BINARY || template.operands() == Operands.F32_UNARY;
    }

    /** A binary64 op (pairs in, a pair out). */
    public boolean isDouble() {
        return template.operands() == Operands.F64_BINARY || template.operands() == Operands.F64_UNARY;
    }

    /**
     * The exact result of a binary64 op (b unused by unary ops), NaNs as the GPU gives them
     * ({@link GpuNaN}: div the first NaN operand, rcp and sqrt the operand, quieted; an invalid
     * operation 0xFFF8000000000000).
     */
    public long expected64f(long a, long b, Env env) {
        return switch (kind) {
            case DIV_F64 -> GpuNaN.div(F64.div(a, b, rounding, env), a, b);
            case RCP_F64 -> GpuNaN.unary(F64.div(0x3FF0000000000000L, a, rounding, env), a);
            case SQRT_F64 -> GpuNaN.unary(F64.sqrt(a, rounding, env), a);
            default -> throw new IllegalStateException(kind + " has no exact binary64 reference");
        };
    }

    /**
     * rsqrt.approx.f64's error in ulps of the exact 1/sqrt(x) (ulp of its binade), for positive
     * finite x; the special operands must give exactly the GPU's results: NaN -> the NaN quieted,
     * negative -> 0xFFF8000000000000, +-0 -> +-inf, +inf -> +0 (0 ulps when they do, infinity otherwise).
     */
    public static double rsqrtUlpError(long x, long got) {
        double xv = Double.longBitsToDouble(x);
        if (Double.isNaN(xv) || (xv < 0)) {
            return got == GpuNaN.unary(GpuNaN.INVALID, x) ? 0 : Double.POSITIVE_INFINITY;
        }
        if (xv == 0) {
            return got == ((x & Long.MIN_VALUE) | 0x7FF0000000000000L) ? 0 : Double.POSITIVE_INFINITY;
        }
        if (xv == Double.POSITIVE_INFINITY) {
            return got == 0 ? 0 : Double.POSITIVE_INFINITY;
        }
        double g = Double.longBitsToDouble(got);
        if (!(g > 0) || Double.isInfinite(g)) {
            return Double.POSITIVE_INFINITY;
        }
        // x = m 2^(2k) with m in [1, 4): 1/sqrt(x) = 2^-k / sqrt(m), m exact in 60 decimal digits
        int e = Math.getExponent(xv);
        if (e < Double.MIN_EXPONENT) {
            e = Math.getExponent(xv * 0x1p54) - 54;
        }
        int k = Math.floorDiv(e, 2);
        MathContext mc = new MathContext(60);
        BigDecimal m = new BigDecimal(Math.scalb(xv, -2 * k));
        BigDecimal exact = BigDecimal.ONE.divide(m.sqrt(mc), mc); // 1/sqrt(m) in (1/2, 1]
        BigDecimal gm = new BigDecimal(Math.scalb(g, k));
        double ulp = exact.compareTo(BigDecimal.ONE) == 0 ? 0x1p-52 : 0x1p-53;
        return gm.subtract(exact).abs().doubleValue() / ulp;
    }

    /**
     * An approximation's error (compared with {@code template().ulpBound()}): rsqrt.approx.f64 in
     * ulps ({@link #rsqrtUlpError}), rsqrt.approx.f32 in units of 2^-23 relative
     * ({@link #rsqrtF32Error}), div.full/div.approx in ulps ({@link #ulpError}, 0 outside its domain).
     */
    public double error(long a, long b, long got) {
        return switch (kind) {
            case RSQRT_F64 -> rsqrtUlpError(a, got);
            case RSQRT_F32 -> rsqrtF32Error((int) a, (int) got, template.ftz());
            case RCP_APPROX_F32 -> rcpApproxF32Error((int) a, (int) got, template.ftz());
            case SQRT_APPROX_F32 -> sqrtApproxF32Error((int) a, (int) got, template.ftz());
            case EX2_F32 -> ex2F32Error((int) a, (int) got, template.ftz());
            case LG2_F32 -> lg2F32Error((int) a, (int) got, template.ftz());
            case SIN_F32, COS_F32 -> sinCosF32Error(kind == Kind.COS_F32, (int) a, (int) got, template.ftz());
            case TANH_F32 -> tanhF32Error((int) a, (int) got);
            case RCP_APPROX_FTZ_F64 -> approxFtzF64Error(false, a, got);
            case RSQRT_APPROX_FTZ_F64 -> approxFtzF64Error(true, a, got);
            default -> Math.max(0, ulpError((int) a, (int) b, (int) got));
        };
    }

    /**
     * rsqrt.approx.f32's relative error in units of 2^-23 for positive finite x (a subnormal read
     * as zero with .ftz); the special operands must give exactly the PTX ISA's results (NaN -> a
     * NaN, negative -> a NaN, +-0 -> +-inf, +inf -> +0): 0 when they do, infinity otherwise.
     */
    public static double rsqrtF32Error(int x, int got, boolean ftz) {
        int xv = ftz && (x & 0x7F800000) == 0 ? x & 0x80000000 : x;
        float f = Float.intBitsToFloat(xv);
        float g = Float.intBitsToFloat(got);
        if (Float.isNaN(f) || f < 0) {
            return Float.isNaN(g) ? 0 : Double.POSITIVE_INFINITY;
        }
        if (f == 0) {
            return got == ((xv & 0x80000000) | 0x7F800000) ? 0 : Double.POSITIVE_INFINITY;
        }
        if (f == Float.POSITIVE_INFINITY) {
            return got == 0 ? 0 : Double.POSITIVE_INFINITY;
        }
        if (!(g > 0) || Float.isInfinite(g)) {
            return Double.POSITIVE_INFINITY;
        }
        // 1/sqrt(x) in double is within 2^-52 relative: far below the 2^-23 unit measured
        double exact = 1 / Math.sqrt(f);
        return Math.abs(g - exact) / exact / 0x1p-23;
    }

    /**
     * sqrt.approx.f32's relative error in units of 2^-23 for positive finite x (the PTX ISA's bound
     * is 2^-23), sqrt(x) in double (correctly rounded); the special operands must give exactly the
     * PTX ISA's results: NaN and x < 0 -> a NaN, +-0 (and with .ftz a subnormal) -> +-0, +inf -> +inf.
     */
    public static double sqrtApproxF32Error(int x, int got, boolean ftz) {
        float f = operand(x, ftz);
        float g = Float.intBitsToFloat(got);
        if (Float.isNaN(f) || f < 0) {
            return Float.isNaN(g) ? 0 : Double.POSITIVE_INFINITY;
        }
        if (f == 0 || f == Float.POSITIVE_INFINITY) {
            return got == Float.floatToRawIntBits(f) ? 0 : Double.POSITIVE_INFINITY;
        }
        if (!(g > 0) || Float.isInfinite(g)) {
            return Double.POSITIVE_INFINITY;
        }
        double exact = Math.sqrt(f);
        return Math.abs(g - exact) / exact / 0x1p-23;
    }

    /**
     * rcp.approx.f32's error in ulps of the exact 1/x (ulp of its binade, 2^-149 below 2^-126; the
     * binades above 2^128 continue the pattern), 1/x in double (within 2^-53 relative). An infinite
     * result of x's sign stands for 2^128: 0 where 1/x rounds to infinity (|1/x| at or above
     * 2^128 - 2^103), else its distance to 1/x. With .ftz a 1/x below 2^-126 must be a zero of x's
     * sign. Exact results required: NaN -> a NaN, +-0 (and with .ftz a subnormal) -> +-inf,
     * +-inf -> +-0; infinity when they differ.
     */
    public static double rcpApproxF32Error(int x, int got, boolean ftz) {
        float f = operand(x, ftz);
        float g = Float.intBitsToFloat(got);
        int sign = x & 0x80000000;
        if (Float.isNaN(f)) {
            return Float.isNaN(g) ? 0 : Double.POSITIVE_INFINITY;
        }
        if (f == 0) {
            return got == (sign | 0x7F800000) ? 0 : Double.POSITIVE_INFINITY;
        }
        double exact = 1.0 / f;
        double mag = Math.abs(exact);
        if (Float.isInfinite(f) || ftz && mag < 0x1p-126) {
            return got == sign ? 0 : Double.POSITIVE_INFINITY;
        }
        if (Float.isNaN(g) || (got & 0x80000000) != sign) {
            return Double.POSITIVE_INFINITY;
        }
        double ulp = mag < 0x1p-126 ? 0x1p-149 : Math.scalb(1.0, Math.getExponent(mag) - 23);
        if (Float.isInfinite(g)) {
            return mag >= 0x1p128 - 0x1p103 ? 0 : (0x1p128 - mag) / ulp;
        }
        return Math.abs(Math.abs((double) g) - mag) / ulp;
    }

    /** x as the op reads it: a subnormal is a signed zero with .ftz. */
    private static float operand(int x, boolean ftz) {
        return Float.intBitsToFloat(ftz && (x & 0x7F800000) == 0 ? x & 0x80000000 : x);
    }

    /**
     * ex2.approx.f32's error in ulps of the exact 2^x (ulp of its binade, 2^-149 below 2^-126), 2^x
     * in double (within 2^-52 relative). Exact results required: NaN -> a NaN, -inf -> +0, x >= 128
     * -> +inf (2^x rounds to infinity exactly from 128 on), and with .ftz a subnormal 2^x (x < -126)
     * -> +0; infinity when they differ.
     */
    public static double ex2F32Error(int x, int got, boolean ftz) {
        float f = operand(x, ftz);
        float g = Float.intBitsToFloat(got);
        if (Float.isNaN(f)) {
            return Float.isNaN(g) ? 0 : Double.POSITIVE_INFINITY;
        }
        if (f >= 128) {
            return got == 0x7F800000 ? 0 : Double.POSITIVE_INFINITY;
        }
        if (f == Float.NEGATIVE_INFINITY || ftz && f < -126) {
            return got == 0 ? 0 : Double.POSITIVE_INFINITY;
        }
        if (!(g >= 0) || Float.isInfinite(g)) {
            return Double.POSITIVE_INFINITY;
        }
        double exact = StrictMath.pow(2, f);
        double ulp = exact < 0x1p-126 ? 0x1p-149 : Math.scalb(1.0, Math.getExponent(exact) - 23);
        return Math.abs(g - exact) / ulp;
    }

    /**
     * lg2.approx.f32's error in units of the PTX ISA's bound: 2^-22 absolute for x in (0.5, 2),
     * 2^-22 |log2 x| elsewhere; log2 x in double. Exact results required: NaN and x < 0 -> a NaN,
     * +-0 (and with .ftz a subnormal) -> -inf, +inf -> +inf.
     */
    public static double lg2F32Error(int x, int got, boolean ftz) {
        float f = operand(x, ftz);
        float g = Float.intBitsToFloat(got);
        if (Float.isNaN(f) || f < 0) {
            return Float.isNaN(g) ? 0 : Double.POSITIVE_INFINITY;
        }
        if (f == 0) {
            return got == 0xFF800000 ? 0 : Double.POSITIVE_INFINITY;
        }
        if (f == Float.POSITIVE_INFINITY) {
            return got == 0x7F800000 ? 0 : Double.POSITIVE_INFINITY;
        }
        if (Float.isNaN(g) || Float.isInfinite(g)) {
            return Double.POSITIVE_INFINITY;
        }
        double exact = StrictMath.log(f) / LN2;
        double unit = f > 0.5f && f < 2 ? 0x1p-22 : 0x1p-22 * Math.abs(exact);
        return Math.abs(g - exact) / unit;
    }

    private static final double LN2 = StrictMath.log(2);
    /** 1/(2 pi) minus ptxas's float constant 0x3e22f983 (about 6.4e-9). */
    private static final double INV_2PI_ERROR = 1 / (2 * Math.PI) - Float.intBitsToFloat(0x3E22F983);

    /**
     * The bound on |sin.approx(x) - sin(x)| (cos alike) that ptxas's sequence has for every MUFU
     * within 2^-22 absolute: the MUFU's 2^-22 plus 2 pi times the error of the revolutions t =
     * RZ(x c), c the float below 1/(2 pi): under an ulp of t for the rounding toward zero, |x| (1/(2 pi)
     * - c) for the constant (sin and cos have slope at most 1); plus 2^-120 for a subnormal t, which
     * MUFU reads as zero.
     */
    public static double sinCosF32Bound(float x) {
        double t = Math.abs((double) x * Float.intBitsToFloat(0x3E22F983));
        return org.nvlower.sass.Mufu.SIN_COS_BOUND + 2 * Math.PI * (Math.ulp((float) t) + Math.abs(x) * INV_2PI_ERROR)
                + 0x1p-120;
    }

    /**
     * sin/cos.approx.f32's error in units of {@link #sinCosF32Bound} for x (sin x in double).
     * Exact results required: NaN and +-inf -> a NaN.
     */
    public static double sinCosF32Error(boolean cos, int x, int got, boolean ftz) {
        float f = operand(x, ftz);
        float g = Float.intBitsToFloat(got);
        if (Float.isNaN(f) || Float.isInfinite(f)) {
            return Float.isNaN(g) ? 0 : Double.POSITIVE_INFINITY;
        }
        if (Float.isNaN(g) || Float.isInfinite(g)) {
            return Double.POSITIVE_INFINITY;
        }
        double exact = cos ? StrictMath.cos(f) : StrictMath.sin(f);
        return Math.abs(g - exact) / sinCosF32Bound(f);
    }

    /**
     * tanh.approx.f32's relative error in units of 2^-11 (the PTX ISA's bound), tanh x in double.
     * Exact results required: NaN -> a NaN, +-inf -> +-1, +-0 and subnormals -> x itself (the ISA:
     * subnormal inputs pass through).
     */
    public static double tanhF32Error(int x, int got) {
        float f = Float.intBitsToFloat(x);
        float g = Float.intBitsToFloat(got);
        if (Float.isNaN(f)) {
            return Float.isNaN(g) ? 0 : Double.POSITIVE_INFINITY;
        }
        if (Float.isInfinite(f) || (x & 0x7F800000) == 0) {
            int want = Float.isInfinite(f) ? (x & 0x80000000) | 0x3F800000 : x;
            return got == want ? 0 : Double.POSITIVE_INFINITY;
        }
        if (Float.isNaN(g) || Float.isInfinite(g)) {
            return Double.POSITIVE_INFINITY;
        }
        double exact = StrictMath.tanh(f);
        return Math.abs(g - exact) / Math.abs(exact) / 0x1p-11;
    }

    /**
     * rcp.approx.ftz.f64's (rsqrt's with {@code rsqrt}) error as the PTX ISA defines the instruction:
     * on h, x's high word with its low word zero (the ISA: "ignore the least-significant 32 bits"),
     * subnormal h read as zero, the result's low word zero. In units of 2^-20 relative to 1/h
     * (1/sqrt(h)), both in double (within 2^-52). Exact results required (the ISA's tables): a NaN
     * h -> a NaN; rcp: +-0 -> +-inf, +-inf -> +-0; rsqrt: +-0 -> +-inf, +inf -> +0, h < 0 -> a NaN.
     * A signed zero is also admitted for an rcp whose every output inside the bound lies below
     * 2^-1022 (flushed; 1/h near 2^-1022); a result with a nonzero low word never is.
     */
    public static double approxFtzF64Error(boolean rsqrt, long x, long got) {
        if ((int) got != 0) {
            return Double.POSITIVE_INFINITY;
        }
        long h = x & 0xFFFFFFFF00000000L;
        if ((h & 0x7FF0000000000000L) == 0) {
            h &= Long.MIN_VALUE; // subnormal: flushed to a zero of its sign
        }
        double hv = Double.longBitsToDouble(h);
        double g = Double.longBitsToDouble(got);
        if (Double.isNaN(hv) || rsqrt && hv < 0) {
            return Double.isNaN(g) ? 0 : Double.POSITIVE_INFINITY;
        }
        long sign = h & Long.MIN_VALUE;
        if (hv == 0 || Double.isInfinite(hv)) {
            long want = hv == 0 ? sign | 0x7FF0000000000000L : sign; // 1/(+-0), 1/(+-inf); rsqrt(+inf) = +0
            return got == want ? 0 : Double.POSITIVE_INFINITY;
        }
        double exact = rsqrt ? 1 / Math.sqrt(hv) : 1 / hv;
        if (!rsqrt && got == sign && Math.abs(exact) * (1 - 0x1p-20) < Double.MIN_NORMAL) {
            return 0;
        }
        if (Double.isNaN(g) || Double.isInfinite(g) || (got & Long.MIN_VALUE) != sign || g == 0) {
            return Double.POSITIVE_INFINITY;
        }
        return Math.abs(g - exact) / Math.abs(exact) / 0x1p-20;
    }

    public boolean signed() {
        return switch (kind) {
            case DIV_S16, REM_S16, DIV_S32, REM_S32, DIV_S64, REM_S64 -> true;
            default -> false;
        };
    }

    /** The environment of the reference: PTX's, with .ftz on both sides when the op has it. */
    public Env env() {
        return Env.ptx(template.ftz());
    }

    /** The exact result for a 32-bit op (b unused by unary ops). */
    public int expected32(int a, int b, Env env) {
        return switch (kind) {
            case DIV_F32 -> F32.div(a, b, rounding, env);
            case RCP_F32 -> F32.div(0x3F800000, a, rounding, env);
            case SQRT_F32 -> F32.sqrt(a, rounding, env);
            // 16-bit: the operands' low halves, the result's low half (all ones for a zero divisor)
            case DIV_U16 -> (b & 0xFFFF) == 0 ? -1 : (a & 0xFFFF) / (b & 0xFFFF);
            case REM_U16 -> (b & 0xFFFF) == 0 ? -1 : (a & 0xFFFF) % (b & 0xFFFF);
            case DIV_S16 -> (short) b == 0 ? -1 : (short) a / (short) b;
            case REM_S16 -> (short) b == 0 ? -1 : (short) a % (short) b;
            case DIV_U32 -> b == 0 ? -1 : Integer.divideUnsigned(a, b);
            case DIV_S32 -> b == 0 ? -1 : a / b;
            case REM_U32 -> b == 0 ? -1 : Integer.remainderUnsigned(a, b);
            case REM_S32 -> b == 0 ? -1 : a % b;
            default -> throw new IllegalStateException(kind + " has no exact 32-bit reference");
        };
    }

    /** The exact result for a 64-bit integer op. */
    public long expected64(long a, long b) {
        return switch (kind) {
            case DIV_U64 -> b == 0 ? -1 : Long.divideUnsigned(a, b);
            case DIV_S64 -> b == 0 ? -1 : a / b;
            case REM_U64 -> b == 0 ? -1 : Long.remainderUnsigned(a, b);
            case REM_S64 -> b == 0 ? -1 : a % b;
            default -> throw new IllegalStateException(kind + " has no 64-bit reference");
        };
    }

    /**
     * The error of an approximate quotient {@code got} of a / b in units in the last place of
     * the exact quotient (subnormal ulp below 2^-126), or -1 when the case lies outside the
     * op's documented domain (special operands or results, |b| outside [2^-126, 2^126] for
     * div.approx, a quotient outside the normal range or within the bound of its ends) and is
     * not measured. With .ftz, subnormal
     * operands read as zero first.
     */
    public double ulpError(int a, int b, int got) {
        boolean ftz = template.ftz();
        float fa = Float.intBitsToFloat(ftz ? daz(a) : a);
        float fb = Float.intBitsToFloat(ftz ? daz(b) : b);
        if (!Float.isFinite(fa) || !Float.isFinite(fb) || fa == 0 || fb == 0) {
            return -1;
        }
        double ab = Math.abs((double) fb);
        if (template.name().startsWith("div.approx") && (ab < 0x1p-126 || ab > 0x1p126)) {
            return -1;
        }
        double exact = (double) fa / (double) fb; // a 24-bit by 24-bit quotient: within 2^-53 relative
        double mag = Math.abs(exact);
        // within the bound of the overflow or underflow threshold, an approximation may leave the
        // normal range (to infinity, a subnormal or, with .ftz, zero): not measured in ulps
        if (mag < 0x1p-126 * (1 + 0x1p-20) || mag > Float.MAX_VALUE * (1 - 0x1p-21)) {
            return -1;
        }
        float g = Float.intBitsToFloat(got);
        if (!Float.isFinite(g)) {
            return Double.POSITIVE_INFINITY;
        }
        double ulp = Math.ulp((float) Math.min(mag, Float.MAX_VALUE));
        if (Math.getExponent(mag) < Math.getExponent((float) mag)) {
            ulp = Math.ulp((float) mag) / 2; // mag rounded up into the next binade: its own binade's ulp
        }
        return Math.abs(g - exact) / ulp;
    }

    private static int daz(int v) {
        return (v & 0x7F800000) == 0 ? v & 0x80000000 : v;
    }

    @Override
    public String toString() {
        return name();
    }
}
