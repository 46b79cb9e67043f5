package org.nvlower.llvm.bitcode;

import java.util.ArrayList;
import java.util.List;

import org.nvlower.llvm.ir.AtomicOrdering;
import org.nvlower.llvm.ir.FastMathFlags;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.InstFlag;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.Linkage;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.Predicate;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.VectorType;

/** The numbers bitcode gives opcodes, predicates, flags, linkages and calling conventions (LLVMBitCodes.h). */
final class Codes {

    private Codes() {
    }

    private static final Opcode[] INT_BINOPS = {Opcode.ADD, Opcode.SUB, Opcode.MUL, Opcode.UDIV, Opcode.SDIV,
            Opcode.UREM, Opcode.SREM, Opcode.SHL, Opcode.LSHR, Opcode.ASHR, Opcode.AND, Opcode.OR, Opcode.XOR};

    static Opcode binop(int code, Type operandType, Bitstream s) {
        if (code < 0 || code >= INT_BINOPS.length) {
            throw s.error("unknown binary operator code " + code);
        }
        Type scalar = operandType instanceof VectorType v ? v.element() : operandType;
        if (scalar instanceof FloatType) {
            return switch (code) {
                case 0 -> Opcode.FADD;
                case 1 -> Opcode.FSUB;
                case 2 -> Opcode.FMUL;
                case 4 -> Opcode.FDIV;
                case 6 -> Opcode.FREM;
                default -> throw s.error("binary operator " + code + " on floating point");
            };
        }
        return INT_BINOPS[code];
    }

    /** Flag bits of a binary operator: nuw/nsw (add sub mul shl), exact (udiv sdiv lshr ashr), disjoint (or). */
    static int binopFlags(Opcode op, long bits) {
        List<InstFlag> flags = new ArrayList<>();
        switch (op) {
            case ADD, SUB, MUL, SHL -> {
                if ((bits & 1) != 0) {
                    flags.add(InstFlag.NUW);
                }
                if ((bits & 2) != 0) {
                    flags.add(InstFlag.NSW);
                }
            }
            case UDIV, SDIV, LSHR, ASHR -> {
                if ((bits & 1) != 0) {
                    flags.add(InstFlag.EXACT);
                }
            }
            case OR -> {
                if ((bits & 1) != 0) {
                    flags.add(InstFlag.DISJOINT);
                }
            }
            default -> {
            }
        }
        return Instruction.flagBits(flags.toArray(InstFlag[]::new));
    }

    static List<String> binopFlagWords(Opcode op, long bits) {
        List<String> words = new ArrayList<>();
        for (InstFlag f : InstFlag.values()) {
            if ((binopFlags(op, bits) & Instruction.flagBits(f)) != 0) {
                words.add(f.keyword());
            }
        }
        return words;
    }

    /** Fast-math flags: bit 0 the old "unsafe algebra" (all), then nnan ninf nsz arcp contract afn reassoc. */
    static FastMathFlags fastMath(long bits) {
        if ((bits & 1) != 0) {
            return FastMathFlags.FAST;
        }
        List<String> words = new ArrayList<>();
        String[] names = {null, "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc"};
        for (int i = 1; i < names.length; i++) {
            if ((bits & (1L << i)) != 0) {
                words.add(names[i]);
            }
        }
        return FastMathFlags.parse(words);
    }

    private static final Opcode[] CASTS = {Opcode.TRUNC, Opcode.ZEXT, Opcode.SEXT, Opcode.FPTOUI, Opcode.FPTOSI,
            Opcode.UITOFP, Opcode.SITOFP, Opcode.FPTRUNC, Opcode.FPEXT, Opcode.PTRTOINT, Opcode.INTTOPTR,
            Opcode.BITCAST, Opcode.ADDRSPACECAST};

    static Opcode cast(int code, Bitstream s) {
        if (code < 0 || code >= CASTS.length) {
            throw s.error("unknown cast code " + code);
        }
        return CASTS[code];
    }

    static Predicate predicate(int code, Bitstream s) {
        Predicate[] fp = {Predicate.FALSE, Predicate.OEQ, Predicate.OGT, Predicate.OGE, Predicate.OLT, Predicate.OLE,
                Predicate.ONE, Predicate.ORD, Predicate.UNO, Predicate.UEQ, Predicate.UGT, Predicate.UGE,
                Predicate.ULT, Predicate.ULE, Predicate.UNE, Predicate.TRUE};
        Predicate[] icmp = {Predicate.EQ, Predicate.NE, Predicate.IUGT, Predicate.IUGE, Predicate.IULT,
                Predicate.IULE, Predicate.SGT, Predicate.SGE, Predicate.SLT, Predicate.SLE};
        if (code >= 0 && code < 16) {
            return fp[code];
        }
        if (code >= 32 && code < 42) {
            return icmp[code - 32];
        }
        throw s.error("unknown compare predicate " + code);
    }

    static Linkage linkage(long code, Bitstream s) {
        return switch ((int) code) {
            case 0, 5, 6, 15 -> Linkage.EXTERNAL;
            case 2 -> Linkage.APPENDING;
            case 3 -> Linkage.INTERNAL;
            case 4, 18 -> Linkage.LINKONCE;
            case 7 -> Linkage.EXTERN_WEAK;
            case 8 -> Linkage.COMMON;
            case 9, 13, 14 -> Linkage.PRIVATE;
            case 10, 17 -> Linkage.WEAK_ODR;
            case 11, 19 -> Linkage.LINKONCE_ODR;
            case 12 -> Linkage.AVAILABLE_EXTERNALLY;
            case 1, 16 -> Linkage.WEAK;
            default -> throw s.error("unknown linkage " + code);
        };
    }

    static String callingConvention(long cc) {
        return switch ((int) cc) {
            case 0 -> "";
            case 8 -> "fastcc";
            case 9 -> "coldcc";
            case 10 -> "ghccc";
            case 12 -> "webkit_jscc";
            case 13 -> "anyregcc";
            case 14 -> "preserve_mostcc";
            case 15 -> "preserve_allcc";
            case 16 -> "swiftcc";
            case 17 -> "cxx_fast_tlscc";
            case 18 -> "tailcc";
            case 19 -> "cfguard_checkcc";
            case 20 -> "swifttailcc";
            case 64 -> "x86_stdcallcc";
            case 65 -> "x86_fastcallcc";
            case 66 -> "arm_apcscc";
            case 67 -> "arm_aapcscc";
            case 68 -> "arm_aapcs_vfpcc";
            case 69 -> "msp430_intrcc";
            case 70 -> "x86_thiscallcc";
            case 71 -> "ptx_kernel";
            case 72 -> "ptx_device";
            case 75 -> "spir_func";
            case 76 -> "spir_kernel";
            case 77 -> "intel_ocl_bicc";
            case 78 -> "x86_64_sysvcc";
            case 79 -> "win64cc";
            case 80 -> "x86_vectorcallcc";
            case 83 -> "x86_intrcc";
            case 84 -> "avr_intrcc";
            case 85 -> "avr_signalcc";
            case 88 -> "amdgpu_vs";
            case 89 -> "amdgpu_gs";
            case 90 -> "amdgpu_ps";
            case 91 -> "amdgpu_cs";
            case 92 -> "amdgpu_kernel";
            default -> "cc " + cc;
        };
    }

    static AtomicOrdering ordering(long code, Bitstream s) {
        return switch ((int) code) {
            case 0 -> null;
            case 1 -> AtomicOrdering.UNORDERED;
            case 2 -> AtomicOrdering.MONOTONIC;
            case 3 -> AtomicOrdering.ACQUIRE;
            case 4 -> AtomicOrdering.RELEASE;
            case 5 -> AtomicOrdering.ACQ_REL;
            case 6 -> AtomicOrdering.SEQ_CST;
            default -> throw s.error("unknown atomic ordering " + code);
        };
    }

    static String rmwOperation(long code, Bitstream s) {
        String[] ops = {"xchg", "add", "sub", "and", "nand", "or", "xor", "max", "min", "umax", "umin", "fadd", "fsub",
                "fmax", "fmin", "uinc_wrap", "udec_wrap", "usub_cond", "usub_sat"};
        if (code < 0 || code >= ops.length) {
            throw s.error("unknown atomicrmw operation " + code);
        }
        return ops[(int) code];
    }

    /** Alignment stored as log2 + 1 (0: none). */
    static long alignment(long encoded, Bitstream s) {
        if (encoded == 0) {
            return 0;
        }
        if (encoded > 33) {
            throw s.error("invalid alignment encoding " + encoded);
        }
        return 1L << (encoded - 1);
    }
}
