package org.nvlower.mlir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.nvlower.diag.InputException;

/** Malformed MLIR: one error at FILE:LINE:COL with a clear message, never another exception. */
class MlirParseErrorTest {

    /** {input, expected "LINE:COL: message"}. */
    private static final String[][] CASES = {
        {"func.func @f(%x: f32) {\n  %y = math.sin %x : f64\n  return\n}",
            "2:17: use of value '%x' expects different type than prior uses: 'f64' vs 'f32'"},
        {"func.func @f() {\n  %y = math.sin %x : f32\n  return\n}", "2:17: use of undeclared SSA value name '%x'"},
        {"func.func @f(%x: f32) {\n  %x = math.sin %x : f32\n  return\n}", "2:3: redefinition of SSA value '%x'"},
        {"func.func @f(%x: f32) {\n  %y = math.sinus %x : f32\n}",
            "2:8: custom op 'math.sinus' is unknown (nvlower reads operations it does not know only in the generic "
            + "form, e.g. \"math.sinus\"(%x) : (f32) -> f32)"},
        {"func.func @f(%x: f32) {\n  %y = math.atan2 %x : f32\n}", "2:19: expected 2 operands, got 1"},
        {"func.func @f(%x: i32) {\n  %y = math.sin %x : i32\n}",
            "2:8: 'math.sin' op operand #0 must be floating-point-like, but got 'i32'"},
        {"func.func @f(%x: f32) {\n  %a, %b = math.sin %x : f32\n}",
            "2:3: operation defines 1 results but was provided 2 to bind"},
        {"func.func @f(%x: f32) {\n  cf.br ^bb9\n}", "2:9: reference to an undefined block '^bb9'"},
        {"func.func @f(%x: f32) {\n  %c = arith.constant 1 : f32\n}",
            "2:23: unexpected decimal integer literal for a floating point value (add a trailing dot to make the literal a float)"},
        {"func.func @f() {\n  %c = arith.constant 300 : i8\n}", "2:23: integer constant out of range for attribute"},
        {"func.func @f() {\n  %c = arith.constant -1 : ui8\n}",
            "2:23: negative integer literal not valid for unsigned integer type"},
        {"func.func @f() {\n  %c = arith.constant 0x1FFFF : f16\n}", "2:23: hexadecimal float constant out of range for type"},
        {"func.func @f(%x: f128) {\n}", "1:18: type 'f128' is not supported by nvlower (f16 bf16 f32 f64 iN index are)"},
        {"func.func @f(%x: vector<4xf32) {\n}", "1:30: expected '>' in vector type"},
        {"func.func @f(%x: vector<?xf32>) {\n}", "1:25: invalid dimension '?' for this type"},
        {"func.func @f(%x: vector<0xf32>) {\n}", "1:25: vector types must have positive constant sizes"},
        {"func.func @f(%x: i0) {\n}", "1:18: invalid integer width"},
        {"\"test.x\"() {a = \"unterminated} : () -> ()", "1:17: expected '\"' in string literal"},
        {"\"test.x\"() {a = 1, a = 2} : () -> ()", "1:20: duplicate key 'a' in dictionary attribute"},
        {"\"test.x\"(%0) : () -> ()", "1:16: expected 1 operand type but had 0"},
        {"\"test.x\"() : f32", "1:14: expected function type"},
        {"\"test.x\"() {a = #nope} : () -> ()", "1:17: undefined symbol alias id 'nope'"},
        {"\"test.x\"() {a = dense<[1, 2, 3]> : vector<2xi32>} : () -> ()",
            "1:17: inferred shape of elements literal ([3]) does not match type ([2])"},
        {"func.func @f() {\n  return\n", "1:16: region is not closed: expected '}'"},
        {"func.func @f() {\n  return ^\n}", "2:10: invalid identifier after '^'"},
        {"func.func @f() {\n  %0 = \"test.x\"() : () -> f32 ~\n}", "2:31: unexpected character '~'"},
        {"func.func @f(%x: f32) {\n  %y = math.fpowi %x, %x : f32, f32\n}",
            "2:8: 'math.fpowi' op expects a float base and an integer power, got 'f32' and 'f32'"},
        {"func.func @f(%x: f32) {\n  %y = \"math.fpowi\"(%x, %x) : (f32, f32) -> f32\n}",
            "2:8: 'math.fpowi' op expects a float base and an integer power, got 'f32' and 'f32'"},
        {"module {\n  gpu.module {\n  }\n}", "2:14: expected valid '@'-identifier for symbol name"},
        {"func.func @f(f32) {\n  return\n}", "1:14: a function with a body needs named arguments (%arg0: f32)"},
        {"{-# dialect_resources: {} #-}", "1:1: file metadata dictionaries ({-# ... #-}) are not supported by nvlower"},
        {"func.func @f(%x: memref<4xf32>) {\n  %v = memref.load %x[] : memref<4xf32>\n}",
            "2:8: 'memref.load' op incorrect number of indices for load, expected 1 but got 0"},
    };

    @Test
    void eachMalformedInputHasOnePreciseError() {
        for (String[] c : CASES) {
            InputException e = assertThrows(InputException.class, () -> MlirFixtures.parse("in.mlir", c[0]), c[0]);
            assertEquals("in.mlir:" + c[1], e.position() + ": " + e.getMessage(), c[0]);
            String[] rendered = e.render().split("\n");
            assertEquals(3, rendered.length, "message, source line, caret: " + e.render());
            assertEquals(e.position().column(), rendered[2].indexOf('^') + 1, e.render());
        }
    }
}
