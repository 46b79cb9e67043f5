package org.nvlower.verify.ptx;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.nvlower.ptx.PtxFunction;
import org.nvlower.ptx.PtxModule;
import org.nvlower.ptx.Statement.Variable;

/**
 * A module's {@code .global} and {@code .const} variables laid out in the interpreter's global
 * memory (constant memory shares it: each variable has its own addresses), as the driver loads
 * them before a launch: llc writes a constant array as {@code .global .align 16 .b8 t[48] = {1, 0,
 * ...};} (bytes, the trailing zeros left out) or with wider elements ({@code .u32}, {@code .f64}).
 * An initializer's elements are integers (decimal, {@code 0x} hex, {@code 0b} binary, octal) or
 * hex floats ({@code 0f3F800000}, {@code 0d...}), in nested braces for arrays of arrays; elements
 * past the list and variables without an initializer are zero; {@code []} takes its size from the
 * list.
 *
 * <p>A pointer table names variables, as llc writes it: {@code sym}, {@code generic(sym)}, either
 * with {@code +N} (a byte offset), and in byte arrays one byte of such an address as
 * {@code 0xFF00(generic(sym)+12)} (the mask selects the byte: PTX ISA 7.1's form, which llc 19
 * writes for packed structs with pointers). The interpreter has one address space, so a generic
 * address is the variable's own. As ptxas requires, a table names variables declared before it
 * (llc orders them so; a variable itself may be named: its address is known). A function's address (a function-pointer table)
 * or an unknown symbol is refused with the variable named.
 */
final class PtxGlobals {

    private PtxGlobals() {}

    /** Where the functions' addresses start, 16 bytes apart: far above the data, never read as memory. */
    static final long FUNCTIONS = 1L << 40;

    /** {@code generic(SYM)} or {@code SYM}, then an optional {@code +N} or {@code -N}. */
    private static final Pattern ADDRESS = Pattern.compile(
            "(?:generic\\(([A-Za-z_$%][\\w$]*)\\)|([A-Za-z_$%][\\w$]*))\\s*(?:([+-])\\s*(\\d+))?");
    /**
     * An initial value's number forms, compiled once (String.matches compiled each on every element:
     * an eighth of GpuRuntimeKernelTest's time went to the runtime's constant tables).
     */
    private static final Pattern HEX_FLOAT = Pattern.compile("0[fF][0-9a-fA-F]{8}|0[dD][0-9a-fA-F]{16}");
    private static final Pattern HEX = Pattern.compile("0[xX][0-9a-fA-F]+[uU]?");
    private static final Pattern BINARY = Pattern.compile("0[bB][01]+[uU]?");
    private static final Pattern OCTAL = Pattern.compile("0[0-7]+[uU]?");
    private static final Pattern DECIMAL = Pattern.compile("[0-9]+[uU]?");
    /** {@code MASK(ADDRESS)}: one byte of an address. */
    private static final Pattern MASKED = Pattern.compile("0[xX]([0-9a-fA-F]+)\\((.*)\\)");

    /** Maps the variables from {@code base} up (each at its alignment) in {@code global}, with their initial values; returns name -> address. */
    static Map<String, Long> load(PtxModule module, PtxMemory global, long base) {
        Map<String, Long> symbols = new HashMap<>();
        long at = base;
        for (PtxModule.Item item : module.items()) {
            if (item instanceof PtxFunction f) {
                symbols.putIfAbsent(f.name(), FUNCTIONS + 16L * symbols.size()); // declared first, defined later
                continue;
            }
            if (!(item instanceof Variable v) || !(v.space().equals(".global") || v.space().equals(".const"))
                    || ".extern".equals(v.linkage())) {
                continue;
            }
            int size = v.type().matches("\\.[bsuf](8|16|32|64)") ? Integer.parseInt(v.type().substring(2)) / 8 : 0;
            if (size == 0 || v.qualifiers().contains(".v2") || v.qualifiers().contains(".v4")) {
                throw new UnsupportedOperationException(v.name() + ": a " + v.type() + " variable is not loaded");
            }
            String[] elements = v.initializer() == null ? new String[0]
                    : v.initializer().replace("{", "").replace("}", "").split(",");
            long count = 1;
            for (long d : v.dims()) {
                count *= d < 0 ? elements.length : d; // '[]': as many as the list gives
            }
            if (elements.length > count) {
                throw new IllegalArgumentException(v.name() + ": " + elements.length + " initial values for " + count + " elements");
            }
            long align = Math.max(size, alignment(v));
            at = (at + align - 1) / align * align;
            symbols.put(v.name(), at);
            global.map(at, count * size);
            for (int k = 0; k < elements.length; k++) {
                global.store(at + (long) k * size, element(v, elements[k].strip(), symbols), size);
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
    private static long element(Variable v, String text, Map<String, Long> symbols) {
        String t = text.startsWith("-") ? text.substring(1) : text;
        BigInteger m;
        if (HEX_FLOAT.matcher(t).matches()) {
            m = new BigInteger(t.substring(2), 16);
        } else if (HEX.matcher(t).matches()) {
            m = new BigInteger(withoutU(t).substring(2), 16);
        } else if (BINARY.matcher(t).matches()) {
            m = new BigInteger(withoutU(t).substring(2), 2);
        } else if (OCTAL.matcher(t).matches()) {
            m = new BigInteger(withoutU(t).substring(1), 8);
        } else if (DECIMAL.matcher(t).matches()) {
            m = new BigInteger(withoutU(t));
        } else {
            return address(v, text, symbols);
        }
        return (text.startsWith("-") ? m.negate() : m).longValue();
    }

    /** The digits without the unsigned suffix {@code u} or {@code U}. */
    private static String withoutU(String t) {
        char last = t.charAt(t.length() - 1);
        return last == 'u' || last == 'U' ? t.substring(0, t.length() - 1) : t;
    }

    /** A variable's address plus an offset, or one byte of it under a mask ({@link #MASKED}). */
    private static long address(Variable v, String text, Map<String, Long> symbols) {
        Matcher masked = MASKED.matcher(text);
        long mask = masked.matches() ? new BigInteger(masked.group(1), 16).longValue() : -1;
        Matcher a = ADDRESS.matcher(masked.matches() ? masked.group(2).strip() : text);
        if (!a.matches()) {
            throw new UnsupportedOperationException(v.name() + ": the initial value '" + text + "' is not a number or an address");
        }
        String name = a.group(1) != null ? a.group(1) : a.group(2);
        Long base = symbols.get(name);
        if (base == null) {
            throw new UnsupportedOperationException(v.name() + ": the initial value '" + text + "' names '" + name
                    + "', which is not a .global or .const variable or a function declared before it");
        }
        long offset = a.group(4) == null ? 0 : Long.parseLong(a.group(4));
        long value = base + ("-".equals(a.group(3)) ? -offset : offset);
        if (mask == -1) {
            return value;
        }
        int shift = Long.numberOfTrailingZeros(mask);
        if (Long.bitCount(mask) != 8 || (mask >>> shift) != 0xFF) {
            throw new UnsupportedOperationException(v.name() + ": the initial value '" + text + "' has a mask that does not select one byte");
        }
        return (value & mask) >>> shift;
    }
}
