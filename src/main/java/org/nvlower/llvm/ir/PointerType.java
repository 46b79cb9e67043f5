package org.nvlower.llvm.ir;

/**
 * A pointer: opaque ({@code ptr addrspace(N)}, {@code pointee == null}) as in LLVM 15+, or typed
 * ({@code T addrspace(N)*}) as in LLVM up to 14. A module uses one of the two forms throughout.
 */
public record PointerType(Type pointee, int addressSpace) implements Type {

    public static final PointerType OPAQUE = new PointerType(null, 0);

    public PointerType {
        if (addressSpace < 0) {
            throw new IllegalArgumentException("negative address space " + addressSpace);
        }
    }

    public static PointerType opaque(int addressSpace) {
        return addressSpace == 0 ? OPAQUE : new PointerType(null, addressSpace);
    }

    public static PointerType to(Type pointee, int addressSpace) {
        return new PointerType(pointee, addressSpace);
    }

    public boolean isOpaque() {
        return pointee == null;
    }

    @Override
    public String toString() {
        String as = addressSpace == 0 ? "" : " addrspace(" + addressSpace + ")";
        return pointee == null ? "ptr" + as : pointee + as + "*";
    }
}
