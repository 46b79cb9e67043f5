package org.nvlower.nvptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.nvlower.diag.InputException;

/** Seed 2, "NVPTXTargetTransformInfo Hook Table" and what follows it. */
class CostModelTest {

    private final CostModel tti = TargetMachine.fromCommandLine(List.of("-arch=compute_80")).costModel();

    @Test
    void hookConstants() {
        assertEquals(32, tti.registerBitWidthVector());
        assertEquals(32, tti.registerBitWidthScalar());
        assertFalse(tti.supportsScalableVectors());
        assertEquals(4, tti.maxInterleaveFactor(1));
        assertEquals(2, tti.maxInterleaveFactor(4));
    }

    /** "float: VF = 1", "half: VF = 2", "i8: VF = 4". */
    @Test
    void vectorizationFactorFormula() {
        assertEquals(1, tti.vectorizationFactor("float"));
        assertEquals(2, tti.vectorizationFactor("half"));
        assertEquals(4, tti.vectorizationFactor("i8"));
        assertEquals(2, tti.vectorizationFactor("i16"));
        assertEquals(2, tti.vectorizationFactor("bfloat"));
        assertEquals(1, tti.vectorizationFactor("i64"));
        assertEquals(1, tti.vectorizationFactor("double"));
        assertEquals(1, tti.vectorizationFactor(32));
        // The outer-loop override forces VF = 4 when the formula gives VF <= 1.
        assertEquals(4, tti.vectorizationFactor(32, true));
        assertEquals(4, tti.vectorizationFactor(64, true));
        assertEquals(2, tti.vectorizationFactor(16, true));
        assertEquals(1, tti.vectorizationFactor(32, false));
        assertEquals("unknown element type 'f80'; allowed: i8, i16, half, bfloat, i32, float, i64, double",
                assertThrows(InputException.class, () -> tti.vectorizationFactor("f80")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> tti.vectorizationFactor(0));
    }

    /** SLP bundles: "2x i16", "4x i8", "1x i32 or f32". */
    @Test
    void slpBundleWidth() {
        assertEquals(2, tti.slpMaxBundle(16));
        assertEquals(4, tti.slpMaxBundle(8));
        assertEquals(1, tti.slpMaxBundle(32));
    }

    /** "IC = IC / max(issueWidth, latency)" after the getMaxInterleaveFactor cap. */
    @Test
    void interleaveCountCap() {
        CostModel.SchedulingInfo flat = new CostModel.SchedulingInfo(1, 1);
        assertEquals(4, tti.interleaveCount(8, 1, flat));
        assertEquals(2, tti.interleaveCount(8, 2, flat));
        assertEquals(3, tti.interleaveCount(3, 1, flat));
        assertEquals(2, tti.interleaveCount(8, 1, new CostModel.SchedulingInfo(2, 1)));
        assertEquals(2, tti.interleaveCount(8, 1, new CostModel.SchedulingInfo(1, 2)));
        assertEquals(1, tti.interleaveCount(8, 1, new CostModel.SchedulingInfo(3, 2)));
        assertEquals(1, tti.interleaveCount(8, 1, CostModel.SchedulingInfo.DEFAULT));
        assertEquals(new CostModel.SchedulingInfo(1, 4), CostModel.SchedulingInfo.DEFAULT);
        assertThrows(IllegalArgumentException.class, () -> new CostModel.SchedulingInfo(0, 1));
    }

    /** The seed's table: ADD/SUB 1 vs 2, MUL 1 vs ~4, DIV/REM high vs very high, shift 1 vs 2-3. */
    @Test
    void arithmeticCostTable() {
        assertEquals(1, tti.arithmeticCost("add", "i32"));
        assertEquals(2, tti.arithmeticCost("add", "i64"));
        assertEquals(1, tti.arithmeticCost("sub", "i32"));
        assertEquals(2, tti.arithmeticCost("sub", "i64"));
        assertEquals(1, tti.arithmeticCost("mul", "i32"));
        assertEquals(4, tti.arithmeticCost("mul", "i64"));
        for (String shift : List.of("shl", "lshr", "ashr")) {
            assertEquals(1, tti.arithmeticCost(shift, "i32"));
            int c = tti.arithmeticCost(shift, "i64");
            assertTrue(c >= 2 && c <= 3, shift + " " + c);
        }
        for (String div : List.of("udiv", "sdiv", "urem", "srem")) {
            int c32 = tti.arithmeticCost(div, "i32");
            int c64 = tti.arithmeticCost(div, "i64");
            assertTrue(c32 > tti.arithmeticCost("mul", "i64"), div + " i32 is high");
            assertTrue(c64 > c32, div + " i64 is very high");
        }
        // The numbers behind "high": ptxas's expansions (FACTS.md).
        assertEquals(18, tti.arithmeticCost("udiv", "i32"));
        assertEquals(24, tti.arithmeticCost("sdiv", "i32"));
        assertEquals(70, tti.arithmeticCost("udiv", "i64"));
        assertEquals(85, tti.arithmeticCost("sdiv", "i64"));
        assertEquals(13, ArithmeticOpcode.values().length);
    }

    @Test
    void narrowAndVectorTypes() {
        assertEquals(1, tti.arithmeticCost("add", "i8"));
        assertEquals(1, tti.arithmeticCost("mul", "i16"));
        assertEquals(8, tti.arithmeticCost("add", "<4 x i64>"));
        assertEquals(8, tti.arithmeticCost("add", "v4i64"));
        assertEquals(4, tti.arithmeticCost("mul", "v4i32"));
        assertEquals("no arithmetic cost for type 'i128'; allowed: i1, i8, i16, i32, i64 and vectors of them "
                + "(<4 x i32> or v4i32)", assertThrows(InputException.class, () -> tti.arithmeticCost("add", "i128")).getMessage());
        assertEquals("vector type 'v0i32' has no elements",
                assertThrows(InputException.class, () -> tti.arithmeticCost("add", "v0i32")).getMessage());
        assertEquals("unknown opcode 'fadd'; allowed: add, sub, mul, udiv, sdiv, urem, srem, shl, lshr, ashr, and, or, xor",
                assertThrows(InputException.class, () -> tti.arithmeticCost("fadd", "i32")).getMessage());
    }

    /** hasAttribute(30) noimplicitfloat, (47) alwaysvectorize, (18) optnone. */
    @Test
    void attributeQueries() {
        assertEquals(FunctionAttribute.NOIMPLICITFLOAT, FunctionAttribute.byKind(30).orElseThrow());
        assertEquals(FunctionAttribute.ALWAYSVECTORIZE, FunctionAttribute.byKind(47).orElseThrow());
        assertEquals(FunctionAttribute.OPTNONE, FunctionAttribute.byKind(18).orElseThrow());
        assertTrue(FunctionAttribute.byKind(19).isEmpty());
        Set<String> attrs = Set.of("optnone", "noinline");
        assertTrue(tti.hasAttribute(attrs, FunctionAttribute.OPTNONE));
        assertFalse(tti.hasAttribute(attrs, FunctionAttribute.NOIMPLICITFLOAT));
        assertFalse(tti.hasAttribute(attrs, FunctionAttribute.ALWAYSVECTORIZE));
    }
}
