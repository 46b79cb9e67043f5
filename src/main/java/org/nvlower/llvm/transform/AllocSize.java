package org.nvlower.llvm.transform;

import java.util.List;

import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.NamedStructType;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.StructType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.VectorType;
import org.nvlower.nvptx.DataLayout;

/**
 * LLVM's DataLayout::getTypeAllocSize under a module's data layout string: what the linker compares
 * to choose between common symbols and between comdats of the {@code largest} and {@code samesize}
 * kinds. Alignments are the layout's ABI ones (LLVM's defaults where it is silent; an integer width
 * without an entry takes the next larger one's, else the largest's; a vector without one is
 * naturally aligned); a struct's fields are aligned, its size rounded to its alignment.
 */
final class AllocSize {

    private final DataLayout layout;

    AllocSize(String dataLayout) {
        DataLayout parsed;
        try {
            parsed = DataLayout.parse(dataLayout == null ? "" : dataLayout);
        } catch (RuntimeException e) {
            parsed = DataLayout.parse(""); // the parser accepted it: LLVM's defaults for what we cannot read
        }
        this.layout = parsed;
    }

    /** Bytes between two consecutive values of {@code t} in memory. */
    long of(Type t) {
        return alignTo(storeSize(t), abiAlign(t));
    }

    private long storeSize(Type t) {
        return switch (t) {
            case IntegerType i -> (i.bits() + 7) / 8;
            case FloatType f -> f == FloatType.X86_FP80 ? 10 : f.bits() / 8;
            case PointerType p -> (layout.pointerSizeInBits(p.addressSpace()) + 7) / 8;
            case ArrayType a -> a.count() * of(a.element());
            case VectorType v -> (v.count() * bits(v.element()) + 7) / 8;
            case StructType s -> structSize(s.packed(), s.fields());
            case NamedStructType n -> n.isOpaque() ? 0 : structSize(n.isPacked(), n.fields());
            default -> 0;
        };
    }

    private long bits(Type scalar) {
        return switch (scalar) {
            case IntegerType i -> i.bits();
            case FloatType f -> f.bits();
            case PointerType p -> layout.pointerSizeInBits(p.addressSpace());
            default -> 8 * storeSize(scalar);
        };
    }

    private long structSize(boolean packed, List<Type> fields) {
        long size = 0;
        for (Type f : fields) {
            size = alignTo(size, packed ? 1 : abiAlign(f)) + of(f);
        }
        return alignTo(size, packed ? 1 : structAlign(fields));
    }

    private long structAlign(List<Type> fields) {
        long align = layout.effective("a").map(a -> Math.max(1L, a.get(0) / 8)).orElse(1L);
        for (Type f : fields) {
            align = Math.max(align, abiAlign(f));
        }
        return align;
    }

    private long abiAlign(Type t) {
        return switch (t) {
            case IntegerType i -> integerAlign(i.bits());
            case FloatType f -> layout.effective("f" + f.bits()).map(e -> e.get(0) / 8L).orElse(powerOf2Ceil(storeSize(f)));
            case PointerType p -> layout.entry(p.addressSpace() == 0 ? "p" : "p" + p.addressSpace())
                    .or(() -> layout.effective("p")).map(e -> e.get(1) / 8L).orElse(8L);
            case ArrayType a -> abiAlign(a.element());
            case VectorType v -> layout.effective("v" + v.count() * bits(v.element())).map(e -> e.get(0) / 8L)
                    .orElse(powerOf2Ceil(storeSize(v))); // natural alignment
            case StructType s -> s.packed() ? 1 : structAlign(s.fields());
            case NamedStructType n -> n.isOpaque() || n.isPacked() ? 1 : structAlign(n.fields());
            default -> 1;
        };
    }

    /** The entry for {@code iBITS}, else the next larger integer entry's, else the largest one's. */
    private long integerAlign(int bits) {
        java.util.TreeSet<Integer> widths = new java.util.TreeSet<>(List.of(1, 8, 16, 32, 64)); // LLVM's defaults
        layout.entries().keySet().stream().filter(k -> k.matches("i\\d+")).forEach(k -> widths.add(Integer.parseInt(k.substring(1))));
        Integer w = widths.ceiling(bits);
        int chosen = w != null ? w : widths.last();
        return Math.max(1L, layout.effective("i" + chosen).orElseThrow().get(0) / 8L);
    }

    private static long powerOf2Ceil(long n) {
        return n <= 1 ? 1 : Long.highestOneBit(n - 1) << 1;
    }

    private static long alignTo(long size, long align) {
        return align <= 1 ? size : (size + align - 1) / align * align;
    }
}
