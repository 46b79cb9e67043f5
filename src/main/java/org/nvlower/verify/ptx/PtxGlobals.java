package org.nvlower.verify.ptx;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;

import org.nvlower.ptx.PtxModule;
import org.nvlower.ptx.Statement.Variable;

/**
 * A module's {@code .global} and {@code .const} variables laid out in the interpreter's global
 * memory (constant memory shares it: each variable has its own addresses), as the driver loads
 * them before a launch: llc writes a constant array as {@code .global .align 16 .b8 t[48] = {1, 0,
 * ...};} (bytes, the trailing zeros left out) or with wider elements ({@code .u32}, {@code .f64}).
 * An initializer's elements are integers (decimal, {@code 0x} hex, {@code 0b} binary, octal) or
 * hex floats ({@code 0f3F800000}, {@code 0d...}), in nested braces for arrays of arrays; elements
 * past the list and variables without an initializer are zero. A symbol in an initializer (a
 * pointer table) is refused with the variable named.
 */
final class PtxGlobals {

    private PtxGlobals() {}

    /** Stores the variables from {@code base} up (each at its alignment) into {@code global}; returns name -> address. */
    static Map<String, Long> load(PtxModule module, Map<Long, Byte> global, long base) {
        Map<String, Long> symbols = new HashMap<>();
        long at = base;
        for (PtxModule.Item item : module.items()) {
            if (!(item instanceof Variable v) || !(v.space().equals(".global") || v.space().equals(".const"))
                    || ".extern".equals(v.linkage())) {
                continue;
            }
            int size = v.type().matches("\\.[bsuf](8|16|32|64)") ? Integer.parseInt(v.type().substring(2)) / 8 : 0;
            if (size == 0 || v.qualifiers().contains(".v2") || v.qualifiers().contains(".v4")) {
                throw new UnsupportedOperationException(v.name() + ": a " + v.type() + " variable is not loaded");
            }
            long count = 1;
            for (long d : v.dims()) {
                count *= d;
            }
            long align = Math.max(size, alignment(v));
            at = (at + align - 1) / align * align;
            symbols.put(v.name(), at);
            for (long i = 0; i < count * size; i++) {
                global.put(at + i, (byte) 0);
            }
            if (v.initializer() != null) {
                String[] elements = v.initializer().replace("{", "").replace("}", "").split(",");
                if (elements.length > count) {
                    throw new IllegalArgumentException(v.name() + ": " + elements.length + " initial values for " + count + " elements");
                }
                for (int k = 0; k < elements.length; k++) {
                    long e = element(v, elements[k].strip());
                    for (int i = 0; i < size; i++) {
                        global.put(at + (long) k * size + i, (byte) (e >>> (8 * i)));
                    }
                }
            }
            at += count * size;
        }
        return symbols;
    }

    private static long alignment(Variable v) {
        for (String q : v.qualifiers()) {
            if (q.startsWith(".align ")) {
                return Long.parseLong(q.substring(7));
            }
        }
        return 1;
    }

    /** One initial value's bits (two's complement for a negative integer). */
    private static long element(Variable v, String text) {
        String t = text.startsWith("-") ? text.substring(1) : text;
        BigInteger m;
        if (t.matches("0[fF][0-9a-fA-F]{8}|0[dD][0-9a-fA-F]{16}")) {
            m = new BigInteger(t.substring(2), 16);
        } else if (t.matches("0[xX][0-9a-fA-F]+[uU]?")) {
            m = new BigInteger(t.replaceAll("[uU]$", "").substring(2), 16);
        } else if (t.matches("0[bB][01]+[uU]?")) {
            m = new BigInteger(t.replaceAll("[uU]$", "").substring(2), 2);
        } else if (t.matches("0[0-7]+[uU]?")) {
            m = new BigInteger(t.replaceAll("[uU]$", "").substring(1), 8);
        } else if (t.matches("[0-9]+[uU]?")) {
            m = new BigInteger(t.replaceAll("[uU]$", ""));
        } else {
            throw new UnsupportedOperationException(v.name() + ": the initial value '" + text + "' is not a number");
        }
        return (text.startsWith("-") ? m.negate() : m).longValue();
    }
}
