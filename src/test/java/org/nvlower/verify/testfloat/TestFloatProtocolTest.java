package org.nvlower.verify.testfloat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.nvlower.diag.InputException;
import org.nvlower.softfloat.ExceptionFlags;
import org.nvlower.softfloat.RoundingMode;

/** The subject's line protocol and the checker's comparison rules. */
class TestFloatProtocolTest {

    @Test
    void tableHasTheNaturalNames() {
        for (String name : List.of("f128_add", "f32_to_i64", "ui64_to_f128", "f128_roundToInt", "f128_eq_signaling",
                "f128_lt_quiet", "f128_mulAdd", "f16_to_f32", "f32_to_bf16", "bf16_to_f32", "f16_add", "bf16_mul",
                "bf16_mulAdd", "f32_sub", "f64_rem", "f64_eq", "f16_to_f128", "f128_to_ui64_r_minMag", "i32_to_f16")) {
            assertTrue(TestFloatFunction.byName(name).isPresent(), name);
        }
        assertFalse(TestFloatFunction.byName("f128_fmod").isPresent());
        TestFloatFunction mulAdd = TestFloatFunction.byName("f128_mulAdd").orElseThrow();
        assertEquals(List.of(TestFloatType.F128, TestFloatType.F128, TestFloatType.F128), mulAdd.operandTypes());
        assertEquals(6, mulAdd.operandWords());
        assertEquals(TestFloatType.BOOL, TestFloatFunction.byName("f32_lt").orElseThrow().resultType());
        assertEquals(TestFloatType.UI32, TestFloatFunction.byName("f64_to_ui32").orElseThrow().resultType());
    }

    @Test
    void subjectIgnoresExtraFieldsAndWritesTestFloatFormat() throws Exception {
        TestFloatSubject s = subject("f32_add");
        StringWriter out = new StringWriter();
        // 1 + 2 = 3 exactly; the expected-result fields of a testfloat_gen line are ignored
        s.run(new BufferedReader(new StringReader("3f800000 40000000 DEADBEEF 1F\n\n40000000 40000000\n")), out, "in");
        assertEquals("3F800000 40000000 40400000 00\n40000000 40000000 40800000 00\n", out.toString());
    }

    @Test
    void badLinesNameTheLine() {
        TestFloatSubject s = subject("f64_mul");
        InputException e = assertThrows(InputException.class, () -> s.run(
                new BufferedReader(new StringReader("3FF0000000000000 3FF0000000000000\n3FF0000000000000\n")),
                new StringWriter(), "<stdin>"));
        assertEquals(2, e.position().line());
        assertTrue(e.getMessage().contains("fewer"), e.getMessage());
        e = assertThrows(InputException.class, () -> s.parseOperands("3FF000000000000 3FF0000000000000", "f", 7));
        assertTrue(e.getMessage().contains("expected 16 hex digits"), e.getMessage());
        assertEquals(7, e.position().line());
        e = assertThrows(InputException.class, () -> s.parseOperands("3FF000000000000G 3FF0000000000000", "f", 1));
        assertTrue(e.getMessage().contains("not hex"), e.getMessage());
        e = assertThrows(InputException.class, () -> s.parseOperands("03FF0000000000000 3FF0000000000000", "f", 1));
        assertTrue(e.getMessage().contains("expected 16 hex digits"), e.getMessage());
    }

    @Test
    void checkerMatchesAsTestFloatDoes() {
        long[] x86NaN = {0xFFC00000L};
        long[] gpuNaN = {0x7FFFFFFFL};
        assertTrue(VectorChecker.matches(TestFloatType.F32, x86NaN, ExceptionFlags.INVALID, gpuNaN, ExceptionFlags.INVALID));
        assertFalse(VectorChecker.matches(TestFloatType.F32, x86NaN, ExceptionFlags.INVALID, gpuNaN, 0),
                "flags still count for NaN results");
        assertFalse(VectorChecker.matches(TestFloatType.F32, x86NaN, 0, new long[] {0x7F800000L}, 0),
                "infinity is not a NaN");
        long[] f128NaN = {0xFFFF800000000000L, 0};
        assertTrue(VectorChecker.matches(TestFloatType.F128, f128NaN, 0, new long[] {0x7FFF000000000000L, 1}, 0));
        assertFalse(VectorChecker.matches(TestFloatType.F128, f128NaN, 0, new long[] {0x7FFF000000000000L, 0}, 0));
        // invalid conversions: the flag is checked, not the integer
        assertTrue(VectorChecker.matches(TestFloatType.I32, new long[] {0x80000000L}, ExceptionFlags.INVALID,
                new long[] {0x7FFFFFFFL}, ExceptionFlags.INVALID));
        assertFalse(VectorChecker.matches(TestFloatType.I32, new long[] {0x80000000L}, ExceptionFlags.INVALID,
                new long[] {0x7FFFFFFFL}, 0));
        assertFalse(VectorChecker.matches(TestFloatType.I32, new long[] {5}, 0, new long[] {6}, 0));
        assertFalse(VectorChecker.matches(TestFloatType.F64, new long[] {5}, 1, new long[] {5}, 0));
        assertTrue(VectorChecker.matches(TestFloatType.BOOL, new long[] {1}, 0, new long[] {1}, 0));
    }

    @Test
    void checkerCountsFailures() throws Exception {
        VectorChecker c = new VectorChecker(TestFloatFunction.byName("f32_add").orElseThrow(), RoundingMode.NEAR_EVEN, false);
        VectorChecker.Report r = c.check("t", new BufferedReader(new StringReader(
                "3F800000 40000000 40400000 00\n3F800000 40000000 40400001 00\n3F800000 40000000 40400000 01\n")));
        assertEquals(3, r.cases());
        assertEquals(1, r.passed());
        assertEquals(2, r.firstFailures().size());
        assertTrue(r.firstFailures().get(0).startsWith("line 2:"), r.firstFailures().get(0));
    }

    private static TestFloatSubject subject(String name) {
        return new TestFloatSubject(TestFloatFunction.byName(name).orElseThrow(), RoundingMode.NEAR_EVEN, false);
    }
}
