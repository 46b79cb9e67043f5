package org.nvlower.ptx;

import java.util.List;

/**
 * A PTX module: the header ({@code .version}, {@code .target} with its options,
 * {@code .address_size}, 0 when the module has none) and the module-level items in source order.
 */
public record PtxModule(String version, List<String> target, int addressSize, List<Item> items) {

    public PtxModule {
        target = List.copyOf(target);
        items = List.copyOf(items);
    }

    /** A module-level item: a function or a variable (or a directive nvlower keeps as it is). */
    public sealed interface Item permits PtxFunction, Statement.Variable, Statement.Directive {}

    /** The functions (entries and device functions, declarations included), in order. */
    public List<PtxFunction> functions() {
        return items.stream().filter(PtxFunction.class::isInstance).map(PtxFunction.class::cast).toList();
    }
}
