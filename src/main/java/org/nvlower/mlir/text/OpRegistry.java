package org.nvlower.mlir.text;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.nvlower.mlir.MlirVersion;
import org.nvlower.mlir.Operation;

/**
 * Every operation nvlower reads in its custom form, registered in one place, one line each: the
 * canonical (MLIR 19) name, MLIR 14's name where it differs or "-" where 14 has none, and the
 * syntax. Any other operation is read and printed in the generic form.
 */
public final class OpRegistry {

    private static final Map<String, OpInfo> BY_SPELLING = new HashMap<>();
    private static final Map<String, OpInfo> BY_NAME = new HashMap<>();
    private static final List<OpInfo> ALL = new ArrayList<>();

    /** MLIR 14 spelled bare names as ops of its {@code std} dialect, and {@code func} as builtin. */
    private static final Map<String, String> LEGACY_BARE = Map.of(
            "func", "func.func", "return", "func.return", "call", "func.call", "br", "cf.br",
            "cond_br", "cf.cond_br", "select", "arith.select", "module", "builtin.module");

    private static final String SAME = "";
    private static final String NONE = "-";

    static {
        // math: float element-wise (name, 14 name); 19.1 lacks erfc and the classifications (MLIR 20 has them)
        math("absf", "math.abs", 1);
        for (String op : List.of("atan", "ceil", "cos", "erf", "exp", "exp2", "expm1", "floor", "log", "log10",
                "log1p", "log2", "rsqrt", "sin", "sqrt", "tanh")) {
            math(op, SAME, 1);
        }
        for (String op : List.of("acos", "acosh", "asin", "asinh", "atanh", "cbrt", "cosh", "round", "roundeven",
                "sinh", "tan", "trunc")) {
            math(op, NONE, 1);
        }
        add("math.erfc", NONE, false, ElementwiseSyntax.floating(1));
        for (String op : List.of("atan2", "copysign", "powf")) {
            math(op, SAME, 2);
        }
        math("fma", SAME, 3);
        for (String op : List.of("isnan", "isinf", "isfinite")) {
            add("math." + op, NONE, false, ElementwiseSyntax.classification());
        }
        add("math.fpowi", NONE, true, new FpowiSyntax());
        add("math.absi", NONE, true, ElementwiseSyntax.integer(1));
        for (String op : List.of("ctlz", "cttz", "ctpop")) {
            add("math." + op, SAME, true, ElementwiseSyntax.integer(1));
        }
        add("math.ipowi", NONE, true, ElementwiseSyntax.integer(2));

        // arith
        for (String op : List.of("addf", "subf", "mulf", "divf", "remf")) {
            add("arith." + op, SAME, true, ElementwiseSyntax.floating(2));
        }
        add("arith.negf", SAME, true, ElementwiseSyntax.floating(1));
        add("arith.maximumf", "arith.maxf", true, ElementwiseSyntax.floating(2));
        add("arith.minimumf", "arith.minf", true, ElementwiseSyntax.floating(2));
        add("arith.maxnumf", NONE, true, ElementwiseSyntax.floating(2));
        add("arith.minnumf", NONE, true, ElementwiseSyntax.floating(2));
        for (String op : List.of("addi", "subi", "muli", "shli")) {
            add("arith." + op, SAME, true, ElementwiseSyntax.integerWithOverflow(2));
        }
        for (String op : List.of("divsi", "divui", "remsi", "remui", "ceildivsi", "floordivsi", "ceildivui", "andi",
                "ori", "xori", "shrsi", "shrui", "maxsi", "maxui", "minsi", "minui")) {
            add("arith." + op, SAME, true, ElementwiseSyntax.integer(2));
        }
        add("arith.cmpf", SAME, true, CompareSyntax.cmpf());
        add("arith.cmpi", SAME, true, CompareSyntax.cmpi());
        add("arith.extf", SAME, true, new CastSyntax(true));
        add("arith.truncf", SAME, true, new CastSyntax(true));
        for (String op : List.of("extsi", "extui", "trunci", "sitofp", "uitofp", "fptosi", "fptoui", "index_cast",
                "bitcast")) {
            add("arith." + op, SAME, true, new CastSyntax(false));
        }
        add("arith.index_castui", NONE, true, new CastSyntax(false));
        add("arith.constant", SAME, true, new ConstantSyntax(false));
        add("arith.select", "std.select", true, new SelectSyntax());

        // memory, control flow, functions, modules
        add("memref.load", SAME, true, new MemRefSyntax(false));
        add("memref.store", SAME, true, new MemRefSyntax(true));
        add("cf.br", "std.br", true, new BranchSyntax(false));
        add("cf.cond_br", "std.cond_br", true, new BranchSyntax(true));
        add("func.return", "std.return", true, new ReturnSyntax());
        add("func.call", "std.call", true, new CallSyntax());
        add("gpu.return", SAME, true, new ReturnSyntax());
        add("llvm.return", SAME, true, new ReturnSyntax());
        add("llvm.call", SAME, true, new CallSyntax());
        region("func.func", "builtin.func", new FunctionSyntax(FunctionSyntax.Kind.FUNC), "func");
        region("gpu.func", SAME, new FunctionSyntax(FunctionSyntax.Kind.GPU), "");
        region("llvm.func", SAME, new FunctionSyntax(FunctionSyntax.Kind.LLVM), "");
        region("builtin.module", SAME, new ModuleSyntax(false), "builtin");
        region("gpu.module", SAME, new ModuleSyntax(true), "");

        // what MathToLibdevice emits for vectors, and what mlir-opt emits around calls
        add("llvm.mlir.constant", SAME, true, new ConstantSyntax(true));
        add("llvm.mlir.undef", SAME, true, new VectorElementSyntax(VectorElementSyntax.Kind.UNDEF));
        add("llvm.extractelement", SAME, true, new VectorElementSyntax(VectorElementSyntax.Kind.EXTRACT));
        add("llvm.insertelement", SAME, true, new VectorElementSyntax(VectorElementSyntax.Kind.INSERT));
        add("llvm.fpext", SAME, true, new CastSyntax(false));
        add("llvm.fptrunc", SAME, true, new CastSyntax(false));
        add("llvm.icmp", SAME, true, CompareSyntax.icmp());
        add("vector.shape_cast", SAME, true, new CastSyntax(false));
    }

    private OpRegistry() {}

    private static void math(String op, String name14, int arity) {
        add("math." + op, name14, true, ElementwiseSyntax.floating(arity));
    }

    private static void add(String name, String name14, boolean in19, Syntax syntax) {
        register(new OpInfo(name, spelling14(name, name14), in19, syntax, false, ""));
    }

    /** An operation with regions isolated from above, and the dialect its regions default to. */
    private static void region(String name, String name14, Syntax syntax, String defaultDialect) {
        register(new OpInfo(name, spelling14(name, name14), true, syntax, true, defaultDialect));
    }

    private static String spelling14(String name, String name14) {
        return name14.equals(SAME) ? name : name14.equals(NONE) ? null : name14;
    }

    private static void register(OpInfo info) {
        if (BY_NAME.put(info.name(), info) != null) {
            throw new IllegalStateException("registered twice: " + info.name());
        }
        BY_SPELLING.put(info.name(), info);
        if (info.name14() != null) {
            BY_SPELLING.put(info.name14(), info);
        }
        ALL.add(info);
    }

    /** The operation spelled {@code name} in MLIR 14 or 19, or null. */
    static OpInfo lookup(String name) {
        return BY_SPELLING.get(name);
    }

    /** The operation with canonical name {@code name}, or null. */
    static OpInfo lookupCanonical(String name) {
        return BY_NAME.get(name);
    }

    /** A bare name: in the enclosing region's default dialect, else an MLIR 14 bare name. */
    static OpInfo lookupBare(String word, String defaultDialect) {
        if (defaultDialect != null && !defaultDialect.isEmpty()) {
            OpInfo info = BY_SPELLING.get(defaultDialect + "." + word);
            if (info != null) {
                return info;
            }
        }
        String legacy = LEGACY_BARE.get(word);
        return legacy == null ? null : BY_NAME.get(legacy);
    }

    /** Whether nvlower knows {@code op}'s regions to be isolated from above (functions, modules). */
    public static boolean isIsolated(Operation op) {
        OpInfo info = BY_NAME.get(op.name());
        return info != null && info.isolated();
    }

    /** Whether nvlower reads and prints {@code name} (canonical) in its custom form. */
    public static boolean isKnown(String name) {
        return BY_NAME.containsKey(name);
    }

    /** Whether MLIR {@code version} has the operation {@code name} (unknown operations: assumed yes). */
    public static boolean existsIn(String name, MlirVersion version) {
        OpInfo info = BY_NAME.get(name);
        return info == null || info.existsIn(version);
    }

    /** How MLIR {@code version} spells the known operation {@code name} (the name itself if unknown). */
    public static String spelling(String name, MlirVersion version) {
        OpInfo info = BY_NAME.get(name);
        return info == null ? name : info.spelling(version);
    }

    /**
     * The predicate keyword of a comparison ({@code olt} of {@code arith.cmpf}, {@code slt} of
     * {@code arith.cmpi} or {@code llvm.icmp}), from its {@code predicate} number.
     */
    public static String comparisonPredicate(Operation op) {
        if (BY_NAME.get(op.name()) instanceof OpInfo info && info.syntax() instanceof CompareSyntax c
                && op.attribute("predicate") instanceof org.nvlower.mlir.IntegerAttr p) {
            return c.predicates().get(p.value().intValue());
        }
        throw new IllegalArgumentException(op.name() + " is not a comparison");
    }

    /** The canonical names of every known operation, in registration order. */
    public static List<String> names() {
        return Collections.unmodifiableList(ALL.stream().map(OpInfo::name).toList());
    }
}
