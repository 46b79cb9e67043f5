package org.nvlower.nvptx;

import static org.nvlower.nvptx.Knob.Group.BACKEND;
import static org.nvlower.nvptx.Knob.Group.COST_MODEL;
import static org.nvlower.nvptx.Knob.Group.EXTENSION;
import static org.nvlower.nvptx.Knob.Group.MATH;
import static org.nvlower.nvptx.Knob.Group.REGISTER_PRESSURE;
import static org.nvlower.nvptx.Knob.Type.BOOL;
import static org.nvlower.nvptx.Knob.Type.FLOAT;
import static org.nvlower.nvptx.Knob.Type.INT;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.nvlower.diag.InputException;

/**
 * Every configuration knob seed 2 lists, one row each: name, type, default, range, description and
 * the group (the static constructor that registers it in cicc). Where the seed gives no default
 * ("--") nvlower chooses one; docs/target.md gives each choice and its reason. A {@code null}
 * default means "not set": the value then follows the cicc option named in the description. The
 * knob's name is the constant's, in lower case with dashes ({@code NVPTX_32_BIT_SMEM} is
 * {@code nvptx-32-bit-smem}).
 */
public enum Knob {
    // NVPTX backend math options
    NVPTX_SCHED4REG(BOOL, false, MATH, "Schedule for register pressure"),
    NVPTX_FMA_LEVEL(INT, null, 0, 2, MATH, "FMA contraction level (not set: from -fma)"),
    NVPTX_PREC_DIVF32(INT, null, 0, 3, MATH, "F32 division precision (not set: from -prec-div, -ftz, -fast-math)"),
    NVPTX_PREC_SQRTF32(INT, null, 0, 1, MATH, "Sqrt precision (not set: from -prec-sqrt)"),
    NVPTX_APPROX_LOG2F32(BOOL, false, MATH, "Use lg2.approx for log2"),
    NVPTX_FORCE_MIN_BYVAL_PARAM_ALIGN(BOOL, false, MATH, "Force 4-byte byval alignment"),
    NVPTX_NORMALIZE_SELECT(BOOL, false, MATH, "Override shouldNormalizeToSelectSequence"),
    ENABLE_BFI64(BOOL, false, MATH, "Enable 64-bit BFI instructions"),
    // Backend options
    NVPTX_SHORT_PTR(BOOL, false, BACKEND, "32-bit pointers for const/local/shared"),
    NVPTX_32_BIT_SMEM(BOOL, false, BACKEND, "32-bit shared memory pointers"),
    NVPTX_ENABLE_MACHINE_SINK(BOOL, false, BACKEND, "Enable Machine Sinking"),
    ENABLE_NEW_NVVM_REMAT(BOOL, true, BACKEND, "Enable new rematerialization"),
    NV_DISABLE_REMAT(BOOL, false, BACKEND, "Disable all remat passes"),
    NV_DISABLE_MEM2REG(BOOL, false, BACKEND, "Disable MI Mem2Reg pass"),
    NV_DISABLE_SCEV_CGP(BOOL, false, BACKEND, "Disable SCEV address mode opt"),
    DISABLE_NVPTX_LOAD_STORE_VECTORIZER(BOOL, false, BACKEND, "Disable load/store vectorizer"),
    DISABLE_NVPTX_REQUIRE_STRUCTURED_CFG(BOOL, false, BACKEND, "Turn off structured CFG requirement"),
    NVPTX_EXIT_ON_UNREACHABLE(BOOL, true, BACKEND, "Lower unreachable as exit"),
    NVPTX_EARLY_BYVAL_COPY(BOOL, false, BACKEND, "Copy byval args early"),
    ENABLE_NVVM_PEEPHOLE(BOOL, true, BACKEND, "Enable NVVM Peephole Optimizer"),
    LOWER_FUNC_ARGS(BOOL, true, BACKEND, "Lower large aggregate params"),
    ENABLE_SINK(BOOL, true, BACKEND, "Enable Sinking"),
    DISABLE_POST_OPT(BOOL, false, BACKEND, "Disable LLVM IR opts post-opt"),
    USEDESSA(INT, 2, 0, Integer.MAX_VALUE, BACKEND, "Select deSSA method"),
    LDG(BOOL, true, BACKEND, "Load Global Constant Transform"),
    PRINT_ISEL_INPUT(BOOL, false, BACKEND, "Print LLVM IR input to isel"),
    NO_REG_TARGET_NVPTXREMAT(BOOL, false, BACKEND, "Only old remat without reg targets"),
    DISABLE_SET_ARRAY_ALIGNMENT(BOOL, false, BACKEND, "Disable alignment enhancements"),
    NVPTX_LOWER_GLOBAL_CTOR_DTOR(BOOL, false, BACKEND, "Lower GPU ctor/dtors to globals"),
    // Register pressure and FCA options
    FCA_SIZE(INT, 8, 0, Integer.MAX_VALUE, REGISTER_PRESSURE, "Max size of first-class aggregates (bytes)"),
    REG_TARGET_ADJUST(INT, 0, -10, 10, REGISTER_PRESSURE, "Register pressure target adjustment"),
    PRED_TARGET_ADJUST(INT, 0, -10, 10, REGISTER_PRESSURE, "Predicate register target adjustment"),
    REMAT_LOAD_PARAM(BOOL, false, REGISTER_PRESSURE, "Support remating const ld.param not in NVVM IR"),
    CTA_RECONFIG_AWARE_RPA(BOOL, false, REGISTER_PRESSURE, "CTA reconfiguration-aware register pressure analysis"),
    // Extension options
    UNROLL_ASSUMED_SIZE(INT, 4, 0, Integer.MAX_VALUE, EXTENSION, "Assumed size for unknown local array types"),
    ENABLE_LOOP_PEELING(BOOL, false, EXTENSION, "Enable loop peeling"),
    ENABLE_256_BIT_LOAD_STORE(BOOL, false, EXTENSION, "Enable 256-bit vector loads/stores"),
    IAS_PARAM_ALWAYS_POINT_TO_GLOBAL(BOOL, false, EXTENSION, "Parameters always point to global memory"),
    IAS_STRONG_GLOBAL_ASSUMPTIONS(BOOL, false, EXTENSION, "Strong global memory assumptions"),
    IAS_WMMA_MEMORY_SPACE_OPT(BOOL, false, EXTENSION, "Memory Space Optimization for WMMA"),
    // TTI cost model options
    COSTMODEL_REDUXCOST(BOOL, false, COST_MODEL, "Recognize reduction patterns"),
    CACHE_LINE_SIZE(INT, 0, 0, Integer.MAX_VALUE, COST_MODEL, "Cache line size for cost model (0: the target's)"),
    MIN_PAGE_SIZE(INT, 0, 0, Integer.MAX_VALUE, COST_MODEL, "Minimum page size (0: the target's)"),
    PREDICTABLE_BRANCH_THRESHOLD(FLOAT, 99.0, 0, 100, COST_MODEL, "Threshold for predictable branch cost (%)");

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

    /** A BOOL knob. */
    Knob(Type type, Object defaultValue, Group group, String description) {
        this(type, defaultValue, null, null, group, description);
    }

    /** An INT or FLOAT knob with its range ({@code Integer.MAX_VALUE}: no upper bound). */
    Knob(Type type, Object defaultValue, Integer min, Integer max, Group group, String description) {
        this.knobName = name().toLowerCase(Locale.ROOT).replace('_', '-');
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
                    default -> throw new InputException(
                            what + ": '" + text + "' is not a boolean; allowed: " + allowed());
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
                // Plain decimal only: Double.parseDouble would also take "50f", "0x1p5", " 5" and "NaN".
                if (!text.matches("[-+]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?")) {
                    throw new InputException(what + ": '" + text + "' is not a number; allowed: " + allowed());
                }
                double v = Double.parseDouble(text);
                if (v < min || v > max) {
                    throw new InputException(what + ": " + text + " is out of range; allowed: " + allowed());
                }
                return v;
            }
            default -> throw new AssertionError(type);
        }
    }
}
