package org.nvlower.llvm.ir;

import java.util.List;

/**
 * {@code %name}: one object per name and module, compared by identity. Its body is set when the
 * {@code %name = type ...} line is read and may refer to the type itself; {@code opaque} has none.
 */
public final class NamedStructType implements Type {

    private final String name;
    private boolean defined;
    private boolean packed;
    private List<Type> fields;

    public NamedStructType(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    /** Whether a {@code type} line defines this name (opaque or with a body). */
    public boolean isDefined() {
        return defined;
    }

    public boolean isOpaque() {
        return fields == null;
    }

    public boolean isPacked() {
        return packed;
    }

    /** The field types; empty for an opaque struct. */
    public List<Type> fields() {
        return fields == null ? List.of() : fields;
    }

    public void defineOpaque() {
        defined = true;
        fields = null;
    }

    public void defineBody(boolean packed, List<Type> fields) {
        this.defined = true;
        this.packed = packed;
        this.fields = List.copyOf(fields);
    }

    /** The body as LLVM prints it after {@code = type}. */
    public String bodyString() {
        return fields == null ? "opaque" : StructType.body(packed, fields);
    }

    @Override
    public String toString() {
        return "%" + (MetadataText.isNumber(name) ? name : Names.quoteIfNeeded(name));
    }
}
