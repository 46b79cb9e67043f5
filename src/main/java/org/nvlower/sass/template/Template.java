package org.nvlower.sass.template;

import org.nvlower.sass.Path;
import org.nvlower.sass.Program;
import org.nvlower.sass.RegisterAllocation;

/**
 * A PTX math instruction expanded into a SASS-level {@link Program}: its key (op and variant),
 * its name in listings (the key's text, {@code div.u32/7} for a division by a constant), what its
 * operands are, whether it is exact
 * (bit-exact against softfloat or integer arithmetic) or an approximation with a documented ulp
 * bound, and ptxas 11.8's fast-path length for the same op (docs/facts.md,
 * -1 where docs/facts.md gives none).
 */
public record Template(TemplateKey key, String name, Operands operands, boolean exact, double ulpBound, int ptxasFastPath,
        Program program) {

    /** The operand and result types of a template. */
    public enum Operands {
        /** Two binary32 inputs, one binary32 result. */
        F32_BINARY(2, 32),
        /** One binary32 input and result. */
        F32_UNARY(1, 32),
        /** Two 32-bit integers, one 32-bit result. */
        I32_BINARY(2, 32),
        /** Two 16-bit integers (the low halves of 32-bit registers), one 16-bit result (the low half). */
        I16_BINARY(2, 16),
        /** Two 64-bit integers (pairs), one 64-bit result. */
        I64_BINARY(2, 64),
        /** One 32-bit integer (the other operand an immediate), one 32-bit result. */
        I32_UNARY(1, 32),
        /** One 64-bit integer (the other operand an immediate), one 64-bit result. */
        I64_UNARY(1, 64),
        /** Two binary64 inputs (pairs), one binary64 result. */
        F64_BINARY(2, 64),
        /** One binary64 input and result. */
        F64_UNARY(1, 64);

        public final int inputs;
        public final int bits;

        Operands(int inputs, int bits) {
            this.inputs = inputs;
            this.bits = bits;
        }
    }

    public int fastPath() {
        return program.count(Path.FAST);
    }

    public int slowPath() {
        return program.count(Path.SLOW);
    }

    public int registers() {
        return RegisterAllocation.of(program).registerCount();
    }

    public int predicates() {
        return RegisterAllocation.of(program).predicateCount();
    }

    /** The PTX op without nvlower's variant suffix ({@code div.rn.f64:minimal} -> {@code div.rn.f64}). */
    public String ptxOp() {
        int c = name.indexOf(':');
        return c < 0 ? name : name.substring(0, c);
    }

    public boolean ftz() {
        return key.op().ftz();
    }
}
