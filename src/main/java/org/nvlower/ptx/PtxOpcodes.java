package org.nvlower.ptx;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What the reader knows of PTX instructions, as data: the operand counts of the instructions
 * the subset models (an instruction whose first word is not here passes through unchecked), the
 * special registers and the types; the math instructions that ptxas expands into templates are
 * {@link PtxMathOp}.
 */
public final class PtxOpcodes {

    private PtxOpcodes() {}

    /** An instruction's first word and how many operands it takes. */
    record Arity(String base, int min, int max) {}

    private static final Map<String, Arity> ARITY = List.of(
            new Arity("add", 3, 3), new Arity("sub", 3, 3), new Arity("mul", 3, 3), new Arity("mul24", 3, 3),
            new Arity("mad", 4, 4), new Arity("mad24", 4, 4), new Arity("fma", 4, 4), new Arity("div", 3, 3),
            new Arity("rem", 3, 3), new Arity("min", 3, 4), new Arity("max", 3, 4), new Arity("neg", 2, 2),
            new Arity("abs", 2, 2), new Arity("and", 3, 3), new Arity("or", 3, 3), new Arity("xor", 3, 3),
            new Arity("not", 2, 2), new Arity("cnot", 2, 2), new Arity("shl", 3, 3), new Arity("shr", 3, 3),
            new Arity("cvt", 2, 4), new Arity("cvta", 2, 2), new Arity("mov", 2, 2), new Arity("ld", 2, 3),
            new Arity("st", 2, 3), new Arity("setp", 3, 4), new Arity("selp", 4, 4), new Arity("slct", 4, 4),
            new Arity("bra", 1, 1), new Arity("ret", 0, 0), new Arity("exit", 0, 0), new Arity("rcp", 2, 2),
            new Arity("sqrt", 2, 2), new Arity("rsqrt", 2, 2), new Arity("copysign", 3, 3),
            new Arity("popc", 2, 2), new Arity("clz", 2, 2), new Arity("brev", 2, 2), new Arity("bfe", 4, 4),
            new Arity("bfi", 5, 5), new Arity("prmt", 4, 4), new Arity("testp", 2, 2),
            new Arity("lop3", 5, 6), new Arity("addc", 3, 3), new Arity("subc", 3, 3), new Arity("madc", 4, 4))
            .stream().collect(Collectors.toMap(Arity::base, Function.identity()));

    /** Types of variables and instruction operands. */
    static final Set<String> TYPES = Set.of(".b8", ".b16", ".b32", ".b64", ".b128", ".u8", ".u16", ".u32", ".u64",
            ".s8", ".s16", ".s32", ".s64", ".f16", ".f16x2", ".bf16", ".bf16x2", ".f32", ".f64", ".pred", ".tf32",
            ".e4m3", ".e5m2", ".e4m3x2", ".e5m2x2", ".texref", ".samplerref", ".surfref", ".e2m1x2", ".e2m3x2", ".e3m2x2",
            ".ue8m0x2");

    /** State spaces a declaration starts with. */
    static final Set<String> SPACES = Set.of(".reg", ".param", ".shared", ".global", ".const", ".local", ".tex");

    /** Special registers that need no declaration (a {@code .x/.y/.z} suffix is allowed where PTX has one). */
    private static final Set<String> SPECIAL = Set.of("%tid", "%ntid", "%ctaid", "%nctaid", "%laneid", "%warpid",
            "%nwarpid", "%smid", "%nsmid", "%gridid", "%clock", "%clock64", "%clock_hi", "%lanemask_eq",
            "%lanemask_le", "%lanemask_lt", "%lanemask_ge", "%lanemask_gt", "%globaltimer", "%globaltimer_lo",
            "%globaltimer_hi", "%dynamic_smem_size", "%total_smem_size", "%clusterid", "%nclusterid",
            "%cluster_ctaid", "%cluster_nctaid", "%cluster_ctarank", "%cluster_nctarank", "%is_explicit_cluster",
            "%aggr_smem_size", "%current_graph_exec", "%reserved_smem_offset_begin", "%reserved_smem_offset_end",
            "%reserved_smem_offset_cap", "%reserved_smem_offset_0", "%reserved_smem_offset_1", "%warpsize");

    /** The operand counts of {@code base}, or null when the subset does not model it. */
    static Arity arity(String base) {
        return ARITY.get(base);
    }

    static boolean isSpecialRegister(String name) {
        int dot = name.indexOf('.');
        String stem = dot < 0 ? name : name.substring(0, dot);
        String suffix = dot < 0 ? "" : name.substring(dot);
        if (stem.startsWith("%envreg") || stem.startsWith("%pm")) {
            return suffix.isEmpty();
        }
        return SPECIAL.contains(stem) && (suffix.isEmpty() || suffix.equals(".x") || suffix.equals(".y")
                || suffix.equals(".z"));
    }

    /**
     * The math op of an instruction ({@code div.rn.f32}, {@code rem.s64}; modifiers in any order),
     * its {@code .ftz} form for the FP32 ops when {@code ftz} (as {@code -ftz=true} does), or
     * empty when the instruction is not one ptxas expands into a template nvlower has.
     */
    public static Optional<PtxMathOp> mathOp(Statement.Instruction in, boolean ftz) {
        MathOp m = math(in, "9.0", ftz);
        return m == null || m.problem() != null ? Optional.empty() : PtxMathOp.bySpelling(m.op());
    }

    /** The first words of the math instructions: each one is a template site or listed as not expanded. */
    public static final Set<String> MATH_BASES = Set.of("div", "rem", "rcp", "sqrt", "rsqrt", "ex2", "lg2", "sin",
            "cos", "tanh");

    private static final Set<String> ROUNDINGS = Set.of("rn", "rz", "rm", "rp");
    private static final Set<String> FLOAT_TYPES = Set.of("f16", "f16x2", "bf16", "bf16x2", "f32", "f64");
    private static final Set<String> INT_TYPES = Set.of("u16", "u32", "u64", "s16", "s32", "s64");

    /**
     * A math instruction read: its op with the modifiers in the PTX ISA's order
     * ({@code div.ftz.rn.f32} is {@code div.rn.ftz.f32}), or, when the modifiers are not ones
     * the instruction has, the opcode as written and the problem.
     */
    public record MathOp(String op, String problem) {}

    /**
     * The math instruction {@code in} (its first word in {@link #MATH_BASES}) in canonical form,
     * or null when it is not one. {@code version} is the module's PTX version: before 1.4 a float
     * op without a rounding or {@code .approx} modifier is the ISA's default (f32: {@code .approx.ftz};
     * f64: {@code .rn}, {@code rsqrt}: {@code .approx}). With {@code ftz}, an f32 op gets {@code .ftz}.
     */
    public static MathOp math(Statement.Instruction in, String version, boolean ftz) {
        String[] words = in.opcode().split("\\.", -1);
        String base = words[0];
        if (!MATH_BASES.contains(base)) {
            return null;
        }
        String type = words.length > 1 ? words[words.length - 1] : "";
        boolean integer = INT_TYPES.contains(type);
        if (!FLOAT_TYPES.contains(type) && !(integer && (base.equals("div") || base.equals("rem")))) {
            return new MathOp(in.opcode(), type.isEmpty() ? "no type" : "type ." + type + " not one " + base + " has");
        }
        String mode = null;
        boolean hasFtz = false;
        for (int k = 1; k < words.length - 1; k++) {
            String w = words[k];
            if (!integer && (ROUNDINGS.contains(w) || w.equals("approx") || w.equals("full")) && mode == null) {
                mode = w;
            } else if (!integer && w.equals("ftz") && !hasFtz) {
                hasFtz = true;
            } else {
                return new MathOp(in.opcode(), "modifier ." + w + " not recognised here");
            }
        }
        if (mode == null && !integer) {
            if (!olderThan14(version)) {
                return new MathOp(in.opcode(), "no rounding or .approx modifier (required from PTX 1.4 on)");
            }
            boolean f64 = type.equals("f64");
            mode = f64 && !base.equals("rsqrt") ? "rn" : "approx";
            hasFtz |= type.equals("f32");
        }
        hasFtz |= ftz && type.equals("f32") && !base.equals("tanh"); // tanh has no .ftz form
        StringBuilder op = new StringBuilder(base);
        if (mode != null) {
            op.append('.').append(mode);
        }
        if (hasFtz) {
            op.append(".ftz");
        }
        return new MathOp(op.append('.').append(type).toString(), null);
    }

    private static boolean olderThan14(String version) {
        int dot = version.indexOf('.');
        try {
            int major = Integer.parseInt(version.substring(0, dot));
            int minor = Integer.parseInt(version.substring(dot + 1));
            return major < 1 || major == 1 && minor < 4;
        } catch (RuntimeException e) {
            return false;
        }
    }
}
