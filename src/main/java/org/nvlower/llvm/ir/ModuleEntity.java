package org.nvlower.llvm.ir;

/**
 * One top-level construct of a module, in source order. {@link #slice()} is its source text
 * (with the comments and blank lines before it); null for an entity made by an edit, which the
 * printer spells canonically.
 */
public sealed interface ModuleEntity
        permits GlobalValue, HeaderLine, TypeDefinition, AttributeGroup, MetadataDefinition, VerbatimEntity {

    SourceSlice slice();
}
