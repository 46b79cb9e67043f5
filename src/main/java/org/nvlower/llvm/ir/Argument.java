package org.nvlower.llvm.ir;

/** A formal parameter of a function, with its parameter attributes. */
public final class Argument extends TrackedValue {

    private final Type type;
    private final Function parent;
    private final int index;
    private AttributeSet attributes;

    public Argument(Function parent, int index, Type type, String name, AttributeSet attributes) {
        super(name);
        this.parent = parent;
        this.index = index;
        this.type = type;
        this.attributes = attributes == null ? AttributeSet.EMPTY : attributes;
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

    public AttributeSet attributes() {
        return attributes;
    }

    public void setAttributes(AttributeSet attributes) {
        if (!attributes.equals(this.attributes)) {
            this.attributes = attributes;
            if (parent != null) {
                parent.headerChanged();
            }
        }
    }

    @Override
    void nameReleased(String old) {
        Function f = parent;
        if (f != null) {
            f.releaseLocalName(old);
        }
    }

    @Override
    String uniqueName(String requested) {
        return parent == null || index < 0 ? requested : parent.uniqueLocalName(requested, this);
    }

    /** Renaming re-spells the header and every use in the body. */
    @Override
    void nameChanged() {
        if (parent != null && index >= 0 && parent.arguments().contains(this)) {
            parent.headerChanged();
            parent.markLocalRenamed();
        }
    }

    @Override
    public String toString() {
        return type + " %" + (hasName() ? name() : String.valueOf(slot()));
    }
}
