package org.nvlower.llvm.ir;

/** {@code @a = alias T, ptr @target} or {@code @i = ifunc T, ptr @resolver}. */
public final class GlobalAlias extends GlobalValue {

    private final boolean ifunc;
    private Constant target;

    public GlobalAlias(Module module, String name, Type valueType, int addressSpace, String linkage, boolean ifunc) {
        super(module, name, valueType, addressSpace, linkage);
        this.ifunc = ifunc;
    }

    public boolean isIfunc() {
        return ifunc;
    }

    /** The aliasee or resolver. */
    public Constant target() {
        return target;
    }

    public void setTarget(Constant target) {
        this.target = target;
    }
}
