package org.nvlower.llvm.ir;

import java.util.List;

/** {@code @g = [linkage ...] global|constant T [init] [, section ...] [, align N] ...}. */
public final class GlobalVariable extends GlobalValue {

    private boolean constant;
    private Constant initializer;
    private String threadLocal = "";
    private boolean externallyInitialized;
    private String codeModel;
    private List<Integer> attributeGroups = List.of();
    private List<String> otherWords = List.of();
    private AttributeSet attributes = AttributeSet.EMPTY;

    public GlobalVariable(Module module, String name, Type valueType, int addressSpace, boolean constant) {
        super(module, name, valueType, addressSpace);
        this.constant = constant;
    }

    public boolean isConstant() {
        return constant;
    }

    public void setConstant(boolean constant) {
        if (constant != this.constant) {
            this.constant = constant;
            headerChanged();
        }
    }

    /** The initializer, or null for an external declaration. */
    public Constant initializer() {
        return initializer;
    }

    public void setInitializer(Constant initializer) {
        if (initializer != null && !initializer.type().equals(valueType())) {
            throw new IllegalArgumentException("initializer of type " + initializer.type() + " for a " + valueType());
        }
        if (!java.util.Objects.equals(initializer, this.initializer)) {
            boolean reading = this.initializer == null && slice() != null && !isHeaderEdited();
            this.initializer = initializer;
            if (!reading) {
                headerChanged();
            }
        }
    }

    /** Called by the parser. */
    public void readInitializer(Constant initializer) {
        this.initializer = initializer;
    }

    /** Whether this is a declaration (no initializer). */
    public boolean isDeclaration() {
        return initializer == null;
    }

    /** {@code thread_local} or {@code thread_local(mode)}, else {@code ""}. */
    public String threadLocal() {
        return threadLocal;
    }

    public boolean isExternallyInitialized() {
        return externallyInitialized;
    }

    /** {@code code_model "..."}, or null. */
    public String codeModel() {
        return codeModel;
    }

    /** {@code #N} references after the global. */
    public List<Integer> attributeGroups() {
        return attributeGroups;
    }

    /** Words after a comma the model does not interpret ({@code no_sanitize_address}, ...), as written. */
    public List<String> otherWords() {
        return otherWords;
    }

    /** Attributes written after the global ({@code "k"="v"}, {@code nounwind}), not in a group. */
    public AttributeSet inlineAttributes() {
        return attributes;
    }

    /** Called by the parser. */
    public void readVariableDetails(String threadLocal, boolean externallyInitialized, String codeModel,
            List<Integer> attributeGroups, List<String> otherWords, AttributeSet attributes) {
        this.attributes = attributes;
        this.threadLocal = threadLocal;
        this.externallyInitialized = externallyInitialized;
        this.codeModel = codeModel;
        this.attributeGroups = List.copyOf(attributeGroups);
        this.otherWords = List.copyOf(otherWords);
    }
}
