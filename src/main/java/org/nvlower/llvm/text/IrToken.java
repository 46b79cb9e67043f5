package org.nvlower.llvm.text;

/** IrToken kinds of textual LLVM IR. */
enum IrToken {
    EOF("end of file"),
    WORD("keyword"),
    LOCAL("local name"),
    GLOBAL("global name"),
    METADATA_NAME("metadata name"),
    ATTRIBUTE_GROUP_ID("attribute group reference"),
    RECORD("debug record"),
    COMDAT("comdat name"),
    SUMMARY_ID("summary id"),
    INTEGER("integer"),
    FLOAT("floating-point constant"),
    STRING("string"),
    CSTRING("c\"...\" string"),
    LABEL("label"),
    EQUALS("'='"),
    COMMA("','"),
    STAR("'*'"),
    LBRACKET("'['"),
    RBRACKET("']'"),
    LBRACE("'{'"),
    RBRACE("'}'"),
    LPAREN("'('"),
    RPAREN("')'"),
    LESS("'<'"),
    GREATER("'>'"),
    EXCLAIM("'!'"),
    BAR("'|'"),
    COLON("':'"),
    DOTS("'...'"),
    ERROR("invalid character");

    final String description;

    IrToken(String description) {
        this.description = description;
    }
}
