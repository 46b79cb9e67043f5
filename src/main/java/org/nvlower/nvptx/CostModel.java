package org.nvlower.nvptx;

import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.nvlower.diag.InputException;

/**
 * The NVPTX TargetTransformInfo: the constants and costs the optimization passes query (seed 2,
 * "NVPTXTargetTransformInfo Hook Table"). Registers are 32 bits wide for scalars and "vectors"
 * alike, so the register-width vectorization factor of a 32-bit type is 1.
 */
public final class CostModel {

    /** getRegisterBitWidth, vector and scalar alike: the 32-bit register file. */
    public static final int REGISTER_BIT_WIDTH = 32;
    /** getMaxInterleaveFactor for scalar loops (VF = 1); the seed gives no number, see docs/target.md. */
    public static final int MAX_INTERLEAVE_SCALAR = 4;
    /** getMaxInterleaveFactor for vectorized loops (VF > 1). */
    public static final int MAX_INTERLEAVE_VECTORIZED = 2;
    /** The VF LoopVectorize forces for outer loops when the formula gives VF <= 1 and the override is on. */
    public static final int OUTER_LOOP_FORCED_VF = 4;

    /** The scheduling values at TTI+56 the interleave count is capped by. */
    public record SchedulingInfo(int issueWidth, int latency) {
        /** One instruction per warp scheduler per cycle; ~4-cycle dependent ALU latency (seed 3, IMAD). */
        public static final SchedulingInfo DEFAULT = new SchedulingInfo(1, 4);

        public SchedulingInfo {
            if (issueWidth < 1 || latency < 1) {
                throw new IllegalArgumentException("issue width and latency must be >= 1");
            }
        }
    }

    /** Element types {@code --vf} and {@link #vectorizationFactor(String)} accept, with their widths. */
    public static final List<String> ELEMENT_TYPES = List.of("i8", "i16", "half", "bfloat", "i32", "float", "i64", "double");

    private static final Pattern VECTOR = Pattern.compile("(?:<(\\d+) x (i\\d+)>|v(\\d+)(i\\d+))");

    private final TargetMachine tm;

    public CostModel(TargetMachine tm) {
        this.tm = tm;
    }

    public TargetMachine targetMachine() {
        return tm;
    }

    public int registerBitWidthVector() {
        return REGISTER_BIT_WIDTH;
    }

    public int registerBitWidthScalar() {
        return REGISTER_BIT_WIDTH;
    }

    public boolean supportsScalableVectors() {
        return false;
    }

    /** getMaxInterleaveFactor(VF): the scalar-loop limit for VF 1, the vectorized one above. */
    public int maxInterleaveFactor(int vf) {
        return vf <= 1 ? MAX_INTERLEAVE_SCALAR : MAX_INTERLEAVE_VECTORIZED;
    }

    /**
     * The interleave count: the requested count capped by {@link #maxInterleaveFactor}, then
     * divided by max(issue width, latency) as the seed writes it, and at least 1.
     */
    public int interleaveCount(int requested, int vf, SchedulingInfo sched) {
        int ic = Math.min(requested, maxInterleaveFactor(vf));
        ic = ic / Math.max(sched.issueWidth(), sched.latency());
        return Math.max(1, ic);
    }

    /** VF = registerBitWidth / elementBitWidth, at least 1. */
    public int vectorizationFactor(int elementBits) {
        if (elementBits < 1) {
            throw new IllegalArgumentException("element width must be positive: " + elementBits);
        }
        return Math.max(1, REGISTER_BIT_WIDTH / elementBits);
    }

    /** The VF with LoopVectorize's outer-loop override: VF <= 1 becomes 4 when the override is on. */
    public int vectorizationFactor(int elementBits, boolean outerLoopOverride) {
        int vf = vectorizationFactor(elementBits);
        return vf <= 1 && outerLoopOverride ? OUTER_LOOP_FORCED_VF : vf;
    }

    /** The VF of an LLVM IR element type ({@link #ELEMENT_TYPES}). */
    public int vectorizationFactor(String elementType) {
        return vectorizationFactor(elementBits(elementType));
    }

    /** The bit width of an element type name; unknown names are an InputException. */
    public static int elementBits(String elementType) {
        return switch (elementType) {
            case "i8" -> 8;
            case "i16", "half", "bfloat", "f16", "bf16" -> 16;
            case "i32", "float", "f32" -> 32;
            case "i64", "double", "f64" -> 64;
            default -> throw new InputException("unknown element type '" + elementType + "'; allowed: "
                    + String.join(", ", ELEMENT_TYPES));
        };
    }

    /** The largest SLP bundle: as many elements as fit in one 32-bit register (1 for 32-bit and wider). */
    public int slpMaxBundle(int elementBits) {
        return vectorizationFactor(elementBits);
    }

    /**
     * getArithmeticInstrCost for an integer type: i8, i16 and i32 cost as i32 (i8 and i16 are
     * promoted), i64 as i64; a vector ({@code <4 x i32>} or {@code v4i32}) costs its element count
     * times its element's cost, since no integer vector wider than 32 bits is legal.
     */
    public int arithmeticCost(ArithmeticOpcode opcode, String type) {
        Matcher vector = VECTOR.matcher(type);
        if (vector.matches()) {
            int count = Integer.parseInt(vector.group(1) != null ? vector.group(1) : vector.group(3));
            String element = vector.group(2) != null ? vector.group(2) : vector.group(4);
            if (count < 1) {
                throw new InputException("vector type '" + type + "' has no elements");
            }
            return count * arithmeticCost(opcode, element);
        }
        return switch (type) {
            case "i1", "i8", "i16", "i32" -> opcode.i32Cost();
            case "i64" -> opcode.i64Cost();
            default -> throw new InputException("no arithmetic cost for type '" + type
                    + "'; allowed: i1, i8, i16, i32, i64 and vectors of them (<4 x i32> or v4i32)");
        };
    }

    /** getArithmeticInstrCost by opcode name; an unknown opcode is an InputException listing the known ones. */
    public int arithmeticCost(String opcode, String type) {
        ArithmeticOpcode op = ArithmeticOpcode.byName(opcode).orElseThrow(() -> new InputException(
                "unknown opcode '" + opcode + "'; allowed: " + String.join(", ",
                        List.of(ArithmeticOpcode.values()).stream().map(ArithmeticOpcode::irName).toList())));
        return arithmeticCost(op, type);
    }

    /** hasAttribute(N): whether the function's attributes include the one of kind N. */
    public boolean hasAttribute(Collection<String> functionAttributes, FunctionAttribute attribute) {
        return functionAttributes.contains(attribute.irName());
    }
}
