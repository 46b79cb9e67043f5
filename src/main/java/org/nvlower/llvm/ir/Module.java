package org.nvlower.llvm.ir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import org.nvlower.diag.InputException;
import org.nvlower.diag.SourcePosition;

/**
 * A module: its top-level entities in print order, the source text they were read from (empty
 * for a module built from scratch), and indexes by name. Entities read from the text keep their
 * source slices and print them back unless edited; created and edited entities print from the
 * model.
 */
public final class Module {

    private final String fileName;
    private final String source;
    private final ArrayList<ModuleEntity> entities = new ArrayList<>();
    private final Map<String, GlobalValue> globalsByName = new HashMap<>();
    private final List<GlobalValue> numberedGlobals = new ArrayList<>();
    private final Map<String, NamedStructType> namedTypes = new LinkedHashMap<>();
    /** {@code %name = type T} with T no struct: the name stands for T itself (LLVM keeps no such type). */
    private final Map<String, Type> typeAliases = new HashMap<>();
    private int trailingStart;
    private boolean opaquePointers;

    public Module(String fileName, String source) {
        this.fileName = fileName;
        this.source = source;
        this.trailingStart = source.length();
    }

    /** An empty module to build into; {@code opaquePointers} chooses {@code ptr} or typed pointers. */
    public static Module create(String name, boolean opaquePointers) {
        Module m = new Module(name, "");
        m.opaquePointers = opaquePointers;
        return m;
    }

    public String fileName() {
        return fileName;
    }

    /** The text the module was read from (the printer copies untouched slices from it). */
    public String source() {
        return source;
    }

    /** Where the text after the last entity (trailing comments and blank lines) starts. */
    public int trailingStart() {
        return trailingStart;
    }

    public void setTrailingStart(int trailingStart) {
        this.trailingStart = trailingStart;
    }

    /** True when the module spells pointers {@code ptr} (LLVM 15+), false for typed {@code T*}. */
    public boolean opaquePointers() {
        return opaquePointers;
    }

    public void setOpaquePointers(boolean opaquePointers) {
        this.opaquePointers = opaquePointers;
    }

    /** A pointer to {@code pointee} in this module's style: {@code ptr addrspace(N)} or {@code T addrspace(N)*}. */
    public PointerType pointerTo(Type pointee, int addressSpace) {
        return opaquePointers ? PointerType.opaque(addressSpace) : PointerType.to(pointee, addressSpace);
    }

    // ------------------------------------------------------------------ entities

    /** The entities in print order. */
    public List<ModuleEntity> entities() {
        return Collections.unmodifiableList(entities);
    }

    /** Called by the parser, in source order. Globals are indexed by name. */
    public void addEntity(ModuleEntity entity) {
        entities.add(entity);
        if (entity instanceof GlobalValue g) {
            index(g);
        }
    }

    private void index(GlobalValue g) {
        if (g.hasName()) {
            globalsByName.put(g.name(), g);
        } else {
            numberedGlobals.add(g);
        }
    }

    public List<Function> functions() {
        return entitiesOf(Function.class);
    }

    public List<GlobalVariable> globals() {
        return entitiesOf(GlobalVariable.class);
    }

    public List<GlobalAlias> aliases() {
        return entitiesOf(GlobalAlias.class);
    }

    public List<AttributeGroup> attributeGroups() {
        return entitiesOf(AttributeGroup.class);
    }

    public List<MetadataDefinition> metadataDefinitions() {
        return entitiesOf(MetadataDefinition.class);
    }

    private <T> List<T> entitiesOf(Class<T> kind) {
        List<T> list = new ArrayList<>();
        for (ModuleEntity e : entities) {
            if (kind.isInstance(e)) {
                list.add(kind.cast(e));
            }
        }
        return list;
    }

    /** The function named {@code name} (without {@code @}), if any. */
    public Optional<Function> function(String name) {
        return globalsByName.get(name) instanceof Function f ? Optional.of(f) : Optional.empty();
    }

    /** The global value (function, variable, alias) named {@code name}, or null. */
    public GlobalValue global(String name) {
        return globalsByName.get(name);
    }

    /** The unnamed global {@code @N}, or null. */
    public GlobalValue numberedGlobal(int slot) {
        for (GlobalValue g : numberedGlobals) {
            if (g.slot() == slot) {
                return g;
            }
        }
        return null;
    }

    public int numberedGlobalCount() {
        return numberedGlobals.size();
    }

    /** The named struct type {@code %name}, created (undefined) on first use. */
    public NamedStructType namedType(String name) {
        return namedTypes.computeIfAbsent(name, NamedStructType::new);
    }

    public Map<String, NamedStructType> namedTypes() {
        return Collections.unmodifiableMap(namedTypes);
    }

    /** The type {@code %name} stands for when it was defined as a non-struct type, else null. */
    public Type typeAlias(String name) {
        return typeAliases.isEmpty() ? null : typeAliases.get(name);
    }

    /** Records {@code %name = type T} for a T that is no struct: later uses of {@code %name} read as T. */
    public void defineTypeAlias(String name, Type type) {
        typeAliases.put(name, type);
    }

    /** Whether a named type {@code %name} exists (defined or referred to). */
    public boolean hasNamedType(String name) {
        return namedTypes.containsKey(name);
    }

    /** Adds {@code %name = type body} (a created definition, printed canonically). */
    public NamedStructType defineNamedType(String name, boolean packed, List<Type> fields) {
        NamedStructType t = namedType(name);
        if (t.isDefined()) {
            throw new IllegalArgumentException("type %" + name + " is already defined");
        }
        t.defineBody(packed, fields);
        int at = 0;
        for (int i = 0; i < entities.size(); i++) {
            if (entities.get(i) instanceof HeaderLine || entities.get(i) instanceof TypeDefinition) {
                at = i + 1;
            }
        }
        entities.add(at, new TypeDefinition(t, null));
        return t;
    }

    /** Adds {@code %name = type opaque}. */
    public NamedStructType defineOpaqueType(String name) {
        NamedStructType t = defineNamedType(name, false, List.of());
        t.defineOpaque();
        return t;
    }

    /** Reads every function body not read yet (see {@link Function#setBodyLoader}). */
    public void materializeAll() {
        for (ModuleEntity e : entities) {
            if (e instanceof Function f) {
                f.materialize();
            }
        }
    }

    /** Every instruction of every function, in order. */
    public Stream<Instruction> instructions() {
        return functions().stream().flatMap(Function::instructions);
    }

    /** The instructions with this opcode. */
    public Stream<Instruction> instructions(Opcode opcode) {
        return instructions().filter(i -> i.opcode() == opcode);
    }

    /** The instructions whose result type or some operand type is {@code type}. */
    public Stream<Instruction> instructionsOfType(Type type) {
        return instructions().filter(i -> i.type().equals(type)
                || i.operands().stream().anyMatch(v -> v != null && v.type().equals(type)));
    }

    // ------------------------------------------------------------------ header lines

    /** The {@code target triple}, or null. */
    public String targetTriple() {
        return header(HeaderLine.Kind.TRIPLE);
    }

    /** The {@code target datalayout}, or null. */
    public String dataLayout() {
        return header(HeaderLine.Kind.DATALAYOUT);
    }

    public String sourceFileName() {
        return header(HeaderLine.Kind.SOURCE_FILENAME);
    }

    private String header(HeaderLine.Kind kind) {
        for (ModuleEntity e : entities) {
            if (e instanceof HeaderLine h && h.kind() == kind) {
                return h.value();
            }
        }
        return null;
    }

    public void setTargetTriple(String triple) {
        setHeader(HeaderLine.Kind.TRIPLE, "target", triple);
    }

    public void setDataLayout(String layout) {
        setHeader(HeaderLine.Kind.DATALAYOUT, "target", layout);
    }

    public void setSourceFileName(String name) {
        setHeader(HeaderLine.Kind.SOURCE_FILENAME, "source_filename", name);
    }

    /** The selection kind of comdat {@code $name} ({@code any}, {@code largest} ...), or null when there is none. */
    public String comdatKind(String name) {
        for (ModuleEntity e : entities) {
            if (e instanceof HeaderLine h && h.kind() == HeaderLine.Kind.COMDAT && h.key().equals(name)) {
                return h.value();
            }
        }
        return null;
    }

    /** Every comdat, {@code $name} to its selection kind, in source order. */
    public Map<String, String> comdats() {
        Map<String, String> out = new LinkedHashMap<>();
        for (ModuleEntity e : entities) {
            if (e instanceof HeaderLine h && h.kind() == HeaderLine.Kind.COMDAT) {
                out.put(h.key(), h.value());
            }
        }
        return out;
    }

    /** Sets the selection kind of an existing comdat (IRMover gives it the linked member's). */
    public void setComdatKind(String name, String kind) {
        for (int i = 0; i < entities.size(); i++) {
            if (entities.get(i) instanceof HeaderLine h && h.kind() == HeaderLine.Kind.COMDAT && h.key().equals(name)
                    && !h.value().equals(kind)) {
                entities.set(i, new HeaderLine(HeaderLine.Kind.COMDAT, name, kind, null));
            }
        }
    }

    /** Adds {@code $name = comdat kind} after the header lines and comdats, unless the comdat exists. */
    public void addComdat(String name, String kind) {
        if (comdatKind(name) != null) {
            return;
        }
        int at = 0;
        for (int i = 0; i < entities.size(); i++) {
            if (entities.get(i) instanceof HeaderLine) {
                at = i + 1;
            }
        }
        entities.add(at, new HeaderLine(HeaderLine.Kind.COMDAT, name, kind, null));
    }

    /** Removes {@code $name = comdat ...} (no global may name it any more). */
    public void removeComdat(String name) {
        entities.removeIf(e -> e instanceof HeaderLine h && h.kind() == HeaderLine.Kind.COMDAT && h.key().equals(name));
    }

    /** Replaces the header line of {@code kind} (or adds it after the other header lines). */
    private void setHeader(HeaderLine.Kind kind, String key, String value) {
        HeaderLine line = new HeaderLine(kind, key, value, null);
        int lastHeader = -1;
        for (int i = 0; i < entities.size(); i++) {
            if (entities.get(i) instanceof HeaderLine h) {
                if (h.kind() == kind) {
                    if (!h.value().equals(value)) {
                        entities.set(i, line);
                    }
                    return;
                }
                if (h.kind() != HeaderLine.Kind.COMDAT) {
                    lastHeader = i;
                }
            }
        }
        int at = lastHeader + 1;
        if (kind == HeaderLine.Kind.SOURCE_FILENAME) {
            at = 0;
        } else if (kind == HeaderLine.Kind.DATALAYOUT) {
            for (int i = 0; i < entities.size(); i++) {
                if (entities.get(i) instanceof HeaderLine h && h.kind() == HeaderLine.Kind.TRIPLE) {
                    at = i;
                    break;
                }
            }
        }
        entities.add(at, line);
    }

    // ------------------------------------------------------------------ globals

    /**
     * LLVM's getOrInsertFunction: the function {@code @name} if it exists with exactly this type
     * (not varargs); otherwise a new declaration, placed after the last function. A function of
     * another type, or a global that is not a function, of that name is an error.
     */
    public Function getOrInsertFunction(String name, Type returnType, List<Type> params) {
        FunctionType wanted = new FunctionType(returnType, params, false);
        GlobalValue existing = globalsByName.get(name);
        if (existing instanceof Function f) {
            if (f.functionType().equals(wanted)) {
                return f;
            }
            throw new InputException(positionOf(existing), "@" + name + " is declared as '" + f.functionType()
                    + "' but is needed as '" + wanted + "'");
        }
        if (existing != null) {
            throw new InputException(positionOf(existing), "@" + name + " is needed as a function of type '"
                    + wanted + "' but is a " + (existing instanceof GlobalVariable ? "global variable" : "alias"));
        }
        return addFunction(name, wanted);
    }

    /** A new declaration {@code declare T @name(...)} with unnamed arguments, after the last function. */
    public Function addFunction(String name, FunctionType type) {
        requireFreeName(name);
        Function f = new Function(this, name, type, 0);
        for (int i = 0; i < type.params().size(); i++) {
            f.addArgument(new Argument(f, i, type.params().get(i), "", AttributeSet.EMPTY));
        }
        insertGlobal(f, Function.class);
        return f;
    }

    /** A new global variable (with {@code initializer}, or a declaration when it is null), after the last one. */
    public GlobalVariable addGlobalVariable(String name, Type valueType, boolean constant, Constant initializer,
            Linkage linkage, int addressSpace) {
        requireFreeName(name);
        GlobalVariable g = new GlobalVariable(this, name, valueType, addressSpace, constant);
        g.setInitializer(initializer);
        g.setLinkage(linkage);
        insertGlobal(g, GlobalVariable.class);
        return g;
    }

    /**
     * Adds a global made elsewhere (a clone) under its own, free name, after the others of its kind;
     * a variable without a name takes the next global number.
     */
    public void addGlobal(GlobalValue g) {
        if (g.module() != this) {
            throw new IllegalArgumentException(g + " belongs to another module");
        }
        if (!g.hasName() && g instanceof GlobalVariable) {
            g.setSlot(numberedGlobals.size());
        } else {
            requireFreeName(g.name());
        }
        insertGlobal(g, g instanceof Function ? Function.class : g instanceof GlobalVariable
                ? GlobalVariable.class : GlobalAlias.class);
    }

    private void requireFreeName(String name) {
        if (name.isEmpty() || globalsByName.containsKey(name)) {
            throw new IllegalArgumentException(name.isEmpty() ? "a global needs a name" : "@" + name + " exists already");
        }
    }

    /** Moves {@code g} after the other globals of its kind (llvm-link orders variables as their source). */
    public void moveGlobalToEnd(GlobalValue g) {
        if (!entities.remove(g)) {
            throw new IllegalArgumentException(g + " is not in this module");
        }
        entities.add(insertionPoint(g instanceof Function ? Function.class : g instanceof GlobalVariable
                ? GlobalVariable.class : GlobalAlias.class), g);
    }

    /** Inserts after the last entity of the same kind (or before functions/attributes/metadata). */
    private void insertGlobal(GlobalValue g, Class<?> kind) {
        entities.add(insertionPoint(kind), g);
        index(g);
    }

    private int insertionPoint(Class<?> kind) {
        int at = -1;
        for (int i = entities.size() - 1; i >= 0; i--) {
            if (kind.isInstance(entities.get(i))) {
                at = i + 1;
                break;
            }
        }
        if (at < 0) {
            at = entities.size();
            for (int i = 0; i < entities.size(); i++) {
                ModuleEntity e = entities.get(i);
                boolean later = kind == GlobalVariable.class ? e instanceof Function || e instanceof GlobalAlias
                        || e instanceof AttributeGroup || e instanceof MetadataDefinition
                        : e instanceof AttributeGroup || e instanceof MetadataDefinition;
                if (later) {
                    at = i;
                    break;
                }
            }
        }
        return at;
    }

    /** Removes a global that nothing uses any more (its body goes with a function). */
    public void removeGlobal(GlobalValue g) {
        if (g.module() != this || !entities.contains(g)) {
            throw new IllegalArgumentException(g + " is not in this module");
        }
        if (g.hasUses()) {
            throw new IllegalStateException(g + " still has " + g.useCount() + " use(s)");
        }
        if (g instanceof Function f && !f.isDeclaration()) {
            f.deleteBody();
        }
        entities.remove(g);
        if (g.hasName()) {
            globalsByName.remove(g.name());
        } else {
            numberedGlobals.remove(g);
        }
    }

    /** Renames a global (see {@link GlobalValue#setName}); references are re-spelled where they are printed. */
    void rename(GlobalValue g, String name) {
        if (name.equals(g.name())) {
            return;
        }
        if (name.isEmpty() || globalsByName.containsKey(name)) {
            throw new IllegalArgumentException(name.isEmpty() ? "a global needs a name" : "@" + name + " exists already");
        }
        String old = g.name();
        // bodies still unread name the global by its old name: read them first
        List<Instruction> users = g.users();
        if (!g.hasName()) {
            numberedGlobals.remove(g);
        } else {
            globalsByName.remove(old);
        }
        boolean indexed = entities.contains(g);
        for (Instruction user : users) {
            Function f = user.function();
            if (f != null) {
                f.markLocalRenamed(); // the body's text names the old name
            }
        }
        g.assignName(name);
        if (indexed) {
            globalsByName.put(name, g);
            renumberGlobals();
            retextReferences(g, old, name);
        }
    }

    /** Globals that refer to a renamed one in their initializer, and metadata naming it, are re-spelled. */
    private void retextReferences(GlobalValue renamed, String oldName, String newName) {
        for (int i = 0; i < entities.size(); i++) {
            ModuleEntity e = entities.get(i);
            if (e instanceof GlobalVariable v && v.initializer() != null && Constants.refersTo(v.initializer(), renamed)) {
                v.headerChanged();
            } else if (e instanceof GlobalAlias a && a.target() != null && Constants.refersTo(a.target(), renamed)) {
                a.headerChanged();
            } else if (e instanceof Function f && f.personality() != null) {
                String text = MetadataText.rename(f.personality(), globalRenamer(oldName, newName));
                if (!text.equals(f.personality())) {
                    f.readHeaderText(f.prefixData(), f.prologueData(), text);
                    f.headerChanged();
                }
            } else if (e instanceof MetadataDefinition md) {
                String body = MetadataText.rename(md.body(), globalRenamer(oldName, newName));
                if (!body.equals(md.body())) {
                    entities.set(i, new MetadataDefinition(md.id(), body, null));
                }
            }
        }
    }

    private static MetadataText.Renamer globalRenamer(String oldName, String newName) {
        return new MetadataText.Renamer(n -> null, g -> g.equals(oldName) ? newName : null, l -> null);
    }

    private void renumberGlobals() {
        numberedGlobals.removeIf(GlobalValue::hasName);
        for (int i = 0; i < numberedGlobals.size(); i++) {
            numberedGlobals.get(i).setSlot(i);
        }
    }

    /** A global name starting with {@code prefix} that no global of this module has. */
    /**
     * LLVM's ValueSymbolTable::makeUniqueName: {@code name} when free, else {@code name.N} with N
     * from one counter per module (so the suffixes a linked module's clashes get are llvm-link's;
     * NVPTX modules get no dot, as in LLVM). A taken name advances the counter even when the
     * caller only renames for a moment (llvm-link's replacement of a declaration).
     */
    public String uniqueGlobalName(String name) {
        if (!globalsByName.containsKey(name)) {
            return name;
        }
        String triple = targetTriple();
        String sep = triple != null && triple.startsWith("nvptx") ? "" : ".";
        while (true) {
            String candidate = name + sep + (++lastUnique);
            if (!globalsByName.containsKey(candidate)) {
                return candidate;
            }
        }
    }

    private int lastUnique;

    public String freshGlobalName(String prefix) {
        if (!globalsByName.containsKey(prefix)) {
            return prefix;
        }
        for (int i = 1; ; i++) {
            String name = prefix + "." + i;
            if (!globalsByName.containsKey(name)) {
                return name;
            }
        }
    }

    // ------------------------------------------------------------------ attribute groups

    /** The group {@code #id}, or null. */
    public AttributeGroup attributeGroup(int id) {
        for (ModuleEntity e : entities) {
            if (e instanceof AttributeGroup g && g.id() == id) {
                return g;
            }
        }
        return null;
    }

    /** Adds {@code attributes #N = { ... }} with the next free N, after the last attribute group. */
    public AttributeGroup addAttributeGroup(AttributeSet attributes) {
        int id = 0;
        int at = -1;
        for (int i = 0; i < entities.size(); i++) {
            if (entities.get(i) instanceof AttributeGroup g) {
                id = Math.max(id, g.id() + 1);
                at = i + 1;
            }
        }
        if (at < 0) {
            at = entities.size();
            while (at > 0 && entities.get(at - 1) instanceof MetadataDefinition) {
                at--;
            }
        }
        AttributeGroup group = new AttributeGroup(id, attributes, null);
        entities.add(at, group);
        return group;
    }

    /**
     * Removes the attribute groups no function, call site or global refers to (after a link or a
     * pass dropped their users); returns how many went.
     */
    public int removeUnusedAttributeGroups() {
        java.util.Set<Integer> used = new java.util.HashSet<>();
        for (ModuleEntity e : entities) {
            switch (e) {
                case Function f -> {
                    used.addAll(f.attributeGroups());
                    if (!f.isDeclaration()) {
                        f.instructions().forEach(i -> {
                            if (i instanceof CallInst c) {
                                used.addAll(c.detail().attributeGroups());
                            }
                        });
                    }
                }
                case GlobalVariable v -> used.addAll(v.attributeGroups());
                default -> {
                }
            }
        }
        int before = entities.size();
        entities.removeIf(e -> e instanceof AttributeGroup g && !used.contains(g.id()));
        return before - entities.size();
    }

    /**
     * Whether anything refers to {@code g}: an instruction operand (directly or inside a constant
     * expression), an initializer or alias target, a function's prefix/prologue/personality, or
     * metadata. ({@link GlobalValue#users()} lists only the instructions that use it directly.)
     */
    public boolean isReferenced(GlobalValue g) {
        if (g.hasUses()) {
            return true;
        }
        for (ModuleEntity e : entities) {
            switch (e) {
                case Function f -> {
                    for (String text : java.util.Arrays.asList(f.prefixData(), f.prologueData(), f.personality())) {
                        if (text != null && MetadataText.globalRefs(text).contains(g.name())) {
                            return true;
                        }
                    }
                    if (!f.isDeclaration() && f.instructions().anyMatch(i -> i.operands().stream()
                            .anyMatch(v -> v instanceof Constant c && !(c instanceof GlobalValue) && Constants.refersTo(c, g)))) {
                        return true;
                    }
                }
                case GlobalVariable v -> {
                    if (v.initializer() != null && Constants.refersTo(v.initializer(), g)) {
                        return true;
                    }
                }
                case GlobalAlias a -> {
                    if (a.target() != null && Constants.refersTo(a.target(), g)) {
                        return true;
                    }
                }
                case MetadataDefinition m -> {
                    if (MetadataText.globalRefs(m.body()).contains(g.name())) {
                        return true;
                    }
                }
                default -> {
                }
            }
        }
        return false;
    }

    /** The id of a group holding exactly {@code attributes}, added if there is none. */
    public int attributeGroupFor(AttributeSet attributes) {
        for (ModuleEntity e : entities) {
            if (e instanceof AttributeGroup g && g.attributeSet().equals(attributes)) {
                return g.id();
            }
        }
        return addAttributeGroup(attributes).id();
    }

    // ------------------------------------------------------------------ metadata

    /** The metadata definition {@code !id} (numbered or named), or null. */
    public MetadataDefinition metadata(String id) {
        for (ModuleEntity e : entities) {
            if (e instanceof MetadataDefinition m && m.id().equals(id)) {
                return m;
            }
        }
        return null;
    }

    /** The node ids a named metadata lists ({@code !llvm.ident = !{!0}} gives ["0"]); empty when absent. */
    public List<String> namedMetadata(String name) {
        MetadataDefinition m = metadata(name);
        return m == null ? List.of() : m.references();
    }

    /** Adds a numbered node {@code !N = body} with the next free N; returns N. */
    public String addMetadataNode(String body) {
        int next = 0;
        for (ModuleEntity e : entities) {
            if (e instanceof MetadataDefinition m && !m.isNamed()) {
                next = Math.max(next, Integer.parseInt(m.id()) + 1);
            }
        }
        String id = String.valueOf(next);
        entities.add(new MetadataDefinition(id, body, null));
        return id;
    }

    /** Appends node {@code !nodeId} to named metadata {@code !name}, creating it if needed. */
    public void addNamedMetadataOperand(String name, String nodeId) {
        List<String> ids = new ArrayList<>(namedMetadata(name));
        ids.add(nodeId);
        setNamedMetadata(name, ids);
    }

    /** Sets {@code !name = !{!a, !b, ...}}; an empty list removes it. */
    public void setNamedMetadata(String name, List<String> nodeIds) {
        StringBuilder body = new StringBuilder("!{");
        for (int i = 0; i < nodeIds.size(); i++) {
            body.append(i == 0 ? "!" : ", !").append(nodeIds.get(i));
        }
        MetadataDefinition def = new MetadataDefinition(name, body.append('}').toString(), null);
        for (int i = 0; i < entities.size(); i++) {
            if (entities.get(i) instanceof MetadataDefinition m && m.id().equals(name)) {
                if (nodeIds.isEmpty()) {
                    entities.remove(i);
                } else {
                    entities.set(i, def);
                }
                return;
            }
        }
        if (!nodeIds.isEmpty()) {
            int at = entities.size();
            for (int i = 0; i < entities.size(); i++) {
                if (entities.get(i) instanceof MetadataDefinition m && !m.isNamed()) {
                    at = i;
                    break;
                }
            }
            entities.add(at, def);
        }
    }

    /** Replaces the body of node {@code !id}. */
    public void setMetadataNode(String id, String body) {
        for (int i = 0; i < entities.size(); i++) {
            if (entities.get(i) instanceof MetadataDefinition m && m.id().equals(id)) {
                entities.set(i, new MetadataDefinition(id, body, null));
                return;
            }
        }
        throw new IllegalArgumentException("no metadata !" + id);
    }

    /** The entries of {@code !llvm.module.flags} that are well-formed flag tuples. */
    public List<ModuleFlag> moduleFlags() {
        List<ModuleFlag> flags = new ArrayList<>();
        for (String id : namedMetadata("llvm.module.flags")) {
            ModuleFlag f = moduleFlagOf(id);
            if (f != null) {
                flags.add(f);
            }
        }
        return flags;
    }

    /** The module flag {@code key}, or null. */
    public ModuleFlag moduleFlag(String key) {
        for (ModuleFlag f : moduleFlags()) {
            if (f.key().equals(key)) {
                return f;
            }
        }
        return null;
    }

    /** Sets module flag {@code key} (replacing its node's body, or adding a node and listing it). */
    public void setModuleFlag(int behavior, String key, String value) {
        ModuleFlag flag = new ModuleFlag(behavior, key, value);
        for (String id : namedMetadata("llvm.module.flags")) {
            ModuleFlag f = moduleFlagOf(id);
            if (f != null && f.key().equals(key)) {
                if (!f.equals(flag)) {
                    setMetadataNode(id, flag.body());
                }
                return;
            }
        }
        addNamedMetadataOperand("llvm.module.flags", addMetadataNode(flag.body()));
    }

    private ModuleFlag moduleFlagOf(String id) {
        MetadataDefinition node = metadata(id);
        List<String> elements = node == null ? null : MetadataText.tupleElements(node.body());
        if (elements == null || elements.size() != 3 || !elements.get(0).startsWith("i32 ")) {
            return null;
        }
        String key = MetadataText.stringValue(elements.get(1));
        if (key == null) {
            return null;
        }
        try {
            return new ModuleFlag(Integer.parseInt(elements.get(0).substring(4).strip()), key, elements.get(2));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    // ------------------------------------------------------------------ diagnostics

    /**
     * The position of an offset in the source, for diagnostics, counted as LLVM's SourceMgr does:
     * lines by '\n', the column from the last '\n' or '\r' (so positions match llvm-as's).
     */
    public SourcePosition positionOf(int offset) {
        int line = 1;
        int lineStart = 0;
        int end = Math.min(offset, source.length());
        for (int i = 0; i < end; i++) {
            char c = source.charAt(i);
            if (c == '\n') {
                line++;
            }
            if (c == '\n' || c == '\r') {
                lineStart = i + 1;
            }
        }
        int lineEnd = lineStart;
        while (lineEnd < source.length() && source.charAt(lineEnd) != '\n' && source.charAt(lineEnd) != '\r') {
            lineEnd++;
        }
        return new SourcePosition(fileName, line, end - lineStart + 1, source.substring(lineStart, lineEnd));
    }

    /** Where a global is defined, for diagnostics; null for a created one. */
    public SourcePosition positionOf(GlobalValue g) {
        if (g.slice() == null) {
            return null;
        }
        int at = source.indexOf("@", g.slice().start());
        return positionOf(at < 0 ? g.slice().start() : at);
    }
}
