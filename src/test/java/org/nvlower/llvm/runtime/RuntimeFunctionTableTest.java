package org.nvlower.llvm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.softfloat.FcmpPredicate;

/** The shape of the table: the seed's 55 names (its prose says 48; see exactlyTheSeedsNames), signatures consistent with the instruction replaced. */
class RuntimeFunctionTableTest {

    /** Seed 1, "Diagnostic Strings", copied in the seed's order. */
    static final List<String> SEED_NAMES = List.of(
            "__nv_add_fp128", "__nv_sub_fp128", "__nv_mul_fp128",
            "__nv_div_fp128", "__nv_rem_fp128",
            "__nv_udiv128", "__nv_idiv128",
            "__nv_urem128", "__nv_irem128",
            "__nv_fp128_to_uint8", "__nv_fp128_to_int8",
            "__nv_fp128_to_uint16", "__nv_fp128_to_int16",
            "__nv_fp128_to_uint32", "__nv_fp128_to_int32",
            "__nv_fp128_to_uint64", "__nv_fp128_to_int64",
            "__nv_fp128_to_uint128", "__nv_fp128_to_int128",
            "__nv_uint8_to_fp128", "__nv_int8_to_fp128",
            "__nv_uint16_to_fp128", "__nv_int16_to_fp128",
            "__nv_uint32_to_fp128", "__nv_int32_to_fp128",
            "__nv_uint64_to_fp128", "__nv_int64_to_fp128",
            "__nv_uint128_to_fp128", "__nv_int128_to_fp128",
            "__nv_fp128_to_float", "__nv_fp128_to_double",
            "__nv_float_to_fp128", "__nv_double_to_fp128",
            "__nv_cvt_f32_u128_rz", "__nv_cvt_f32_i128_rz",
            "__nv_cvt_f64_u128_rz", "__nv_cvt_f64_i128_rz",
            "__nv_cvt_u128_f32_rn", "__nv_cvt_i128_f32_rn",
            "__nv_cvt_u128_f64_rn", "__nv_cvt_i128_f64_rn",
            "__nv_fcmp_oeq", "__nv_fcmp_ogt", "__nv_fcmp_oge",
            "__nv_fcmp_olt", "__nv_fcmp_ole", "__nv_fcmp_one",
            "__nv_fcmp_ord", "__nv_fcmp_uno", "__nv_fcmp_ueq",
            "__nv_fcmp_ugt", "__nv_fcmp_uge", "__nv_fcmp_ult",
            "__nv_fcmp_ule", "__nv_fcmp_une");

    /**
     * The seed's prose says "48 distinct" functions, but its own inventory and string sweep list
     * 55 (5 + 4 + 10 + 10 + 4 + 8 + 14); the table has every listed name, so 55 rows.
     */
    @Test
    void exactlyTheSeedsNames() {
        Set<String> names = new HashSet<>();
        Set<String> all = new HashSet<>();
        for (RuntimeFunction f : RuntimeFunction.values()) {
            assertTrue(all.add(f.symbol()), "duplicate " + f.symbol());
            if (f.isSeed()) {
                names.add(f.symbol());
            }
        }
        assertEquals(55, SEED_NAMES.size());
        assertEquals(Set.copyOf(SEED_NAMES), names);
    }

    @Test
    void seedStringLengthsMatch() {
        // The seed gives the name length each helper passes: 14 (fp128 arithmetic), 12 (i128
        // division), 20 (__nv_cvt_*), 18..21 (fp128 <-> integer conversions).
        for (RuntimeFunction f : seedRows()) {
            int n = f.symbol().length();
            switch (f.opcode()) {
                case FADD, FSUB, FMUL, FDIV, FREM -> assertEquals(14, n, f.symbol());
                case UDIV, SDIV, UREM, SREM -> assertEquals(12, n, f.symbol());
                case FCMP -> assertEquals(13, n, f.symbol());
                default -> {
                    if (f.symbol().startsWith("__nv_cvt_")) {
                        assertEquals(20, n, f.symbol());
                    } else {
                        assertTrue(n >= 18 && n <= 21, f.symbol());
                    }
                }
            }
        }
    }

    @Test
    void signaturesFitTheInstruction() {
        for (RuntimeFunction f : seedRows()) {
            List<ValueType> p = f.parameterTypes();
            ValueType from = p.get(0);
            ValueType to = f.returnType();
            String name = f.symbol();
            switch (f.opcode()) {
                case FADD, FSUB, FMUL, FDIV, FREM ->
                        assertEquals(List.of(ValueType.F128, ValueType.F128, ValueType.F128), List.of(from, p.get(1), to), name);
                case UDIV, SDIV, UREM, SREM ->
                        assertEquals(List.of(ValueType.I128, ValueType.I128, ValueType.I128), List.of(from, p.get(1), to), name);
                case FCMP -> {
                    assertEquals(List.of(ValueType.F128, ValueType.F128), p, name);
                    assertEquals(ValueType.I1, to, name);
                    assertEquals("__nv_fcmp_" + f.predicate().orElseThrow().llvmName(), name);
                }
                case FPTOUI, FPTOSI -> {
                    assertTrue(from.isFloatingPoint() && !to.isFloatingPoint(), name);
                    assertTrue(from == ValueType.F128 || to == ValueType.I128, name);
                }
                case UITOFP, SITOFP -> {
                    assertTrue(!from.isFloatingPoint() && to.isFloatingPoint(), name);
                    assertTrue(to == ValueType.F128 || from == ValueType.I128, name);
                }
                case FPTRUNC -> assertTrue(from == ValueType.F128 && to.bits() < 128, name);
                case FPEXT -> assertTrue(to == ValueType.F128 && from.bits() < 128, name);
                default -> throw new AssertionError("unexpected opcode " + f.opcode() + " in " + name);
            }
            if (f.opcode() != Opcode.FCMP) {
                assertFalse(f.predicate().isPresent(), name);
                assertEquals(1 + (f.opcode().kind() == Opcode.Kind.BINARY ? 1 : 0), p.size(), name);
            }
        }
    }

    @Test
    void cvtNamesReadSourceThenDestination() {
        // docs/facts.md: fptoui float -> unsigned i128 is __nv_cvt_f32_u128_rz; uitofp u128 -> float is _rn.
        assertEquals(RuntimeFunction.CVT_F32_U128_RZ,
                RuntimeFunction.find(Opcode.FPTOUI, ValueType.F32, ValueType.I128, null).orElseThrow());
        assertEquals(RuntimeFunction.CVT_U128_F32_RN,
                RuntimeFunction.find(Opcode.UITOFP, ValueType.I128, ValueType.F32, null).orElseThrow());
        assertEquals(RuntimeFunction.CVT_I128_F64_RN,
                RuntimeFunction.find(Opcode.SITOFP, ValueType.I128, ValueType.F64, null).orElseThrow());
        assertEquals(RuntimeFunction.CVT_F64_I128_RZ,
                RuntimeFunction.find(Opcode.FPTOSI, ValueType.F64, ValueType.I128, null).orElseThrow());
    }

    @Test
    void findCoversEveryRowAndNothingElse() {
        for (RuntimeFunction f : seedRows()) {
            assertEquals(f, RuntimeFunction.find(f.opcode(), f.parameterTypes().get(0), f.returnType(),
                    f.predicate().orElse(null)).orElseThrow(), f.symbol());
            assertEquals(f, RuntimeFunction.bySymbol(f.symbol()).orElseThrow());
        }
        // i128 add/sub/mul are legalized by LLVM itself; fcmp true/false are folded before the pass.
        assertTrue(RuntimeFunction.find(Opcode.ADD, ValueType.I128, ValueType.I128, null).isEmpty());
        assertTrue(RuntimeFunction.find(Opcode.FCMP, ValueType.F128, ValueType.I1, FcmpPredicate.TRUE).isEmpty());
        assertTrue(RuntimeFunction.bySymbol("__nv_add128").isEmpty());
        long fcmpRows = Arrays.stream(RuntimeFunction.values()).filter(f -> f.opcode() == Opcode.FCMP).count();
        assertEquals(14, fcmpRows);
    }

    static List<RuntimeFunction> seedRows() {
        return Arrays.stream(RuntimeFunction.values()).filter(RuntimeFunction::isSeed).toList();
    }

    /**
     * nvlower's extensions: named in the seed's scheme ({@code __nv_<op>_fp128}), replacing a call
     * (opcode CALL) of the intrinsics they list, each intrinsic named by one row only, fp128 in
     * and out but for the class test, frexp's exponent, remquo's quotient and ilogb.
     */
    @Test
    void extensionsFollowTheSeedsScheme() {
        List<RuntimeFunction> ext = Arrays.stream(RuntimeFunction.values()).filter(f -> !f.isSeed()).toList();
        assertEquals(52, ext.size(), ext.toString());
        Set<String> intrinsics = new HashSet<>();
        for (RuntimeFunction f : ext) {
            assertEquals(Opcode.CALL, f.opcode(), f.symbol());
            assertTrue(f.symbol().matches("__nv_[a-z0-9_]+_fp128"), f.symbol());
            assertFalse(f.predicate().isPresent());
            for (String i : f.intrinsics()) {
                assertTrue(i.startsWith("llvm."), i);
                assertTrue(intrinsics.add(i), "two rows name " + i);
            }
            assertEquals(ValueType.F128, f.parameterTypes().get(0), f.symbol());
            boolean fp128Result = f != RuntimeFunction.FPCLASS_FP128 && f != RuntimeFunction.FREXP_EXP_FP128
                    && f != RuntimeFunction.REMQUO_QUOTIENT_FP128 && f != RuntimeFunction.ILOGB_FP128;
            assertEquals(fp128Result ? ValueType.F128 : ValueType.I32, f.returnType(), f.symbol());
            // no instruction finds an extension row
            assertTrue(RuntimeFunction.find(Opcode.CALL, ValueType.F128, f.returnType(), null).isEmpty());
        }
        assertTrue(intrinsics.containsAll(List.of("llvm.fma", "llvm.fmuladd", "llvm.sqrt", "llvm.floor", "llvm.ceil",
                "llvm.trunc", "llvm.round", "llvm.roundeven", "llvm.rint", "llvm.nearbyint", "llvm.minnum", "llvm.maxnum",
                "llvm.minimum", "llvm.maximum", "llvm.is.fpclass", "llvm.powi", "llvm.ldexp", "llvm.frexp")), intrinsics.toString());
        assertEquals("declare fp128 @__nv_fma_fp128(fp128, fp128, fp128)", RuntimeFunction.FMA_FP128.llvmDeclaration());
        assertEquals("declare fp128 @__nv_powi_fp128(fp128, i32)", RuntimeFunction.POWI_FP128.llvmDeclaration());
    }

    @Test
    void declarationsAreLlvmIr() {
        assertEquals("declare fp128 @__nv_add_fp128(fp128, fp128)", RuntimeFunction.ADD_FP128.llvmDeclaration());
        assertEquals("declare i1 @__nv_fcmp_uno(fp128, fp128)", RuntimeFunction.FCMP_UNO.llvmDeclaration());
        assertEquals("declare i128 @__nv_cvt_f32_u128_rz(float)", RuntimeFunction.CVT_F32_U128_RZ.llvmDeclaration());
        assertEquals("declare i8 @__nv_fp128_to_int8(fp128)", RuntimeFunction.FP128_TO_INT8.llvmDeclaration());
    }

    @Test
    void evaluateRejectsMalformedOperands() {
        assertThrows(IllegalArgumentException.class, () -> RuntimeFunction.UDIV128.evaluate(1, 2, 3));
        assertThrows(IllegalArgumentException.class, () -> RuntimeFunction.UINT8_TO_FP128.evaluate(0x100));
        assertThrows(IllegalArgumentException.class, () -> RuntimeFunction.FLOAT_TO_FP128.evaluate(-1L));
    }
}
