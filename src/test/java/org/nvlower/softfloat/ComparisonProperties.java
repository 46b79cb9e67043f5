package org.nvlower.softfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import org.nvlower.softfloat.ExactReference.Exact;
import org.nvlower.softfloat.ExactReference.Fmt;

/**
 * fcmp (all 16 predicates), the six SoftFloat comparisons and minNum/maxNum on all five formats,
 * with zeros, infinities, quiet and signaling NaNs, against exact values and LLVM's LangRef
 * definitions restated here.
 */
class ComparisonProperties {

    /** A value of format f: finite (mostly), infinite, quiet NaN or signaling NaN. */
    static BigInteger operand(Fmt f, Operands o, BigInteger near) {
        BigInteger expAll = BigInteger.ONE.shiftLeft(f.expBits).subtract(BigInteger.ONE).shiftLeft(f.fracBits);
        BigInteger sign = o.nextBoolean() ? BigInteger.ONE.shiftLeft(f.width - 1) : BigInteger.ZERO;
        return switch (o.nextInt(10)) {
            case 0 -> expAll.or(sign); // infinity
            case 1 -> expAll.setBit(f.fracBits - 1).or(BigInteger.valueOf(o.nextInt(3))).or(sign); // quiet NaN
            case 2 -> expAll.or(BigInteger.ONE.shiftLeft(o.nextInt(f.fracBits - 1))).or(sign); // signaling NaN
            case 3 -> near == null ? o.finite(f) : near.xor(BigInteger.ONE.shiftLeft(f.width - 1)); // -x or -0
            case 4 -> near == null ? o.finite(f) : near; // equal
            default -> o.finite(f, near == null ? -1 : Operands.exp(f, near));
        };
    }

    static boolean signalingNaN(Fmt f, BigInteger v) {
        return ExactReference.isNaN(f, v) && !v.testBit(f.fracBits - 1);
    }

    /** -1, 0, 1 for ordered operands (+0 == -0). */
    static int compare(Fmt f, BigInteger a, BigInteger b) {
        boolean infA = !ExactReference.isFinite(f, a);
        boolean infB = !ExactReference.isFinite(f, b);
        int signA = a.testBit(f.width - 1) ? -1 : 1;
        int signB = b.testBit(f.width - 1) ? -1 : 1;
        if (infA || infB) {
            int ka = infA ? 2 * signA : 0;
            int kb = infB ? 2 * signB : 0;
            if (infA && infB) {
                return Integer.compare(ka, kb);
            }
            return infA ? Integer.signum(ka) : -Integer.signum(kb);
        }
        Exact x = ExactReference.decode(f, a);
        Exact y = ExactReference.decode(f, b);
        int k = Math.min(x.k(), y.k());
        return x.signedAt(k).compareTo(y.signedAt(k));
    }

    /** LLVM LangRef: "o" predicates need both ordered, "u" ones hold if either is a NaN. */
    static boolean llvm(FcmpPredicate p, boolean unordered, int c) {
        return switch (p.llvmName()) {
            case "false" -> false;
            case "true" -> true;
            case "ord" -> !unordered;
            case "uno" -> unordered;
            case "oeq" -> !unordered && c == 0;
            case "ogt" -> !unordered && c > 0;
            case "oge" -> !unordered && c >= 0;
            case "olt" -> !unordered && c < 0;
            case "ole" -> !unordered && c <= 0;
            case "one" -> !unordered && c != 0;
            case "ueq" -> unordered || c == 0;
            case "ugt" -> unordered || c > 0;
            case "uge" -> unordered || c >= 0;
            case "ult" -> unordered || c < 0;
            case "ule" -> unordered || c <= 0;
            case "une" -> unordered || c != 0;
            default -> throw new IllegalArgumentException(p.llvmName());
        };
    }

    static boolean fcmp(Fmt f, FcmpPredicate p, BigInteger a, BigInteger b, Env env) {
        if (f == Fmt.B128) {
            return F128.fcmp(p, a.shiftRight(64).longValue(), a.longValue(), b.shiftRight(64).longValue(), b.longValue(), env);
        }
        return Narrow.fcmp(FloatProperties.narrow(f), p, a.longValue(), b.longValue(), env);
    }

    /** lt/le/eq, quiet or signaling. */
    static boolean softFloat(Fmt f, String op, boolean signaling, BigInteger a, BigInteger b, Env env) {
        if (f == Fmt.B128) {
            long aHi = a.shiftRight(64).longValue();
            long bHi = b.shiftRight(64).longValue();
            long aLo = a.longValue();
            long bLo = b.longValue();
            return switch (op + signaling) {
                case "eqfalse" -> F128.eq(aHi, aLo, bHi, bLo, env);
                case "eqtrue" -> F128.eqSignaling(aHi, aLo, bHi, bLo, env);
                case "ltfalse" -> F128.ltQuiet(aHi, aLo, bHi, bLo, env);
                case "lttrue" -> F128.lt(aHi, aLo, bHi, bLo, env);
                case "lefalse" -> F128.leQuiet(aHi, aLo, bHi, bLo, env);
                default -> F128.le(aHi, aLo, bHi, bLo, env);
            };
        }
        FloatFormat g = FloatProperties.narrow(f);
        return switch (op) {
            case "eq" -> Narrow.eq(g, a.longValue(), b.longValue(), signaling, env);
            case "lt" -> Narrow.lt(g, a.longValue(), b.longValue(), signaling, env);
            default -> Narrow.le(g, a.longValue(), b.longValue(), signaling, env);
        };
    }

    @Property(tries = 2000)
    void comparisonsFollowTheExactOrder(@ForAll long seed) {
        Operands o = new Operands(seed);
        for (Fmt f : Fmt.values()) {
            BigInteger a = operand(f, o, null);
            BigInteger b = operand(f, o, a);
            boolean unordered = ExactReference.isNaN(f, a) || ExactReference.isNaN(f, b);
            boolean anySignaling = signalingNaN(f, a) || signalingNaN(f, b);
            int c = unordered ? 0 : compare(f, a, b);
            String what = f + " " + a.toString(16) + " " + b.toString(16);
            for (FcmpPredicate p : FcmpPredicate.values()) {
                Env env = new Env(o.specialization());
                assertEquals(llvm(p, unordered, c), fcmp(f, p, a, b, env), what + " " + p.llvmName());
                assertEquals(anySignaling ? ExceptionFlags.INVALID : 0, env.flags, what + " " + p.llvmName() + " flags");
            }
            for (String op : new String[] {"eq", "lt", "le"}) {
                boolean expected = !unordered && (op.equals("eq") ? c == 0 : op.equals("lt") ? c < 0 : c <= 0);
                for (boolean signaling : new boolean[] {false, true}) {
                    Env env = new Env();
                    assertEquals(expected, softFloat(f, op, signaling, a, b, env), what + " " + op + signaling);
                    boolean invalid = unordered && (signaling || anySignaling);
                    assertEquals(invalid ? ExceptionFlags.INVALID : 0, env.flags, what + " " + op + signaling + " flags");
                }
            }
        }
    }

    @Property(tries = 2000)
    void minNumAndMaxNumPickPerIeee2008(@ForAll long seed) {
        Operands o = new Operands(seed);
        for (Fmt f : Fmt.values()) {
            BigInteger a = operand(f, o, null);
            BigInteger b = operand(f, o, a);
            boolean nanA = ExactReference.isNaN(f, a);
            boolean nanB = ExactReference.isNaN(f, b);
            boolean anySignaling = signalingNaN(f, a) || signalingNaN(f, b);
            for (boolean max : new boolean[] {false, true}) {
                Env env = new Env(o.specialization());
                BigInteger actual;
                if (f == Fmt.B128) {
                    long aHi = a.shiftRight(64).longValue();
                    long bHi = b.shiftRight(64).longValue();
                    if (max) {
                        F128.maxNum(aHi, a.longValue(), bHi, b.longValue(), env);
                    } else {
                        F128.minNum(aHi, a.longValue(), bHi, b.longValue(), env);
                    }
                    actual = ExactReference.bits(env.zHi, env.zLo);
                } else {
                    actual = ExactReference.bits(Narrow.minMax(FloatProperties.narrow(f), a.longValue(), b.longValue(),
                            max ? FcmpPredicate.Relation.GT : FcmpPredicate.Relation.LT, env));
                }
                String what = f + (max ? " maxNum " : " minNum ") + a.toString(16) + " " + b.toString(16);
                if (anySignaling || (nanA && nanB)) {
                    assertTrue(ExactReference.isNaN(f, actual), what);
                } else if (nanA || nanB) {
                    assertEquals((nanA ? b : a).toString(16), actual.toString(16), what);
                } else {
                    int c = compare(f, a, b);
                    if (c == 0) { // equal values: only signed zeros differ, -0 < +0
                        boolean aNegative = a.testBit(f.width - 1);
                        c = a.equals(b) ? 0 : aNegative ? -1 : 1;
                    }
                    BigInteger expected = (max ? c >= 0 : c <= 0) ? a : b;
                    assertEquals(expected.toString(16), actual.toString(16), what);
                }
                assertEquals(anySignaling ? ExceptionFlags.INVALID : 0, env.flags, what + " flags");
            }
        }
    }
}
