package org.nvlower.llvm.analysis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.PrimitiveType;
import org.nvlower.llvm.ir.StructType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.VectorType;

/**
 * The signatures of the intrinsics nvlower's inputs and passes meet (memory, debug, lifetime,
 * math, bit and NVVM intrinsics), as LLVM's {@code Intrinsics*.td} describe them: the kind of each
 * argument and of the result, and which arguments are {@code immarg} (must be a constant). An
 * intrinsic is named by its base name; the type suffix ({@code .p0i8.p0i8.i64}) is not checked,
 * as LLVM re-mangles a declaration whose suffix disagrees with its types. Intrinsics not in the
 * table are not checked.
 *
 * <p>Signature syntax: {@code result(arg, arg, ...)}; a kind is a type written as in IR
 * ({@code void i1 i8 i32 i64 float double metadata}), {@code ptr} (any pointer), or an
 * overloaded kind numbered so that equal numbers must be equal types: {@code F0} (floating point
 * scalar or vector), {@code I0} (integer scalar or vector), {@code P0} (pointer); {@code {I0,i1}}
 * is a literal struct; {@code VI0}, {@code VF0}, {@code VX0} an overloaded vector (fixed or
 * scalable) of integers, of floating point, of anything ({@code llvm_anyvector_ty} with the rule
 * LLVM's verifier adds), {@code E0} the element type of vector {@code 0} and {@code PE0} a pointer
 * to it in address space 0, {@code PV0} a pointer to vector {@code 0}, {@code M0} a mask: {@code i1}
 * lanes as many as vector {@code 0}'s ({@code LLVMVectorElementType}, {@code LLVMPointerToElt},
 * {@code LLVMAnyPointerType}, {@code LLVMScalarOrSameVectorWidth}: pointees are not compared, as
 * LLVM 19 reads typed pointers as opaque; a kind that names a vector not yet matched waits for
 * it, as LLVM's deferred checks). A trailing {@code !}
 * marks an {@code immarg} argument; a last argument {@code ...} makes the intrinsic variadic
 * (LLVM's {@code llvm_vararg_ty}).
 */
public final class IntrinsicSignatures {

    private IntrinsicSignatures() {
    }

    /** The table: base name to signature. */
    private static final String[][] TABLE = {
        {"llvm.memcpy", "void(P0,P1,I0,i1!)"},
        {"llvm.memmove", "void(P0,P1,I0,i1!)"},
        {"llvm.memset", "void(P0,i8,I0,i1!)"},
        {"llvm.memcpy.inline", "void(P0,P1,I0!,i1!)"},
        {"llvm.dbg.value", "void(metadata,metadata,metadata)"},
        {"llvm.dbg.declare", "void(metadata,metadata,metadata)"},
        {"llvm.dbg.addr", "void(metadata,metadata,metadata)"},
        {"llvm.dbg.label", "void(metadata)"},
        {"llvm.lifetime.start", "void(i64!,P0)"},
        {"llvm.lifetime.end", "void(i64!,P0)"},
        {"llvm.fma", "F0(F0,F0,F0)"},
        {"llvm.fmuladd", "F0(F0,F0,F0)"},
        {"llvm.sqrt", "F0(F0)"},
        {"llvm.fabs", "F0(F0)"},
        {"llvm.floor", "F0(F0)"},
        {"llvm.ceil", "F0(F0)"},
        {"llvm.trunc", "F0(F0)"},
        {"llvm.rint", "F0(F0)"},
        {"llvm.nearbyint", "F0(F0)"},
        {"llvm.round", "F0(F0)"},
        {"llvm.roundeven", "F0(F0)"},
        {"llvm.canonicalize", "F0(F0)"},
        {"llvm.sin", "F0(F0)"},
        {"llvm.cos", "F0(F0)"},
        {"llvm.exp", "F0(F0)"},
        {"llvm.exp2", "F0(F0)"},
        {"llvm.log", "F0(F0)"},
        {"llvm.log2", "F0(F0)"},
        {"llvm.log10", "F0(F0)"},
        {"llvm.copysign", "F0(F0,F0)"},
        {"llvm.minnum", "F0(F0,F0)"},
        {"llvm.maxnum", "F0(F0,F0)"},
        {"llvm.minimum", "F0(F0,F0)"},
        {"llvm.maximum", "F0(F0,F0)"},
        {"llvm.pow", "F0(F0,F0)"},
        {"llvm.powi", "F0(F0,I1)"},
        {"llvm.ctlz", "I0(I0,i1!)"},
        {"llvm.cttz", "I0(I0,i1!)"},
        {"llvm.ctpop", "I0(I0)"},
        {"llvm.bswap", "I0(I0)"},
        {"llvm.bitreverse", "I0(I0)"},
        {"llvm.abs", "I0(I0,i1!)"},
        {"llvm.smax", "I0(I0,I0)"},
        {"llvm.smin", "I0(I0,I0)"},
        {"llvm.umax", "I0(I0,I0)"},
        {"llvm.umin", "I0(I0,I0)"},
        {"llvm.fshl", "I0(I0,I0,I0)"},
        {"llvm.fshr", "I0(I0,I0,I0)"},
        {"llvm.sadd.with.overflow", "{I0,i1}(I0,I0)"},
        {"llvm.uadd.with.overflow", "{I0,i1}(I0,I0)"},
        {"llvm.ssub.with.overflow", "{I0,i1}(I0,I0)"},
        {"llvm.usub.with.overflow", "{I0,i1}(I0,I0)"},
        {"llvm.smul.with.overflow", "{I0,i1}(I0,I0)"},
        {"llvm.umul.with.overflow", "{I0,i1}(I0,I0)"},
        {"llvm.expect", "I0(I0,I0)"},
        {"llvm.assume", "void(i1)"},
        {"llvm.trap", "void()"},
        {"llvm.donothing", "void()"},
        {"llvm.experimental.stackmap", "void(i64,i32,...)"},
        {"llvm.sadd.sat", "I0(I0,I0)"},
        {"llvm.uadd.sat", "I0(I0,I0)"},
        {"llvm.ssub.sat", "I0(I0,I0)"},
        {"llvm.usub.sat", "I0(I0,I0)"},
        {"llvm.sshl.sat", "I0(I0,I0)"},
        {"llvm.ushl.sat", "I0(I0,I0)"},
        {"llvm.vector.reduce.add", "E0(VI0)"},
        {"llvm.vector.reduce.mul", "E0(VI0)"},
        {"llvm.vector.reduce.and", "E0(VI0)"},
        {"llvm.vector.reduce.or", "E0(VI0)"},
        {"llvm.vector.reduce.xor", "E0(VI0)"},
        {"llvm.vector.reduce.smax", "E0(VI0)"},
        {"llvm.vector.reduce.smin", "E0(VI0)"},
        {"llvm.vector.reduce.umax", "E0(VI0)"},
        {"llvm.vector.reduce.umin", "E0(VI0)"},
        {"llvm.vector.reduce.fmax", "E0(VF0)"},
        {"llvm.vector.reduce.fmin", "E0(VF0)"},
        {"llvm.vector.reduce.fadd", "E0(E0,VF0)"},
        {"llvm.vector.reduce.fmul", "E0(E0,VF0)"},
        {"llvm.experimental.stepvector", "VX0()"},
        {"llvm.masked.load", "VX0(PV0,i32!,M0,VX0)"},
        {"llvm.masked.store", "void(VX0,PV0,i32!,M0)"},
        {"llvm.matrix.transpose", "VX0(VX0,i32!,i32!)"},
        {"llvm.matrix.multiply", "VX0(VX1,VX2,i32!,i32!,i32!)"},
        {"llvm.matrix.column.major.load", "VX0(PE0,I1,i1!,i32!,i32!)"},
        {"llvm.matrix.column.major.store", "void(VX0,PE0,I1,i1!,i32!,i32!)"},
        {"llvm.debugtrap", "void()"},
        {"llvm.objectsize", "I0(P0,i1!,i1!,i1!)"},
        {"llvm.nvvm.barrier0", "void()"},
        {"llvm.nvvm.membar.gl", "void()"},
        {"llvm.nvvm.membar.cta", "void()"},
        {"llvm.nvvm.membar.sys", "void()"},
        {"llvm.nvvm.read.ptx.sreg.tid.x", "i32()"},
        {"llvm.nvvm.read.ptx.sreg.tid.y", "i32()"},
        {"llvm.nvvm.read.ptx.sreg.tid.z", "i32()"},
        {"llvm.nvvm.read.ptx.sreg.ntid.x", "i32()"},
        {"llvm.nvvm.read.ptx.sreg.ntid.y", "i32()"},
        {"llvm.nvvm.read.ptx.sreg.ntid.z", "i32()"},
        {"llvm.nvvm.read.ptx.sreg.ctaid.x", "i32()"},
        {"llvm.nvvm.read.ptx.sreg.ctaid.y", "i32()"},
        {"llvm.nvvm.read.ptx.sreg.ctaid.z", "i32()"},
        {"llvm.nvvm.read.ptx.sreg.nctaid.x", "i32()"},
        {"llvm.nvvm.read.ptx.sreg.nctaid.y", "i32()"},
        {"llvm.nvvm.read.ptx.sreg.nctaid.z", "i32()"},
        {"llvm.nvvm.read.ptx.sreg.laneid", "i32()"},
        {"llvm.nvvm.read.ptx.sreg.warpsize", "i32()"},
        {"llvm.nvvm.fma.rn.d", "double(double,double,double)"},
        {"llvm.nvvm.fma.rn.f", "float(float,float,float)"},
        {"llvm.nvvm.fma.rz.d", "double(double,double,double)"},
        {"llvm.nvvm.add.rn.d", "double(double,double)"},
        {"llvm.nvvm.mul.rn.d", "double(double,double)"},
        {"llvm.nvvm.div.rn.d", "double(double,double)"},
        {"llvm.nvvm.rcp.rn.d", "double(double)"},
        {"llvm.nvvm.sqrt.rn.d", "double(double)"},
        {"llvm.nvvm.sqrt.f", "float(float)"},
        {"llvm.nvvm.fabs.d", "double(double)"},
        {"llvm.nvvm.d2i.lo", "i32(double)"},
        {"llvm.nvvm.d2i.hi", "i32(double)"},
        {"llvm.nvvm.lohi.i2d", "double(i32,i32)"},
        {"llvm.nvvm.mulhi.i", "i32(i32,i32)"},
        {"llvm.nvvm.mulhi.ui", "i32(i32,i32)"},
        {"llvm.nvvm.mulhi.ll", "i64(i64,i64)"},
        {"llvm.nvvm.mulhi.ull", "i64(i64,i64)"},
    };

    /**
     * Older signatures LLVM 14 still reads: its AutoUpgrade rewrites them to the current form
     * before verifying (memcpy/memmove/memset with an {@code i32} alignment argument, LLVM < 7;
     * dbg.value with an {@code i64} offset, LLVM < 6; ctlz/cttz without the zero-is-poison flag;
     * objectsize with fewer flags, LLVM < 5 and < 7).
     */
    private static final String[][] LEGACY = {
        {"llvm.memcpy", "void(P0,P1,I0,i32,i1)"},
        {"llvm.memmove", "void(P0,P1,I0,i32,i1)"},
        {"llvm.memset", "void(P0,i8,I0,i32,i1)"},
        {"llvm.dbg.value", "void(metadata,i64,metadata,metadata)"},
        {"llvm.ctlz", "I0(I0)"},
        {"llvm.cttz", "I0(I0)"},
        {"llvm.objectsize", "I0(P0,i1)"},
        {"llvm.objectsize", "I0(P0,i1,i1)"},
    };

    /** Whether {@code type} is an older signature of {@code signature}'s intrinsic that LLVM upgrades. */
    public static boolean isLegacy(Signature signature, FunctionType type) {
        for (String[] row : LEGACY) {
            if (row[0].equals(signature.name()) && mismatch(parse(row[0], row[1]), type) == null) {
                return true;
            }
        }
        return false;
    }

    /** A parsed signature: the result kind, the fixed argument kinds, which arguments are immarg, whether variadic. */
    public record Signature(String name, String result, List<String> params, List<Boolean> immarg, boolean varArgs) {
    }

    private static final Map<String, Signature> BY_NAME = new HashMap<>();

    /** One component of an overloaded intrinsic's type suffix: p0i8, i64, f32, v4f32, nxv2i64, s_..., a2i32. */
    private static final java.util.regex.Pattern TYPE_SUFFIX = java.util.regex.Pattern.compile(
            "p\\d+.*|i\\d+|f(16|32|64|80|128)|bf16|ppcf128|v\\d+.*|nxv\\d+.*|sl?_.*|a\\d+.*|isVoid|x86.*");

    static {
        for (String[] row : TABLE) {
            BY_NAME.put(row[0], parse(row[0], row[1]));
        }
    }

    private static Signature parse(String name, String text) {
        int open = text.indexOf('(', text.startsWith("{") ? text.indexOf('}') : 0);
        String result = text.substring(0, open);
        String inner = text.substring(open + 1, text.length() - 1);
        List<String> params = new ArrayList<>();
        List<Boolean> imm = new ArrayList<>();
        boolean varArgs = inner.endsWith("...");
        if (varArgs) {
            inner = inner.substring(0, Math.max(0, inner.length() - 4));
        }
        if (!inner.isEmpty()) {
            for (String p : inner.split(",")) {
                boolean i = p.endsWith("!");
                params.add(i ? p.substring(0, p.length() - 1) : p);
                imm.add(i);
            }
        }
        return new Signature(name, result, List.copyOf(params), List.copyOf(imm), varArgs);
    }

    /** Every intrinsic of the table, for tests. */
    public static List<Signature> all() {
        List<Signature> list = new ArrayList<>();
        for (String[] row : TABLE) {
            list.add(BY_NAME.get(row[0]));
        }
        return list;
    }

    /**
     * The signature of the intrinsic {@code functionName} names: its longest base name that is the
     * whole name or followed by a '.' (the type suffix); null when not in the table.
     */
    public static Signature lookup(String functionName) {
        if (!functionName.startsWith("llvm.")) {
            return null;
        }
        String name = functionName;
        while (true) {
            Signature s = BY_NAME.get(name);
            if (s != null) {
                return s;
            }
            int dot = name.lastIndexOf('.');
            if (dot <= "llvm".length() || !TYPE_SUFFIX.matcher(name.substring(dot + 1)).matches()) {
                return null; // not a type suffix: another intrinsic (llvm.nvvm.barrier0.popc)
            }
            name = name.substring(0, dot);
        }
    }

    /**
     * LLVM's complaint about {@code type} for {@code signature}, or null when the types fit; in
     * LLVM's order (matchIntrinsicSignature, then the varargs property, then leftover arguments).
     */
    public static String mismatch(Signature signature, FunctionType type) {
        Map<String, Type> bound = new HashMap<>();
        List<Integer> deferred = new ArrayList<>(); // -1 the result, else an argument's index
        int r = fits(signature.result(), type.returnType(), bound);
        if (r == NO) {
            return "Intrinsic has incorrect return type!";
        }
        if (r == LATER) {
            deferred.add(-1);
        }
        if (type.params().size() > signature.params().size()) {
            return "Intrinsic has incorrect argument type!"; // an argument meets the varargs (or no) descriptor
        }
        for (int i = 0; i < type.params().size(); i++) {
            int a = fits(signature.params().get(i), type.params().get(i), bound);
            if (a == NO) {
                return "Intrinsic has incorrect argument type!";
            }
            if (a == LATER) {
                deferred.add(i);
            }
        }
        for (int i : deferred) {
            Type t = i < 0 ? type.returnType() : type.params().get(i);
            if (fits(i < 0 ? signature.result() : signature.params().get(i), t, bound) != YES) {
                return i < 0 ? "Intrinsic has incorrect return type!" : "Intrinsic has incorrect argument type!";
            }
        }
        // what is left of the descriptors must be exactly the varargs one when (and only when) the type is variadic
        boolean allFixed = type.params().size() == signature.params().size();
        boolean fitsVarArgs = allFixed && signature.varArgs() == type.varArgs();
        if (!fitsVarArgs) {
            return type.varArgs() ? "Intrinsic was not defined with variable arguments!"
                    : "Callsite was not defined with variable arguments!";
        }
        return null;
    }

    private static final int NO = 0;
    private static final int YES = 1;
    /** The kind names a vector not matched yet. */
    private static final int LATER = 2;

    private static int fits(String kind, Type t, Map<String, Type> bound) {
        if (kind.startsWith("V") || kind.startsWith("E") || kind.startsWith("PE") || kind.startsWith("PV")
                || kind.startsWith("M")) {
            return vectorFits(kind, t, bound);
        }
        return fits0(kind, t, bound) ? YES : NO;
    }

    /** {@code VI0 VF0 VX0}: an overloaded vector, bound as {@code V0}; {@code E0}, {@code PE0}: its element, a pointer to it. */
    private static int vectorFits(String kind, Type t, Map<String, Type> bound) {
        if (kind.startsWith("V")) {
            if (!(t instanceof VectorType v)) {
                return NO;
            }
            boolean ok = switch (kind.charAt(1)) {
                case 'I' -> v.element() instanceof IntegerType;
                case 'F' -> v.element() instanceof FloatType;
                default -> true;
            };
            Type previous = bound.putIfAbsent("V" + kind.substring(2), t);
            return ok && (previous == null || previous.equals(t)) ? YES : NO;
        }
        if (kind.startsWith("PV")) {
            return t instanceof PointerType ? YES : NO; // the pointee is not compared
        }
        boolean pointer = kind.startsWith("PE");
        Type vector = bound.get("V" + kind.substring(pointer ? 2 : 1));
        if (!(vector instanceof VectorType v)) {
            return LATER;
        }
        if (kind.startsWith("M")) {
            return t instanceof VectorType m && m.element().isInteger(1) && m.count() == v.count()
                    && m.scalable() == v.scalable() ? YES : NO;
        }
        if (!pointer) {
            return t.equals(v.element()) ? YES : NO;
        }
        return t instanceof PointerType p && p.addressSpace() == 0 ? YES : NO; // the pointee is not compared
    }

    private static boolean fits0(String kind, Type t, Map<String, Type> bound) {
        if (kind.startsWith("{")) {
            String[] fields = kind.substring(1, kind.length() - 1).split(",");
            if (!(t instanceof StructType s) || s.packed() || s.fields().size() != fields.length) {
                return false;
            }
            for (int i = 0; i < fields.length; i++) {
                if (!fits0(fields[i], s.fields().get(i), bound)) {
                    return false;
                }
            }
            return true;
        }
        char c = kind.charAt(0);
        if ((c == 'F' || c == 'I' || c == 'P') && kind.length() == 2 && Character.isDigit(kind.charAt(1))) {
            Type s = t instanceof VectorType v ? v.element() : t;
            boolean ok = switch (c) {
                case 'F' -> s instanceof FloatType;
                case 'I' -> s instanceof IntegerType;
                default -> t instanceof PointerType;
            };
            Type previous = bound.putIfAbsent(kind, t);
            return ok && (previous == null || previous.equals(t));
        }
        return switch (kind) {
            case "ptr" -> t instanceof PointerType;
            case "metadata" -> t == PrimitiveType.METADATA;
            default -> t.toString().equals(kind);
        };
    }
}
