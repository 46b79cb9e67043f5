package org.nvlower.llvm.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class LexerUnitTest {

    private static List<String> tokens(String text) {
        IrLexer lex = new IrLexer(text);
        List<String> out = new ArrayList<>();
        lex.reset(0);
        while (lex.kind != IrToken.EOF) {
            out.add(lex.kind + ":" + lex.text());
            lex.next();
        }
        return out;
    }

    @Test
    void namesNumbersAndPunctuation() {
        assertEquals(List.of("LOCAL:%x.1", "EQUALS:=", "WORD:add", "WORD:nsw", "WORD:i32", "LOCAL:%0", "COMMA:,",
                "INTEGER:-42"), tokens("%x.1 = add nsw i32 %0, -42 ; comment\n"));
        assertEquals(List.of("GLOBAL:@\"a b\"", "COMDAT:$c", "METADATA_NAME:!dbg", "METADATA_NAME:!12",
                "EXCLAIM:!", "LBRACE:{", "RBRACE:}", "ATTRIBUTE_GROUP_ID:#3", "RECORD:#dbg_value", "DOTS:..."),
                tokens("@\"a b\" $c !dbg !12 !{} #3 #dbg_value ..."));
    }

    @Test
    void floatingPointForms() {
        assertEquals(List.of("FLOAT:1.000000e+00", "FLOAT:-2.5e-3", "FLOAT:0x3FF0000000000000",
                "FLOAT:0xK3FFF8000000000000000", "FLOAT:0xL00000000000000003FFF000000000000", "FLOAT:0xH3C00",
                "FLOAT:0xR3F80", "FLOAT:0xM3FF00000000000000000000000000000"),
                tokens("1.000000e+00 -2.5e-3 0x3FF0000000000000 0xK3FFF8000000000000000 "
                        + "0xL00000000000000003FFF000000000000 0xH3C00 0xR3F80 0xM3FF00000000000000000000000000000"));
    }

    @Test
    void labelsAndStrings() {
        assertEquals(List.of("LABEL:entry:", "LABEL:42:", "LABEL:\"odd name\":", "CSTRING:c\"hi\\00\"",
                "STRING:\"s\""), tokens("entry:\n42:\n\"odd name\":\nc\"hi\\00\" \"s\""));
    }

    @Test
    void commentsAndBlockCommentsAreTrivia() {
        assertEquals(List.of("WORD:ret", "WORD:void"), tokens("; line\n/* block\n comment */ ret /**/ void"));
    }

    @Test
    void lineEndAfterIncludesTrailingComment() {
        IrLexer lex = new IrLexer("ret void ; done\nnext");
        assertEquals(16, lex.lineEndAfter(8));
        assertEquals(3, lex.lineEndAfter(3), "more code on the line: stays put");
    }

    @Test
    void quotedNamesAreUnescaped() {
        IrLexer lex = new IrLexer("%\"a\\22b\\5C\"");
        lex.reset(0);
        assertTrue(lex.quoted);
        assertEquals("a\"b\\", lex.name());
    }

    @Test
    void ptrWordIsNoticed() {
        IrLexer lex = new IrLexer("load i32, ptr %p");
        lex.reset(0);
        while (lex.kind != IrToken.EOF) {
            lex.next();
        }
        assertTrue(lex.sawPtr);
        IrLexer typed = new IrLexer("load i32, i32* %ptr");
        typed.reset(0);
        while (typed.kind != IrToken.EOF) {
            typed.next();
        }
        assertFalse(typed.sawPtr);
    }
}
