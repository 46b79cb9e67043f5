package org.nvlower.sass;

/**
 * A virtual register: a 32-bit register or a 64-bit pair (two consecutive 32-bit slots, the low
 * word first, as SASS's R(n):R(n+1)). The id is the slot of the (low) word. The methods give the
 * register as a tagged source {@link Operand}.
 */
public record Reg(int id, RegClass cls) {

    /** Register classes: a 32-bit register, or an aligned 64-bit pair. */
    public enum RegClass {
        R32(1), R64(2);

        final int slots;

        RegClass(int slots) {
            this.slots = slots;
        }
    }

    /** The register as a plain source operand. */
    public int op() {
        return Operand.src(id);
    }

    /** -R: float sign flip, or integer negation (two's complement), by the opcode. */
    public int neg() {
        return Operand.negate(op());
    }

    /** |R|. */
    public int abs() {
        return Operand.abs(op());
    }

    /** -|R|. */
    public int negAbs() {
        return Operand.negate(abs());
    }

    /** ~R (bitwise not). */
    public int not() {
        return Operand.not(op());
    }

    /** The low word of a pair (or the register itself). */
    public Reg lo() {
        return new Reg(id, RegClass.R32);
    }

    /** The high word of a pair. */
    public Reg hi() {
        if (cls != RegClass.R64) {
            throw new IllegalStateException("hi() of a 32-bit register");
        }
        return new Reg(id + 1, RegClass.R32);
    }
}
