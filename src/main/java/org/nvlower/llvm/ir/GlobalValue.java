package org.nvlower.llvm.ir;

import java.util.List;

/**
 * A global: function, variable, alias or ifunc. As a value it is a pointer to its
 * {@link #valueType()} in its address space: {@code ptr addrspace(N)} in a module with opaque
 * pointers, {@code T addrspace(N)*} otherwise.
 *
 * <p>The properties LLVM writes around a global's name are typed fields here. A global read
 * from text prints that text until one of them changes ({@link #isHeaderEdited()}); then, and
 * for every created global, the printer spells it from these fields.
 */
public abstract sealed class GlobalValue extends TrackedValue implements Constant, ModuleEntity
        permits Function, GlobalVariable, GlobalAlias {

    private final Module module;
    private final Type valueType;
    private final int addressSpace;
    private Linkage linkage = Linkage.EXTERNAL;
    private Visibility visibility = Visibility.DEFAULT;
    private boolean dsoLocal;
    private String dllStorage = "";
    private UnnamedAddr unnamedAddr = UnnamedAddr.NONE;
    private String section;
    private String partition;
    private String comdat;
    private long alignment;
    private List<MetadataAttachment> metadata = List.of();
    private SourceSlice slice;
    private PointerType type;
    private boolean headerEdited;

    GlobalValue(Module module, String name, Type valueType, int addressSpace) {
        super(name);
        this.module = module;
        this.valueType = valueType;
        this.addressSpace = addressSpace;
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

    public Linkage linkage() {
        return linkage;
    }

    public void setLinkage(Linkage linkage) {
        if (linkage != this.linkage) {
            this.linkage = linkage;
            headerChanged();
        }
    }

    public Visibility visibility() {
        return visibility;
    }

    public void setVisibility(Visibility visibility) {
        if (visibility != this.visibility) {
            this.visibility = visibility;
            headerChanged();
        }
    }

    /** LLVM's internalize: internal linkage, default visibility, no DLL storage (local symbols have none). */
    public void internalize() {
        setLinkage(Linkage.INTERNAL);
        setVisibility(Visibility.DEFAULT);
        setDllStorage("");
        setDsoLocal(true);
    }

    /** Whether {@code dso_local} is written. */
    public boolean isDsoLocal() {
        return dsoLocal;
    }

    public void setDsoLocal(boolean dsoLocal) {
        if (dsoLocal != this.dsoLocal) {
            this.dsoLocal = dsoLocal;
            headerChanged();
        }
    }

    /** {@code dllimport}, {@code dllexport} or {@code ""}. */
    public String dllStorage() {
        return dllStorage;
    }

    public void setDllStorage(String dllStorage) {
        if (!dllStorage.equals(this.dllStorage)) {
            this.dllStorage = dllStorage;
            headerChanged();
        }
    }

    public UnnamedAddr unnamedAddr() {
        return unnamedAddr;
    }

    public void setUnnamedAddr(UnnamedAddr unnamedAddr) {
        if (unnamedAddr != this.unnamedAddr) {
            this.unnamedAddr = unnamedAddr;
            headerChanged();
        }
    }

    /** The {@code section "..."} name, or null. */
    public String section() {
        return section;
    }

    public void setSection(String section) {
        if (!java.util.Objects.equals(section, this.section)) {
            this.section = section;
            headerChanged();
        }
    }

    /** The {@code partition "..."} name, or null. */
    public String partition() {
        return partition;
    }

    public void setPartition(String partition) {
        if (!java.util.Objects.equals(partition, this.partition)) {
            this.partition = partition;
            headerChanged();
        }
    }

    /** The comdat: null for none, {@code ""} for {@code comdat} (the global's own name), else its name. */
    public String comdat() {
        return comdat;
    }

    public void setComdat(String comdat) {
        if (!java.util.Objects.equals(comdat, this.comdat)) {
            this.comdat = comdat;
            headerChanged();
        }
    }

    /** {@code align N} in bytes, 0 when not written. */
    public long alignment() {
        return alignment;
    }

    public void setAlignment(long alignment) {
        if (alignment != this.alignment) {
            this.alignment = alignment;
            headerChanged();
        }
    }

    /** Metadata attachments ({@code !dbg !5}, {@code !type ...}). */
    public List<MetadataAttachment> metadata() {
        return metadata;
    }

    public void setMetadata(List<MetadataAttachment> metadata) {
        if (!metadata.equals(this.metadata)) {
            this.metadata = List.copyOf(metadata);
            headerChanged();
        }
    }

    /** Marks the header as changed: it is printed from the model from now on. */
    public void headerChanged() {
        headerEdited = true;
    }

    /** Whether a property written in the header changed since the global was read. */
    public boolean isHeaderEdited() {
        return headerEdited;
    }

    @Override
    public PointerType type() {
        if (type == null) {
            type = module.pointerTo(valueType, addressSpace);
        }
        return type;
    }

    /**
     * Renames the global: every reference (in bodies, initializers, metadata) is re-spelled when
     * printed. The name must be free in the module.
     */
    @Override
    public void setName(String name) {
        module.rename(this, name);
    }

    void assignName(String name) {
        super.setName(name);
        headerChanged();
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

    /** Called by the parser: the header fields as read (the text still prints as written). */
    public void readHeader(Linkage linkage, Visibility visibility, boolean dsoLocal, String dllStorage,
            UnnamedAddr unnamedAddr) {
        this.linkage = linkage;
        this.visibility = visibility;
        this.dsoLocal = dsoLocal;
        this.dllStorage = dllStorage;
        this.unnamedAddr = unnamedAddr;
    }

    /** Called by the parser: the tail fields as read. */
    public void readTail(String section, String partition, String comdat, long alignment,
            List<MetadataAttachment> metadata) {
        this.section = section;
        this.partition = partition;
        this.comdat = comdat;
        this.alignment = alignment;
        this.metadata = List.copyOf(metadata);
    }

    @Override
    public String toString() {
        return "@" + (hasName() ? name() : String.valueOf(slot()));
    }
}
