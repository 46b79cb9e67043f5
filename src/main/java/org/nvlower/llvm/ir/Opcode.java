package org.nvlower.llvm.ir;

import java.util.HashMap;
import java.util.Map;

/**
 * Every LLVM instruction opcode, one row each: the keyword and the kind of instruction (the
 * sealed subclass of {@link Instruction} that carries it).
 */
public enum Opcode {
    // Terminators
    RET("ret", Kind.TERMINATOR), BR("br", Kind.TERMINATOR), SWITCH("switch", Kind.TERMINATOR),
    INDIRECTBR("indirectbr", Kind.TERMINATOR), INVOKE("invoke", Kind.CALL), RESUME("resume", Kind.TERMINATOR),
    UNREACHABLE("unreachable", Kind.TERMINATOR), CLEANUPRET("cleanupret", Kind.TERMINATOR),
    CATCHRET("catchret", Kind.TERMINATOR), CATCHSWITCH("catchswitch", Kind.TERMINATOR), CALLBR("callbr", Kind.CALL),
    // Unary and binary operators
    FNEG("fneg", Kind.UNARY),
    ADD("add", Kind.BINARY), FADD("fadd", Kind.BINARY), SUB("sub", Kind.BINARY), FSUB("fsub", Kind.BINARY),
    MUL("mul", Kind.BINARY), FMUL("fmul", Kind.BINARY), UDIV("udiv", Kind.BINARY), SDIV("sdiv", Kind.BINARY),
    FDIV("fdiv", Kind.BINARY), UREM("urem", Kind.BINARY), SREM("srem", Kind.BINARY), FREM("frem", Kind.BINARY),
    SHL("shl", Kind.BINARY), LSHR("lshr", Kind.BINARY), ASHR("ashr", Kind.BINARY), AND("and", Kind.BINARY),
    OR("or", Kind.BINARY), XOR("xor", Kind.BINARY),
    // Memory
    ALLOCA("alloca", Kind.MEMORY), LOAD("load", Kind.MEMORY), STORE("store", Kind.MEMORY),
    GETELEMENTPTR("getelementptr", Kind.MEMORY), FENCE("fence", Kind.MEMORY), CMPXCHG("cmpxchg", Kind.MEMORY),
    ATOMICRMW("atomicrmw", Kind.MEMORY),
    // Casts
    TRUNC("trunc", Kind.CAST), ZEXT("zext", Kind.CAST), SEXT("sext", Kind.CAST), FPTOUI("fptoui", Kind.CAST),
    FPTOSI("fptosi", Kind.CAST), UITOFP("uitofp", Kind.CAST), SITOFP("sitofp", Kind.CAST),
    FPTRUNC("fptrunc", Kind.CAST), FPEXT("fpext", Kind.CAST), PTRTOINT("ptrtoint", Kind.CAST),
    PTRTOADDR("ptrtoaddr", Kind.CAST), INTTOPTR("inttoptr", Kind.CAST), BITCAST("bitcast", Kind.CAST),
    ADDRSPACECAST("addrspacecast", Kind.CAST),
    // Exception-handling pads
    CLEANUPPAD("cleanuppad", Kind.OTHER), CATCHPAD("catchpad", Kind.OTHER), LANDINGPAD("landingpad", Kind.OTHER),
    // Other
    ICMP("icmp", Kind.CMP), FCMP("fcmp", Kind.CMP), PHI("phi", Kind.PHI), CALL("call", Kind.CALL),
    SELECT("select", Kind.OTHER), VA_ARG("va_arg", Kind.OTHER), FREEZE("freeze", Kind.OTHER),
    EXTRACTELEMENT("extractelement", Kind.AGGREGATE), INSERTELEMENT("insertelement", Kind.AGGREGATE),
    SHUFFLEVECTOR("shufflevector", Kind.AGGREGATE), EXTRACTVALUE("extractvalue", Kind.AGGREGATE),
    INSERTVALUE("insertvalue", Kind.AGGREGATE);

    /** The instruction classes; each kind is one sealed subclass of {@link Instruction}. */
    public enum Kind { TERMINATOR, UNARY, BINARY, MEMORY, CAST, CMP, PHI, CALL, AGGREGATE, OTHER }

    private static final Map<String, Opcode> BY_KEYWORD = new HashMap<>();

    static {
        for (Opcode op : values()) {
            BY_KEYWORD.put(op.keyword, op);
        }
    }

    private final String keyword;
    private final Kind kind;

    Opcode(String keyword, Kind kind) {
        this.keyword = keyword;
        this.kind = kind;
    }

    public String keyword() {
        return keyword;
    }

    public Kind kind() {
        return kind;
    }

    /** Whether LLVM reads this opcode as a constant expression ({@code bitcast (...)}, {@code getelementptr (...)}, ...). */
    public boolean isConstantExpression() {
        return switch (kind) {
            case UNARY, BINARY, CAST, CMP, AGGREGATE -> true;
            default -> this == GETELEMENTPTR || this == SELECT;
        };
    }

    /** Whether this is {@code bitcast} or {@code addrspacecast}: the same address as another pointer type. */
    public boolean isPointerCast() {
        return this == BITCAST || this == ADDRSPACECAST;
    }

    /** Whether the instruction ends a basic block ({@code invoke} and {@code callbr} do). */
    public boolean isTerminator() {
        return kind == Kind.TERMINATOR || this == INVOKE || this == CALLBR;
    }

    /** The opcode spelled {@code keyword}, or null. */
    public static Opcode byKeyword(String keyword) {
        return BY_KEYWORD.get(keyword);
    }

    @Override
    public String toString() {
        return keyword;
    }
}
