package org.nvlower.sass;

/**
 * The SASS opcodes nvlower's templates use, as data: the mnemonic, the internal ID the
 * templates seed (3-newton-raphson-math-templates) gives ptxas's emitter for it (-1 where the
 * seed names none), and the operand layout. The seed's IDs are kept as it reports them, even
 * where it gives one ID to two mnemonics (0x8B: DMUL and IMAD.WIDE in the integer tables, 0xA8:
 * SEL and the template BRA, 0xBC: SSY and RET); nvlower never dispatches on them.
 *
 * <p>Layout letters, one per operand position: {@code d} destination register (a pair for
 * 64-bit opcodes), {@code p} destination predicate, {@code s} source (register, immediate or
 * constant), {@code q} source predicate, {@code l} label (branch or call target), {@code b}
 * convergence barrier. Carry predicates of IADD3/IMAD are ordinary {@code p}/{@code q}
 * positions (PT when unused).
 */
public enum SassOpcode {
    // integer
    IADD(0x02, "dss"),
    IADD3(0x110, "dppsssqq"),
    IMAD(0x6E, "dpsssq"),
    IMAD_WIDE(0x6F, "dpsssq"),
    IABS(-1, "ds"),
    LEA(0x24, "dsss"),
    SHF(-1, "dsss"),
    SHR(0x19, "dss"),
    LOP3(-1, "dpssssq"),
    PLOP3(-1, "ppqqqss"),
    PRMT(0x15, "dsss"),
    POPC(0x93, "ds"),
    FLO(-1, "ds"),
    ISETP(0xC9, "ppssqq"),
    SEL(0xA8, "dssq"),
    MOV(0x82, "ds"),
    MOV_LO(0x85, "ds"),
    MOV_HI(0x86, "ds"),
    // single precision
    FFMA(-1, "dsss"),
    FMUL(-1, "dss"),
    FADD(-1, "dss"),
    FSETP(0x97, "ppssq"),
    FSEL(-1, "dssq"),
    FCHK(-1, "pss"),
    MUFU(0x3C, "ds"),
    I2F(0xD5, "ds"),
    F2I(0xD6, "ds"),
    // double precision (register pairs)
    DFMA(0x122, "dsss"),
    DMUL(0x8B, "dss"),
    DADD(-1, "dss"),
    DSETP(-1, "ppssq"),
    // control flow
    BRA(0x5F, "ql"),
    JMP(0x20, "l"),
    CALL(-1, "l"),
    RET(0xBC, ""),
    BSSY(-1, "bl"),
    BSYNC(0x5D, "b"),
    EXIT(-1, ""),
    NOP(-1, "");

    private final int seedId;
    private final String layout;

    SassOpcode(int seedId, String layout) {
        this.seedId = seedId;
        this.layout = layout;
    }

    /** The internal ID seed 3 gives this opcode in ptxas's emitter, or -1. */
    public int seedId() {
        return seedId;
    }

    /** One letter per operand position (see the class comment). */
    public String layout() {
        return layout;
    }

    /** The base mnemonic as nvdisasm prints it (IMAD_WIDE -> IMAD, MOV_LO -> MOV). */
    public String mnemonic() {
        return switch (this) {
            case IMAD_WIDE -> "IMAD";
            case MOV_LO, MOV_HI -> "MOV";
            default -> name();
        };
    }

    /** Operates on 64-bit register pairs (destination and register sources). */
    public boolean isDouble() {
        return this == DFMA || this == DMUL || this == DADD || this == DSETP;
    }

    public boolean isBranch() {
        return this == BRA || this == JMP || this == CALL || this == RET || this == EXIT;
    }
}
