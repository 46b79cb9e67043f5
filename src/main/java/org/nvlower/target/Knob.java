package org.nvlower.target;

import java.util.List;
import java.util.Optional;

import org.nvlower.diag.InputException;

/**
 * Every configuration knob seed 2 lists, one row each: name, type, default, range, description and
 * the group (the static constructor that registers it in cicc). Where the seed gives no default
 * ("--") nvlower chooses one; docs/target.md gives each choice and its reason. A {@code null}
 * default means "not set": the value then follows the cicc option named in the description.
 */
public enum Knob {
    // NVPTX backend math options
    NVPTX_SCHED4REG("nvptx-sched4reg", Type.BOOL, false, null, null, Group.MATH, "Schedule for register pressure"),
    NVPTX_FMA_LEVEL("nvptx-fma-level", Type.INT, null, 0, 2, Group.MATH, "FMA contraction level (not set: from -fma)"),
    NVPTX_PREC_DIVF32("nvptx-prec-divf32", Type.INT, null, 0, 3, Group.MATH, "F32 division precision (not set: from -prec-div, -ftz, -fast-math)"),
    NVPTX_PREC_SQRTF32("nvptx-prec-sqrtf32", Type.INT, null, 0, 1, Group.MATH, "Sqrt precision (not set: from -prec-sqrt)"),
    NVPTX_APPROX_LOG2F32("nvptx-approx-log2f32", Type.BOOL, false, null, null, Group.MATH, "Use lg2.approx for log2"),
    NVPTX_FORCE_MIN_BYVAL_PARAM_ALIGN("nvptx-force-min-byval-param-align", Type.BOOL, false, null, null, Group.MATH, "Force 4-byte byval alignment"),
    NVPTX_NORMALIZE_SELECT("nvptx-normalize-select", Type.BOOL, false, null, null, Group.MATH, "Override shouldNormalizeToSelectSequence"),
    ENABLE_BFI64("enable-bfi64", Type.BOOL, false, null, null, Group.MATH, "Enable 64-bit BFI instructions"),
    // Backend options
    NVPTX_SHORT_PTR("nvptx-short-ptr", Type.BOOL, false, null, null, Group.BACKEND, "32-bit pointers for const/local/shared"),
    NVPTX_32_BIT_SMEM("nvptx-32-bit-smem", Type.BOOL, false, null, null, Group.BACKEND, "32-bit shared memory pointers"),
    NVPTX_ENABLE_MACHINE_SINK("nvptx-enable-machine-sink", Type.BOOL, false, null, null, Group.BACKEND, "Enable Machine Sinking"),
    ENABLE_NEW_NVVM_REMAT("enable-new-nvvm-remat", Type.BOOL, true, null, null, Group.BACKEND, "Enable new rematerialization"),
    NV_DISABLE_REMAT("nv-disable-remat", Type.BOOL, false, null, null, Group.BACKEND, "Disable all remat passes"),
    NV_DISABLE_MEM2REG("nv-disable-mem2reg", Type.BOOL, false, null, null, Group.BACKEND, "Disable MI Mem2Reg pass"),
    NV_DISABLE_SCEV_CGP("nv-disable-scev-cgp", Type.BOOL, false, null, null, Group.BACKEND, "Disable SCEV address mode opt"),
    DISABLE_NVPTX_LOAD_STORE_VECTORIZER("disable-nvptx-load-store-vectorizer", Type.BOOL, false, null, null, Group.BACKEND, "Disable load/store vectorizer"),
    DISABLE_NVPTX_REQUIRE_STRUCTURED_CFG("disable-nvptx-require-structured-cfg", Type.BOOL, false, null, null, Group.BACKEND, "Turn off structured CFG requirement"),
    NVPTX_EXIT_ON_UNREACHABLE("nvptx-exit-on-unreachable", Type.BOOL, true, null, null, Group.BACKEND, "Lower unreachable as exit"),
    NVPTX_EARLY_BYVAL_COPY("nvptx-early-byval-copy", Type.BOOL, false, null, null, Group.BACKEND, "Copy byval args early"),
    ENABLE_NVVM_PEEPHOLE("enable-nvvm-peephole", Type.BOOL, true, null, null, Group.BACKEND, "Enable NVVM Peephole Optimizer"),
    LOWER_FUNC_ARGS("lower-func-args", Type.BOOL, true, null, null, Group.BACKEND, "Lower large aggregate params"),
    ENABLE_SINK("enable-sink", Type.BOOL, true, null, null, Group.BACKEND, "Enable Sinking"),
    DISABLE_POST_OPT("disable-post-opt", Type.BOOL, false, null, null, Group.BACKEND, "Disable LLVM IR opts post-opt"),
    USEDESSA("usedessa", Type.INT, 2, 0, Integer.MAX_VALUE, Group.BACKEND, "Select deSSA method"),
    LDG("ldg", Type.BOOL, true, null, null, Group.BACKEND, "Load Global Constant Transform"),
    PRINT_ISEL_INPUT("print-isel-input", Type.BOOL, false, null, null, Group.BACKEND, "Print LLVM IR input to isel"),
    NO_REG_TARGET_NVPTXREMAT("no-reg-target-nvptxremat", Type.BOOL, false, null, null, Group.BACKEND, "Only old remat without reg targets"),
    DISABLE_SET_ARRAY_ALIGNMENT("disable-set-array-alignment", Type.BOOL, false, null, null, Group.BACKEND, "Disable alignment enhancements"),
    NVPTX_LOWER_GLOBAL_CTOR_DTOR("nvptx-lower-global-ctor-dtor", Type.BOOL, false, null, null, Group.BACKEND, "Lower GPU ctor/dtors to globals"),
    // Register pressure and FCA options
    FCA_SIZE("fca-size", Type.INT, 8, 0, Integer.MAX_VALUE, Group.REGISTER_PRESSURE, "Max size of first-class aggregates (bytes)"),
    REG_TARGET_ADJUST("reg-target-adjust", Type.INT, 0, -10, 10, Group.REGISTER_PRESSURE, "Register pressure target adjustment"),
    PRED_TARGET_ADJUST("pred-target-adjust", Type.INT, 0, -10, 10, Group.REGISTER_PRESSURE, "Predicate register target adjustment"),
    REMAT_LOAD_PARAM("remat-load-param", Type.BOOL, false, null, null, Group.REGISTER_PRESSURE, "Support remating const ld.param not in NVVM IR"),
    CTA_RECONFIG_AWARE_RPA("cta-reconfig-aware-rpa", Type.BOOL, false, null, null, Group.REGISTER_PRESSURE, "CTA reconfiguration-aware register pressure analysis"),
    // Extension options
    UNROLL_ASSUMED_SIZE("unroll-assumed-size", Type.INT, 4, 0, Integer.MAX_VALUE, Group.EXTENSION, "Assumed size for unknown local array types"),
    ENABLE_LOOP_PEELING("enable-loop-peeling", Type.BOOL, false, null, null, Group.EXTENSION, "Enable loop peeling"),
    ENABLE_256_BIT_LOAD_STORE("enable-256-bit-load-store", Type.BOOL, false, null, null, Group.EXTENSION, "Enable 256-bit vector loads/stores"),
    IAS_PARAM_ALWAYS_POINT_TO_GLOBAL("ias-param-always-point-to-global", Type.BOOL, false, null, null, Group.EXTENSION, "Parameters always point to global memory"),
    IAS_STRONG_GLOBAL_ASSUMPTIONS("ias-strong-global-assumptions", Type.BOOL, false, null, null, Group.EXTENSION, "Strong global memory assumptions"),
    IAS_WMMA_MEMORY_SPACE_OPT("ias-wmma-memory-space-opt", Type.BOOL, false, null, null, Group.EXTENSION, "Memory Space Optimization for WMMA"),
    // TTI cost model options
    COSTMODEL_REDUXCOST("costmodel-reduxcost", Type.BOOL, false, null, null, Group.COST_MODEL, "Recognize reduction patterns"),
    CACHE_LINE_SIZE("cache-line-size", Type.INT, 0, 0, Integer.MAX_VALUE, Group.COST_MODEL, "Cache line size for cost model (0: the target's)"),
    MIN_PAGE_SIZE("min-page-size", Type.INT, 0, 0, Integer.MAX_VALUE, Group.COST_MODEL, "Minimum page size (0: the target's)"),
    PREDICTABLE_BRANCH_THRESHOLD("predictable-branch-threshold", Type.FLOAT, 99.0, 0, 100, Group.COST_MODEL, "Threshold for predictable branch cost (%)");

    /** The value type of a knob. */
    public enum Type { BOOL, INT, FLOAT }

    /** The registration group, as seed 2 lists them. */
    public enum Group {
        MATH("NVPTX backend math options"),
        BACKEND("Backend options"),
        REGISTER_PRESSURE("Register pressure & FCA options"),
        EXTENSION("Extension options"),
        COST_MODEL("TTI cost model options");

        private final String title;

        Group(String title) {
            this.title = title;
        }

        public String title() {
            return title;
        }
    }

    private static final List<Knob> ALL = List.of(values());

    private final String knobName;
    private final Type type;
    private final Object defaultValue;
    private final Integer min;
    private final Integer max;
    private final Group group;
    private final String description;

    Knob(String knobName, Type type, Object defaultValue, Integer min, Integer max, Group group, String description) {
        this.knobName = knobName;
        this.type = type;
        this.defaultValue = defaultValue;
        this.min = min;
        this.max = max;
        this.group = group;
        this.description = description;
    }

    public static List<Knob> all() {
        return ALL;
    }

    public static Optional<Knob> byName(String name) {
        return ALL.stream().filter(k -> k.knobName.equals(name)).findFirst();
    }

    /** The knob with this name, or an error that suggests the nearest name. */
    public static Knob lookup(String name) {
        return byName(name).orElseThrow(() -> new InputException(
                "unknown knob '" + name + "'" + Spelling.didYouMean(name, ALL.stream().map(Knob::knobName).toList())));
    }


    public String knobName() {
        return knobName;
    }

    public Type type() {
        return type;
    }

    /** The default value (Boolean, Integer or Double), or null when not set by default. */
    public Object defaultValue() {
        return defaultValue;
    }

    /** The smallest allowed value of an INT or FLOAT knob; null for BOOL. */
    public Integer min() {
        return min;
    }

    /** The largest allowed value of an INT or FLOAT knob; null for BOOL. */
    public Integer max() {
        return max;
    }

    public Group group() {
        return group;
    }

    public String description() {
        return description;
    }

    /** The allowed values as text, for messages and listings. */
    public String allowed() {
        return switch (type) {
            case BOOL -> "true, false, 1, 0";
            case INT -> max == Integer.MAX_VALUE ? "an integer >= " + min : "an integer in " + min + ".." + max;
            case FLOAT -> "a number in " + min + ".." + max;
        };
    }

    /** Parses and range-checks a value written after {@code name=}; a bare BOOL knob means true. */
    public Object parse(String text) {
        String what = "-" + knobName + (text == null ? "" : "=" + text);
        if (text == null) {
            if (type == Type.BOOL) {
                return Boolean.TRUE;
            }
            throw new InputException(what + ": a value is required; allowed: " + allowed());
        }
        switch (type) {
            case BOOL -> {
                return switch (text) {
                    case "true", "1" -> Boolean.TRUE;
                    case "false", "0" -> Boolean.FALSE;
                    default -> throw new InputException(what + ": '" + text + "' is not a boolean; allowed: " + allowed());
                };
            }
            case INT -> {
                long v;
                try {
                    v = Long.parseLong(text);
                } catch (NumberFormatException e) {
                    throw new InputException(what + ": '" + text + "' is not an integer; allowed: " + allowed());
                }
                if (v < min || v > max) {
                    throw new InputException(what + ": " + text + " is out of range; allowed: " + allowed());
                }
                return (int) v;
            }
            case FLOAT -> {
                double v;
                try {
                    v = Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    throw new InputException(what + ": '" + text + "' is not a number; allowed: " + allowed());
                }
                if (!(v >= min && v <= max)) {
                    throw new InputException(what + ": " + text + " is out of range; allowed: " + allowed());
                }
                return v;
            }
            default -> throw new AssertionError(type);
        }
    }
}
