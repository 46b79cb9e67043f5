package org.nvlower.llvm.ir;

import java.util.List;

/** A struct {@code { ... }}, packed struct, array {@code [ ... ]} or vector {@code < ... >} constant. */
public record ConstantAggregate(Type type, List<Constant> elements) implements Constant {

    public ConstantAggregate {
        elements = List.copyOf(elements);
    }
}
