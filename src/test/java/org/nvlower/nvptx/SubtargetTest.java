package org.nvlower.nvptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** Seed 2, "NVPTXSubtarget Feature Flags": type legality per MVT and the feature table. */
class SubtargetTest {

    private static Subtarget subtarget(String... args) {
        return TargetMachine.fromCommandLine(List.of(args)).subtarget();
    }

    private static String table(Subtarget st) {
        List<String> rows = new ArrayList<>();
        for (MachineValueType t : MachineValueType.values()) {
            Subtarget.Legality l = st.legality(t);
            rows.add(t.mvtName() + " " + TargetDescription.actionName(l.action()) + " " + l.becomes());
        }
        return String.join("\n", rows);
    }

    /** sm_80: every row, written out. */
    static final String SM80 = """
            i1 Legal i1
            i8 Promote i16
            i16 Legal i16
            i32 Legal i32
            i64 Legal i64
            i128 Expand 2 x i64
            f16 Legal f16
            bf16 Legal bf16
            f32 Legal f32
            f64 Legal f64
            f128 Expand __nv_*_fp128 calls
            v1i32 Scalarize i32
            v1f32 Scalarize f32
            v1f64 Scalarize f64
            v4i8 Legal v4i8
            v2i16 SplitVector 2 x i16
            v2f16 Legal v2f16
            v2bf16 Legal v2bf16
            v4i16 SplitVector 2 x v2i16
            v4f16 SplitVector 2 x v2f16
            v8f16 SplitVector 2 x v4f16
            v2i32 SplitVector 2 x i32
            v4i32 SplitVector 2 x v2i32
            v8i32 SplitVector 2 x v4i32
            v2i64 SplitVector 2 x i64
            v4i64 SplitVector 2 x v2i64
            v2f32 SplitVector 2 x f32
            v4f32 SplitVector 2 x v2f32
            v8f32 SplitVector 2 x v4f32
            v16f32 SplitVector 2 x v8f32
            v2f64 SplitVector 2 x f64
            v4f64 SplitVector 2 x v2f64""";

    @Test
    void sm80TypeLegality() {
        assertEquals(SM80, table(subtarget("-arch=compute_80")));
    }

    @Test
    void rowsThatDependOnTheSm() {
        Subtarget sm20 = subtarget("-arch=compute_20");
        assertEquals(new Subtarget.Legality(TypeAction.PROMOTE, "f32"), sm20.legality(MachineValueType.F16));
        assertEquals(new Subtarget.Legality(TypeAction.PROMOTE, "f32"), sm20.legality(MachineValueType.BF16));
        assertEquals(new Subtarget.Legality(TypeAction.SPLIT_VECTOR, "2 x f16"), sm20.legality(MachineValueType.V2F16));
        assertEquals(new Subtarget.Legality(TypeAction.SPLIT_VECTOR, "2 x bf16"), sm20.legality(MachineValueType.V2BF16));
        Subtarget sm75 = subtarget("-arch=compute_75");
        assertEquals(TypeAction.LEGAL, sm75.typeAction(MachineValueType.F16));
        assertEquals(TypeAction.PROMOTE, sm75.typeAction(MachineValueType.BF16));
        assertEquals(TypeAction.SPLIT_VECTOR, sm75.typeAction(MachineValueType.V2BF16));
        Subtarget sm90 = subtarget("-arch=compute_90");
        assertEquals(TypeAction.LEGAL, sm90.typeAction(MachineValueType.V2I16));
        assertEquals(new Subtarget.Legality(TypeAction.SPLIT_VECTOR, "2 x v2i16"), sm90.legality(MachineValueType.V4I16));
    }

    /** The seed's sentences, over every SM of the table. */
    @Test
    void seedRulesHoldOnEverySm() {
        for (SmProcessor sm : SmProcessor.all()) {
            TargetMachine tm = TargetMachine.fromOptions(CompileOptions.DEFAULTS.withSm(sm), TargetRegistry.standard());
            Subtarget st = tm.subtarget();
            // "i32 and f32 are always Legal"; "i64 and f64 are Legal on all supported SM versions".
            for (MachineValueType t : List.of(MachineValueType.I32, MachineValueType.F32, MachineValueType.I64, MachineValueType.F64)) {
                assertEquals(TypeAction.LEGAL, st.typeAction(t), sm + " " + t);
            }
            // "vectors wider than 128 bits are always Split or Scalarized".
            for (MachineValueType t : MachineValueType.values()) {
                if (t.isVector() && t.totalBits() > 128) {
                    assertTrue(Set.of(TypeAction.SPLIT_VECTOR, TypeAction.SCALARIZE).contains(st.typeAction(t)), sm + " " + t);
                }
            }
        }
    }

    @Test
    void featureTableStartsFullAndIsClearedPerTarget() {
        Subtarget sm100a = subtarget("-arch=compute_100a", "-nvptx-short-ptr");
        assertEquals(EnumSet.allOf(SubtargetFeature.class), sm100a.features());
        Subtarget sm20 = subtarget("-arch=compute_20");
        assertEquals(EnumSet.of(SubtargetFeature.INTEGER_TYPE_SUPPORT, SubtargetFeature.BRANCH_DISTANCE), sm20.features());
        Subtarget sm89 = subtarget("-arch=compute_89");
        assertEquals(List.of("mufu-rcp64h", "mufu-rsq64h", "mufu-sqrt", "drsqrt-hw-flag", "f16-arithmetic", "bf16",
                "integer-type-support", "branch-distance", "jump-tables"),
                sm89.features().stream().map(SubtargetFeature::featureName).toList());
        Subtarget sm88 = subtarget("-arch=compute_88");
        assertFalse(sm88.has(SubtargetFeature.MUFU_SQRT));
        assertTrue(sm88.has(SubtargetFeature.MUFU_RCP64H));
        assertFalse(subtarget("-arch=compute_75").has(SubtargetFeature.MUFU_RSQ64H));
        Subtarget sm100f = subtarget("-arch=compute_100f");
        assertTrue(sm100f.has(SubtargetFeature.FAMILY_SPECIFIC));
        assertFalse(sm100f.has(SubtargetFeature.ARCH_ACCELERATED));
        assertFalse(subtarget("-m32", "-nvptx-short-ptr").has(SubtargetFeature.SHAREDMEM32BITPTR));
        assertTrue(subtarget("-nvptx-short-ptr").has(SubtargetFeature.SHAREDMEM32BITPTR));
        assertTrue(subtarget("-arch=compute_30").has(SubtargetFeature.JUMP_TABLES));
    }

    @Test
    void mvtNames() {
        assertEquals("v16f32", MachineValueType.V16F32.mvtName());
        assertEquals("v2bf16", MachineValueType.V2BF16.mvtName());
        assertEquals("bf16", MachineValueType.BF16.mvtName());
        assertEquals(MachineValueType.V4I8, MachineValueType.byName("v4i8").orElseThrow());
        assertFalse(MachineValueType.I128.isVector());
        assertTrue(MachineValueType.V1F32.isVector());
        assertEquals(512, MachineValueType.V16F32.totalBits());
    }
}
