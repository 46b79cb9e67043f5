package org.nvlower.llvm.ir;

import java.util.List;

/** {@code attributes #N = { ... }}; attributes as written, one string each ({@code nounwind}, {@code "key"="value"}, {@code memory(none)}). */
public record AttributeGroup(int id, List<String> attributes, SourceSlice slice) implements ModuleEntity {

    public AttributeGroup {
        attributes = List.copyOf(attributes);
    }
}
