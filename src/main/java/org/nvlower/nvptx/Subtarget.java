package org.nvlower.nvptx;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * The NVPTX subtarget of one TargetMachine: its feature table (all present, then cleared per
 * target) and the type legality SelectionDAG consults per machine value type (seed 2: i32 and f32
 * always Legal; i64 and f64 Legal on every SM, with expanded arithmetic costs; vectors wider than
 * 128 bits Split or Scalarized). docs/target.md gives the reason for each row the seed leaves open.
 */
public final class Subtarget {

    /** The legality of one type: the action and the type it becomes (itself when Legal). */
    public record Legality(TypeAction action, String becomes) {
    }

    private final TargetMachine tm;
    private final Set<SubtargetFeature> features;

    private Subtarget(TargetMachine tm, Set<SubtargetFeature> features) {
        this.tm = tm;
        this.features = features;
    }

    public static Subtarget of(TargetMachine tm) {
        EnumSet<SubtargetFeature> features = EnumSet.allOf(SubtargetFeature.class);
        features.removeIf(f -> !f.keptFor(tm));
        return new Subtarget(tm, Collections.unmodifiableSet(features));
    }

    public Set<SubtargetFeature> features() {
        return features;
    }

    public boolean has(SubtargetFeature feature) {
        return features.contains(feature);
    }

    public TypeAction typeAction(MachineValueType type) {
        return legality(type).action();
    }

    /** The type legalizer's action for {@code type} on this subtarget. */
    public Legality legality(MachineValueType type) {
        SmProcessor sm = tm.sm();
        return switch (type) {
            case I1, I16, I32, I64, F32, F64, V4I8 -> legal(type);
            case I8 -> new Legality(TypeAction.PROMOTE, "i16");
            case I128 -> new Legality(TypeAction.EXPAND, "2 x i64");
            case F128 -> new Legality(TypeAction.EXPAND, "__nv_*_fp128 calls");
            case F16 -> sm.hasF16Arithmetic() ? legal(type) : new Legality(TypeAction.PROMOTE, "f32");
            case BF16 -> sm.hasBf16() ? legal(type) : new Legality(TypeAction.PROMOTE, "f32");
            case V2F16 -> sm.hasF16Arithmetic() ? legal(type) : split(type);
            case V2BF16 -> sm.hasBf16() ? legal(type) : split(type);
            case V2I16 -> sm.hasPackedI16() ? legal(type) : split(type);
            case V1I32 -> new Legality(TypeAction.SCALARIZE, "i32");
            case V1F32 -> new Legality(TypeAction.SCALARIZE, "f32");
            case V1F64 -> new Legality(TypeAction.SCALARIZE, "f64");
            default -> split(type);
        };
    }

    private static Legality legal(MachineValueType type) {
        return new Legality(TypeAction.LEGAL, type.mvtName());
    }

    /** Vectors with no register class of their own are split in halves. */
    private static Legality split(MachineValueType type) {
        String element = type.mvtName().substring(1 + String.valueOf(type.count()).length());
        int half = type.count() / 2;
        return new Legality(TypeAction.SPLIT_VECTOR, "2 x " + (half == 1 ? element : "v" + half + element));
    }
}
