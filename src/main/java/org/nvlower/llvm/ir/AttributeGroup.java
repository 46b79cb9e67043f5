package org.nvlower.llvm.ir;

import java.util.List;

/** {@code attributes #N = { ... }}. */
public record AttributeGroup(int id, AttributeSet attributeSet, SourceSlice slice) implements ModuleEntity {

    /** The attributes as LLVM writes them inside a group. */
    public List<String> attributes() {
        return attributeSet.attributes().stream().map(a -> a.print(true)).toList();
    }
}
