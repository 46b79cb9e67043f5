package org.nvlower.sass;

/**
 * SassInstruction modifiers, packed in one int (an {@link SassInstruction}'s {@code mods}); which ones
 * apply depends on the opcode. The enums below give each field's values and spellings.
 */
public final class Mod {

    private Mod() {}

    // bits 0-1: rounding (FFMA/FMUL/FADD/DFMA/DMUL/DADD/I2F), F2I's rounding (RN, TRUNC, FLOOR, CEIL)
    public static final int RN = 0, RZ = 1, RM = 2, RP = 3;
    public static final int ROUND_MASK = 3;
    public static final int FTZ = 1 << 2;
    /** IMAD.HI (high word of the product), SHF.HI (high word of the funnel). */
    public static final int HI = 1 << 3;
    /** IADD3.X, IMAD.X: add the carry-in predicates. */
    public static final int X = 1 << 4;
    /** Unsigned compare (ISETP.U32) or unsigned product (IMAD.U32), or U32 SHF type. */
    public static final int U32 = 1 << 5;
    /** ISETP.EX: the high half of a 64-bit compare, chained with the low half's predicate. */
    public static final int EX = 1 << 6;
    /** F2I.NTZ. */
    public static final int NTZ = 1 << 7;
    /** SHF.L (else SHF.R). */
    public static final int LEFT = 1 << 8;
    private static final int CMP_SHIFT = 9; // 4 bits
    private static final int BOOL_SHIFT = 13; // 2 bits
    private static final int MUFU_SHIFT = 15; // 4 bits
    private static final int ITYPE_SHIFT = 19; // 2 bits
    /** I2F/F2I: the float side is binary64 (a pair). */
    public static final int F64 = 1 << 21;
    /** IMAD/LEA spelling hints for the printer (.MOV, .IADD, .SHL): no effect on the result. */
    private static final int HINT_SHIFT = 22; // 2 bits

    /** FSETP/DSETP/ISETP comparisons; the U forms are true for unordered operands. */
    public enum Cmp {
        F, LT, EQ, LE, GT, NE, GE, NUM, NAN, LTU, EQU, LEU, GTU, NEU, GEU, T;
    }

    /** The combining operation of a set-predicate with its third predicate. */
    public enum BoolOp { AND, OR, XOR }

    /** MUFU sub-functions. */
    public enum MufuFn { RCP, RSQ, RCP64H, RSQ64H, EX2, LG2, SIN, COS, SQRT, TANH }

    /** Integer side of I2F/F2I and the type of SHF. */
    public enum IntType { U32, S32, U64, S64;
        public boolean is64() {
            return this == U64 || this == S64;
        }

        public boolean signed() {
            return this == S32 || this == S64;
        }
    }

    /** Printer spelling of an IMAD: plain, .MOV, .IADD or .SHL. */
    public enum ImadHint { NONE, MOV, IADD, SHL }

    public static int cmp(Cmp c) {
        return c.ordinal() << CMP_SHIFT;
    }

    public static Cmp cmpOf(int mods) {
        return Cmp.values()[(mods >>> CMP_SHIFT) & 15];
    }

    public static int bool(BoolOp b) {
        return b.ordinal() << BOOL_SHIFT;
    }

    public static BoolOp boolOf(int mods) {
        return BoolOp.values()[(mods >>> BOOL_SHIFT) & 3];
    }

    public static int mufu(MufuFn f) {
        return f.ordinal() << MUFU_SHIFT;
    }

    public static MufuFn mufuOf(int mods) {
        return MufuFn.values()[(mods >>> MUFU_SHIFT) & 15];
    }

    public static int itype(IntType t) {
        return t.ordinal() << ITYPE_SHIFT;
    }

    public static IntType itypeOf(int mods) {
        return IntType.values()[(mods >>> ITYPE_SHIFT) & 3];
    }

    public static int hint(ImadHint h) {
        return h.ordinal() << HINT_SHIFT;
    }

    public static ImadHint hintOf(int mods) {
        return ImadHint.values()[(mods >>> HINT_SHIFT) & 3];
    }

    public static int round(int mods) {
        return mods & ROUND_MASK;
    }

    public static boolean has(int mods, int flag) {
        return (mods & flag) != 0;
    }
}
