package org.nvlower.llvm.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.nvlower.diag.InputException;
import org.nvlower.diag.SourcePosition;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.testing.ExternalTools;

/**
 * Malformed IR is rejected with an {@link InputException} at the exact line and column, with the
 * message it should have. The positions are the ones LLVM 14's {@code llvm-as} reports for the
 * same input (checked below when llvm-as is present), so they are not nvlower's own say-so. The
 * messages are LLVM's or, where nvlower's wording is as precise, nvlower's.
 */
class ParseErrorTest {

    /** One malformed input: where the error is (1-based line, column) and how its message starts. */
    enum Case {
        UNKNOWN_GROUP_ATTRIBUTE("attributes #0 = { frobnicate }\n", 1, 19, "unterminated attribute group"),
        EMPTY_GROUP("attributes #0 = { }\n", 1, 1, "attribute group has no attributes"),
        PARAMETER_ATTRIBUTE_IN_GROUP("attributes #0 = { noalias }\n", 1, 19,
                "this attribute does not apply to functions"),
        EMPTY_BODY("define void @f() {}\n", 1, 19, "function body requires at least one basic block"),
        BAD_COMDAT_KIND("$c = comdat e\n", 1, 13, "unknown selection kind"),
        TRIPLE_AFTER_A_TYPE("%t = type { i32 }\ntarget triple = \"nvptx64-nvidia-cuda\"\n", 2, 1,
                "expected top-level entity"),
        SOURCE_FILENAME_AFTER_A_GLOBAL("@g = global i32 0\nsource_filename = \"x\"\n", 2, 1, "expected top-level entity"),
        // LLVM ends a comment at '\r' and counts columns from it too
        CODE_AFTER_CR_IN_COMMENT("; a comment\rthat ends at the carriage return\n", 1, 1, "expected top-level entity"),
        CARET_WITHOUT_NUMBER("^ x\n", 1, 1, "expected top-level entity"),
        SUMMARY_WITHOUT_EQUALS("^8\n", 2, 1, "expected '=' here"),
        UNKNOWN_SUMMARY_KIND("^0 = frob: (x: 1)\n", 1, 6, "unexpected summary kind"),
        PERSONALITY_NOT_A_VALUE("declare i32 @p(...)\ndefine void @f() personality i32 (...)* call {\n  ret void\n}\n",
                2, 41, "expected value token"),
        PERSONALITY_BAD_TYPE("declare i32 @p(...)\ndefine void @f() personality i8* bitcast (i32 (...)* @p to i 8*) {\n"
                + "  ret void\n}\n", 2, 60, "expected type"),
        ATTRIBUTE_AFTER_COMDAT("$f = comdat any\ndefine void @f() comdat \"key\" {\n  ret void\n}\n", 2, 25,
                "expected '{' in function body"),
        WORD_AFTER_CALL("declare void @g()\ndefine void @f() {\n  call void @g()i\n  ret void\n}\n", 3, 17,
                "expected instruction opcode"),
        GEP_FLAG_TYPO("define i32* @f(i32* %p) {\n  %q = getelementptr inboundsinbounds i32, i32* %p, i32 1\n"
                + "  ret i32* %q\n}\n", 2, 22, "expected type"),
        CONSTANT_EXPR_FLAG_TYPO("@a = global [2 x i32] zeroinitializer\n"
                + "@p = global i32* getelementptr inbounz ([2 x i32], [2 x i32]* @a, i32 0, i32 1)\n", 2, 32,
                "expected '(' in constant expression"),
        PARAMETER_ATTRIBUTE_TYPO("declare void @f(i32* noalia %p)\n", 1, 22, "expected ',' or ')'"),
        BARE_ALIGN("declare void @f(i32* align )\n", 1, 28, "expected integer"),
        TLS_MODEL("@g = thread_local(initialexe5c) global i32 0\n", 1, 19,
                "expected localdynamic, initialexec or localexec"),
        WORD_EQUALS_IN_GROUP("attributes #0 = { nounwind =uwtable }\n", 1, 28, "expected attribute or '}'"),
        METADATA_UNDEFINED_GLOBAL("!0 = !{i32* @undefined}\n", 1, 13, "use of undefined value '@undefined'"),
        METADATA_TUPLE_VALUE("!0 = !{i32 1, !\"wchar_size\", i32 b}\n", 1, 34, "expected value token"),
        DI_FIELD_UNKNOWN("!0 = !DILocalVariable(name: \"x\", sc4ope: !0)\n", 1, 34, "invalid field 'sc4ope'"),
        DI_FIELD_OF_ANOTHER_KIND("!0 = !DINamespace(name: \"n\", scope: null, line: 7)\n", 1, 43, "invalid field 'line'"),
        METADATA_TYPED_IN_TUPLE("!0 = !{metadata !1}\n!1 = !{}\n", 1, 8, "invalid metadata-value-metadata roundtrip"),
        METADATA_TYPED_IN_ATTACHMENT("define void @f() {\n  ret void, !bar !{i32 0, metadata !0}\n}\n!0 = !{}\n", 2, 27,
                "invalid metadata-value-metadata roundtrip"),
        ELLIPSIS_NOT_MUSTTAIL("declare i8* @f(i8*, ...)\ndefine i8* @g(i8* %p) {\n  %r = call i8* (i8*, ...) @f(i8* %p, ...)\n"
                + "  ret i8* %r\n}\n", 3, 39, "unexpected ellipsis in argument list for non-musttail call"),
        ELLIPSIS_NOT_VARARGS("declare i8* @f(i8*, ...)\ndefine i8* @g(i8* %p) {\n"
                + "  %r = musttail call i8* (i8*, ...) @f(i8* %p, ...)\n  ret i8* %r\n}\n", 3, 48,
                "unexpected ellipsis in argument list for musttail call in non-varargs function"),
        ELLIPSIS_NOT_LAST("declare i8* @f(i8*, ...)\ndefine i8* @g(i8* %p, ...) {\n"
                + "  %r = musttail call i8* (i8*, ...) @f(i8* %p, ..., i8* %p)\n  ret i8* %r\n}\n", 3, 51,
                "expected ')' at end of argument list"),
        MUSTTAIL_WITHOUT_ELLIPSIS("declare i8* @f(i8*, ...)\ndefine i8* @g(i8* %p, ...) {\n"
                + "  %r = musttail call i8* (i8*, ...) @f(i8* %p)\n  ret i8* %r\n}\n", 3, 46,
                "expected '...' at end of argument list for musttail call in varargs function"),
        DI_EXPRESSION_ELEMENT("!0 = !DIExpression(6, 18446744073709551616)\n", 1, 23,
                "element too large, limit is 18446744073709551615"),
        DI_FIELD_NO_LABEL("!0 = !DIGlobalVariableExpression(var: !0, expr3 !DIExpression())\n", 1, 43,
                "expected field label here"),
        DI_FIELD_NO_COMMA("!0 = !DIBasicType(name: \"int\" size: 32)\n", 1, 31, "expected ')' here"),
        DI_FIELD_NOT_UNSIGNED("!0 = !DIBasicType(name: \"int\", size: token)\n", 1, 38, "expected unsigned integer"),
        DI_FIELD_TWICE("!0 = distinct !DISubprogram()\n!1 = !DILocation(line: 3, scope: !0, line: 3)\n", 2, 38,
                "field 'line' cannot be specified more than once"),
        DI_REQUIRED_MISSING("!0 = !DILocation(line: 1)\n", 1, 25, "missing required field 'scope'"),
        DI_SCOPE_NULL("!0 = !DILexicalBlock(scope: null)\n", 1, 29, "'scope' cannot be null"),
        DI_NAME_EMPTY("!0 = distinct !DIGlobalVariable(name: \"\")\n", 1, 39, "'name' cannot be empty"),
        DI_COLUMN_TOO_LARGE("!0 = distinct !DISubprogram()\n!1 = !DILocation(column: 65536, scope: !0)\n", 2, 26,
                "value for 'column' too large, limit is 65535"),
        DI_COUNT_TOO_SMALL("!0 = !DISubrange(count: -2)\n", 1, 25, "value for 'count' too small, limit is -1"),
        DI_TAG_UNKNOWN("!0 = !GenericDINode(tag: DW_TAG_nope)\n", 1, 26, "invalid DWARF tag 'DW_TAG_nope'"),
        DI_TAG_STRING("!0 = !GenericDINode(tag: \"x\")\n", 1, 26, "expected DWARF tag"),
        DI_LANGUAGE_UNKNOWN("!0 = distinct !DICompileUnit(language: DW_LANG_Nope, file: !1)\n"
                + "!1 = !DIFile(filename: \"a\", directory: \"b\")\n", 1, 40, "invalid DWARF language 'DW_LANG_Nope'"),
        DI_EMISSION_KIND("!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: 4)\n"
                + "!1 = !DIFile(filename: \"a\", directory: \"b\")\n", 1, 77, "value for 'emissionKind' too large, limit is 3"),
        DI_COMPILE_UNIT_UNIQUED("!0 = !DICompileUnit(language: DW_LANG_C99, file: !1)\n"
                + "!1 = !DIFile(filename: \"a\", directory: \"b\")\n", 1, 6, "missing 'distinct', required for !DICompileUnit"),
        DI_SUBPROGRAM_DEFINITION_UNIQUED("!0 = !DISubprogram(name: \"f\", spFlags: DISPFlagDefinition)\n", 1, 6,
                "missing 'distinct', required for !DISubprogram that is a Definition"),
        USELISTORDER_INDEX_REPEATED("@g = global i32 0\n@a1 = alias i32, i32* @g\n@a2 = alias i32, i32* @g\n"
                + "@a3 = alias i32, i32* @g\nuselistorder i32* @g, { 0, 0, 2 }\n", 5, 23,
                "expected distinct uselistorder indexes in range [0, size)"),
        USELISTORDER_IN_ORDER("@g = global i32 0\n@a1 = alias i32, i32* @g\n@a2 = alias i32, i32* @g\n"
                + "@a3 = alias i32, i32* @g\nuselistorder i32* @g, { 0, 1, 2 }\n", 5, 23,
                "expected uselistorder indexes to change the order"),
        USELISTORDER_ONE_INDEX("@g = global i32 0\n@a1 = alias i32, i32* @g\nuselistorder i32* @g, { 1 }\n", 3, 23,
                "expected >= 2 uselistorder indexes"),
        USELISTORDER_TYPE("@g = global i32 0\n@h = global i32* @g\n@i = global i32* @g\nuselistorder i31* @g, { 1, 0 }\n",
                4, 19, "'@g' defined with type 'i32*' but expected 'i31*'"),
        USELISTORDER_BB_NUMBERED("define void @f() {\n  br label %1\n1:\n  ret void\n}\nuselistorder_bb @f, %1, { 1, 0 }\n",
                6, 21, "invalid numeric label in uselistorder_bb"),
        USELISTORDER_BB_UNKNOWN("define void @f() {\n  unreachable\n}\nuselistorder_bb @f, %bb, { 1, 0 }\n", 4, 21,
                "invalid basic block in uselistorder_bb"),
        USELISTORDER_BB_ARGUMENT("define void @f(i32 %arg) {\n  unreachable\n}\nuselistorder_bb @f, %arg, { 1, 0 }\n", 4,
                21, "expected basic block in uselistorder_bb"),
        USELISTORDER_UNKNOWN_LOCAL("define void @f() {\n  unreachable\n  uselistorder i32 %val, { 1, 0 }\n}\n", 3, 3,
                "value has no uses"),
        USELISTORDER_BEFORE_BLOCK("define void @f(i32 %a) {\n  %b = add i32 %a, 1\n  %c = add i32 %a, 2\n  br label %x\n"
                + "  uselistorder i32 %a, { 1, 0 }\nx:\n  ret void\n}\n", 6, 1, "expected uselistorder directive"),
        GEP_VECTOR_LANES("@g = global <2 x i32*> getelementptr (i32, <4 x i32*> zeroinitializer, <2 x i64> <i64 1, i64 2>)\n",
                1, 24, "getelementptr vector index has a wrong number of elements"),
        BYVAL_WITHOUT_TYPE("declare void @f(i32* byval %p)\n", 1, 28, "expected '('"),
        // llvm-as: "this attribute does not apply to return values"; once read as a calling convention "swift..."
        SWIFTERROR_ON_RETURN("declare swifterror void @c(i32** swifterror %a)\n", 1, 9, "expected type"),
        DI_UNKNOWN_KIND("!0 = !{!DINope(tag: 1)}\n", 1, 8, "expected metadata type"),
        USELISTORDER_LOCAL("define void @f(i32 %x) {\n  ret void\n}\nuselistorder i32 %x, { 1, 0 }\n", 4, 18,
                "invalid use of function-local name"),
        USELISTORDER_BB_NOT_A_NAME("uselistorder_bb 0x7FF0000000000000, %bb, { 1, 0 }\n", 1, 17,
                "expected function name in uselistorder_bb"),
        USELISTORDER_BB_FORWARD("uselistorder_bb @f, %bb, { 1, 0 }\ndefine void @f() {\nbb:\n  ret void\n}\n", 1, 17,
                "invalid function forward reference in uselistorder_bb"),
        NAMED_METADATA_VALUE("!l = !{i32 1}\n", 1, 8, "Expected '!' here"),
        UNKNOWN_OPCODE("define i32 @f() {\n  %x = frobnicate i32 1, 2\n  ret i32 %x\n}\n", 2, 8, "expected instruction opcode"),
        UNDEFINED_VALUE("define i32 @f() {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n", 2, 16, "use of undefined value '%x'"),
        UNDEFINED_LABEL("define void @f() {\n  br label %nowhere\n}\n", 2, 12, "use of undefined value '%nowhere'"),
        UNDEFINED_GLOBAL("define void @f() {\n  call void @g()\n  ret void\n}\n", 2, 13, "use of undefined value '@g'"),
        UNDEFINED_TYPE("@g = global %T zeroinitializer\n", 1, 13, "use of undefined type named 'T'"),
        UNDEFINED_METADATA("!0 = !{!99}\n", 1, 9, "use of undefined metadata '!99'"),
        MISSING_BRACE("define void @f() {\n  ret void\n", 3, 1, "expected '}' at end of function"),
        EOF_IN_INSTRUCTION("define i32 @f(i32 %a) {\n  %x = add i32 %a,", 2, 19, "expected value"),
        UNCLOSED_PARAMS("declare void @f(i32\n", 2, 1, "expected ',' or ')'"),
        MISSING_EQUALS("@g global i32 0\n", 1, 4, "expected '='"),
        REDEFINED_GLOBAL("@g = global i32 0\n@g = global i32 1\n", 2, 1, "redefinition of global '@g'"),
        REDEFINED_LOCAL("define i32 @f(i32 %a) {\n  %x = add i32 %a, 1\n  %x = add i32 %a, 2\n  ret i32 %x\n}\n", 3, 3,
                "multiple definition of local value named 'x'"),
        EXPECTED_TYPE("define foo @f() {\n  ret void\n}\n", 1, 8, "expected type"),
        MISSING_RETURN_TYPE("define @f() {\n  ret void\n}\n", 1, 8, "expected type"),
        INTEGER_TOO_WIDE("@g = global i16777216 0\n", 1, 13, "bitwidth for integer type out of range"),
        NOT_A_TYPE("@g = global \u00e9 0\n", 1, 13, "invalid token '\u00e9'"),
        STRAY_CHARACTER("define void @f() {\n  ret void `\n}\n", 2, 12, "invalid token '`'"),
        MISSING_TERMINATOR("define void @f() {\nentry:\n  %x = add i32 1, 2\nnext:\n  ret void\n}\n", 4, 1,
                "expected instruction opcode"),
        NUMBERED_GLOBAL_GAP("@1 = global i32 0\n", 1, 1, "variable expected to be numbered '@0'"),
        MISSING_COMMA("define i32 @f(i32 %a) {\n  %x = add i32 %a 1\n  ret i32 %x\n}\n", 2, 19,
                "expected ','"),
        TOP_LEVEL_JUNK("target triple = \"x\"\nhello\n", 2, 1, "expected top-level entity"),
        UNTERMINATED_NAME("@\"abc = global i32 0\n", 1, 1, "invalid token"),
        BAD_LINKAGE("@g = privat global i32 0\n", 1, 6, "expected 'global' or 'constant'"),
        BAD_ALIGNMENT("define void @f(i32* %p) {\n  store i32 1, i32* %p, align 3\n  ret void\n}\n", 2, 31,
                "alignment is not a power of two"),
        BAD_PREDICATE("define i1 @f(i32 %a) {\n  %c = icmp foo i32 %a, 0\n  ret i1 %c\n}\n", 2, 13, "expected icmp predicate"),
        BAD_ORDERING("define void @f(i32* %p) {\n  fence sideways\n  ret void\n}\n", 2, 9, "expected ordering"),
        BAD_HEX_FLOAT("@g = global double 0xK1\n", 1, 20, "floating point constant does not have type 'double'"),
        BAD_METADATA_TUPLE("!0 = !{!\"a\" !\"b\"}\n", 1, 13, "expected end of metadata node"),
        UNKNOWN_WORD_IN_DEFINE("define void @f() bogus_attr {\n  ret void\n}\n", 1, 18, "expected '{' in function body"),
        UNKNOWN_WORD_AFTER_DECLARE("declare void @d() s0ction \".x\"\n", 1, 19, "expected top-level entity"),
        UNDEFINED_PERSONALITY("define void @f() personality i32 (...)* @nope {\n  ret void\n}\n", 1, 41,
                "use of undefined value '@nope'"),
        UNDEFINED_PERSONALITY_IN_CAST("define void @f() personality i8* bitcast (i32 (...)* @nope to i8*) {\n  ret void\n}\n",
                1, 54, "use of undefined value '@nope'"),
        UNDEFINED_METADATA_IN_HEADER("define void @f() !dbg !7 {\n  ret void\n}\n", 1, 24, "use of undefined metadata '!7'"),
        REPEATED_ARGUMENT("define void @a(i32 %i, i32 %i) {\n  ret void\n}\n", 1, 24, "redefinition of argument '%i'"),
        CRLF_LINES("define i32 @f() {\r\n  %x = frobnicate i32 1, 2\r\n  ret i32 %x\r\n}\r\n", 2, 8, "expected instruction opcode"),
        TAB_IS_ONE_COLUMN("define i32 @f() {\n\t%x = add i32 %q, 1\n\tret i32 %x\n}\n", 2, 15, "use of undefined value '%q'"),
        // from LLVM's own tests (bench/llvm-tests-agreement): Assembler/byval-parse-error0.ll and kin
        TYPE_ATTRIBUTE_WITHOUT_TYPE("define void @f(i8* byval) {\n  ret void\n}\n", 1, 25, "expected '('"),
        CC_WITHOUT_NUMBER("declare cc void @f()\n", 1, 12, "expected integer"),
        CC_NUMBER_TOO_LARGE("declare cc4294967296 void @f()\n", 1, 11, "expected 32-bit integer (too large)"),
        CC_NUMBER_THEN_A_WORD("declare cc10x void @f()\n", 1, 13, "expected type"),
        VECTOR_TOO_LONG("@g = external global <4294967296 x i8>\n", 1, 23, "size too large for vector"),
        NON_STRUCT_TYPE_USED_BEFORE("@g = external global %t\n%t = type i32\n", 2, 1,
                "forward references to non-struct type"),
        NON_STRUCT_TYPE_REDEFINED("%t = type i32\n%t = type i32\n", 2, 1, "redefinition of type"),
        AGGREGATE_INDEX_TOO_LARGE("@g = global i32 extractvalue ({i32} {i32 1}, 4294967296)\n", 1, 46,
                "expected 32-bit integer (too large)"),
        DI_COMPILE_UNIT_NOT_DISTINCT("!0 = !DICompileUnit(language: 12, file: !1)\n"
                + "!1 = !DIFile(filename: \"a\", directory: \"b\")\n", 1, 6, "missing 'distinct', required for !DICompileUnit"),
        DI_SUBPROGRAM_DEFINITION_NOT_DISTINCT("!0 = !DISubprogram(spFlags: DISPFlagDefinition)\n", 1, 6,
                "missing 'distinct', required for !DISubprogram that is a Definition"),
        DI_LOCATION_WITHOUT_SCOPE("!0 = !DILocation(line: 1)\n", 1, 25, "missing required field 'scope'"),
        DI_FILE_WITHOUT_DIRECTORY("!named = !{!0}\n!0 = !DIFile(filename: \"a\")\n", 2, 27,
                "missing required field 'directory'"),
        DI_LOCATION_NULL_SCOPE("!0 = !DILocation(line: 1, scope: null)\n", 1, 34, "'scope' cannot be null"),
        DI_COLUMN_TOO_LARGE_FIRST("!0 = !DILocation(line: 1, column: 65536, scope: !1)\n!1 = distinct !DISubprogram()\n", 1, 35,
                "value for 'column' too large, limit is 65535"),
        GLOBAL_OF_TOKEN_TYPE("@GV = external global token\n", 1, 23, "invalid type for global variable"),
        ALIAS_POINTEE_MISMATCH("@y = global i2 0\n@x = alias i1, i2* @y\n", 2, 12,
                "explicit pointee type doesn't match operand's pointee type (i1 vs i2)"),
        GEP_POINTEE_MISMATCH("define void @f(i32* %t) {\n  %x = getelementptr i16, i32* %t, i32 0\n  ret void\n}\n", 2, 22,
                "explicit pointee type doesn't match operand's pointee type (i16 vs i32)"),
        LOAD_POINTEE_MISMATCH("define void @f(i32* %t) {\n  %x = load i16, i32* %t\n  ret void\n}\n", 2, 13,
                "explicit pointee type doesn't match operand's pointee type (i16 vs i32)"),
        VOID_IN_A_TYPE_ATTRIBUTE("declare void @foo(i32* byval(void))\n", 1, 30, "void type only allowed for function results"),
        COMDAT_REDEFINED("$v = comdat any\n$v = comdat any\n", 2, 1, "redefinition of comdat '$v'"),
        TYPED_METADATA_DEFINITION("!0 = metadata !{}\n", 1, 6, "unexpected type in metadata definition");

        final String input;
        final int line;
        final int column;
        final String message;

        Case(String input, int line, int column, String message) {
            this.input = input;
            this.line = line;
            this.column = column;
            this.message = message;
        }

        /**
         * The text of line {@link #line} without its line end. As in LLVM's SourceMgr, lines are
         * counted by '\n' and a '\r' starts the text shown (the cases' errors follow their last '\r').
         */
        String lineText() {
            String text = input.split("\n", -1)[line - 1];
            text = text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
            return text.substring(text.lastIndexOf('\r') + 1);
        }
    }

    @ParameterizedTest
    @EnumSource(Case.class)
    void rejectedAtTheRightPlaceWithTheRightMessage(Case c) {
        String file = c.name().toLowerCase() + ".ll";
        InputException e = assertThrows(InputException.class, () -> IrParser.parse(file, c.input));
        SourcePosition at = e.position();
        assertEquals(file + ":" + c.line + ":" + c.column, at == null ? "no position" : at.toString(), e.getMessage());
        assertTrue(e.getMessage().startsWith(c.message), () -> "message: " + e.getMessage() + "\nexpected: " + c.message);
        assertFalse(e.getMessage().contains("\n"), () -> "a message is one line: " + e.getMessage());
        assertEquals(c.lineText(), at.lineText());
        // render(): "file:line:col: error: message", the line, a caret under the column
        String[] rendered = e.render().split("\n", -1);
        assertEquals(file + ":" + c.line + ":" + c.column + ": error: " + e.getMessage(), rendered[0]);
        assertEquals(c.lineText(), rendered[1]);
        assertEquals(c.column - 1, rendered[2].indexOf('^'));
    }

    /** llvm-as aborts on a malformed data layout without a position; nvlower points at the string. */
    @org.junit.jupiter.api.Test
    void aMalformedDataLayoutIsAnErrorAtTheString(@TempDir Path dir) throws IOException {
        InputException e = assertThrows(InputException.class,
                () -> IrParser.parse("dl.ll", "target datalayout = \"e-i}\"\n"));
        assertEquals("dl.ll:1:21", e.position().toString());
        assertTrue(e.getMessage().startsWith("invalid data layout: not a number"), e.getMessage());
        var llvmAs = ExternalTools.llvmAs();
        Assumptions.assumeTrue(llvmAs.isPresent(), "llvm-as (LLVM 14) not found");
        Path file = Files.writeString(dir.resolve("dl.ll"), "target datalayout = \"e-i}\"\n");
        ExternalTools.Result r = ExternalTools.run(30, llvmAs.get(), file.toString(), "-o", "/dev/null");
        assertTrue(r.exitCode() != 0 && r.stderr().contains("not a number"), r.stderr());
    }

    /** The table's positions are LLVM's: llvm-as reports the same line:col for every case. */
    @ParameterizedTest
    @EnumSource(Case.class)
    void llvmAsReportsTheSamePosition(Case c, @TempDir Path dir) throws IOException {
        var llvmAs = ExternalTools.llvmAs();
        Assumptions.assumeTrue(llvmAs.isPresent(), "llvm-as (LLVM 14) not found");
        Path file = dir.resolve("case.ll");
        Files.writeString(file, c.input, StandardCharsets.UTF_8);
        ExternalTools.Result r = ExternalTools.run(30, llvmAs.get(), file.toString(), "-o", "/dev/null");
        assertEquals(1, r.exitCode(), r.stderr());
        assertTrue(r.stderr().contains(file + ":" + c.line + ":" + c.column + ": error: "), r.stderr());
    }

}
