package org.nvlower.llvm.runtime;

import static org.nvlower.llvm.runtime.BodyBuilder.I1;
import static org.nvlower.llvm.runtime.BodyBuilder.I128;
import static org.nvlower.llvm.runtime.BodyBuilder.I32;
import static org.nvlower.llvm.runtime.BodyBuilder.I64;
import static org.nvlower.llvm.runtime.BodyBuilder.bit128;
import static org.nvlower.llvm.runtime.BodyBuilder.constant;
import static org.nvlower.llvm.runtime.BodyBuilder.i1;
import static org.nvlower.llvm.runtime.BodyBuilder.i128;
import static org.nvlower.llvm.runtime.BodyBuilder.i32;
import static org.nvlower.llvm.runtime.BodyBuilder.i64;
import static org.nvlower.llvm.runtime.BodyBuilder.mask128;
import static org.nvlower.llvm.runtime.BodyBuilder.pow2;

import java.math.BigInteger;
import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;

import org.nvlower.llvm.ir.AttributeSet;
import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.Linkage;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.PhiInst;
import org.nvlower.llvm.ir.StructType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.Value;
import org.nvlower.softfloat.FcmpPredicate;

/**
 * The bodies of the 55 runtime functions, built as LLVM IR with the IrBuilder from integer
 * operations NVPTX selects (i32/i64; i128 add, sub, mul, shifts, logic and compares, which LLVM
 * expands into 64-bit pairs; never an i128 division, which would call {@code __udivti3}) and
 * {@code llvm.ctlz}. They compute what {@link RuntimeFunction#evaluate} computes, bit for bit.
 *
 * <p>The shape is Berkeley SoftFloat's: shared helpers (shift right with jamming, normalizing a
 * significand, round-and-pack for binary128, binary64 and binary32, the integer part of a
 * binary128, an unsigned 128-bit divide) are functions of their own ({@code __nvl_*}, internal),
 * and each operation is a few dozen instructions on top. A binary128 significand travels as an
 * i128: unpacked with its leading one at bit 112; in front of rounding with its leading one at
 * bit 126, the 14 bits below the result's last place being the rounding bits, the lowest of them
 * sticky ("jammed"). Rounding is to nearest even, NaN results are the canonical NVPTX NaN.
 *
 * <p>Every function takes its arguments as the table says, or with fp128 carried as i128
 * ({@code fp128AsI128}); bodies compute on bit patterns either way.
 */
public final class RuntimeLibrary {

    /** The bits of a binary128 NaN result on NVPTX (positive, all payload bits set): every NaN the runtime makes. */
    public static final BigInteger F128_NAN = Format.F128.nan();
    static final BigInteger F128_INF = Format.F128.inf();
    static final int BIAS = 16383;

    /** What every body and helper is: pure, no unwinding, always returns. */
    static final AttributeSet PURE = AttributeSet.words("nounwind", "readnone", "willreturn");

    private final Module module;
    private final boolean fp128AsI128;
    private final boolean internalize;

    private RuntimeLibrary(Module module, boolean fp128AsI128, boolean internalize) {
        this.module = module;
        this.fp128AsI128 = fp128AsI128;
        this.internalize = internalize;
    }

    /** A new module holding {@code functions} (and the helpers they need), external, for {@code triple}. */
    public static Module build(Collection<RuntimeFunction> functions, boolean fp128AsI128, String triple,
            String dataLayout) {
        // typed pointers (erf's coefficient tables): llvm-as 14 reads them without -opaque-pointers,
        // LLVM 19 reads them as ptr, and the linker maps them to ptr in an opaque module
        Module m = Module.create("nvlower-runtime", false);
        if (dataLayout != null) {
            m.setDataLayout(dataLayout);
        }
        if (triple != null) {
            m.setTargetTriple(triple);
        }
        RuntimeLibrary lib = new RuntimeLibrary(m, fp128AsI128, false);
        for (RuntimeFunction f : functions) {
            lib.define(f);
        }
        return m;
    }

    /**
     * Defines {@code functions} in {@code module} (declared ones get their body; the helpers
     * come along), with internal linkage: the module is then complete and has no {@code __nv_*}
     * symbol left to resolve.
     */
    public static void link(Module module, Collection<RuntimeFunction> functions, boolean fp128AsI128) {
        RuntimeLibrary lib = new RuntimeLibrary(module, fp128AsI128, true);
        for (RuntimeFunction f : functions) {
            lib.define(f);
        }
    }

    // ------------------------------------------------------------------ definitions

    /** The function {@code f}, defined here unless it already has a body. */
    Function define(RuntimeFunction f) {
        FunctionType t = f.functionType(fp128AsI128);
        Function fn = module.getOrInsertFunction(f.symbol(), t.returnType(), t.params());
        if (fn.isDeclaration()) {
            String[] names = java.util.Arrays.copyOf(new String[] {"a", "b", "c"}, f.parameterTypes().size());
            BodyBuilder bb = new BodyBuilder(fn, names);
            f.buildBody(this, bb);
            finish(fn, internalize ? Linkage.INTERNAL : Linkage.EXTERNAL);
        }
        return fn;
    }

    /** An internal helper {@code @name}, defined by {@code body} the first time it is asked for. */
    Function helper(String name, Type ret, List<Type> params, String[] argNames, Consumer<BodyBuilder> body) {
        Function fn = module.getOrInsertFunction(name, ret, params);
        if (fn.isDeclaration()) {
            body.accept(new BodyBuilder(fn, argNames));
            finish(fn, Linkage.INTERNAL);
        }
        return fn;
    }

    private void finish(Function fn, Linkage linkage) {
        fn.setLinkage(linkage);
        fn.setAttributes(AttributeSet.EMPTY, List.of(module.attributeGroupFor(PURE)));
    }

    // ------------------------------------------------------------------ row bodies named by the table

    void addBody(RuntimeFunction f, BodyBuilder b) {
        b.retBits(b.call(add(), b.arg(0), b.arg(1)));
    }

    void subBody(RuntimeFunction f, BodyBuilder b) {
        b.retBits(b.call(add(), b.arg(0), b.xor(b.arg(1), bit128(127))));
    }

    void fromNarrowBody(RuntimeFunction f, BodyBuilder b) {
        b.retBits(b.call(fromNarrow(Format.of(f.parameterTypes().get(0))), b.arg(0)));
    }

    /** float/double to (u)int128: exact widening to binary128 first, so the truncation sees the same value. */
    void narrowToInteger(RuntimeFunction f, BodyBuilder b) {
        toInteger(f, b, b.call(fromNarrow(Format.of(f.parameterTypes().get(0))), b.arg(0)));
    }

    void fcmp(RuntimeFunction f, BodyBuilder b) {
        int mask = relationMask(f.predicate().orElseThrow());
        Value rel = b.call(relation(), b.arg(0), b.arg(1));
        b.retBits(b.ne(b.and(rel, i32(mask)), i32(0)));
    }

    // ------------------------------------------------------------------ binary128 fields

    /** The biased exponent of binary128 bits {@code a}, as an i32. */
    static Value exponent(BodyBuilder b, Value a) {
        return b.trunc(b.and(b.lshr(a, i128(112)), i128(0x7FFF)), I32);
    }

    /** The sign bit of {@code a} as an i1. */
    static Value sign(BodyBuilder b, Value a) {
        return b.slt(a, i128(0));
    }

    /** {@code sign ? 2^127 : 0}. */
    private static Value signBits(BodyBuilder b, Value sign) {
        return b.shl(b.zext(sign, I128), i128(127));
    }

    /** Whether binary128 {@code a} is a NaN: its magnitude is above infinity. */
    static Value isNaN(BodyBuilder b, Value a) {
        return b.ugt(b.and(a, mask128(127)), i128(F128_INF));
    }

    // ------------------------------------------------------------------ helpers

    /**
     * {@code __nvl_shiftRightJam128(a, dist)}: {@code a >> dist} with every bit shifted out ORed
     * into the lowest bit (SoftFloat's shiftRightJam); any {@code dist}, 128 or more included.
     */
    private Function shiftRightJam(IntegerType t) {
        int w = t.bits();
        return helper("__nvl_shiftRightJam" + w, t, List.of(t, I32), new String[] {"a", "dist"}, b -> {
            Value a = b.arg(0);
            Value dist = b.arg(1);
            Value d = b.zextOrTrunc(b.umin(dist, i32(w - 1)), t);
            Value lost = b.and(a, b.sub(b.shl(constant(t, 1), d), constant(t, 1)));
            Value jammed = b.or(b.lshr(a, d), b.zext(b.ne(lost, constant(t, 0)), t));
            Value all = b.zext(b.ne(a, constant(t, 0)), t);
            b.retBits(b.select(b.uge(dist, i32(w)), all, jammed));
        });
    }

    /** {@code __nvl_f128_normRoundPack(sign, exp, sig)}: roundPack after moving the leading one of {@code sig} to bit 126. */
    Function normRoundPack() {
        return helper("__nvl_f128_normRoundPack", I128, List.of(I1, I32, I128), new String[] {"sign", "exp", "sig"},
                b -> {
                    Value shift = b.sub(b.trunc(b.ctlz(b.arg(2)), I32), i32(1));
                    Value sig = b.shl(b.arg(2), b.zext(shift, I128));
                    b.retBits(b.call(roundPack(Format.F128), b.arg(0), b.sub(b.arg(1), shift), sig));
                });
    }

    /**
     * {@code __nvl_f128_normSig(a)}: {exponent, significand} of a finite nonzero binary128, the
     * significand's leading one at bit 112; a subnormal is normalized, its exponent then below 1
     * (SoftFloat's normSubnormalF128Sig).
     */
    Function normSig() {
        Type pair = StructType.of(I32, I128);
        return helper("__nvl_f128_normSig", pair, List.of(I128), new String[] {"a"}, b -> {
            Value a = b.arg(0);
            Value exp = exponent(b, a);
            Value frac = b.and(a, mask128(112));
            Value sub = b.eq(exp, i32(0));
            Value shift = b.sub(b.trunc(b.ctlz(frac), I32), i32(15));
            Value sig = b.select(sub, b.shl(frac, b.zext(b.umin(shift, i32(127)), I128)), b.or(frac, bit128(112)));
            Value e = b.select(sub, b.sub(i32(1), shift), exp);
            Value r = b.insertValue(org.nvlower.llvm.ir.Constants.poison(pair), e, 0);
            b.retBits(b.insertValue(r, sig, 1));
        });
    }

    /**
     * {@code __nvl_f128_add(a, b)}: a + b rounded to nearest even. The operand of larger
     * magnitude leads; the other is aligned with jamming; same signs add, different subtract;
     * an exact zero difference is +0.
     */
    private Function add() {
        return helper("__nvl_f128_add", I128, List.of(I128, I128), new String[] {"a", "b"}, b -> {
            Value a = b.arg(0);
            Value c = b.arg(1);
            Value absA = b.and(a, mask128(127));
            Value absB = b.and(c, mask128(127));
            b.returnIf(b.or(isNaN(b, a), isNaN(b, c)), i128(F128_NAN), "numbers");
            Value infA = b.eq(absA, i128(F128_INF));
            Value infB = b.eq(absB, i128(F128_INF));
            Value differ = b.slt(b.xor(a, c), i128(0));
            b.returnIf(b.and(b.and(infA, infB), differ), i128(F128_NAN), "notInfMinusInf");
            b.returnIf(infA, a, "aFinite");
            b.returnIf(infB, c, "finite");
            Value swap = b.ult(absA, absB);
            Value big = b.named(b.select(swap, c, a), "big");
            Value small = b.named(b.select(swap, a, c), "small");
            Value eBig = exponent(b, big);
            Value eSmall = exponent(b, small);
            Value sigBig = b.or(b.and(big, mask128(112)), b.select(b.eq(eBig, i32(0)), i128(0), bit128(112)));
            Value sigSmall = b.or(b.and(small, mask128(112)), b.select(b.eq(eSmall, i32(0)), i128(0), bit128(112)));
            eBig = b.select(b.eq(eBig, i32(0)), i32(1), eBig);
            eSmall = b.select(b.eq(eSmall, i32(0)), i32(1), eSmall);
            Value x = b.shl(sigBig, i128(13));
            Value y = b.call(shiftRightJam(I128), b.shl(sigSmall, i128(13)), b.sub(eBig, eSmall));
            Value z = b.named(b.select(differ, b.sub(x, y), b.add(x, y)), "z");
            Value bigSign = b.and(big, bit128(127));
            b.returnIf(b.eq(z, i128(0)), b.select(differ, i128(0), bigSign), "nonzero");
            b.retBits(b.call(normRoundPack(), sign(b, big), eBig, z));
        });
    }

    void mul(RuntimeFunction f, BodyBuilder b) {
        Value a = b.arg(0);
        Value c = b.arg(1);
        Value sign = sign(b, b.xor(a, c));
        Value absA = b.and(a, mask128(127));
        Value absB = b.and(c, mask128(127));
        b.returnIf(b.or(isNaN(b, a), isNaN(b, c)), i128(F128_NAN), "numbers");
        Value infA = b.eq(absA, i128(F128_INF));
        Value infB = b.eq(absB, i128(F128_INF));
        Value zeroA = b.eq(absA, i128(0));
        Value zeroB = b.eq(absB, i128(0));
        b.returnIf(b.or(b.and(infA, zeroB), b.and(infB, zeroA)), i128(F128_NAN), "notZeroTimesInf");
        b.returnIf(b.or(infA, infB), b.or(signBits(b, sign), i128(F128_INF)), "finite");
        b.returnIf(b.or(zeroA, zeroB), signBits(b, sign), "nonzero");
        Value na = b.call(normSig(), a);
        Value nb = b.call(normSig(), c);
        Value sa = b.extractValue(na, 1);
        Value sb = b.extractValue(nb, 1);
        Value[] product = wideProduct(b, sa, sb);
        Value hi = product[0];
        Value lo = product[1];
        // product >> 99, the bits below jammed: leading one at bit 125 or 126
        Value sticky = b.zext(b.ne(b.and(lo, mask128(99)), i128(0)), I128);
        Value sig = b.named(b.or(b.or(b.shl(hi, i128(29)), b.lshr(lo, i128(99))), sticky), "sig");
        Value exp = b.sub(b.add(b.extractValue(na, 0), b.extractValue(nb, 0)), i32(BIAS));
        b.retBits(b.call(normRoundPack(), sign, exp, sig));
    }

    void div(RuntimeFunction f, BodyBuilder b) {
        Value a = b.arg(0);
        Value c = b.arg(1);
        Value sign = sign(b, b.xor(a, c));
        Value absA = b.and(a, mask128(127));
        Value absB = b.and(c, mask128(127));
        Value infA = b.eq(absA, i128(F128_INF));
        Value infB = b.eq(absB, i128(F128_INF));
        Value zeroA = b.eq(absA, i128(0));
        Value zeroB = b.eq(absB, i128(0));
        Value invalid = b.or(b.or(isNaN(b, a), isNaN(b, c)), b.or(b.and(infA, infB), b.and(zeroA, zeroB)));
        b.returnIf(invalid, i128(F128_NAN), "valid");
        b.returnIf(b.or(infA, zeroB), b.or(signBits(b, sign), i128(F128_INF)), "finite");
        b.returnIf(b.or(infB, zeroA), signBits(b, sign), "nonzero");
        Value na = b.call(normSig(), a);
        Value nb = b.call(normSig(), c);
        Value sa = b.extractValue(na, 1);
        Value sb = b.extractValue(nb, 1);
        Value below = b.ult(sa, sb);
        Value r0 = b.select(below, b.shl(sa, i128(1)), sa);
        Value exp = b.sub(b.sub(b.extractValue(na, 0), b.extractValue(nb, 0)), b.zext(below, I32));
        // restoring division: 116 quotient bits, the first one 1; the significands are below
        // 2^115, so r - sb is negative exactly when its bit 127 is set
        BodyBuilder.Loop l = b.beginLoop();
        BasicBlock entry = l.entry();
        BasicBlock loop = l.loop();
        BasicBlock done = l.done();
        PhiInst q = b.phi(I128, "q");
        PhiInst r = b.phi(I128, "r");
        Value t = b.sub(r, sb);
        Value fits = b.sge(t, i128(0));
        Value q1 = b.or(b.shl(q, i128(1)), b.zext(fits, I128));
        Value r1 = b.shl(b.select(fits, t, r), i128(1));
        b.loopBack(b.ult(q1, bit128(115)), loop, done);
        q.addIncoming(i128(0), entry);
        q.addIncoming(q1, loop);
        r.addIncoming(r0, entry);
        r.addIncoming(r1, loop);
        b.at(done);
        Value sig = b.or(b.shl(q1, i128(11)), b.zext(b.ne(r1, i128(0)), I128));
        b.retBits(b.call(normRoundPack(), sign, b.add(exp, i32(BIAS - 1)), sig));
    }

    /**
     * C fmod (LLVM frem): the exact {@code a - trunc(a / b) * b}, sign of a. The remainder is
     * reduced 31 exponent steps at a time: a 32-bit quotient digit estimated by a 64-bit division
     * (never too large, at most 2 too small), subtracted in wrapping i128 arithmetic (the true
     * difference is below 3b), then corrected.
     */
    void fmod(RuntimeFunction f, BodyBuilder b) {
        Value a = b.arg(0);
        Value c = b.arg(1);
        Value absA = b.and(a, mask128(127));
        Value absB = b.and(c, mask128(127));
        Value infA = b.eq(absA, i128(F128_INF));
        Value infB = b.eq(absB, i128(F128_INF));
        Value zeroB = b.eq(absB, i128(0));
        b.returnIf(b.or(b.or(isNaN(b, a), isNaN(b, c)), b.or(infA, zeroB)), i128(F128_NAN), "valid");
        b.returnIf(b.or(infB, b.ult(absA, absB)), a, "reduce");
        Value na = b.call(normSig(), a);
        Value nb = b.call(normSig(), c);
        Value sa = b.extractValue(na, 1);
        Value sb = b.named(b.extractValue(nb, 1), "sb");
        Value eb = b.extractValue(nb, 0);
        Value diff0 = b.sub(b.extractValue(na, 0), eb);
        Value r0 = b.select(b.uge(sa, sb), b.sub(sa, sb), sa);
        Value den = b.add(b.trunc(b.lshr(sb, i128(81)), I64), i64(1));
        BodyBuilder.Loop l = b.beginLoop("step");
        PhiInst diff = b.phi(I32, "diff");
        PhiInst r = b.phi(I128, "r");
        diff.addIncoming(diff0, l.entry());
        r.addIncoming(r0, l.entry());
        b.condBr(b.sgt(diff, i32(0)), l.body(), l.done());
        b.at(l.body());
        Value k = b.umin(diff, i32(31));
        Value num = b.trunc(b.lshr(r, b.zext(b.sub(i32(81), k), I128)), I64);
        Value digit = b.zext(b.udiv(num, den), I128);
        Value t = b.sub(b.shl(r, b.zext(k, I128)), b.mul(digit, sb));
        t = b.select(b.uge(t, sb), b.sub(t, sb), t);
        t = b.select(b.uge(t, sb), b.sub(t, sb), t);
        diff.addIncoming(b.sub(diff, k), l.body());
        r.addIncoming(t, l.body());
        b.loopBack(l.loop());
        b.at(l.done());
        Value signA = b.and(a, bit128(127));
        b.returnIf(b.eq(r, i128(0)), signA, "nonzero");
        b.retBits(b.call(normRoundPack(), sign(b, a), eb, b.shl(r, i128(13))));
    }

    // ------------------------------------------------------------------ comparisons

    /** The LLVM relation bits of FcmpPredicate: less 1, equal 2, greater 4, unordered 8. */
    static int relationMask(FcmpPredicate p) {
        String name = p.llvmName();
        int mask = name.startsWith("u") ? 8 : 0;
        return mask | switch (name.substring(1)) {
            case "eq" -> 2;
            case "gt" -> 4;
            case "ge" -> 6;
            case "lt" -> 1;
            case "le" -> 3;
            case "ne" -> 5;
            case "rd" -> 7;
            default -> 0; // "no": uno
        };
    }

    /** {@code __nvl_f128_relation(a, b)}: 1 a < b, 2 equal (+0 == -0), 4 a > b, 8 unordered. */
    Function relation() {
        return helper("__nvl_f128_relation", I32, List.of(I128, I128), new String[] {"a", "b"}, b -> {
            Value a = b.arg(0);
            Value c = b.arg(1);
            Value unordered = b.or(isNaN(b, a), isNaN(b, c));
            Value equal = b.or(b.eq(a, c), b.eq(b.or(b.and(a, mask128(127)), b.and(c, mask128(127))), i128(0)));
            Value signA = sign(b, a);
            Value signB = sign(b, c);
            // same signs: compare the bits (reversed for negatives); different: a is less iff negative
            Value less = b.select(b.ne(signA, signB), signA, b.select(signA, b.ugt(a, c), b.ult(a, c)));
            Value rel = b.select(less, i32(1), i32(4));
            rel = b.select(equal, i32(2), rel);
            b.retBits(b.select(unordered, i32(8), rel));
        });
    }

    // ------------------------------------------------------------------ conversions

    /**
     * {@code __nvl_f128_intPart(a)}: the integer part of |a| (truncation), all ones when it does
     * not fit 128 bits (or a is infinite), 0 for NaN.
     */
    private Function intPart() {
        return helper("__nvl_f128_intPart", I128, List.of(I128), new String[] {"a"}, b -> {
            Value a = b.arg(0);
            Value e = b.sub(exponent(b, a), i32(BIAS));
            Value sig = b.or(b.and(a, mask128(112)), bit128(112));
            Value clamped = b.select(b.slt(e, i32(0)), i32(0), b.umin(e, i32(127)));
            Value right = b.lshr(sig, b.zext(b.sub(i32(112), b.umin(clamped, i32(112))), I128));
            Value left = b.shl(sig, b.zext(b.sub(b.select(b.ugt(clamped, i32(112)), clamped, i32(112)), i32(112)),
                    I128));
            Value m = b.select(b.ugt(clamped, i32(112)), left, right);
            m = b.select(b.slt(e, i32(0)), i128(0), m);
            m = b.select(b.sgt(e, i32(127)), i128(-1), m);
            b.retBits(b.select(isNaN(b, a), i128(0), m));
        });
    }

    /** binary128 to the row's integer: truncated, saturated, NaN 0 (PTX cvt.rzi). */
    void toInteger(RuntimeFunction f, BodyBuilder b) {
        toInteger(f, b, b.arg(0));
    }

    /** binary128 {@code a} to the row's integer: truncated, saturated, NaN 0 (PTX cvt.rzi). */
    private void toInteger(RuntimeFunction f, BodyBuilder b, Value a) {
        int n = f.returnType().bits();
        boolean signed = f.opcode() == Opcode.FPTOSI;
        Value m = b.call(intPart(), a);
        Value negative = sign(b, a);
        Value r;
        if (signed) {
            BigInteger limit = BigInteger.ONE.shiftLeft(n - 1);
            Value max = i128(limit.subtract(BigInteger.ONE));
            Value pos = b.select(b.ugt(m, max), max, m);
            Value neg = b.sub(i128(0), b.select(b.ugt(m, i128(limit)), i128(limit), m));
            r = b.select(negative, neg, pos);
        } else {
            Value max = mask128(n);
            r = b.select(negative, i128(0), b.select(b.ugt(m, max), max, m));
        }
        b.retBits(b.zextOrTrunc(r, IntegerType.of(n)));
    }

    /** {@code __nvl_f128_fromMagnitude(sign, m)}: the binary128 nearest to ±m (exact up to 113 bits). */
    private Function fromMagnitude() {
        return helper("__nvl_f128_fromMagnitude", I128, List.of(I1, I128), new String[] {"sign", "m"}, b -> {
            Value m = b.arg(1);
            b.returnIf(b.eq(m, i128(0)), i128(0), "nonzero");
            Value shift = b.trunc(b.ctlz(m), I32);
            Value top = b.shl(m, b.zext(shift, I128));
            Value sig = b.call(shiftRightJam(I128), top, i32(1));
            b.retBits(b.call(roundPack(Format.F128), b.arg(0), b.sub(i32(BIAS + 126), shift), sig));
        });
    }

    void fromInteger(RuntimeFunction f, BodyBuilder b) {
        Value x = b.arg(0);
        boolean signed = f.opcode() == Opcode.SITOFP;
        if (!signed) {
            b.retBits(b.call(fromMagnitude(), i1(false), b.zextOrTrunc(x, I128)));
            return;
        }
        Value wide = b.sextOrTrunc(x, I128);
        Value negative = b.slt(wide, i128(0));
        Value m = b.select(negative, b.sub(i128(0), wide), wide);
        b.retBits(b.call(fromMagnitude(), negative, m));
    }

    /** The three formats the bodies round to, as data: width, exponent and fraction bits. */
    enum Format {
        F32(32, 8, 23), F64(64, 11, 52), F128(128, 15, 112);

        final int width;
        final int expBits;
        final int fracBits;

        Format(int width, int expBits, int fracBits) {
            this.width = width;
            this.expBits = expBits;
            this.fracBits = fracBits;
        }

        IntegerType type() {
            return IntegerType.of(width);
        }

        /** The format of a floating-point value type. */
        static Format of(ValueType t) {
            return switch (t) {
                case F32 -> F32;
                case F64 -> F64;
                case F128 -> F128;
                default -> throw new IllegalArgumentException(t + " is not a floating-point type");
            };
        }

        int bias() {
            return (1 << (expBits - 1)) - 1;
        }

        /** Bits below the last place when the leading one is at bit width - 2 (SoftFloat's roundPack). */
        int roundBits() {
            return width - 2 - fracBits;
        }

        BigInteger inf() {
            return BigInteger.ONE.shiftLeft(expBits).subtract(BigInteger.ONE).shiftLeft(fracBits);
        }

        /** The canonical NVPTX NaN: positive, every payload bit set. */
        BigInteger nan() {
            return BigInteger.ONE.shiftLeft(width - 1).subtract(BigInteger.ONE);
        }

        String prefix() {
            return "__nvl_f" + width;
        }
    }

    /**
     * {@code __nvl_f128_roundPack(sign, exp, sig)} (and {@code _f64_}, {@code _f32_}): SoftFloat's
     * roundPackToF128/F64/F32 for nearest even: the value nearest to
     * {@code sig * 2^(exp - bias - (width - 3))}, {@code sig}'s leading one at bit width - 2 (126,
     * 62, 30) or below for a subnormal result. Overflow gives infinity, a negative {@code exp} a
     * subnormal or zero (after shifting right with jamming).
     */
    Function roundPack(Format n) {
        IntegerType t = n.type();
        int rb = n.roundBits();
        long half = 1L << (rb - 1);
        return helper(n.prefix() + "_roundPack", t, List.of(I1, I32, t), new String[] {"sign", "exp", "sig"}, b -> {
            Value sign = b.arg(0);
            Value exp = b.arg(1);
            Value sig = b.arg(2);
            Value signBit = b.shl(b.zext(sign, t), constant(t, n.width - 1));
            BasicBlock tiny = b.createBlock("tiny");
            BasicBlock check = b.createBlock("check");
            BasicBlock inf = b.createBlock("overflow");
            BasicBlock round = b.createBlock("round");
            b.condBr(b.slt(exp, i32(0)), tiny, check);
            b.at(tiny);
            Value sigTiny = b.call(shiftRightJam(t), sig, b.sub(i32(0), exp));
            b.br(round);
            b.at(check);
            // beyond the largest exponent, or at it and rounding up to the next binade
            long maxExp = (1L << n.expBits) - 3;
            Value top = constant(t, BigInteger.ONE.shiftLeft(n.width - 1));
            Value carries = b.uge(b.add(sig, constant(t, half)), top);
            Value over = b.or(b.sgt(exp, i32(maxExp)), b.and(b.eq(exp, i32(maxExp)), carries));
            b.condBr(over, inf, round);
            b.at(inf);
            b.retBits(b.or(signBit, constant(t, n.inf())));
            b.at(round);
            PhiInst e = b.phi(I32, "e");
            e.addIncoming(i32(0), tiny);
            e.addIncoming(exp, check);
            PhiInst s = b.phi(t, "s");
            s.addIncoming(sigTiny, tiny);
            s.addIncoming(sig, check);
            Value roundBits = b.and(s, constant(t, (1L << rb) - 1));
            Value z = b.lshr(b.add(s, constant(t, half)), constant(t, rb));
            z = b.select(b.eq(roundBits, constant(t, half)), b.and(z, constant(t, -2)), z);
            Value ez = b.select(b.eq(z, constant(t, 0)), i32(0), e);
            // the significand's leading one (bit fracBits) adds one to the exponent field
            Value packed = b.add(b.shl(b.zextOrTrunc(ez, t), constant(t, n.fracBits)), z);
            b.retBits(b.or(signBit, packed));
        });
    }

    /** binary128 to float/double, rounded to nearest even (SoftFloat's f128_to_f32/f64). */
    void toNarrow(RuntimeFunction f, BodyBuilder b) {
        Format n = Format.of(f.returnType());
        IntegerType t = n.type();
        Value a = b.arg(0);
        Value sign = sign(b, a);
        Value signBit = b.shl(b.zext(sign, t), constant(t, n.width - 1));
        Value abs = b.and(a, mask128(127));
        b.returnIf(isNaN(b, a), constant(t, n.nan()), "numbers");
        b.returnIf(b.eq(abs, i128(F128_INF)), b.or(signBit, constant(t, n.inf())), "finite");
        b.returnIf(b.eq(abs, i128(0)), signBit, "nonzero");
        Value exp = exponent(b, a);
        Value sub = b.eq(exp, i32(0));
        Value sig = b.or(b.and(a, mask128(112)), b.select(sub, i128(0), bit128(112)));
        Value e = b.select(sub, i32(1), exp);
        Value narrow = b.trunc(b.call(shiftRightJam(I128), sig, i32(112 - (n.width - 2))), t);
        // SoftFloat's exponent offset: 0x3F81 for binary32, 0x3C01 for binary64
        int offset = BIAS - n.bias() + 1;
        b.retBits(b.call(roundPack(n), sign, b.sub(e, i32(offset)), narrow));
    }

    /** {@code __nvl_f32_toF128(x)} / {@code __nvl_f64_toF128}: the exact binary128 of a float/double. */
    private Function fromNarrow(Format n) {
        IntegerType t = n.type();
        return helper(n.prefix() + "_toF128", I128, List.of(t), new String[] {"x"}, b -> {
            Value x = b.arg(0);
            Value wide = b.zext(x, I128);
            Value sign = b.shl(b.lshr(wide, i128(n.width - 1)), i128(127));
            long expMax = (1L << n.expBits) - 1;
            Value exp = b.zextOrTrunc(b.and(b.lshr(x, constant(t, n.fracBits)), constant(t, expMax)), I32);
            Value frac = b.and(x, constant(t, (1L << n.fracBits) - 1));
            Value fracWide = b.zext(frac, I128);
            Value special = b.eq(exp, i32(expMax));
            b.returnIf(b.and(special, b.ne(frac, constant(t, 0))), i128(F128_NAN), "notNaN");
            b.returnIf(special, b.or(sign, i128(F128_INF)), "finite");
            b.returnIf(b.and(b.eq(exp, i32(0)), b.eq(frac, constant(t, 0))), sign, "nonzero");
            // a subnormal's leading one moves to the implicit place; its exponent drops below 1
            Value sub = b.eq(exp, i32(0));
            Value shift = b.sub(b.trunc(b.ctlz(fracWide), I32), i32(127 - n.fracBits));
            Value normFrac = b.and(b.shl(fracWide, b.zext(b.umin(shift, i32(127)), I128)), mask128(n.fracBits));
            Value f = b.select(sub, normFrac, fracWide);
            Value e = b.select(sub, b.sub(i32(1), shift), exp);
            Value e128 = b.zext(b.add(e, i32(BIAS - n.bias())), I128);
            Value bits = b.or(b.shl(e128, i128(112)), b.shl(f, i128(112 - n.fracBits)));
            b.retBits(b.or(sign, bits));
        });
    }

    /** (u)int128 to float/double, rounded once to nearest even. */
    void integerToNarrow(RuntimeFunction f, BodyBuilder b) {
        Format n = Format.of(f.returnType());
        IntegerType t = n.type();
        Value x = b.arg(0);
        Value negative = f.opcode() == Opcode.SITOFP ? b.slt(x, i128(0)) : i1(false);
        Value m = b.select(negative, b.sub(i128(0), x), x);
        b.returnIf(b.eq(m, i128(0)), constant(t, 0), "nonzero");
        Value shift = b.trunc(b.ctlz(m), I32);
        Value top = b.shl(m, b.zext(shift, I128));
        Value sig = b.trunc(b.call(shiftRightJam(I128), top, i32(128 - (n.width - 1))), t);
        // m = sig * 2^(129 - width - shift), sig's leading one at bit width - 2: roundPack's
        // exponent is bias + 126 - shift (SoftFloat's i64_to_f32 with 0x9C - shift, widened)
        int offset = n.bias() + 126;
        b.retBits(b.call(roundPack(n), negative, b.sub(i32(offset), shift), sig));
    }

    // ------------------------------------------------------------------ i128 division

    /**
     * {@code __nvl_u128_divRem(n, d)}: {quotient, remainder} of unsigned n / d, d not 0: shift
     * and subtract over the quotient's bits only ({@code clz(d) - clz(n) + 1} steps, at least 1).
     */
    private Function divRem() {
        Type pair = StructType.of(I128, I128);
        return helper("__nvl_u128_divRem", pair, List.of(I128, I128), new String[] {"n", "d"}, b -> {
            Value n = b.arg(0);
            Value d = b.arg(1);
            // the divisor's leading one under the dividend's (not above it: n < d takes one step)
            Value steps = b.sub(b.ctlz(d), b.ctlz(n));
            steps = b.select(b.slt(steps, i128(0)), i128(0), steps);
            Value d0 = b.shl(d, steps);
            BodyBuilder.Loop l = b.beginLoop();
            BasicBlock entry = l.entry();
            BasicBlock loop = l.loop();
            BasicBlock done = l.done();
            PhiInst q = b.phi(I128, "q");
            PhiInst r = b.phi(I128, "r");
            PhiInst dd = b.phi(I128, "dd");
            Value fits = b.uge(r, dd);
            Value q1 = b.or(b.shl(q, i128(1)), b.zext(fits, I128));
            Value r1 = b.select(fits, b.sub(r, dd), r);
            Value dd1 = b.lshr(dd, i128(1));
            b.loopBack(b.ne(dd, d), loop, done);
            q.addIncoming(i128(0), entry);
            q.addIncoming(q1, loop);
            r.addIncoming(n, entry);
            r.addIncoming(r1, loop);
            dd.addIncoming(d0, entry);
            dd.addIncoming(dd1, loop);
            b.at(done);
            Value small = org.nvlower.llvm.ir.Constants.poison(pair);
            b.retBits(b.insertValue(b.insertValue(small, q1, 0), r1, 1));
        });
    }

    /** udiv/urem/sdiv/srem on i128; by zero: quotient all ones, remainder the dividend (as PTX). */
    void integerDivision(RuntimeFunction f, BodyBuilder b) {
        Value n = b.arg(0);
        Value d = b.arg(1);
        boolean quotient = f == RuntimeFunction.UDIV128 || f == RuntimeFunction.IDIV128;
        boolean signed = f == RuntimeFunction.IDIV128 || f == RuntimeFunction.IREM128;
        b.returnIf(b.eq(d, i128(0)), quotient ? i128(-1) : n, "nonzero");
        if (!signed) {
            b.retBits(b.extractValue(b.call(divRem(), n, d), quotient ? 0 : 1));
            return;
        }
        Value negN = b.slt(n, i128(0));
        Value negD = b.slt(d, i128(0));
        Value absN = b.select(negN, b.sub(i128(0), n), n);
        Value absD = b.select(negD, b.sub(i128(0), d), d);
        Value v = b.extractValue(b.call(divRem(), absN, absD), quotient ? 0 : 1);
        Value negate = quotient ? b.xor(negN, negD) : negN;
        b.retBits(b.select(negate, b.sub(i128(0), v), v));
    }

    // ------------------------------------------------------------------ nvlower's extensions

    /** The bits of binary128 1.0. */
    static final BigInteger F128_ONE = BigInteger.valueOf(BIAS).shiftLeft(112);

    /**
     * The exact 226-bit product of two significands below 2^113, as {hi, lo} (bits 128.. and
     * 0..127), from four 64 x 64 -> 128 products.
     */
    static Value[] wideProduct(BodyBuilder b, Value sa, Value sb) {
        Value aLo = b.zext(b.trunc(sa, I64), I128);
        Value aHi = b.lshr(sa, i128(64));
        Value bLo = b.zext(b.trunc(sb, I64), I128);
        Value bHi = b.lshr(sb, i128(64));
        Value ll = b.mul(aLo, bLo);
        Value mid = b.add(b.mul(aHi, bLo), b.mul(aLo, bHi));
        Value lo = b.add(ll, b.shl(mid, i128(64)));
        Value carry = b.zext(b.ult(lo, ll), I128);
        Value hi = b.add(b.add(b.mul(aHi, bHi), b.lshr(mid, i128(64))), carry);
        return new Value[] {hi, lo};
    }

    /** {hi, lo} >> d with the bits shifted out jammed into bit 0; any d >= 0. */
    Value[] shiftRightJam256(BodyBuilder b, Value hi, Value lo, Value d) {
        Value small = b.umin(d, i32(127));
        Value ds = b.zext(small, I128);
        Value back = b.zext(b.sub(i32(127), small), I128);
        // x << (128 - d) as (x << 1) << (127 - d): 0 for d = 0, never a poison shift
        Value lostLo = b.ne(b.shl(b.shl(lo, i128(1)), back), i128(0));
        Value loSmall = b.or(b.or(b.lshr(lo, ds), b.shl(b.shl(hi, i128(1)), back)), b.zext(lostLo, I128));
        Value hiSmall = b.lshr(hi, ds);
        Value loBig = b.or(b.call(shiftRightJam(I128), hi, b.sub(d, i32(128))),
                b.zext(b.ne(lo, i128(0)), I128));
        Value big = b.uge(d, i32(128));
        return new Value[] {b.select(big, i128(0), hiSmall), b.select(big, loBig, loSmall)};
    }

    /**
     * fma(a, b, c) = a * b + c rounded once (also llvm.fmuladd: one fused operation). The exact
     * product (226 bits) and c's significand (at the product's scale, leading one at bit 224) are
     * 256-bit pairs; the one with the smaller exponent is shifted right with jamming, except that
     * c is shifted left (exactly) when it leads by at most 29 places, so that no bit is jammed where
     * a cancellation could bring it up to the rounding place. The sum or difference is then
     * collapsed to 128 bits (jammed) with its leading one at bit 126 and rounded.
     */
    void fma(RuntimeFunction f, BodyBuilder b) {
        Value a = b.arg(0);
        Value x = b.arg(1);
        Value c = b.arg(2);
        Value signP = sign(b, b.xor(a, x));
        Value absA = b.and(a, mask128(127));
        Value absX = b.and(x, mask128(127));
        Value absC = b.and(c, mask128(127));
        Value infA = b.eq(absA, i128(F128_INF));
        Value infX = b.eq(absX, i128(F128_INF));
        Value infC = b.eq(absC, i128(F128_INF));
        Value zeroA = b.eq(absA, i128(0));
        Value zeroX = b.eq(absX, i128(0));
        Value infP = b.or(infA, infX);
        Value differ = b.ne(signP, sign(b, c));
        Value invalid = b.or(b.or(b.or(isNaN(b, a), isNaN(b, x)), isNaN(b, c)),
                b.or(b.or(b.and(infA, zeroX), b.and(infX, zeroA)), b.and(b.and(infP, infC), differ)));
        b.returnIf(invalid, i128(F128_NAN), "valid");
        b.returnIf(infP, b.or(signBits(b, signP), i128(F128_INF)), "finiteProduct");
        b.returnIf(infC, c, "finite");
        // a zero product: the sum is c, or a signed zero by add's rules
        b.returnIf(b.or(zeroA, zeroX), b.call(add(), signBits(b, signP), c), "nonzero");
        Value na = b.call(normSig(), a);
        Value nx = b.call(normSig(), x);
        Value[] p = wideProduct(b, b.extractValue(na, 1), b.extractValue(nx, 1));
        Value eP = b.sub(b.add(b.extractValue(na, 0), b.extractValue(nx, 0)), i32(BIAS));
        // c's significand at the product's scale: value = X * 2^(e - BIAS - 224) for both
        Value zeroC = b.eq(absC, i128(0));
        Value nc = b.call(normSig(), b.select(zeroC, i128(F128_ONE), c));
        Value sc = b.select(zeroC, i128(0), b.extractValue(nc, 1));
        Value eC = b.select(zeroC, eP, b.extractValue(nc, 0));
        Value cHi = b.lshr(sc, i128(16));
        Value cLo = b.shl(sc, i128(112));
        Value dd = b.sub(eC, eP);
        Value cLeads = b.sgt(dd, i32(0));
        Value far = b.sgt(dd, i32(29));
        // c right (dd <= 0), c left by dd (0 < dd <= 29), or the product right (dd > 29)
        Value[] cRight = shiftRightJam256(b, cHi, cLo, b.select(cLeads, i32(0), b.sub(i32(0), dd)));
        Value up = b.zext(b.select(far, i32(0), b.select(cLeads, dd, i32(0))), I128);
        Value cLeftHi = b.or(b.shl(cHi, up), b.lshr(b.lshr(cLo, i128(1)), b.sub(i128(127), up)));
        Value cLeftLo = b.shl(cLo, up);
        Value[] pRight = shiftRightJam256(b, p[0], p[1], b.select(far, dd, i32(0)));
        Value xHi = b.named(b.select(far, pRight[0], p[0]), "pHi");
        Value xLo = b.named(b.select(far, pRight[1], p[1]), "pLo");
        Value yHi = b.named(b.select(cLeads, b.select(far, cHi, cLeftHi), cRight[0]), "cHi");
        Value yLo = b.named(b.select(cLeads, b.select(far, cLo, cLeftLo), cRight[1]), "cLo");
        Value eR = b.select(far, eC, eP);
        // same signs add; different subtract the smaller magnitude from the larger
        Value sumLo = b.add(xLo, yLo);
        Value sumHi = b.add(b.add(xHi, yHi), b.zext(b.ult(sumLo, xLo), I128));
        Value yBigger = b.or(b.ugt(yHi, xHi), b.and(b.eq(yHi, xHi), b.ugt(yLo, xLo)));
        Value bigHi = b.select(yBigger, yHi, xHi);
        Value bigLo = b.select(yBigger, yLo, xLo);
        Value smallHi = b.select(yBigger, xHi, yHi);
        Value smallLo = b.select(yBigger, xLo, yLo);
        Value difLo = b.sub(bigLo, smallLo);
        Value difHi = b.sub(b.sub(bigHi, smallHi), b.zext(b.ult(bigLo, smallLo), I128));
        Value rHi = b.named(b.select(differ, difHi, sumHi), "rHi");
        Value rLo = b.named(b.select(differ, difLo, sumLo), "rLo");
        Value signR = b.select(b.and(differ, yBigger), sign(b, c), signP);
        b.returnIf(b.eq(b.or(rHi, rLo), i128(0)), i128(0), "inexactOrNonzero");
        // leading zeros of the 256-bit result (at least 1: it is below 2^255)
        Value z = b.trunc(b.select(b.eq(rHi, i128(0)), b.add(b.ctlz(rLo), i128(128)), b.ctlz(rHi)), I32);
        // to 128 bits with the leading one at bit 126: right by k = 129 - z (jammed), or left
        Value k = b.sub(i32(129), z);
        Value[] t = shiftRightJam256(b, rHi, rLo, b.select(b.slt(k, i32(0)), i32(0), k));
        Value left = b.shl(rLo, b.zext(b.select(b.slt(k, i32(0)), b.sub(i32(0), k), i32(0)), I128));
        Value sig = b.select(b.slt(k, i32(0)), left, t[1]);
        b.retBits(b.call(roundPack(Format.F128), signR, b.sub(b.add(eR, i32(30)), z), sig));
    }

    /**
     * sqrt(a): the root's 116 bits digit by digit (restoring, two radicand bits per step, the
     * remainder below 2^118), the remainder's nonzero-ness jammed, then rounded once. An odd
     * exponent doubles the significand first, so the root's exponent is half an even one.
     */
    void sqrt(RuntimeFunction f, BodyBuilder b) {
        Value a = b.arg(0);
        Value abs = b.and(a, mask128(127));
        b.returnIf(isNaN(b, a), i128(F128_NAN), "number");
        b.returnIf(b.eq(abs, i128(0)), a, "nonzero");
        b.returnIf(sign(b, a), i128(F128_NAN), "positive");
        b.returnIf(b.eq(abs, i128(F128_INF)), a, "finite");
        Value n = b.call(normSig(), a);
        Value e = b.sub(b.extractValue(n, 0), i32(BIAS));
        Value odd = b.ne(b.and(e, i32(1)), i32(0));
        Value sig = b.extractValue(n, 1);
        Value x = b.select(odd, b.shl(sig, i128(1)), sig);
        Value half = b.ashr(b.select(odd, b.sub(e, i32(1)), e), i32(1));
        Value xs0 = b.shl(x, i128(14));
        BodyBuilder.Loop l = b.beginLoop();
        BasicBlock entry = l.entry();
        BasicBlock loop = l.loop();
        BasicBlock done = l.done();
        PhiInst q = b.phi(I128, "q");
        PhiInst r = b.phi(I128, "r");
        PhiInst xs = b.phi(I128, "xs");
        PhiInst i = b.phi(I32, "i");
        Value r2 = b.or(b.shl(r, i128(2)), b.lshr(xs, i128(126)));
        Value trial = b.or(b.shl(q, i128(2)), i128(1));
        Value fits = b.uge(r2, trial);
        Value q1 = b.or(b.shl(q, i128(1)), b.zext(fits, I128));
        Value r1 = b.select(fits, b.sub(r2, trial), r2);
        Value i1 = b.add(i, i32(1));
        Value xs1 = b.shl(xs, i128(2));
        b.loopBack(b.ult(i1, i32(116)), loop, done);
        q.addIncoming(i128(0), entry);
        q.addIncoming(q1, loop);
        r.addIncoming(i128(0), entry);
        r.addIncoming(r1, loop);
        xs.addIncoming(xs0, entry);
        xs.addIncoming(xs1, loop);
        i.addIncoming(i32(0), entry);
        i.addIncoming(i1, loop);
        b.at(done);
        Value root = b.or(b.shl(q1, i128(11)), b.zext(b.ne(r1, i128(0)), I128));
        b.retBits(b.call(roundPack(Format.F128), i1(false), b.add(half, i32(BIAS - 1)), root));
    }

    /**
     * a rounded to an integral value in mode {@code rm} (SoftFloat's f128_roundToInt on the
     * encoding): below 1 the result is 0 or 1 with a's sign; else the fraction bits below the
     * binary point are cleared and one unit added when the mode rounds the magnitude up (a carry
     * into the exponent field is the next binade).
     */
    void roundToInt(BodyBuilder b, org.nvlower.softfloat.RoundingMode rm) {
        Value a = b.arg(0);
        Value abs = b.and(a, mask128(127));
        Value signA = b.and(a, bit128(127));
        Value negative = sign(b, a);
        Value exp = exponent(b, a);
        b.returnIf(isNaN(b, a), i128(F128_NAN), "number");
        b.returnIf(b.uge(exp, i32(BIAS + 112)), a, "fraction");
        BasicBlock small = b.createBlock("belowOne");
        BasicBlock big = b.createBlock("atLeastOne");
        b.condBr(b.ult(exp, i32(BIAS)), small, big);
        b.at(small);
        Value nonzero = b.ne(abs, i128(0));
        Value halfBits = pow2(-1);
        Value toOne = switch (rm) {
            case MIN -> b.and(negative, nonzero);
            case MAX -> b.and(b.xor(negative, i1(true)), nonzero);
            case MIN_MAG -> i1(false);
            case NEAR_MAX_MAG -> b.uge(abs, halfBits);
            case NEAR_EVEN -> b.ugt(abs, halfBits);
            default -> throw new IllegalArgumentException("no integral rounding in mode " + rm);
        };
        b.retBits(b.or(signA, b.select(toOne, i128(F128_ONE), i128(0))));
        b.at(big);
        Value fracBits = b.zext(b.sub(i32(BIAS + 112), exp), I128);
        Value unit = b.shl(i128(1), fracBits);
        Value mask = b.sub(unit, i128(1));
        Value frac = b.and(abs, mask);
        Value halfUnit = b.lshr(unit, i128(1));
        Value up = switch (rm) {
            case MIN -> b.and(negative, b.ne(frac, i128(0)));
            case MAX -> b.and(b.xor(negative, i1(true)), b.ne(frac, i128(0)));
            case MIN_MAG -> i1(false);
            case NEAR_MAX_MAG -> b.uge(frac, halfUnit);
            case NEAR_EVEN -> b.or(b.ugt(frac, halfUnit),
                    b.and(b.eq(frac, halfUnit), b.ne(b.and(abs, unit), i128(0))));
            default -> throw new IllegalArgumentException("no integral rounding in mode " + rm);
        };
        Value truncated = b.xor(abs, frac);
        b.retBits(b.or(signA, b.add(truncated, b.select(up, unit, i128(0)))));
    }

    /** minnum/maxnum (a NaN operand ignored) or minimum/maximum ({@code nanWins}); -0 below +0. */
    void minMax(BodyBuilder b, boolean max, boolean nanWins) {
        Value a = b.arg(0);
        Value c = b.arg(1);
        Value nanA = isNaN(b, a);
        Value nanC = isNaN(b, c);
        Value nan = nanWins ? b.or(nanA, nanC) : b.and(nanA, nanC);
        b.returnIf(nan, i128(F128_NAN), "notNaN");
        if (!nanWins) {
            b.returnIf(nanA, c, "aNumber");
            b.returnIf(nanC, a, "numbers");
        }
        Value rel = b.call(relation(), a, c);
        // equal (+0 and -0, or the same bits): the negative one is the minimum
        Value equalPickA = max ? b.xor(sign(b, a), i1(true)) : sign(b, a);
        Value pickA = b.select(b.eq(rel, i32(2)), equalPickA, b.eq(rel, i32(max ? 4 : 1)));
        b.retBits(b.select(pickA, a, c));
    }

    /** The class of a as one bit of llvm.is.fpclass's mask: 0 sNaN, 1 qNaN, 2 -inf ... 9 +inf. */
    void fpclass(RuntimeFunction f, BodyBuilder b) {
        Value a = b.arg(0);
        Value abs = b.and(a, mask128(127));
        Value negative = sign(b, a);
        Value exp = exponent(b, a);
        Value quiet = b.ne(b.and(a, bit128(111)), i128(0));
        // by magnitude: zero 0, subnormal 1, normal 2, infinity 3 (from the sign's side)
        Value kind = b.select(b.eq(abs, i128(0)), i32(0), b.select(b.eq(exp, i32(0)), i32(1),
                b.select(b.ult(exp, i32(0x7FFF)), i32(2), i32(3))));
        Value bit = b.select(negative, b.sub(i32(5), kind), b.add(i32(6), kind));
        bit = b.select(isNaN(b, a), b.select(quiet, i32(1), i32(0)), bit);
        b.retBits(b.shl(i32(1), bit));
    }

    /** A call of the runtime function {@code row} (defined here if needed) on binary128 bits, giving bits. */
    Value callRow(BodyBuilder b, RuntimeFunction row, Value... bits) {
        return callRow(b, row, false, bits);
    }

    /**
     * {@link #callRow} marked {@code noinline} at the call site, so that an optimizer keeps the row
     * a call: the quad math bodies make hundreds of row calls each, and opt -O2 inlining them all
     * turned a kernel calling seven of those functions into 22 MB of PTX (ptxas -O0: 122 s of CPU).
     * A user's own fp128 operations still inline the rows.
     */
    Value callRowOutOfLine(BodyBuilder b, RuntimeFunction row, Value... bits) {
        return callRow(b, row, true, bits);
    }

    private Value callRow(BodyBuilder b, RuntimeFunction row, boolean outOfLine, Value... bits) {
        Function fn = define(row);
        Value[] args = new Value[bits.length];
        for (int i = 0; i < bits.length; i++) {
            Type want = fn.functionType().params().get(i);
            args[i] = want == bits[i].type() ? bits[i] : b.bitcast(bits[i], want);
        }
        Value r = b.call(fn, args);
        if (outOfLine && r instanceof org.nvlower.llvm.ir.CallInst call) {
            call.setDetail(call.detail().withFnAttributes(AttributeSet.words("noinline"), List.of()));
        }
        return r.type() == org.nvlower.llvm.ir.FloatType.FP128 ? b.bitcast(r, I128) : r;
    }

    /** compiler-rt's __powitf2 over __nv_mul_fp128 and __nv_div_fp128: square and multiply, 1/r for n < 0. */
    void powi(RuntimeFunction f, BodyBuilder b) {
        Value a = b.arg(0);
        Value n = b.arg(1);
        BodyBuilder.Loop l = b.beginLoop("square");
        PhiInst x = b.phi(I128, "x");
        PhiInst r = b.phi(I128, "r");
        PhiInst k = b.phi(I32, "k");
        Value times = callRow(b, RuntimeFunction.MUL_FP128, r, x);
        Value r1 = b.select(b.ne(b.and(k, i32(1)), i32(0)), times, r);
        // k / 2 toward zero, as C's b /= 2
        Value k1 = b.ashr(b.add(k, b.lshr(k, i32(31))), i32(1));
        b.condBr(b.eq(k1, i32(0)), l.done(), l.body());
        b.at(l.body());
        Value x1 = callRow(b, RuntimeFunction.MUL_FP128, x, x);
        b.loopBack(l.loop());
        x.addIncoming(a, l.entry());
        x.addIncoming(x1, l.body());
        r.addIncoming(i128(F128_ONE), l.entry());
        r.addIncoming(r1, l.body());
        k.addIncoming(n, l.entry());
        k.addIncoming(k1, l.body());
        b.at(l.done());
        b.retBits(b.select(b.slt(n, i32(0)), callRow(b, RuntimeFunction.DIV_FP128, i128(F128_ONE), r1), r1));
    }

    /** ldexp(a, n) = a * 2^n rounded once: a's exponent moved by n (clamped far beyond the range), then roundPack. */
    void ldexp(RuntimeFunction f, BodyBuilder b) {
        Value a = b.arg(0);
        Value n = b.arg(1);
        Value abs = b.and(a, mask128(127));
        b.returnIf(isNaN(b, a), i128(F128_NAN), "number");
        b.returnIf(b.or(b.eq(abs, i128(0)), b.eq(abs, i128(F128_INF))), a, "finiteNonzero");
        Value ns = b.select(b.sgt(n, i32(70000)), i32(70000), b.select(b.slt(n, i32(-70000)), i32(-70000), n));
        Value norm = b.call(normSig(), a);
        Value exp = b.add(b.extractValue(norm, 0), ns);
        b.retBits(b.call(roundPack(Format.F128), sign(b, a), b.sub(exp, i32(1)),
                b.shl(b.extractValue(norm, 1), i128(14))));
    }

    /** frexp's fraction: a's significand with the exponent of [0.5, 1); zeros and infinities as they are. */
    void frexp(RuntimeFunction f, BodyBuilder b) {
        Value a = b.arg(0);
        Value abs = b.and(a, mask128(127));
        b.returnIf(isNaN(b, a), i128(F128_NAN), "number");
        b.returnIf(b.or(b.eq(abs, i128(0)), b.eq(abs, i128(F128_INF))), a, "finiteNonzero");
        Value sig = b.extractValue(b.call(normSig(), a), 1);
        Value bits = b.or(b.and(sig, mask128(112)), pow2(-1));
        b.retBits(b.or(b.and(a, bit128(127)), bits));
    }

    /** frexp's exponent: a = fraction * 2^e; 0 for zeros, infinities and NaNs. */
    void frexpExponent(RuntimeFunction f, BodyBuilder b) {
        Value a = b.arg(0);
        Value abs = b.and(a, mask128(127));
        Value special = b.or(b.eq(abs, i128(0)), b.uge(abs, i128(F128_INF)));
        b.returnIf(special, i32(0), "finiteNonzero");
        b.retBits(b.sub(b.extractValue(b.call(normSig(), a), 0), i32(BIAS - 1)));
    }

    /** C fdim: a - b (rounded) when a > b, else +0; NaN for a NaN operand. */
    void fdim(RuntimeFunction f, BodyBuilder b) {
        Value a = b.arg(0);
        Value c = b.arg(1);
        b.returnIf(b.or(isNaN(b, a), isNaN(b, c)), i128(F128_NAN), "numbers");
        Value greater = b.eq(b.call(relation(), a, c), i32(4));
        b.returnIf(b.xor(greater, i1(true)), i128(0), "greater");
        b.retBits(b.call(add(), a, b.xor(c, bit128(127))));
    }

    /** C nextafter: one unit of the encoding toward b (the magnitude up or down); b when equal. */
    void nextafter(RuntimeFunction f, BodyBuilder b) {
        Value a = b.arg(0);
        Value c = b.arg(1);
        b.returnIf(b.or(isNaN(b, a), isNaN(b, c)), i128(F128_NAN), "numbers");
        Value rel = b.call(relation(), a, c);
        b.returnIf(b.eq(rel, i32(2)), c, "differ");
        Value abs = b.and(a, mask128(127));
        b.returnIf(b.eq(abs, i128(0)), b.or(b.and(c, bit128(127)), i128(1)), "nonzero");
        Value up = b.xor(b.eq(rel, i32(1)), sign(b, a));
        b.retBits(b.select(up, b.add(a, i128(1)), b.sub(a, i128(1))));
    }

    /**
     * C remainder (IEEE): |a| reduced modulo 2|b| by fmod (when 2|b| is finite), then |b|
     * subtracted once or twice (exactly, Sterbenz) while the rest exceeds |b|/2, a tie keeping the
     * even quotient; the sign of a applied last. |b|/2 is exact unless |b| is tiny, where the rest
     * is doubled instead (exactly).
     */
    void remainder(RuntimeFunction f, BodyBuilder b) {
        Value a = b.arg(0);
        Value c = b.arg(1);
        Value absA = b.and(a, mask128(127));
        Value p = b.named(b.and(c, mask128(127)), "p");
        Value invalid = b.or(b.or(isNaN(b, a), isNaN(b, c)), b.or(b.eq(absA, i128(F128_INF)), b.eq(p, i128(0))));
        b.returnIf(invalid, i128(F128_NAN), "valid");
        b.returnIf(b.eq(p, i128(F128_INF)), a, "finiteDivisor");
        Value unit = bit128(112);
        Value twoP = b.select(b.eq(exponent(b, p), i32(0)), b.shl(p, i128(1)), b.add(p, unit));
        Value reduce = b.ult(p, i128(BigInteger.valueOf(0x7FFE).shiftLeft(112)));
        Value reduced = callRow(b, RuntimeFunction.REM_FP128, absA, b.select(reduce, twoP, i128(F128_ONE)));
        Value x = b.named(b.select(reduce, reduced, absA), "x");
        Value signA = b.and(a, bit128(127));
        b.returnIf(b.eq(x, i128(0)), signA, "nonzero");
        Value tiny = b.ult(exponent(b, p), i32(2));
        Value halfP = b.sub(p, unit);
        Value over1 = b.select(tiny, b.ugt(doubled(b, x), p), b.ugt(x, halfP));
        Value x1 = b.select(over1, callRow(b, RuntimeFunction.SUB_FP128, x, p), x);
        Value over2 = b.and(b.and(over1, b.xor(sign(b, x1), i1(true))),
                b.select(tiny, b.uge(doubled(b, x1), p), b.uge(x1, halfP)));
        Value x2 = b.select(over2, callRow(b, RuntimeFunction.SUB_FP128, x1, p), x1);
        b.retBits(b.xor(x2, signA));
    }

    /** 2v for a nonnegative binary128 v far below the overflow threshold, exactly (a subnormal shifts). */
    private static Value doubled(BodyBuilder b, Value v) {
        return b.select(b.eq(exponent(b, v), i32(0)), b.shl(v, i128(1)), b.add(v, bit128(112)));
    }
}
