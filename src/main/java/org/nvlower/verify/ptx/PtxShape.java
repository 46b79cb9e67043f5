package org.nvlower.verify.ptx;

import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

import org.nvlower.ptx.PtxMathOp;

/**
 * What an opcode's words say, decoded once per instruction of a {@link PtxLayout} (the interpreter
 * ran the regular expressions and set look-ups below on every step before): the words, the last
 * word's type width (1 for .pred, 0 for none), signedness, float, the MUFU function of an
 * approximation, whether it is a math instruction, and the word tests the handlers ask
 * ({@code arithmetic}: an op {@code PtxThread} computes as float or integer arithmetic;
 * {@code halfwise}: one it runs on .f16x2).
 */
record PtxShape(String[] parts, int bits, boolean signed, boolean isFloat, PtxApprox.Form approx, boolean math,
        boolean half2, boolean carryOut, boolean ftz, boolean typedSpace, boolean[] scalarWord, boolean[] integerWord,
        boolean arithmetic, boolean halfwise) {

    /** Type words. */
    static final Pattern SCALAR_WORD = Pattern.compile("[bsuf](8|16|32|64)");
    static final Pattern WIDE_WORD = Pattern.compile("[bsuf](32|64)");
    static final Pattern INTEGER_WORD = Pattern.compile("[us](32|64)");
    private static final Pattern VECTOR_WORD = Pattern.compile("v[248]");

    /** ld/st words that change nothing for one thread run alone: .volatile and the cache operators. */
    private static final Set<String> MEMORY_HINTS = Set.of("volatile", "ca", "cg", "cs", "lu", "cv", "wb", "wt");

    /** Shapes by opcode text: a module has a few hundred opcodes in hundreds of thousands of instructions. */
    private static final Map<String, PtxShape> SHAPES = new ConcurrentHashMap<>();

    /** The shape of {@code opcode}, decoded on its first use. */
    static PtxShape forOpcode(String opcode) {
        PtxShape s = SHAPES.get(opcode);
        return s != null ? s : SHAPES.computeIfAbsent(opcode, PtxShape::of);
    }

    private static PtxShape of(String opcode) {
        String[] parts = opcode.split("\\.");
        for (int k = 0; k < parts.length; k++) { // the handlers' string switches then find their case by identity
            parts[k] = parts[k].intern();
        }
        if (parts[0].equals("ld") || parts[0].equals("st")) { // one thread alone: volatile and cache hints read as plain
            parts = Arrays.stream(parts).filter(w -> !MEMORY_HINTS.contains(w)).toArray(String[]::new);
        }
        String type = parts[parts.length - 1];
        int bits = SCALAR_WORD.matcher(type).matches() ? Integer.parseInt(type.substring(1))
                : type.equals("pred") ? 1 : type.equals("f16x2") ? 32 : 0;
        boolean[] scalar = new boolean[parts.length];
        boolean[] integer = new boolean[parts.length];
        for (int k = 0; k < parts.length; k++) {
            scalar[k] = SCALAR_WORD.matcher(parts[k]).matches();
            integer[k] = INTEGER_WORD.matcher(parts[k]).matches();
        }
        // a generic ld/st names its type (or vector) where a space would stand
        boolean typedSpace = parts.length > 1 && (scalar[1] || VECTOR_WORD.matcher(parts[1]).matches());
        return new PtxShape(parts, bits, type.charAt(0) == 's', type.charAt(0) == 'f', PtxApprox.of(opcode),
                PtxMathOp.bySpelling(opcode).isPresent(), type.equals("f16x2"), opcode.contains(".cc"),
                opcode.contains(".ftz"), typedSpace, scalar, integer,
                (type.charAt(0) == 'f' ? PtxThread.FLOAT_OPS : PtxThread.INTEGER_OPS).contains(parts[0]),
                PtxThread.HALF2_OPS.contains(parts[0]));
    }
}
