package org.nvlower.llvm.ir;

import java.util.List;

/**
 * A constant expression: {@code getelementptr}, a cast, an arithmetic or compare operation, ...
 * {@code flags} are the words between the opcode and the {@code (} ({@code inbounds},
 * {@code nuw}, a predicate for {@code icmp}/{@code fcmp}); {@code sourceType} is the GEP source
 * element type (null otherwise); {@code type} is the result type (the destination for casts);
 * {@code inrangeOperand} is the operand written after LLVM 14's {@code inrange} word, or -1;
 * {@code indices} are the constant indices of LLVM 14's {@code extractvalue}/{@code insertvalue}
 * expressions (empty otherwise).
 */
public record ConstantExpr(Opcode opcode, List<String> flags, Type type, Type sourceType, List<Constant> operands,
        int inrangeOperand, List<Long> indices) implements Constant {

    public ConstantExpr {
        flags = List.copyOf(flags);
        operands = List.copyOf(operands);
        indices = List.copyOf(indices);
    }

    public ConstantExpr(Opcode opcode, List<String> flags, Type type, Type sourceType, List<Constant> operands,
            int inrangeOperand) {
        this(opcode, flags, type, sourceType, operands, inrangeOperand, List.of());
    }

    public ConstantExpr(Opcode opcode, List<String> flags, Type type, Type sourceType, List<Constant> operands) {
        this(opcode, flags, type, sourceType, operands, -1);
    }
}
