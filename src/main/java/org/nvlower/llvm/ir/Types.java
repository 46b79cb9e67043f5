package org.nvlower.llvm.ir;

/** Questions about types that instructions and the verifier ask. */
public final class Types {

    private Types() {
    }

    /** The size in bits of an integer, floating-point or fixed vector type of those; 0 for any other. */
    public static long bitWidth(Type t) {
        return switch (t) {
            case IntegerType i -> i.bits();
            case FloatType f -> f.bits();
            case VectorType v when !v.scalable() -> bitWidth(v.element()) * v.count();
            default -> 0;
        };
    }

    /** Types a value of an instruction, argument or constant can have (LLVM's first-class types but label). */
    public static boolean isValueType(Type t) {
        return !(t == PrimitiveType.VOID || t == PrimitiveType.LABEL || t instanceof FunctionType
                || t instanceof NamedStructType n && n.isOpaque());
    }

    /** Types that can be loaded, stored and allocated. */
    public static boolean isSized(Type t) {
        return switch (t) {
            case IntegerType i -> true;
            case FloatType f -> true;
            case PointerType p -> true;
            case VectorType v -> true;
            case ArrayType a -> isSized(a.element());
            case StructType s -> s.fields().stream().allMatch(Types::isSized);
            case NamedStructType n -> !n.isOpaque() && n.fields().stream().allMatch(Types::isSized);
            case TargetExtType x -> true;
            default -> t == PrimitiveType.X86_MMX || t == PrimitiveType.X86_AMX;
        };
    }

    /** The type a GEP index selects inside {@code t} (struct indices must be constants in range). */
    public static Type indexInto(Type t, Value index) {
        if (t instanceof ArrayType a) {
            return a.element();
        }
        if (t instanceof VectorType v) {
            return v.element();
        }
        java.util.List<Type> fields = t instanceof StructType s ? s.fields() : t instanceof NamedStructType n ? n.fields() : null;
        if (fields == null) {
            throw new IllegalArgumentException("cannot index into " + t);
        }
        if (!(index instanceof ConstantInt ci) || ci.value().signum() < 0
                || ci.value().compareTo(java.math.BigInteger.valueOf(fields.size())) >= 0) {
            throw new IllegalArgumentException("struct index must be a constant in range, got " + index);
        }
        return fields.get(ci.value().intValue());
    }

    /** The element of an aggregate reached by extractvalue/insertvalue indices. */
    public static Type aggregateElement(Type t, long... indices) {
        Type cur = t;
        for (long i : indices) {
            if (cur instanceof ArrayType a && i >= 0 && i < a.count()) {
                cur = a.element();
                continue;
            }
            java.util.List<Type> fields = cur instanceof StructType s ? s.fields()
                    : cur instanceof NamedStructType n ? n.fields() : null;
            if (fields == null || i < 0 || i >= fields.size()) {
                throw new IllegalArgumentException("invalid index " + i + " into " + cur);
            }
            cur = fields.get((int) i);
        }
        return cur;
    }
}
