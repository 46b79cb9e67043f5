package org.nvlower.llvm.analysis;

import org.nvlower.llvm.ir.AtomicOrdering;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.MemoryInst;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.Types;

/**
 * LLVM's rules on atomic instructions (the parser's and the verifier's): which orderings each
 * instruction may use, an explicit alignment on atomic loads and stores, and the types an atomic
 * access may have (integer, pointer or floating point of a power-of-two size of at least 8 bits;
 * cmpxchg integer or pointer; atomicrmw by operation). The messages are LLVM 14's.
 */
final class AtomicRules {

    private AtomicRules() {
    }

    /** The problem of {@code m}, or null. */
    static String check(MemoryInst m) {
        MemoryInst.Access a = m.access();
        AtomicOrdering o = a.ordering();
        switch (m.opcode()) {
            case LOAD, STORE -> {
                if (o == null) {
                    return null;
                }
                String what = m.opcode() == org.nvlower.llvm.ir.Opcode.LOAD ? "load" : "store";
                AtomicOrdering forbidden = what.equals("load") ? AtomicOrdering.RELEASE : AtomicOrdering.ACQUIRE;
                if (o == forbidden || o == AtomicOrdering.ACQ_REL) {
                    return "atomic " + what + " cannot use " + llvmName(o) + " ordering";
                }
                if (a.align() == 0) {
                    return "atomic " + what + " must have explicit non-zero alignment";
                }
                Type t = what.equals("load") ? m.type() : m.operand(0).type();
                if (!(t instanceof IntegerType || t instanceof PointerType || t instanceof FloatType)) {
                    return "atomic " + what + " operand must have integer, pointer, or floating point type!";
                }
                return sizeProblem(t);
            }
            case FENCE -> {
                return o == AtomicOrdering.UNORDERED || o == AtomicOrdering.MONOTONIC
                        ? "fence cannot be " + o.keyword() : null;
            }
            case CMPXCHG -> {
                if (o == AtomicOrdering.UNORDERED) {
                    return "invalid cmpxchg success ordering";
                }
                AtomicOrdering f = a.failureOrdering();
                if (f == null) {
                    return "Expected ordering on atomic instruction"; // LLParser's: LLVM 3.5's single ordering
                }
                if (f == AtomicOrdering.UNORDERED || f == AtomicOrdering.RELEASE || f == AtomicOrdering.ACQ_REL) {
                    return "invalid cmpxchg failure ordering";
                }
                Type t = m.operand(1).type();
                if (!(t instanceof IntegerType || t instanceof PointerType)) {
                    return "cmpxchg operand must have integer or pointer type";
                }
                return sizeProblem(t);
            }
            case ATOMICRMW -> {
                if (o == AtomicOrdering.UNORDERED) {
                    return "atomicrmw cannot be unordered";
                }
                Type t = m.operand(1).type();
                String op = a.operation();
                if (op == null) {
                    return null;
                }
                if (op.equals("xchg")) {
                    if (!(t instanceof IntegerType || t instanceof FloatType || t instanceof PointerType)) {
                        return "atomicrmw xchg operand must be an integer, floating point, or pointer type";
                    }
                } else if (op.startsWith("f")) {
                    if (!(t instanceof FloatType)) {
                        return "atomicrmw " + op + " operand must be a floating point type";
                    }
                } else if (!(t instanceof IntegerType)) {
                    return "atomicrmw " + op + " operand must be an integer";
                }
                return sizeProblem(t);
            }
            default -> {
                return null;
            }
        }
    }

    private static String sizeProblem(Type t) {
        if (t instanceof PointerType) {
            return null;
        }
        long bits = Types.bitWidth(t);
        return bits >= 8 && Long.bitCount(bits) == 1 ? null
                : "atomic memory access' operand must have a power-of-two size";
    }

    /** The ordering as LLVM's messages spell it. */
    private static String llvmName(AtomicOrdering o) {
        return switch (o) {
            case UNORDERED -> "Unordered";
            case MONOTONIC -> "Monotonic";
            case ACQUIRE -> "Acquire";
            case RELEASE -> "Release";
            case ACQ_REL -> "AcquireRelease";
            case SEQ_CST -> "SequentiallyConsistent";
        };
    }
}
