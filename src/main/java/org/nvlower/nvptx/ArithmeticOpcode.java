package org.nvlower.nvptx;

import java.util.List;
import java.util.Optional;

/**
 * The integer arithmetic cost table of the TTI (seed 2, "Arithmetic Cost for i64"): i32 and i64
 * cost per opcode. The seed fixes ADD/SUB (1, 2), MUL (1, ~4) and shifts (1, 2-3); it says only
 * "high" and "very high" for DIV/REM, so nvlower uses the measured instruction counts of ptxas's
 * expansions (FACTS.md: div.u32 18, div.s32 24 on the fast path; div.u64 ~70 and div.s64 ~85 in
 * the called subroutine). REM costs as DIV: the same core plus one multiply-subtract.
 */
public enum ArithmeticOpcode {
    ADD("add", 1, 2),
    SUB("sub", 1, 2),
    MUL("mul", 1, 4),
    UDIV("udiv", 18, 70),
    SDIV("sdiv", 24, 85),
    UREM("urem", 18, 70),
    SREM("srem", 24, 85),
    SHL("shl", 1, 2),
    LSHR("lshr", 1, 2),
    ASHR("ashr", 1, 2),
    AND("and", 1, 2),
    OR("or", 1, 2),
    XOR("xor", 1, 2);

    private final String irName;
    private final int i32Cost;
    private final int i64Cost;

    ArithmeticOpcode(String irName, int i32Cost, int i64Cost) {
        this.irName = irName;
        this.i32Cost = i32Cost;
        this.i64Cost = i64Cost;
    }

    public static Optional<ArithmeticOpcode> byName(String name) {
        return List.of(values()).stream().filter(o -> o.irName.equals(name)).findFirst();
    }

    /** The LLVM IR opcode: {@code add}, {@code udiv}. */
    public String irName() {
        return irName;
    }

    public int i32Cost() {
        return i32Cost;
    }

    public int i64Cost() {
        return i64Cost;
    }
}
