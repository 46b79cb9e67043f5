package org.nvlower.llvm.pass;

import java.math.BigInteger;
import java.util.function.BinaryOperator;

import org.nvlower.llvm.ir.Argument;
import org.nvlower.llvm.ir.BinaryInst;
import org.nvlower.llvm.ir.CastInst;
import org.nvlower.llvm.ir.CmpInst;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantFP;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.Constants;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.InstFlag;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.PhiInst;
import org.nvlower.llvm.ir.Predicate;
import org.nvlower.llvm.ir.SelectInst;
import org.nvlower.llvm.ir.UnaryInst;
import org.nvlower.llvm.ir.Value;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.ExceptionFlags;
import org.nvlower.softfloat.F32;
import org.nvlower.softfloat.F64;
import org.nvlower.softfloat.FcmpPredicate;
import org.nvlower.softfloat.RoundingMode;

/**
 * Folds one instruction whose operands are constants, as InstSimplify does for the shapes
 * NVVMReflect leaves: integer compares, arithmetic, shifts and casts; float arithmetic, compares
 * and conversions of {@code float} and {@code double} (computed with {@code softfloat}, round to
 * nearest even, so every folded value is the IEEE result bit for bit); selects on a constant
 * condition or with equal arms; phis whose entries are one value.
 *
 * <p>It declines (returns null) whenever the GPU could compute something else or LLVM would
 * produce poison: a NaN result (the GPU's NaN encoding is the hardware's), an f32 subnormal
 * operand or result (flushed under {@code -ftz}), a signed/unsigned wrap under {@code nsw}/{@code nuw},
 * an inexact {@code exact} operation, division by zero, a shift by the width or more, a
 * float-to-integer conversion out of range, and vectors.
 */
public final class ConstantFolder {

    private ConstantFolder() {
    }

    /** The value {@code inst} always has (a constant, or for selects and phis one of its operands), or null. */
    public static Value fold(Instruction inst) {
        return switch (inst) {
            case CmpInst c -> compare(c);
            case BinaryInst b -> binary(b);
            case UnaryInst u -> fneg(u.value()); // fneg, LLVM's only unary operator
            case CastInst c -> cast(c);
            case SelectInst s -> select(s);
            case PhiInst p -> phi(p);
            default -> null;
        };
    }

    // ------------------------------------------------------------------ integers

    private static Value compare(CmpInst c) {
        if (c.lhs() instanceof ConstantInt a && c.rhs() instanceof ConstantInt b) {
            return Constants.i1(icmp(c.predicate(), a, b));
        }
        if (c.lhs() instanceof ConstantFP a && c.rhs() instanceof ConstantFP b && a.type() == b.type()
                && isIeee(a.type())) {
            if (isF32Subnormal(a) || isF32Subnormal(b)) {
                return null;
            }
            FcmpPredicate p = FcmpPredicate.fromLlvmName(c.predicate().keyword());
            Env env = new Env();
            boolean r = a.type() == FloatType.FLOAT ? F32.fcmp(p, a.bits().intValue(), b.bits().intValue(), env)
                    : F64.fcmp(p, a.bits().longValue(), b.bits().longValue(), env);
            return Constants.i1(r);
        }
        return null;
    }

    static boolean icmp(Predicate p, ConstantInt a, ConstantInt b) {
        int s = a.signedValue().compareTo(b.signedValue());
        int u = a.unsignedValue().compareTo(b.unsignedValue());
        return switch (p) {
            case EQ -> u == 0;
            case NE -> u != 0;
            case IUGT -> u > 0;
            case IUGE -> u >= 0;
            case IULT -> u < 0;
            case IULE -> u <= 0;
            case SGT -> s > 0;
            case SGE -> s >= 0;
            case SLT -> s < 0;
            case SLE -> s <= 0;
            default -> throw new IllegalArgumentException("not an icmp predicate: " + p);
        };
    }

    private static Value binary(BinaryInst inst) {
        if (inst.lhs() instanceof ConstantInt a && inst.rhs() instanceof ConstantInt b) {
            return integerBinary(inst, a, b);
        }
        if (inst.lhs() instanceof ConstantFP a && inst.rhs() instanceof ConstantFP b && a.type() == b.type()
                && isIeee(a.type())) {
            return floatBinary(inst.opcode(), a, b);
        }
        return null;
    }

    private static Value integerBinary(Instruction inst, ConstantInt a, ConstantInt b) {
        IntegerType t = a.type();
        int bits = t.bits();
        BigInteger ua = a.unsignedValue();
        BigInteger ub = b.unsignedValue();
        BigInteger sa = a.signedValue();
        BigInteger sb = b.signedValue();
        boolean nsw = inst.hasFlag(InstFlag.NSW);
        boolean nuw = inst.hasFlag(InstFlag.NUW);
        boolean exact = inst.hasFlag(InstFlag.EXACT);
        BigInteger result;
        switch (inst.opcode()) {
            case ADD, SUB, MUL -> {
                BinaryOperator<BigInteger> op = switch (inst.opcode()) {
                    case ADD -> BigInteger::add;
                    case SUB -> BigInteger::subtract;
                    default -> BigInteger::multiply;
                };
                BigInteger su = op.apply(ua, ub);
                BigInteger ss = op.apply(sa, sb);
                if (nuw && (su.signum() < 0 || su.bitLength() > bits) || nsw && !fitsSigned(ss, bits)) {
                    return null;
                }
                result = su;
            }
            case AND -> result = ua.and(ub);
            case OR -> result = ua.or(ub);
            case XOR -> result = ua.xor(ub);
            case SHL, LSHR, ASHR -> {
                if (ub.compareTo(BigInteger.valueOf(bits)) >= 0) {
                    return null;
                }
                int n = ub.intValue();
                if (inst.opcode() == Opcode.SHL) {
                    result = ua.shiftLeft(n);
                    if (nuw && result.bitLength() > bits || nsw && !fitsSigned(sa.shiftLeft(n), bits)) {
                        return null;
                    }
                } else {
                    BigInteger shifted = inst.opcode() == Opcode.LSHR ? ua : sa; // logical or arithmetic
                    result = shifted.shiftRight(n);
                    if (exact && !result.shiftLeft(n).equals(shifted)) {
                        return null;
                    }
                }
            }
            case UDIV, UREM -> {
                if (ub.signum() == 0) {
                    return null;
                }
                BigInteger[] qr = ua.divideAndRemainder(ub);
                if (exact && qr[1].signum() != 0) {
                    return null;
                }
                result = inst.opcode() == Opcode.UDIV ? qr[0] : qr[1];
            }
            case SDIV, SREM -> {
                if (sb.signum() == 0 || !fitsSigned(sa.divide(sb), bits)) {
                    return null; // division by zero or INT_MIN / -1
                }
                BigInteger[] qr = sa.divideAndRemainder(sb); // truncating, as LLVM
                if (exact && qr[1].signum() != 0) {
                    return null;
                }
                result = inst.opcode() == Opcode.SDIV ? qr[0] : qr[1];
            }
            default -> {
                return null;
            }
        }
        return Constants.integer(t, result);
    }

    private static boolean fitsSigned(BigInteger v, int bits) {
        return v.bitLength() <= bits - 1;
    }

    // ------------------------------------------------------------------ floating point

    private static boolean isIeee(FloatType t) {
        return t == FloatType.FLOAT || t == FloatType.DOUBLE;
    }

    private static boolean isF32Subnormal(ConstantFP c) {
        if (c.type() != FloatType.FLOAT) {
            return false;
        }
        int bits = c.bits().intValue();
        return (bits & 0x7f800000) == 0 && (bits & 0x007fffff) != 0;
    }

    /** The constant, or null when it is a NaN or an f32 subnormal (see the class comment). */
    private static ConstantFP checked(FloatType t, long bits) {
        ConstantFP c = t == FloatType.FLOAT
                ? new ConstantFP(t, BigInteger.valueOf(bits & 0xffffffffL))
                : new ConstantFP(t, new BigInteger(Long.toUnsignedString(bits)));
        boolean nan = t == FloatType.FLOAT ? F32.isNaN((int) bits) : F64.isNaN(bits);
        return nan || isF32Subnormal(c) ? null : c;
    }

    private static Value floatBinary(Opcode op, ConstantFP a, ConstantFP b) {
        if (isF32Subnormal(a) || isF32Subnormal(b) || isNaN(a) || isNaN(b)) {
            return null;
        }
        Env env = new Env();
        if (a.type() == FloatType.FLOAT) {
            int x = a.bits().intValue();
            int y = b.bits().intValue();
            Integer r = switch (op) {
                case FADD -> F32.add(x, y, RoundingMode.NEAR_EVEN, env);
                case FSUB -> F32.sub(x, y, RoundingMode.NEAR_EVEN, env);
                case FMUL -> F32.mul(x, y, RoundingMode.NEAR_EVEN, env);
                case FDIV -> F32.div(x, y, RoundingMode.NEAR_EVEN, env);
                case FREM -> F32.fmod(x, y, env);
                default -> null;
            };
            return r == null ? null : checked(FloatType.FLOAT, r);
        }
        long x = a.bits().longValue();
        long y = b.bits().longValue();
        Long r = switch (op) {
            case FADD -> F64.add(x, y, RoundingMode.NEAR_EVEN, env);
            case FSUB -> F64.sub(x, y, RoundingMode.NEAR_EVEN, env);
            case FMUL -> F64.mul(x, y, RoundingMode.NEAR_EVEN, env);
            case FDIV -> F64.div(x, y, RoundingMode.NEAR_EVEN, env);
            case FREM -> F64.fmod(x, y, env);
            default -> null;
        };
        return r == null ? null : checked(FloatType.DOUBLE, r);
    }

    private static boolean isNaN(ConstantFP c) {
        return c.type() == FloatType.FLOAT ? F32.isNaN(c.bits().intValue()) : F64.isNaN(c.bits().longValue());
    }

    private static Value fneg(Value v) {
        if (v instanceof ConstantFP c && isIeee(c.type()) && !isNaN(c) && !isF32Subnormal(c)) {
            return new ConstantFP(c.type(), c.bits().flipBit(c.type().bits() - 1));
        }
        return null;
    }

    private static Value cast(CastInst c) {
        Value v = c.value();
        if (v instanceof ConstantInt i && c.type() instanceof IntegerType to) {
            return switch (c.opcode()) {
                case TRUNC -> truncate(c, i, to);
                case ZEXT -> c.hasFlag(InstFlag.NNEG) && i.signedValue().signum() < 0 ? null
                        : Constants.integer(to, i.unsignedValue());
                case SEXT -> Constants.integer(to, i.signedValue());
                default -> null;
            };
        }
        if (c.opcode() == Opcode.BITCAST) {
            if (v instanceof ConstantInt i && c.type() instanceof FloatType to && isIeee(to)) {
                return checked(to, i.unsignedValue().longValue());
            }
            if (v instanceof ConstantFP f && c.type() instanceof IntegerType to && isIeee(f.type()) && !isNaN(f)) {
                return Constants.integer(to, f.bits());
            }
        }
        if (v instanceof ConstantFP f && isIeee(f.type()) && !isNaN(f) && !isF32Subnormal(f)) {
            return floatCast(c.opcode(), f, c);
        }
        boolean unsigned = c.opcode() == Opcode.UITOFP;
        if (v instanceof ConstantInt i && c.type() instanceof FloatType to && isIeee(to)
                && (unsigned || c.opcode() == Opcode.SITOFP) && i.type().bits() <= 64) {
            Env env = new Env();
            long x = unsigned ? i.unsignedValue().longValue() : i.signedValue().longValue();
            long bits = to == FloatType.FLOAT
                    ? (unsigned ? F32.fromUI64(x, RoundingMode.NEAR_EVEN, env) : F32.fromI64(x, RoundingMode.NEAR_EVEN, env))
                    : (unsigned ? F64.fromUI64(x, RoundingMode.NEAR_EVEN, env) : F64.fromI64(x, RoundingMode.NEAR_EVEN, env));
            return checked(to, bits);
        }
        return null;
    }

    private static Value truncate(CastInst c, ConstantInt i, IntegerType to) {
        boolean nuw = c.hasFlag(InstFlag.NUW);
        boolean nsw = c.hasFlag(InstFlag.NSW);
        if (nuw && i.unsignedValue().bitLength() > to.bits() || nsw && !fitsSigned(i.signedValue(), to.bits())) {
            return null;
        }
        return Constants.integer(to, i.unsignedValue());
    }

    private static Value floatCast(Opcode op, ConstantFP f, CastInst c) {
        Env env = new Env();
        boolean single = f.type() == FloatType.FLOAT;
        int x32 = f.bits().intValue();
        long x64 = f.bits().longValue();
        switch (op) {
            case FPEXT -> {
                return single && c.type() == FloatType.DOUBLE ? checked(FloatType.DOUBLE, F32.toF64(x32, env)) : null;
            }
            case FPTRUNC -> {
                return !single && c.type() == FloatType.FLOAT ? checked(FloatType.FLOAT, F64.toF32(x64, RoundingMode.NEAR_EVEN, env)) : null;
            }
            case FPTOSI, FPTOUI -> {
                if (!(c.type() instanceof IntegerType to) || to.bits() > 64) {
                    return null;
                }
                // truncation toward zero; out of range is poison in LLVM: fold only what fits
                long v = single ? (op == Opcode.FPTOSI ? F32.toI64(x32, RoundingMode.MIN_MAG, false, env)
                        : F32.toUI64(x32, RoundingMode.MIN_MAG, false, env))
                        : (op == Opcode.FPTOSI ? F64.toI64(x64, RoundingMode.MIN_MAG, false, env)
                        : F64.toUI64(x64, RoundingMode.MIN_MAG, false, env));
                BigInteger value = op == Opcode.FPTOSI ? BigInteger.valueOf(v) : new BigInteger(Long.toUnsignedString(v));
                boolean fits = op == Opcode.FPTOSI ? fitsSigned(value, to.bits()) : value.bitLength() <= to.bits();
                if ((env.flags & ExceptionFlags.INVALID) != 0 || !fits) {
                    return null;
                }
                return Constants.integer(to, value);
            }
            default -> {
                return null;
            }
        }
    }

    // ------------------------------------------------------------------ select, phi

    private static Value select(SelectInst s) {
        if (s.condition() instanceof ConstantInt c) {
            return c.isZero() ? s.falseValue() : s.trueValue();
        }
        return s.trueValue().equals(s.falseValue()) ? s.trueValue() : null; // values are equal when the same or equal constants
    }

    /**
     * A phi with one entry is that entry's value; a phi whose entries (other than itself) are all
     * one constant or argument is that value. (A shared instruction need not dominate the phi, so
     * it is left.)
     */
    private static Value phi(PhiInst p) {
        Value same = p.hasConstantValue();
        return p.incomingCount() == 1 || same instanceof Constant || same instanceof Argument ? same : null;
    }
}
