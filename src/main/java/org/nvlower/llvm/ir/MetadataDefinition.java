package org.nvlower.llvm.ir;

import java.util.List;

/**
 * {@code !N = [distinct] !...} or {@code !name = !{!0, !1}}. {@code id} is the name without its
 * {@code !}; {@code body} is the text after {@code =}, kept as written (a node of the model is
 * its text; {@link MetadataText} finds and re-spells the references in it).
 */
public record MetadataDefinition(String id, String body, SourceSlice slice) implements ModuleEntity {

    /** Whether this is named metadata ({@code !llvm.module.flags}) rather than a numbered node. */
    public boolean isNamed() {
        return !MetadataText.isNumber(id);
    }

    /** The numbered nodes a named metadata lists, or the nodes a node refers to. */
    public List<String> references() {
        return MetadataText.nodeRefs(body);
    }

    /** Whether the node is {@code distinct} (numbered nodes only). */
    public boolean isDistinct() {
        return body.startsWith("distinct");
    }
}
