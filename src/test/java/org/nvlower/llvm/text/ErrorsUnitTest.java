package org.nvlower.llvm.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.nvlower.diag.InputException;

/** Malformed input: llvm-as style messages at the right line and column, and nothing but InputException. */
class ErrorsUnitTest {

    private static InputException error(String text) {
        InputException e = assertThrows(InputException.class, () -> IrParser.parse("bad.ll", text));
        // reading every body at once reports the same first error
        InputException eager = assertThrows(InputException.class, () -> IrParser.parseWithBodies("bad.ll", text));
        assertEquals(e.render(), eager.render());
        return e;
    }

    @ParameterizedTest(name = "{3}")
    @CsvSource(delimiter = '|', textBlock = """
            define i32 @f() {\\n  %x = add i32 %y, 1\\n  ret i32 %x\\n}                | 2 | 16 | use of undefined value '%y'
            define void @f() {\\n  %x = frobnicate i32 1\\n  ret void\\n}              | 2 | 8  | expected instruction opcode
            define void @f() {\\n  br label %nowhere\\n}                               | 2 | 12 | use of undefined value '%nowhere'
            define i32 @f(i32 %a) {\\n  %2 = add i32 %a, 1\\n  ret i32 %2\\n}           | 2 | 3  | instruction expected to be numbered '%1'
            define i32 @f(i64 %a) {\\n  %x = add i32 %a, 1\\n  ret i32 %x\\n}           | 2 | 16 | '%a' defined with type 'i64' but expected 'i32'
            @g = global i32 1.5                                                         | 1 | 17 | floating point constant invalid for type
            @g = global float 7                                                         | 1 | 19 | integer constant must have integer type
            @g = global float 0.1                                                       | 1 | 19 | floating point constant invalid for type
            @g = global ptr @missing                                                    | 1 | 17 | use of undefined value '@missing'
            @g = global %T zeroinitializer                                              | 1 | 13 | use of undefined type named 'T'
            define void @f() {\\n  ret void\\n                                          | 2 | 11 | expected '}' at end of function
            %T = type { i32, float                                                      | 1 | 23 | expected ',' or '}'
            this is not ir                                                              | 1 | 1  | expected top-level entity
            define void @f() {\\n  call void @g()\\n  ret void\\n}                      | 2 | 13 | use of undefined value '@g'
            define void @f() {\\n  fence sideways\\n  ret void\\n}                      | 2 | 9  | expected ordering on atomic instruction
            define void @f(ptr %p) {\\n  store i32 1, ptr %p, align 3\\n  ret void\\n}       | 2 | 30 | alignment is not a power of two
            @"abc = global i32 0                                                        | 1 | 1  | invalid token: unterminated quoted name
            @r = global i8 addrspace(-1)* null                                          | 1 | 26 | expected integer
            define i32 @f(i32 %a) {\\n  %x = add i32 %a,                                  | 2 | 19 | expected value
            define i32 @f() {\\n  ret void\\n}                                          | 2 | 3  | value doesn't match function result type 'i32'
            @g = global i32 0\\n@g = global i32 1                                        | 2 | 1  | redefinition of global '@g'
            define void @f() {\\n  %x = add i32 1, 2\\n  %x = add i32 1, 2\\n  ret void\\n} | 3 | 3  | multiple definition of local value named 'x'
            """)
    void messagesAndPositions(String text, int line, int column, String message) {
        InputException e = error(text.replace("\\n", "\n").strip());
        assertEquals(message, e.getMessage());
        assertEquals(line, e.position().line(), "line");
        assertEquals(column, e.position().column(), "column");
        assertEquals("bad.ll", e.position().file());
    }

    @Test
    void renderedLikeLlvmAs() {
        InputException e = error("define i32 @f() {\n  %x = add i32 %y, 1\n  ret i32 %x\n}\n");
        assertEquals("bad.ll:2:16: error: use of undefined value '%y'\n  %x = add i32 %y, 1\n               ^", e.render());
    }

    @Test
    void deepNestingIsAnErrorNotAStackOverflow() {
        String deep = "@g = global " + "[1 x ".repeat(40_000) + "i8" + "]".repeat(40_000) + " zeroinitializer\n";
        assertEquals("nesting deeper than 32768 levels", error(deep).getMessage());
        String metadata = "!0 = " + "!{".repeat(40_000) + "}".repeat(40_000) + "\n";
        assertEquals("nesting deeper than 32768 levels", error(metadata).getMessage());
    }

    /** Every prefix and many random single-byte corruptions of the fixtures: parse or InputException, quickly. */
    @Test
    void truncatedAndCorruptedInputNeverCrashes() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            Random random = new Random(42);
            for (String text : new String[] {Fixtures.MODERN, Fixtures.TYPED}) {
                for (int cut = 0; cut < text.length(); cut += 7) {
                    tryParse(text.substring(0, cut));
                }
                String alphabet = "%@!#${}[]()<>,=*\"c0x-.:; \n";
                for (int n = 0; n < 3000; n++) {
                    StringBuilder sb = new StringBuilder(text);
                    for (int k = 0; k < 3; k++) {
                        sb.setCharAt(random.nextInt(sb.length()), alphabet.charAt(random.nextInt(alphabet.length())));
                    }
                    tryParse(sb.toString());
                }
            }
        });
    }

    private static void tryParse(String text) {
        try {
            IrPrinter.print(IrParser.parse("fuzz.ll", text));
        } catch (InputException expected) {
            // fine: malformed input
        } catch (RuntimeException | StackOverflowError e) {
            fail("parser crashed with " + e + " on:\n" + text, e);
        }
    }
}
