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
 * A module: its top-level entities in source order, the source text they were read from, and
 * indexes by name. Entities keep their source slices; edits mark what the printer must re-spell.
 */
public final class Module {

    private final String fileName;
    private final String source;
    private final ArrayList<ModuleEntity> entities = new ArrayList<>();
    private final Map<String, GlobalValue> globalsByName = new HashMap<>();
    private final List<GlobalValue> numberedGlobals = new ArrayList<>();
    private final Map<String, NamedStructType> namedTypes = new LinkedHashMap<>();
    private final List<Integer> numberedTypeIds = new ArrayList<>();
    private int trailingStart;
    private boolean opaquePointers;

    public Module(String fileName, String source) {
        this.fileName = fileName;
        this.source = source;
        this.trailingStart = source.length();
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
                || i.operands().stream().anyMatch(v -> v.type().equals(type)));
    }

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
        Function f = new Function(this, name, wanted, 0, "", "", List.of(), false);
        int at = entities.size();
        for (int i = entities.size() - 1; i >= 0; i--) {
            if (entities.get(i) instanceof Function) {
                at = i + 1;
                break;
            }
        }
        entities.add(at, f);
        index(f);
        return f;
    }

    /** Adds {@code attributes #N = { ... }} with the next free N, after the last attribute group. */
    public AttributeGroup addAttributeGroup(List<String> attributes) {
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

    /** The position of an offset in the source, for diagnostics. */
    public SourcePosition positionOf(int offset) {
        int line = 1;
        int lineStart = 0;
        int end = Math.min(offset, source.length());
        for (int i = 0; i < end; i++) {
            if (source.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        int lineEnd = source.indexOf('\n', lineStart);
        String text = source.substring(lineStart, lineEnd < 0 ? source.length() : lineEnd);
        if (text.endsWith("\r")) {
            text = text.substring(0, text.length() - 1);
        }
        return new SourcePosition(fileName, line, end - lineStart + 1, text);
    }

    private SourcePosition positionOf(GlobalValue g) {
        if (g.slice() == null) {
            return null;
        }
        int at = source.indexOf("@", g.slice().start());
        return positionOf(at < 0 ? g.slice().start() : at);
    }
}
