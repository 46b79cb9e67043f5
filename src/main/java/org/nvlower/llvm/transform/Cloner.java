package org.nvlower.llvm.transform;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.nvlower.llvm.ir.InlineAsm;
import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.AttributeGroup;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.MetadataAttachment;
import org.nvlower.llvm.ir.DebugRecord;
import org.nvlower.llvm.ir.MemoryInst;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.Value;
import org.nvlower.llvm.ir.MetadataText;
import org.nvlower.llvm.ir.ConstantAggregate;
import org.nvlower.llvm.ir.MetadataValue;
import org.nvlower.llvm.ir.ConstantFP;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.BlockAddress;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.TrackedValue;
import org.nvlower.llvm.ir.Argument;
import org.nvlower.llvm.ir.MetadataDefinition;
import org.nvlower.llvm.ir.Types;
import org.nvlower.llvm.ir.GlobalValue;
import org.nvlower.llvm.ir.Names;
import org.nvlower.llvm.ir.ConstantKeyword;
import org.nvlower.llvm.ir.ConstantString;
import org.nvlower.llvm.ir.ConstantExpr;
import org.nvlower.llvm.ir.Constants;
/**
 * Copies functions, bodies and globals from a source module into a destination module (the same
 * one for inlining) through a value map, as LLVM's CloneFunctionInto and ValueMapper do. Types
 * go through a {@link TypeMapper}; globals the copied code refers to are asked of a
 * {@link GlobalResolver} (the linker declares or links them); metadata nodes are copied with
 * fresh numbers (or, with {@link Options#keepMetadata} off, attachments and debug records are
 * dropped). Copies print from the model: they own no source text.
 */
public final class Cloner {

    /** What to carry over besides the code. */
    public record Options(boolean keepMetadata) {
        public static final Options KEEP_METADATA = new Options(true);
        public static final Options DROP_METADATA = new Options(false);
    }

    /** Supplies the destination global for a source global the copied code uses. */
    @FunctionalInterface
    public interface GlobalResolver {
        GlobalValue resolve(GlobalValue source);
    }

    private final Module source;
    private final Module dest;
    private final Options options;
    private final GlobalResolver resolver;
    private final TypeMapper types;
    private final Map<Value, Value> values = new IdentityHashMap<>();
    /** Locals of the function being copied: a map per body keeps lookups in a small table. */
    private Map<Value, Value> locals = new IdentityHashMap<>();
    private final Map<Instruction.Detail, Instruction.Detail> details = new IdentityHashMap<>();
    private final Map<String, String> nodes = new HashMap<>();
    private final Map<Integer, Integer> groups = new HashMap<>();

    public Cloner(Module source, Module dest, Options options, GlobalResolver resolver) {
        this.source = source;
        this.dest = dest;
        this.options = options;
        this.resolver = resolver;
        this.types = new TypeMapper(source, dest);
    }

    /** A cloner within one module (for inlining): types, globals and metadata stay as they are. */
    public static Cloner withinModule(Module module) {
        return new Cloner(module, module, Options.KEEP_METADATA, g -> g);
    }

    public Type mapType(Type t) {
        return types.map(t);
    }

    /** Makes {@code from} map to {@code to} (e.g. a callee's argument to the call's operand). */
    public void map(Value from, Value to) {
        values.put(from, to);
    }

    /** The destination value {@code v} was mapped to so far, or null (nothing is linked by asking). */
    public Value mapped(Value v) {
        return values.get(v);
    }

    /** The destination value for a source value: locals through the map, globals through the resolver. */
    public Value mapValue(Value v) {
        Value done = v instanceof Instruction || v instanceof BasicBlock ? locals.get(v) : null;
        if (done == null) {
            done = values.get(v);
        }
        if (done != null) {
            return done;
        }
        return switch (v) {
            case GlobalValue g -> {
                GlobalValue r = resolver.resolve(g);
                values.put(g, r);
                yield r;
            }
            case TrackedValue t -> throw new IllegalStateException("no mapping for " + Names.ref(t));
            case Constant c -> mapConstant(c);
            case MetadataValue m -> new MetadataValue(mapMetadata(m.text()), mapLocals(m.locals()));
            case InlineAsm a -> new InlineAsm(mapType(a.type()), a.text());
        };
    }

    /** A constant of the destination: types mapped, globals resolved. */
    public Constant mapConstant(Constant c) {
        if (source == dest && Constants.globals(c).isEmpty()) {
            return c;
        }
        return switch (c) {
            case ConstantInt i -> i;
            case ConstantFP f -> f;
            case ConstantKeyword k -> new ConstantKeyword(k.keyword(), mapType(k.type()));
            case ConstantString s -> new ConstantString((ArrayType) mapType(s.type()), s.escaped());
            case ConstantAggregate a -> new ConstantAggregate(mapType(a.type()),
                    a.elements().stream().map(this::mapConstant).toList());
            case ConstantExpr e -> new ConstantExpr(e.opcode(), e.flags(), mapType(e.type()),
                    e.sourceType() == null ? null : mapType(e.sourceType()),
                    e.operands().stream().map(this::mapConstant).toList(), e.inrangeOperand());
            case BlockAddress b -> new BlockAddress(b.kind(), mapType(b.type()), (GlobalValue) mapValue(b.global()),
                    b.block());
            case GlobalValue g -> (GlobalValue) mapValue(g);
        };
    }

    // ------------------------------------------------------------------ metadata and attributes

    /** The locals named by debug-info text (function-local metadata), each mapped like an operand. */
    private List<Value> mapLocals(List<Value> from) {
        if (from.isEmpty()) {
            return from;
        }
        List<Value> out = new ArrayList<>(from.size());
        for (Value v : from) {
            out.add(mapValue(v));
        }
        return out;
    }

    /** {@code text} with its node references copied into the destination and its globals resolved. */
    public String mapMetadata(String text) {
        if (source == dest) {
            return text;
        }
        return MetadataText.rename(text, new MetadataText.Renamer(this::mapNode, this::mapGlobalName, l -> null));
    }

    private String mapGlobalName(String name) {
        GlobalValue g = source.global(name);
        return g == null ? null : ((GlobalValue) mapValue(g)).name();
    }

    /** The destination number of source node {@code !id}, copying it (and what it refers to) on first use. */
    private String mapNode(String id) {
        String done = nodes.get(id);
        if (done != null) {
            return done;
        }
        MetadataDefinition def = source.metadata(id);
        if (def == null) {
            throw new IllegalStateException("undefined metadata !" + id + " in " + source.fileName());
        }
        String fresh = dest.addMetadataNode("!{}");
        nodes.put(id, fresh); // first, so that cycles (distinct loop nodes) end
        dest.setMetadataNode(fresh, mapMetadata(def.body()));
        return fresh;
    }

    /** The destination group of source group {@code #id}; null for a group the source never defines. */
    private Integer mapGroup(int id) {
        if (source == dest) {
            return id;
        }
        return groups.computeIfAbsent(id, k -> {
            AttributeGroup g = source.attributeGroup(k);
            return g == null ? null : dest.attributeGroupFor(g.attributeSet().mapTypes(this::mapType));
        });
    }

    /**
     * The destination groups of {@code ids}. LLVM's parser takes a reference to an attribute group
     * the module never defines as no attributes, so such a reference is dropped (as llvm-link's output
     * has none).
     */
    private List<Integer> mapGroups(List<Integer> ids) {
        return ids.stream().map(this::mapGroup).filter(java.util.Objects::nonNull).toList();
    }

    List<MetadataAttachment> mapAttachments(List<MetadataAttachment> attachments) {
        if (!options.keepMetadata()) {
            return List.of();
        }
        List<MetadataAttachment> out = new ArrayList<>(attachments.size());
        for (MetadataAttachment a : attachments) {
            out.add(new MetadataAttachment(a.name(), mapMetadata(a.node())));
        }
        return out;
    }

    // ------------------------------------------------------------------ globals

    /**
     * A new function in the destination named {@code name} with the source's type, header
     * properties and (for a definition) body.
     */
    public Function cloneFunction(Function src, String name) {
        Function f = dest.addFunction(name, (FunctionType) mapType(src.functionType()));
        values.put(src, f);
        copyHeader(src, f);
        if (!src.isDeclaration()) {
            cloneBodyInto(src, f);
        }
        return f;
    }

    /** Copies the body of {@code src} into {@code target}, a declaration of the same (mapped) type. */
    public void cloneBodyInto(Function src, Function target) {
        if (!target.isDeclaration()) {
            throw new IllegalArgumentException("@" + target.name() + " already has a body");
        }
        if (!target.functionType().equals(mapType(src.functionType()))) {
            throw new IllegalArgumentException("@" + target.name() + " has type " + target.functionType()
                    + ", the body is for " + src.functionType());
        }
        for (int i = 0; i < src.arguments().size(); i++) {
            Argument a = src.arguments().get(i);
            values.put(a, target.argument(i));
            if (a.hasName() && !target.argument(i).hasName()) {
                target.argument(i).setName(a.name());
            }
        }
        cloneBlocks(src, target, null, "");
    }

    /** The header properties (linkage, attributes, section ...) of {@code src} onto {@code f}. */
    public void copyHeader(Function src, Function f) {
        f.readHeader(src.linkage(), src.visibility(), src.isDsoLocal(), src.dllStorage(), src.unnamedAddr());
        f.readTail(src.section(), src.partition(), src.comdat(), src.alignment(), mapAttachments(src.metadata()));
        f.readFunctionHeader(src.callingConvention(), src.returnAttributes().mapTypes(this::mapType),
                src.inlineAttributes().mapTypes(this::mapType), mapGroups(src.attributeGroups()), src.gc(),
                mapText(src.prefixData()), mapText(src.prologueData()), mapText(src.personality()));
        for (int i = 0; i < src.arguments().size(); i++) {
            Argument a = src.arguments().get(i);
            f.argument(i).setAttributes(a.attributes().mapTypes(this::mapType));
            if (a.hasName()) {
                f.argument(i).setName(a.name());
            }
        }
        f.headerChanged();
    }

    private String mapText(String text) {
        return text == null ? null : mapMetadata(text);
    }

    /** A copy of a global variable (initializer resolved) named {@code name}. */
    public GlobalVariable cloneGlobalVariable(GlobalVariable src, String name) {
        GlobalVariable g = cloneGlobalVariableDeclaration(src, name);
        if (src.initializer() != null) {
            g.readInitializer(mapConstant(src.initializer()));
        }
        return g;
    }

    /** A copy of a global variable without its initializer (a linker sets it later: initializers may refer to each other). */
    public GlobalVariable cloneGlobalVariableDeclaration(GlobalVariable src, String name) {
        GlobalVariable g = new GlobalVariable(dest, name, mapType(src.valueType()), src.addressSpace(), src.isConstant());
        values.put(src, g);
        g.readHeader(src.linkage(), src.visibility(), src.isDsoLocal(), src.dllStorage(), src.unnamedAddr());
        g.readTail(src.section(), src.partition(), src.comdat(), src.alignment(), mapAttachments(src.metadata()));
        g.readVariableDetails(src.threadLocal(), src.isExternallyInitialized(), src.codeModel(),
                mapGroups(src.attributeGroups()), src.otherWords(), src.inlineAttributes().mapTypes(this::mapType));
        dest.addGlobal(g);
        g.headerChanged();
        return g;
    }

    // ------------------------------------------------------------------ bodies

    /**
     * Copies every block of {@code src} into {@code target}, before {@code before} (or at the
     * end), adding {@code suffix} to the names; returns the new blocks in order. Arguments must be
     * mapped already. Operands are filled in a second pass: a use may come before its definition
     * in block order.
     */
    public List<BasicBlock> cloneBlocks(Function src, Function target, BasicBlock before, String suffix) {
        Map<Value, Value> outer = locals;
        locals = new IdentityHashMap<>();
        if (options.keepMetadata() && src.hasDebugLocals()) {
            target.markDebugLocals();
        }
        try {
            List<BasicBlock> out = new ArrayList<>();
            for (BasicBlock b : src.blocks()) {
                BasicBlock copy = new BasicBlock(b.hasName() ? b.name() + suffix : "");
                if (before == null) {
                    target.appendBlock(copy);
                }
                locals.put(b, copy);
                out.add(copy);
            }
            if (before != null) {
                target.insertBlocksBefore(before, out); // all at once: one shift of the block list
            }
            for (BasicBlock b : src.blocks()) {
                BasicBlock copy = (BasicBlock) locals.get(b);
                for (Instruction inst : b.instructions()) {
                    if (!options.keepMetadata() && isDebugIntrinsic(inst)) {
                        continue;
                    }
                    copy.appendCopy(copyShell(inst, suffix));
                }
            }
            for (BasicBlock b : src.blocks()) {
                for (Instruction inst : b.instructions()) {
                    Instruction c = (Instruction) locals.get(inst);
                    if (c == null) {
                        continue; // a dropped debug intrinsic
                    }
                    // in LLVM's operand order (a call's callee last), so that globals are
                    // first needed, hence linked, in llvm-link's order
                    boolean calleeLast = inst instanceof CallInst && inst.operandCount() > 0;
                    for (int k = 0; k < inst.operandCount(); k++) {
                        int i = calleeLast ? (k + 1) % inst.operandCount() : k;
                        c.resolveForwardOperand(i, mapValue(inst.operand(i)));
                    }
                    if (options.keepMetadata() && !inst.debugRecords().isEmpty()) {
                        // after every local of the body has its copy: a record may name a later one
                        c.setDebugRecords(inst.debugRecords().stream()
                                .map(r -> r.locals().isEmpty() ? r.with(mapRecordText(r), List.of())
                                        : r.with(mapMetadata(r.text()), mapLocals(r.locals())))
                                .toList());
                    }
                }
            }
            return out;
        } finally {
            locals = outer;
        }
    }

    /** A copy of {@code inst} with its operands still to be filled in. */
    private Instruction copyShell(Instruction inst, String suffix) {
        Instruction c = Instruction.read(inst.opcode(), mapType(inst.type()), inst.flagBits(), inst.fastMathFlags(),
                new Value[inst.operandCount()], mapDetail(inst.detail()));
        if (inst.hasName()) {
            c.setName(suffix.isEmpty() ? inst.name() : inst.name() + suffix);
        }
        if (!inst.metadata().isEmpty()) {
            c.setMetadata(mapAttachments(inst.metadata()));
        }
        locals.put(inst, c);
        return c;
    }

    private String mapRecordText(DebugRecord r) {
        String text = r.text();
        if (source != dest) {
            text = mapMetadata(text);
        }
        return MetadataText.rename(text, new MetadataText.Renamer(n -> null, g -> null, this::mapLocalName));
    }

    private String mapLocalName(String name) {
        for (Map<Value, Value> map : List.of(locals, values)) {
            for (Map.Entry<Value, Value> e : map.entrySet()) {
                if (e.getKey() instanceof TrackedValue t && !(t instanceof GlobalValue) && t.name().equals(name)
                        && e.getValue() instanceof TrackedValue d) {
                    return d.name();
                }
            }
        }
        return null;
    }

    private static boolean isDebugIntrinsic(Instruction inst) {
        return inst instanceof CallInst c && c.calleeName().startsWith("llvm.dbg.");
    }

    private Instruction.Detail mapDetail(Instruction.Detail d) {
        if (source == dest || d == null) {
            return d;
        }
        // details are shared by the parser: map each distinct one once
        Instruction.Detail done = details.get(d);
        if (done == null) {
            done = mapDetailUncached(d);
            details.put(d, done);
        }
        return done;
    }

    private Instruction.Detail mapDetailUncached(Instruction.Detail d) {
        return switch (d) {
            case CallInst.Detail c -> new CallInst.Detail(c.tailKind(), (FunctionType) mapType(c.calleeType()),
                    c.argumentCount(), c.callingConvention(), c.returnAttributes().mapTypes(this::mapType),
                    c.paramAttributes().stream().map(a -> a.mapTypes(this::mapType)).toList(),
                    c.fnAttributes().mapTypes(this::mapType), mapGroups(c.attributeGroups()), c.bundles());
            case MemoryInst.Access a -> new MemoryInst.Access(a.elementType() == null ? null : mapType(a.elementType()),
                    a.align(), a.ordering(), a.failureOrdering(), a.syncScope(), a.operation(), a.inrange());
            default -> d;
        };
    }
}
