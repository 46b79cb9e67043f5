package org.nvlower.llvm.ir;

/** A formal parameter of a function; {@code attributes} are the parameter attributes as written. */
public final class Argument extends TrackedValue {

    private final Type type;
    private final Function parent;
    private final int index;
    private final String attributes;

    public Argument(Function parent, int index, Type type, String name, String attributes) {
        super(name);
        this.parent = parent;
        this.index = index;
        this.type = type;
        this.attributes = attributes == null ? "" : attributes;
    }

    /** Renaming an argument is not supported: the function header is kept as text. */
    @Override
    public void setName(String name) {
        throw new UnsupportedOperationException("renaming an argument is not supported");
    }

    @Override
    public Type type() {
        return type;
    }

    public Function parent() {
        return parent;
    }

    public int index() {
        return index;
    }

    public String attributes() {
        return attributes;
    }

    @Override
    public String toString() {
        return type + " %" + (hasName() ? name() : String.valueOf(slot()));
    }
}
