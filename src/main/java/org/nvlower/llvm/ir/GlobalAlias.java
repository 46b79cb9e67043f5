package org.nvlower.llvm.ir;

/** {@code @a = alias T, ptr @target} or {@code @i = ifunc T, ptr @resolver}. */
public final class GlobalAlias extends GlobalValue {

    private final boolean ifunc;
    private Constant target;
    private String threadLocal = "";

    public GlobalAlias(Module module, String name, Type valueType, int addressSpace, boolean ifunc) {
        super(module, name, valueType, addressSpace);
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
        boolean reading = this.target == null;
        this.target = target;
        if (!reading) {
            headerChanged();
        }
    }

    public String threadLocal() {
        return threadLocal;
    }

    public void readThreadLocal(String threadLocal) {
        this.threadLocal = threadLocal;
    }
}
