package org.nvlower.llvm.ir;

/** {@code source_filename}, {@code target datalayout}, {@code target triple}, {@code module asm}, a comdat. */
public record HeaderLine(Kind kind, String key, String value, SourceSlice slice) implements ModuleEntity {

    public enum Kind { SOURCE_FILENAME, DATALAYOUT, TRIPLE, MODULE_ASM, COMDAT }
}
