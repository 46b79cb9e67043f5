package org.nvlower.llvm.pass;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.StructType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.runtime.RuntimeFunction;

/**
 * Which fp128 calls {@link Lower128} replaces, and how: the fp128 intrinsics LLVM 14 and 19 define
 * (their rows in {@link RuntimeFunction} name them; a few are compositions of rows) and the C
 * library's exact quad functions by name and type: glibc's {@code *f128}, libquadmath's
 * {@code *q}, and {@code *l} where long double is binary128 (the call's type says fp128).
 * A call is recognized by its callee's name and checked against the type it must have; a quad
 * name of the wrong type, or of a function nvlower has no body for, is {@link Refused}.
 */
final class QuadCalls {

    private QuadCalls() {
    }

    /** What to do with one call. */
    sealed interface Plan permits Row, FpClass, Frexp, ToInteger, Saturate, StoresSecond, SinCos, ScaleLong, QuietNaN,
            Classify, SignBitTest, ComplexPart, SignBit, Refused {
    }

    /** The row on the call's arguments (vectors: lane by lane). */
    record Row(RuntimeFunction row) implements Plan {
    }

    /** llvm.is.fpclass: the class bit of the row, tested against the mask argument. */
    record FpClass() implements Plan {
    }

    /** llvm.frexp: {fraction, exponent} from the two frexp rows. */
    record Frexp() implements Plan {
    }

    /** llvm.lround/llround/lrint/llrint: the rounding row, then fptosi to the result. */
    record ToInteger(RuntimeFunction rounding) implements Plan {
    }

    /** llvm.fptosi.sat/fptoui.sat: the saturating conversion rows (NaN 0). */
    record Saturate(boolean signed) implements Plan {
    }

    /**
     * A C function with a second result stored through its last (pointer) argument: frexp (the
     * fraction returned, the exponent stored), modf (the fraction; the integral part), remquo (the
     * remainder; the quotient's low bits). Both rows take the call's other arguments.
     */
    record StoresSecond(RuntimeFunction returned, RuntimeFunction stored, String storedName) implements Plan {
    }

    /** The C functions of {@link StoresSecond} by name: their rows, and the stored value's name suffix. */
    private static final Map<String, StoresSecond> STORES_SECOND = Map.of(
            "frexp", new StoresSecond(RuntimeFunction.FREXP_FP128, RuntimeFunction.FREXP_EXP_FP128, "exp"),
            "modf", new StoresSecond(RuntimeFunction.MODF_FP128, RuntimeFunction.TRUNC_FP128, "int"),
            "remquo", new StoresSecond(RuntimeFunction.REMAINDER_FP128, RuntimeFunction.REMQUO_QUOTIENT_FP128, "quo"));

    /**
     * C sincos(x, *s, *c) (GNU): sin's row stored through s, cos's through c. The two rows call the same
     * pure internal functions (the reduction and the series) with the same operand, so once they are
     * inlined, common-subexpression elimination computes those once.
     */
    record SinCos() implements Plan {
    }

    /** C scalbln(x, long n): ldexp's row with n clamped to +-70,000 (beyond, the result is already 0 or inf) and truncated to i32. */
    record ScaleLong() implements Plan {
    }

    /**
     * C nan(tag): the runtime's canonical NaN, whatever the tag (every NaN the fp128 runtime makes
     * is that one: docs/runtime-functions.md; C leaves the tag's meaning to the implementation, and
     * libquadmath's nanq ignores it too). The string is not read.
     */
    record QuietNaN() implements Plan {
    }

    /**
     * libquadmath's isnanq, issignalingq, finiteq and isinfq (and their l forms on binary128): 1
     * when a's class ({@code llvm.is.fpclass}'s bits) is in {@code mask}, -1 when it is in
     * {@code minusOne} (isinfq of -inf, as libquadmath), else 0; an int.
     */
    record Classify(int mask, int minusOne) implements Plan {
    }

    /** The classification functions by C name. */
    private static final Map<String, Classify> CLASSIFY = Map.of(
            "isnan", new Classify(0x3, 0),         // signaling or quiet NaN
            "issignaling", new Classify(0x1, 0),
            "finite", new Classify(0x1F8, 0),      // -normal ... +normal: every finite class
            "isinf", new Classify(0x200, 0x4));    // +inf 1, -inf -1

    /** libquadmath's signbitq: 1 when a's sign bit is set, NaNs included (C asks for nonzero; x86-64's libquadmath gives 8). */
    record SignBitTest() implements Plan {
    }

    /**
     * libquadmath's crealq, cimagq, cabsq and cargq of a {@code __complex128} passed as x86-64 passes
     * it (a pointer to {@code { fp128, fp128 }}, byval): the real or imaginary part loaded, or hypot's
     * row of (re, im), or atan2's of (im, re).
     */
    record ComplexPart(String function) implements Plan {
    }

    /** C fabs/copysign: the intrinsic (a sign-bit operation). */
    record SignBit(String intrinsic) implements Plan {
    }

    /** A quad call nvlower cannot lower, and why (one positioned error). */
    record Refused(String reason) implements Plan {
    }

    /** C names (without suffix) mapped to rows: the functions with the rows' exact signatures. */
    private static final Map<String, RuntimeFunction> LIBM = new HashMap<>();

    static {
        LIBM.put("sqrt", RuntimeFunction.SQRT_FP128);
        LIBM.put("fma", RuntimeFunction.FMA_FP128);
        LIBM.put("fmod", RuntimeFunction.REM_FP128);
        LIBM.put("floor", RuntimeFunction.FLOOR_FP128);
        LIBM.put("ceil", RuntimeFunction.CEIL_FP128);
        LIBM.put("trunc", RuntimeFunction.TRUNC_FP128);
        LIBM.put("round", RuntimeFunction.ROUND_FP128);
        LIBM.put("roundeven", RuntimeFunction.ROUNDEVEN_FP128);
        LIBM.put("rint", RuntimeFunction.RINT_FP128);
        LIBM.put("nearbyint", RuntimeFunction.RINT_FP128);
        LIBM.put("fmin", RuntimeFunction.MINNUM_FP128);
        LIBM.put("fmax", RuntimeFunction.MAXNUM_FP128);
        LIBM.put("fminimum", RuntimeFunction.MINIMUM_FP128);
        LIBM.put("fmaximum", RuntimeFunction.MAXIMUM_FP128);
        LIBM.put("ldexp", RuntimeFunction.LDEXP_FP128);
        LIBM.put("scalbn", RuntimeFunction.LDEXP_FP128);
        LIBM.put("remainder", RuntimeFunction.REMAINDER_FP128);
        LIBM.put("fdim", RuntimeFunction.FDIM_FP128);
        LIBM.put("nextafter", RuntimeFunction.NEXTAFTER_FP128);
        LIBM.put("nexttoward", RuntimeFunction.NEXTAFTER_FP128); // its second operand is long double: fp128 here
        LIBM.put("cbrt", RuntimeFunction.CBRT_FP128);
        LIBM.put("hypot", RuntimeFunction.HYPOT_FP128);
        LIBM.put("exp", RuntimeFunction.EXP_FP128);
        LIBM.put("log", RuntimeFunction.LOG_FP128);
        LIBM.put("exp2", RuntimeFunction.EXP2_FP128);
        LIBM.put("log2", RuntimeFunction.LOG2_FP128);
        LIBM.put("log10", RuntimeFunction.LOG10_FP128);
        LIBM.put("expm1", RuntimeFunction.EXPM1_FP128);
        LIBM.put("log1p", RuntimeFunction.LOG1P_FP128);
        LIBM.put("exp10", RuntimeFunction.EXP10_FP128);
        LIBM.put("pow", RuntimeFunction.POW_FP128);
        LIBM.put("sinh", RuntimeFunction.SINH_FP128);
        LIBM.put("cosh", RuntimeFunction.COSH_FP128);
        LIBM.put("tanh", RuntimeFunction.TANH_FP128);
        LIBM.put("atanh", RuntimeFunction.ATANH_FP128);
        LIBM.put("asinh", RuntimeFunction.ASINH_FP128);
        LIBM.put("acosh", RuntimeFunction.ACOSH_FP128);
        LIBM.put("atan", RuntimeFunction.ATAN_FP128);
        LIBM.put("asin", RuntimeFunction.ASIN_FP128);
        LIBM.put("acos", RuntimeFunction.ACOS_FP128);
        LIBM.put("atan2", RuntimeFunction.ATAN2_FP128);
        LIBM.put("sin", RuntimeFunction.SIN_FP128);
        LIBM.put("cos", RuntimeFunction.COS_FP128);
        LIBM.put("tan", RuntimeFunction.TAN_FP128);
        LIBM.put("erf", RuntimeFunction.ERF_FP128);
        LIBM.put("erfc", RuntimeFunction.ERFC_FP128);
        LIBM.put("tgamma", RuntimeFunction.TGAMMA_FP128);
        LIBM.put("lgamma", RuntimeFunction.LGAMMA_FP128);
        LIBM.put("logb", RuntimeFunction.LOGB_FP128);
        LIBM.put("ilogb", RuntimeFunction.ILOGB_FP128);
    }

    /**
     * libquadmath's functions (and glibc's f128 ones) nvlower has no body for: Bessel functions and
     * the complex functions with a complex result. A call is a positioned error rather than a call
     * left unresolved.
     */
    private static final Set<String> NOT_YET = Set.of("j0", "j1", "jn", "y0", "y1", "yn", "conj", "cproj", "cexp",
            "cexpi", "clog", "clog10", "cpow", "csqrt", "csin", "ccos", "ctan", "csinh", "ccosh", "ctanh", "casin", "cacos",
            "catan", "casinh", "cacosh", "catanh");

    /** The quad C functions lowered by a plan of their own rather than one row of {@link #LIBM}. */
    private static final Set<String> OWN_PLAN = Set.of("scalbln", "frexp", "modf", "remquo", "lround", "llround",
            "lrint", "llrint", "sincos", "fabs", "copysign", "nan", "isnan", "issignaling", "finite", "isinf", "signbit",
            "creal", "cimag", "cabs", "carg");

    /** The plan for {@code call}, or null when it is no fp128 intrinsic or quad C function. */
    static Plan plan(CallInst call) {
        String name = call.calleeName();
        FunctionType t = call.calleeType();
        if (name.isEmpty()) {
            return null; // an indirect call
        }
        if (name.startsWith("llvm.")) {
            return mentionsFp128(t) ? intrinsic(name, t) : null;
        }
        return libm(name, t);
    }

    private static Plan intrinsic(String name, FunctionType t) {
        for (RuntimeFunction f : RuntimeFunction.values()) {
            for (String base : f.intrinsics()) {
                if (name.startsWith(base + ".")) {
                    if (base.equals("llvm.is.fpclass")) {
                        return new FpClass();
                    }
                    if (base.equals("llvm.frexp")) {
                        return t.returnType() instanceof StructType s && s.fields().size() == 2
                                && s.fields().get(1) == IntegerType.I32 ? new Frexp() : null;
                    }
                    return intTypesFit(f, t) ? new Row(f) : null;
                }
            }
        }
        if (!(t.returnType().scalarType() instanceof IntegerType r) || r.bits() > 128) {
            return null; // the conversions below give integers of at most 128 bits
        }
        for (String base : List.of("llvm.lround.", "llvm.llround.")) {
            if (name.startsWith(base)) {
                return new ToInteger(RuntimeFunction.ROUND_FP128);
            }
        }
        for (String base : List.of("llvm.lrint.", "llvm.llrint.")) {
            if (name.startsWith(base)) {
                return new ToInteger(RuntimeFunction.RINT_FP128);
            }
        }
        if (name.startsWith("llvm.fptosi.sat.") || name.startsWith("llvm.fptoui.sat.")) {
            return new Saturate(name.startsWith("llvm.fptosi."));
        }
        return null;
    }

    /** powi and ldexp take an i32 exponent (the rows' type); other integer overloads have no row. */
    private static boolean intTypesFit(RuntimeFunction f, FunctionType t) {
        for (int i = 0; i < t.params().size() && i < f.parameterTypes().size(); i++) {
            Type p = t.params().get(i).scalarType();
            if (p instanceof IntegerType && p != f.parameterTypes().get(i).irType()) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code name} is a quad C function's (glibc's {@code *f128}, libquadmath's {@code *q}) that nvlower knows. */
    static boolean isQuadName(String name) {
        String base = name.endsWith("f128") ? name.substring(0, name.length() - 4)
                : name.endsWith("q") ? name.substring(0, name.length() - 1) : null;
        return base != null && (LIBM.containsKey(base) || OWN_PLAN.contains(base) || NOT_YET.contains(base));
    }

    private static Plan libm(String name, FunctionType t) {
        String base;
        boolean quadName;
        if (name.endsWith("f128")) {
            base = name.substring(0, name.length() - 4);
            quadName = true;
        } else if (name.endsWith("q")) {
            base = name.substring(0, name.length() - 1);
            quadName = true;
        } else if (name.endsWith("l")) {
            base = name.substring(0, name.length() - 1);
            quadName = false; // long double: binary128 only where the call's type says fp128
        } else {
            return null;
        }
        boolean known = LIBM.containsKey(base) || OWN_PLAN.contains(base) || NOT_YET.contains(base);
        if (!known || !quadName && !mentionsFp128(t)) {
            return null;
        }
        FunctionType want = expected(base);
        if (want != null && !want.equals(t)) {
            return new Refused(name + " is the quad C function " + base + " and must have the type "
                    + want.returnType() + " " + params(want) + ", not " + t.returnType() + " " + params(t));
        }
        if (LIBM.containsKey(base)) {
            return new Row(LIBM.get(base));
        }
        if (base.matches("l?l(round|rint)")) {
            boolean fits = t.params().equals(List.of(FloatType.FP128)) && t.returnType() instanceof IntegerType r
                    && r.bits() <= 128;
            return fits ? new ToInteger(base.endsWith("round") ? RuntimeFunction.ROUND_FP128
                    : RuntimeFunction.RINT_FP128) : new Refused(name + " is the quad C function " + base
                    + " and must have the type i64 (fp128) (long or long long), not " + t.returnType() + " " + params(t));
        }
        if (base.equals("scalbln")) {
            boolean fits = t.returnType() == FloatType.FP128 && t.params().equals(List.of(FloatType.FP128, IntegerType.I64));
            return fits ? new ScaleLong() : new Refused(name + " is the quad C function scalbln and must have the type "
                    + "fp128 (fp128, i64), not " + t.returnType() + " " + params(t));
        }
        if (base.equals("sincos")) {
            List<Type> ps = t.params();
            boolean fits = t.returnType() == org.nvlower.llvm.ir.PrimitiveType.VOID && ps.size() == 3 && ps.get(0) == FloatType.FP128
                    && ps.get(1) instanceof PointerType && ps.get(2) instanceof PointerType;
            return fits ? new SinCos() : new Refused(name + " is the quad C function sincos and must have the type "
                    + "void (fp128, ptr, ptr), not " + t.returnType() + " " + params(t));
        }
        if (NOT_YET.contains(base)) {
            return new Refused("no runtime function computes " + name + " (" + base
                    + "): nvlower has no quad body for it yet");
        }
        if (CLASSIFY.containsKey(base) || base.equals("signbit")) {
            boolean fits = t.returnType() == IntegerType.I32 && t.params().equals(List.of(FloatType.FP128));
            return !fits ? new Refused(name + " is the quad C function " + base + " and must have the type "
                    + "i32 (fp128), not " + t.returnType() + " " + params(t))
                    : base.equals("signbit") ? new SignBitTest() : CLASSIFY.get(base);
        }
        if (base.matches("creal|cimag|cabs|carg")) {
            boolean fits = t.returnType() == FloatType.FP128 && t.params().size() == 1
                    && t.params().get(0) instanceof PointerType;
            return fits ? new ComplexPart(base) : new Refused(name + " is the quad C function " + base
                    + " and must have the type fp128 (ptr) (the __complex128 byval, as x86-64 passes it), not "
                    + t.returnType() + " " + params(t));
        }
        if (base.equals("nan")) {
            boolean fits = t.returnType() == FloatType.FP128 && t.params().size() == 1
                    && t.params().get(0) instanceof PointerType;
            return fits ? new QuietNaN() : new Refused(name + " is the quad C function nan and must have the type "
                    + "fp128 (ptr), not " + t.returnType() + " " + params(t));
        }
        StoresSecond pointer = STORES_SECOND.get(base);
        if (pointer != null) {
            int operands = pointer.returned().parameterTypes().size();
            return storesSecondTypeFits(t, operands) ? pointer : new Refused(name + " is the quad C function " + base
                    + " and must have the type fp128 (" + "fp128, ".repeat(operands) + "ptr), not "
                    + t.returnType() + " " + params(t));
        }
        return switch (base) {
            case "fabs" -> new SignBit("llvm.fabs.f128");
            case "copysign" -> new SignBit("llvm.copysign.f128");
            default -> throw new IllegalStateException("no plan for the quad C function " + base);
        };
    }

    /** The C type of a quad function nvlower lowers ({@code int} is i32, pointers opaque or typed). */
    private static FunctionType expected(String base) {
        Type q = FloatType.FP128;
        RuntimeFunction row = LIBM.get(base);
        if (row != null) {
            List<Type> ps = row.parameterTypes().stream().map(p -> p.irType()).toList();
            return new FunctionType(row.returnType().irType(), ps, false);
        }
        return switch (base) {
            case "fabs" -> new FunctionType(q, List.of(q), false);
            case "copysign" -> new FunctionType(q, List.of(q, q), false);
            default -> null; // frexp, modf, remquo: checked by their plan (the pointer's spelling varies)
        };
    }

    private static String params(FunctionType t) {
        return "(" + String.join(", ", t.params().stream().map(Object::toString).toList()) + ")";
    }

    /** Whether the type is (fp128 x {@code operands}, pointer) -> fp128, as C's frexp, modf and remquo. */
    static boolean storesSecondTypeFits(FunctionType t, int operands) {
        List<Type> ps = t.params();
        if (t.returnType() != FloatType.FP128 || ps.size() != operands + 1 || !(ps.get(operands) instanceof PointerType)) {
            return false;
        }
        return ps.subList(0, operands).stream().allMatch(p -> p == FloatType.FP128);
    }

    static boolean mentionsFp128(FunctionType t) {
        if (holdsFp128(t.returnType())) {
            return true;
        }
        return t.params().stream().anyMatch(QuadCalls::holdsFp128);
    }

    private static boolean holdsFp128(Type t) {
        if (t instanceof StructType s) {
            return s.fields().stream().anyMatch(QuadCalls::holdsFp128);
        }
        return t.scalarType() == FloatType.FP128;
    }
}
