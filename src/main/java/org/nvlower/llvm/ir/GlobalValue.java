package org.nvlower.llvm.ir;

/**
 * A global: function, variable, alias or ifunc. As a value it is a pointer to its
 * {@link #valueType()} in its address space: {@code ptr addrspace(N)} in a module with opaque
 * pointers, {@code T addrspace(N)*} otherwise. {@code linkage} and friends are kept as written.
 */
public abstract sealed class GlobalValue extends TrackedValue implements Constant, ModuleEntity
        permits Function, GlobalVariable, GlobalAlias {

    private final Module module;
    private final Type valueType;
    private final int addressSpace;
    private final String linkage;
    private SourceSlice slice;
    private PointerType type;

    GlobalValue(Module module, String name, Type valueType, int addressSpace, String linkage) {
        super(name);
        this.module = module;
        this.valueType = valueType;
        this.addressSpace = addressSpace;
        this.linkage = linkage == null ? "" : linkage;
    }

    public Module module() {
        return module;
    }

    public Type valueType() {
        return valueType;
    }

    public int addressSpace() {
        return addressSpace;
    }

    /** {@code internal}, {@code private}, ... or {@code ""} for external. */
    public String linkage() {
        return linkage;
    }

    @Override
    public PointerType type() {
        if (type == null) {
            type = module.opaquePointers() ? PointerType.opaque(addressSpace) : PointerType.to(valueType, addressSpace);
        }
        return type;
    }

    /** Renaming a global is not supported: its definition and every reference are kept as text. */
    @Override
    public void setName(String name) {
        if (slice != null || module.global(name()) == this) {
            throw new UnsupportedOperationException("renaming a global (@" + name() + ") is not supported");
        }
        super.setName(name);
    }

    /** The users in every function: bodies not read yet are read first. */
    @Override
    public java.util.List<Instruction> users() {
        module.materializeAll();
        return super.users();
    }

    @Override
    public int useCount() {
        module.materializeAll();
        return super.useCount();
    }

    @Override
    public boolean hasUses() {
        module.materializeAll();
        return super.hasUses();
    }

    @Override
    public SourceSlice slice() {
        return slice;
    }

    public void setSlice(SourceSlice slice) {
        this.slice = slice;
    }

    @Override
    public String toString() {
        return "@" + (hasName() ? name() : String.valueOf(slot()));
    }
}
