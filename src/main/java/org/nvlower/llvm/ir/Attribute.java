package org.nvlower.llvm.ir;

/**
 * One attribute of a function, return value, parameter or call site, in one of the shapes LLVM
 * writes: a word ({@code nounwind}), an integer ({@code align 8}, {@code dereferenceable(16)}), a
 * type ({@code byval(%struct.S)}), a string ({@code "target-cpu"="sm_80"}), or a word with
 * arguments the model does not interpret ({@code memory(argmem: read)}, {@code range(i32 0, 4)}).
 * Types are the only module-specific part, and {@link WithType} carries one as a {@link Type}, so
 * an attribute can move between modules through a type map.
 */
public sealed interface Attribute permits Attribute.Word, Attribute.Int, Attribute.WithType, Attribute.Str,
        Attribute.WithArgs {

    /** The attribute's kind: its keyword, or the key of a string attribute. */
    String name();

    /** LLVM's spelling; attribute groups write integer attributes as {@code align=8}. */
    String print(boolean inGroup);

    static Word word(String name) {
        return new Word(name);
    }

    static Str string(String key, String value) {
        return new Str(key, value);
    }

    /** {@code nounwind}, {@code readnone}, {@code noinline}, ... */
    record Word(String name) implements Attribute {
        @Override
        public String print(boolean inGroup) {
            return name;
        }
    }

    /** {@code align N}, {@code alignstack(N)}, {@code dereferenceable(N)}, {@code dereferenceable_or_null(N)}. */
    record Int(String name, long value) implements Attribute {

        /** Whether {@code name} takes an integer: the attributes this record holds. */
        public static boolean takesInteger(String name) {
            return name.equals("align") || name.equals("alignstack") || name.equals("dereferenceable")
                    || name.equals("dereferenceable_or_null");
        }

        @Override
        public String print(boolean inGroup) {
            if (name.equals("align") || name.equals("alignstack")) {
                return inGroup ? name + "=" + value : name.equals("align") ? "align " + value : name + "(" + value + ")";
            }
            return name + "(" + Long.toUnsignedString(value) + ")"; // dereferenceable bytes are unsigned 64-bit
        }
    }

    /** {@code byval(T)}, {@code sret(T)}, {@code byref(T)}, {@code inalloca(T)}, {@code preallocated(T)}, {@code elementtype(T)}. */
    record WithType(String name, Type type) implements Attribute {

        public static boolean takesType(String name) {
            return switch (name) {
                case "byval", "sret", "byref", "inalloca", "preallocated", "elementtype" -> true;
                default -> false;
            };
        }

        @Override
        public String print(boolean inGroup) {
            return name + "(" + type + ")";
        }
    }

    /** {@code "key"} or {@code "key"="value"}. */
    record Str(String name, String value) implements Attribute {
        @Override
        public String print(boolean inGroup) {
            return Names.quote(name) + (value == null ? "" : "=" + Names.quote(value));
        }
    }

    /** A word with arguments kept as written between the parentheses: {@code memory(read)}, {@code allocsize(0,1)}. */
    record WithArgs(String name, String arguments) implements Attribute {
        @Override
        public String print(boolean inGroup) {
            return name + "(" + arguments + ")";
        }
    }
}
