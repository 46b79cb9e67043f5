package org.nvlower.sass;

/**
 * Operands as the templates seed encodes them: one 32-bit tagged value each, the tag in bits
 * 31..24 and an index in bits 23..0. The seed's tags: 0x90 destination register, 0x10 source
 * register, 0x20 immediate (an index into the program's constant pool), 0x40 external constant,
 * 0x60 template target (here: a label), and 0x80 ORed onto a source tag to negate it (so 0x90
 * is also a negated source: the opcode's layout says which a position is). nvlower adds 0x08
 * (absolute value, |R|), 0x04 (bitwise not, ~R, for integer sources) and 0x30 (predicate;
 * 0xB0 negated, !P), and the barrier tag 0x50. Register index 0xFFFFFF is RZ (and PT for
 * predicates).
 */
public final class Operand {

    public static final int DEST = 0x90, SRC = 0x10, IMM = 0x20, EXT = 0x40, TARGET = 0x60;
    public static final int NEG = 0x80, ABS = 0x08, NOT = 0x04, PRED = 0x30, BARRIER = 0x50;
    public static final int ZERO_INDEX = 0xFFFFFF;
    /** RZ as a source; PT as a predicate. */
    public static final int RZ = tagged(SRC, ZERO_INDEX);
    public static final int PT = tagged(PRED, ZERO_INDEX);
    /** -RZ: negative zero as a float source (FADD.FTZ d, -x, -RZ is an exact negation, even of +0). */
    public static final int NEG_RZ = tagged(SRC | NEG, ZERO_INDEX);
    /** !PT: the false predicate. */
    public static final int NOT_PT = tagged(PRED | NEG, ZERO_INDEX);

    private Operand() {}

    public static int tagged(int tag, int index) {
        if (index < 0 || index > ZERO_INDEX) {
            throw new IllegalArgumentException("operand index out of range: " + index);
        }
        return (tag << 24) | index;
    }

    public static int tag(int operand) {
        return operand >>> 24;
    }

    public static int index(int operand) {
        return operand & ZERO_INDEX;
    }

    public static int dest(int reg) {
        return tagged(DEST, reg);
    }

    public static int src(int reg) {
        return tagged(SRC, reg);
    }

    public static int imm(int poolIndex) {
        return tagged(IMM, poolIndex);
    }

    public static int label(int labelId) {
        return tagged(TARGET, labelId);
    }

    public static int pred(int p) {
        return tagged(PRED, p);
    }

    public static int barrier(int b) {
        return tagged(BARRIER, b);
    }

    /** The operand with its negation flipped (-R, !P). */
    public static int negate(int operand) {
        return operand ^ (NEG << 24);
    }

    public static int abs(int operand) {
        return operand | (ABS << 24);
    }

    public static int not(int operand) {
        return operand | (NOT << 24);
    }

    public static boolean isNegated(int operand) {
        return (tag(operand) & NEG) != 0;
    }

    public static boolean isAbs(int operand) {
        return (tag(operand) & ABS) != 0;
    }

    public static boolean isNot(int operand) {
        return (tag(operand) & NOT) != 0;
    }

    /** The kind without modifiers: SRC (register), IMM, EXT, TARGET, PRED or BARRIER. */
    public static int kind(int operand) {
        int t = tag(operand) & ~(NEG | ABS | NOT);
        return t == (DEST & ~NEG) ? SRC : t;
    }

    public static boolean isZeroIndex(int operand) {
        return index(operand) == ZERO_INDEX;
    }
}
