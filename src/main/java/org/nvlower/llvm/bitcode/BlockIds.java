package org.nvlower.llvm.bitcode;

import java.util.Map;

/** LLVM's bitcode block ids (LLVMBitCodes.h), with the names a dump shows. */
final class BlockIds {
    static final int BLOCKINFO = 0;
    static final int MODULE = 8;
    static final int PARAMATTR = 9;
    static final int PARAMATTR_GROUP = 10;
    static final int CONSTANTS = 11;
    static final int FUNCTION = 12;
    static final int IDENTIFICATION = 13;
    static final int VALUE_SYMTAB = 14;
    static final int METADATA = 15;
    static final int METADATA_ATTACHMENT = 16;
    static final int TYPE = 17;
    static final int USELIST = 18;
    static final int MODULE_STRTAB = 19;
    static final int GLOBALVAL_SUMMARY = 20;
    static final int OPERAND_BUNDLE_TAGS = 21;
    static final int METADATA_KIND = 22;
    static final int STRTAB = 23;
    static final int FULL_LTO_GLOBALVAL_SUMMARY = 24;
    static final int SYMTAB = 25;
    static final int SYNC_SCOPE_NAMES = 26;

    static final Map<Integer, String> NAMES = Map.ofEntries(Map.entry(BLOCKINFO, "BLOCKINFO"),
            Map.entry(MODULE, "MODULE"), Map.entry(PARAMATTR, "PARAMATTR"),
            Map.entry(PARAMATTR_GROUP, "PARAMATTR_GROUP"), Map.entry(CONSTANTS, "CONSTANTS"),
            Map.entry(FUNCTION, "FUNCTION"), Map.entry(IDENTIFICATION, "IDENTIFICATION"),
            Map.entry(VALUE_SYMTAB, "VALUE_SYMTAB"), Map.entry(METADATA, "METADATA"),
            Map.entry(METADATA_ATTACHMENT, "METADATA_ATTACHMENT"), Map.entry(TYPE, "TYPE"),
            Map.entry(USELIST, "USELIST"), Map.entry(MODULE_STRTAB, "MODULE_STRTAB"),
            Map.entry(GLOBALVAL_SUMMARY, "GLOBALVAL_SUMMARY"), Map.entry(OPERAND_BUNDLE_TAGS, "OPERAND_BUNDLE_TAGS"),
            Map.entry(METADATA_KIND, "METADATA_KIND"), Map.entry(STRTAB, "STRTAB"),
            Map.entry(FULL_LTO_GLOBALVAL_SUMMARY, "FULL_LTO_GLOBALVAL_SUMMARY"), Map.entry(SYMTAB, "SYMTAB"),
            Map.entry(SYNC_SCOPE_NAMES, "SYNC_SCOPE_NAMES"));

    static String name(int id) {
        return NAMES.getOrDefault(id, "BLOCK" + id);
    }

    private BlockIds() {
    }
}
