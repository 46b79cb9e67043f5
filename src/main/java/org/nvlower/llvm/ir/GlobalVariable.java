package org.nvlower.llvm.ir;

/** {@code @g = [linkage ...] global|constant T [init] [, align N] ...}. */
public final class GlobalVariable extends GlobalValue {

    private final boolean constant;
    private Constant initializer;

    public GlobalVariable(Module module, String name, Type valueType, int addressSpace, String linkage, boolean constant) {
        super(module, name, valueType, addressSpace, linkage);
        this.constant = constant;
    }

    public boolean isConstant() {
        return constant;
    }

    /** The initializer, or null for an external declaration. */
    public Constant initializer() {
        return initializer;
    }

    public void setInitializer(Constant initializer) {
        this.initializer = initializer;
    }
}
