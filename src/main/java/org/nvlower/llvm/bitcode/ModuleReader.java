package org.nvlower.llvm.bitcode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.nvlower.llvm.ir.Argument;
import org.nvlower.llvm.ir.AttributeGroup;
import org.nvlower.llvm.ir.AttributeSet;
import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.GlobalAlias;
import org.nvlower.llvm.ir.GlobalValue;
import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.HeaderLine;
import org.nvlower.llvm.ir.Linkage;
import org.nvlower.llvm.ir.MetadataAttachment;
import org.nvlower.llvm.ir.MetadataDefinition;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.UnnamedAddr;
import org.nvlower.llvm.ir.Visibility;

/**
 * Reads one module: the records of the MODULE block in order, function bodies after the module
 * symbol table has named the globals, then gives metadata and attribute groups the numbers
 * llvm-dis prints.
 */
final class ModuleReader {

    private static final int VERSION = 1, TRIPLE = 2, DATALAYOUT = 3, ASM = 4, SECTIONNAME = 5, GCNAME = 11,
            COMDAT = 12, GLOBALVAR = 7, FUNCTION = 8, ALIAS_OLD = 9, ALIAS = 14, IFUNC = 18, SOURCE_FILENAME = 16;

    final BitcodeFile file;
    final Bitstream s;
    Module module;
    TypeTable types;
    final Attributes attributes = new Attributes();
    ValueTable values;
    MetadataTable metadata;
    int version;
    boolean llvm19;
    byte[] strtab;
    final List<String> sectionNames = new ArrayList<>();
    final List<String> gcNames = new ArrayList<>();
    final List<String> comdats = new ArrayList<>();
    /** Each comdat's selection kind (1 any, 2 exactmatch, 3 largest, 4 nodeduplicate, 5 samesize). */
    private final List<Long> comdatKinds = new ArrayList<>();
    final List<String> bundleTags = new ArrayList<>();
    final List<String> syncScopes = new ArrayList<>();

    /** A global's record, kept until the symbol table has named it. */
    private record GlobalRecord(int code, long[] ops, String name) {
    }

    private final List<GlobalRecord> globalRecords = new ArrayList<>();
    private final Map<Long, String> vstNames = new HashMap<>();
    private final List<Long> functionBodies = new ArrayList<>();
    final List<GlobalValue> globals = new ArrayList<>();
    /** Attachments read per function/instruction, numbered after the whole module is read. */
    final Map<Object, List<long[]>> attachments = new IdentityHashMap<>();
    final Map<BasicBlock, List<BasicBlock>> predecessors = new IdentityHashMap<>();
    /** Metadata operands of calls: (instruction, operand index, metadata id). */
    final List<FunctionReader.MetadataOperand> metadataOperands = new ArrayList<>();
    final List<FunctionReader.DebugRecordRead> debugRecords = new ArrayList<>();
    private final Map<Function, Attributes.AttributeList> functionAttributes = new IdentityHashMap<>();

    ModuleReader(BitcodeFile file) {
        this.file = file;
        this.s = file.stream();
    }

    long offset() {
        return s.bitPosition() / 8;
    }

    BitcodeModule read() {
        String producer = null;
        long moduleStart = -1;
        while (!s.atEnd()) {
            int id = (int) s.read(2);
            if (id != Bitstream.ENTER_SUBBLOCK) {
                throw s.error("expected a top-level block");
            }
            int block = (int) s.readVbr(8);
            s.subblockId = block;
            switch (block) {
                case BlockIds.IDENTIFICATION -> producer = readIdentification();
                case BlockIds.MODULE -> {
                    if (moduleStart >= 0) {
                        throw s.error("more than one module in the file");
                    }
                    moduleStart = s.bitPosition();
                    s.skipBlock();
                }
                case BlockIds.STRTAB -> readStrtab();
                default -> s.skipBlock();
            }
        }
        if (moduleStart < 0) {
            throw s.error("no module in the bitcode");
        }
        llvm19 = producer != null && producer.matches("LLVM(1[5-9]|[2-9][0-9]).*");
        s.jumpToBit(moduleStart);
        s.subblockId = BlockIds.MODULE;
        module = Module.create(file.name(), false);
        metadata = new MetadataTable(s);
        readModule();
        return new BitcodeModule(module, predecessors);
    }

    private String readIdentification() {
        s.enterBlock();
        String producer = null;
        while (true) {
            switch (s.advance()) {
                case END_BLOCK -> {
                    s.leaveBlock();
                    return producer;
                }
                case SUBBLOCK -> s.skipBlock();
                case RECORD -> {
                    Bitstream.Record r = s.readRecord();
                    if (r.code() == 1) {
                        producer = r.string(0);
                    }
                }
            }
        }
    }

    private void readStrtab() {
        s.enterBlock();
        s.forEachRecord(r -> {
            if (r.code() == 1 && r.blob() != null) {
                strtab = r.blob();
            }
        });
    }

    private String strtabName(long offset, long size) {
        if (strtab == null || offset < 0 || size < 0 || offset + size > strtab.length) {
            throw s.error("name outside the string table");
        }
        StringBuilder sb = new StringBuilder((int) size);
        for (long i = 0; i < size; i++) {
            sb.append((char) (strtab[(int) (offset + i)] & 0xFF));
        }
        return sb.toString();
    }

    private void readModule() {
        s.enterBlock();
        String sourceFileName = null;
        String triple = null;
        String layout = null;
        String asm = null;
        boolean globalsBuilt = false;
        while (true) {
            switch (s.advance()) {
                case END_BLOCK -> {
                    s.leaveBlock();
                    if (!globalsBuilt) {
                        buildGlobals();
                    }
                    finish(sourceFileName, layout, triple, asm);
                    return;
                }
                case SUBBLOCK -> {
                    int id = s.subblockId;
                    switch (id) {
                        case Bitstream.BLOCKINFO_BLOCK_ID -> {
                            s.enterBlock();
                            s.readBlockInfo();
                        }
                        case BlockIds.PARAMATTR_GROUP -> {
                            s.enterBlock();
                            attributes.readGroups(s);
                        }
                        case BlockIds.PARAMATTR -> {
                            s.enterBlock();
                            attributes.readLists(s);
                        }
                        case BlockIds.TYPE -> {
                            s.enterBlock();
                            types = TypeTable.read(s, module);
                            module.setOpaquePointers(types.hasOpaquePointers());
                            attributes.setTypes(types, llvm19);
                            values = new ValueTable(s, types);
                        }
                        case BlockIds.CONSTANTS -> {
                            requireTypes();
                            reserveGlobals();
                            s.enterBlock();
                            values.readConstants();
                        }
                        case BlockIds.METADATA -> {
                            requireTypes();
                            reserveGlobals();
                            s.enterBlock();
                            metadata.read(types, null);
                        }
                        case BlockIds.METADATA_KIND -> {
                            s.enterBlock();
                            metadata.readKinds();
                        }
                        case BlockIds.OPERAND_BUNDLE_TAGS -> {
                            s.enterBlock();
                            readStrings(bundleTags, 1);
                        }
                        case BlockIds.SYNC_SCOPE_NAMES -> {
                            s.enterBlock();
                            readStrings(syncScopes, 1);
                        }
                        case BlockIds.VALUE_SYMTAB -> {
                            s.enterBlock();
                            readModuleSymbolTable();
                        }
                        case BlockIds.FUNCTION -> {
                            functionBodies.add(s.bitPosition());
                            s.skipBlock();
                        }
                        default -> s.skipBlock();
                    }
                }
                case RECORD -> {
                    Bitstream.Record r = s.readRecord();
                    switch (r.code()) {
                        case VERSION -> {
                            version = r.size() > 0 ? (int) r.op(0) : 0;
                            if (version > 2) {
                                throw s.error("unsupported bitcode version " + version);
                            }
                        }
                        case TRIPLE -> triple = r.string(0);
                        case DATALAYOUT -> layout = r.string(0);
                        case ASM -> asm = r.string(0);
                        case SOURCE_FILENAME -> sourceFileName = r.string(0);
                        case SECTIONNAME -> sectionNames.add(r.string(0));
                        case GCNAME -> gcNames.add(r.string(0));
                        case COMDAT -> {
                            // v2: [strtab offset, size, selection]; v1: [selection, size, name...]
                            if (version >= 2) {
                                if (r.size() < 3) {
                                    throw s.error("comdat record too short");
                                }
                                comdats.add(strtabName(r.op(0), r.op(1)));
                                comdatKinds.add(r.op(2));
                            } else {
                                if (r.size() < 2) {
                                    throw s.error("comdat record too short");
                                }
                                comdats.add(r.string(2));
                                comdatKinds.add(r.op(0));
                            }
                        }
                        case GLOBALVAR, FUNCTION, ALIAS, ALIAS_OLD, IFUNC -> {
                            requireTypes();
                            long[] ops = r.operands();
                            String name = null;
                            if (version >= 2) {
                                if (ops.length < 2) {
                                    throw s.error("global record too short");
                                }
                                name = strtabName(ops[0], ops[1]);
                                ops = java.util.Arrays.copyOfRange(ops, 2, ops.length);
                            }
                            globalRecords.add(new GlobalRecord(r.code(), ops, name));
                            values.addTyped(null, globalType(r.code(), ops));
                        }
                        default -> {
                        }
                    }
                }
            }
        }
    }

    private TypeTable typesOrEmpty() {
        requireTypes();
        return types;
    }

    private void requireTypes() {
        if (types == null) {
            throw s.error("record before the TYPE block");
        }
    }

    private boolean reserved;

    /** Globals occupy the first value ids; constants and metadata after them refer to them by id. */
    private void reserveGlobals() {
        reserved = true;
    }

    /** The pointer type of a global, from its record. */
    private Type globalType(int code, long[] o) {
        if (o.length < 1) {
            throw s.error("global record too short");
        }
        Type t = types.get(o[0]);
        if (code == GLOBALVAR) {
            if (o.length < 2) {
                throw s.error("global variable record too short");
            }
            boolean explicit = (o[1] & 2) != 0;
            if (explicit) {
                return module.pointerTo(t, (int) (o[1] >>> 2));
            }
            if (!(t instanceof PointerType)) {
                throw s.error("global variable without pointer type");
            }
            return t;
        }
        if (code == FUNCTION) {
            Type ft = t instanceof PointerType p && p.pointee() != null ? p.pointee() : t;
            if (!(ft instanceof FunctionType)) {
                throw s.error("function record of non-function type " + t);
            }
            int as = o.length > 16 ? (int) o[16] : 0;
            return module.pointerTo(ft, as);
        }
        // aliases: [alias value type, addrspace, ...] (new) or [alias pointer type, ...] (old)
        if (code == ALIAS || code == IFUNC) {
            return module.pointerTo(t, o.length > 1 ? (int) o[1] : 0);
        }
        return t;
    }

    private void readStrings(List<String> into, int code) {
        s.forEachRecord(r -> {
            if (r.code() == code) {
                into.add(r.string(0));
            }
        });
    }

    private void readModuleSymbolTable() {
        s.forEachRecord(r -> {
            if (r.code() == 1 && r.size() >= 1) { // ENTRY [valueid, name]
                vstNames.put(r.op(0), r.string(1));
            } else if (r.code() == 3 && r.size() >= 2 && version < 2) { // FNENTRY [valueid, offset, name]
                vstNames.put(r.op(0), r.string(2));
            }
        });
    }

    // ------------------------------------------------------------------ globals

    private void buildGlobals() {
        int n = globalRecords.size();
        for (int id = 0; id < n; id++) {
            GlobalRecord g = globalRecords.get(id);
            String name = g.name() != null ? g.name() : vstNames.getOrDefault((long) id, "");
            globals.add(createGlobal(g, name, id));
        }
        for (int id = 0; id < n; id++) {
            values.set(id, globals.get(id));
        }
        // initializers, aliasees, prefix/prologue/personality refer to constants: resolve now
        for (int id = 0; id < n; id++) {
            GlobalRecord g = globalRecords.get(id);
            long[] o = g.ops();
            switch (globals.get(id)) {
                case GlobalVariable v -> {
                    if (o.length > 2 && o[2] != 0) {
                        v.readInitializer(values.constant(o[2] - 1));
                    }
                }
                case GlobalAlias a -> {
                    int at = g.code() == ALIAS || g.code() == IFUNC ? 2 : 1;
                    if (o.length <= at) {
                        throw s.error("alias record too short");
                    }
                    a.setTarget(values.constant(o[at]));
                }
                case Function f -> {
                    String prefix = o.length > 13 && o[13] != 0 ? typedConstant(o[13] - 1) : null;
                    String prologue = o.length > 10 && o[10] != 0 ? typedConstant(o[10] - 1) : null;
                    String personality = o.length > 14 && o[14] != 0 ? typedConstant(o[14] - 1) : null;
                    if (prefix != null || prologue != null || personality != null) {
                        f.readFunctionHeader(f.callingConvention(), f.returnAttributes(), AttributeSet.EMPTY, List.of(),
                                f.gc(), prefix, prologue, personality);
                    }
                }
            }
        }
    }

    /** blockaddress(@f, %bb): the block as printed, once @f's blocks exist and are numbered. */
    private void resolveBlockAddresses() {
        for (GlobalValue g : globals) {
            if (g instanceof GlobalVariable v && v.initializer() != null) {
                Constant c = resolveBlocks(v.initializer());
                if (c != v.initializer()) {
                    v.readInitializer(c);
                }
            } else if (g instanceof Function f && !f.isDeclaration()) {
                f.instructions().forEach(i -> {
                    for (int k = 0; k < i.operandCount(); k++) {
                        if (i.operand(k) instanceof Constant c && !(c instanceof GlobalValue)) {
                            Constant r = resolveBlocks(c);
                            if (r != c) {
                                i.setOperand(k, r);
                            }
                        }
                    }
                });
            }
        }
    }

    private Constant resolveBlocks(Constant c) {
        switch (c) {
            case org.nvlower.llvm.ir.BlockAddress b when b.block() != null
                    && b.block().startsWith(ValueTable.UNRESOLVED_BLOCK) -> {
                if (!(b.global() instanceof Function f) || f.isDeclaration()) {
                    throw s.error("blockaddress of a function without a body");
                }
                long index = Long.parseLong(b.block().substring(1));
                if (index < 0 || index >= f.blocks().size()) {
                    throw s.error("blockaddress of block " + index + " of " + f.blocks().size());
                }
                f.renumber();
                org.nvlower.llvm.ir.BasicBlock bb = f.blocks().get((int) index);
                String text = "%" + (bb.hasName() ? org.nvlower.llvm.ir.Names.quoteIfNeeded(bb.name()) : String.valueOf(bb.slot()));
                return new org.nvlower.llvm.ir.BlockAddress(b.kind(), b.type(), b.global(), text);
            }
            case org.nvlower.llvm.ir.ConstantAggregate a -> {
                List<Constant> out = new ArrayList<>(a.elements().size());
                boolean changed = false;
                for (Constant e : a.elements()) {
                    Constant r = resolveBlocks(e);
                    changed |= r != e;
                    out.add(r);
                }
                return changed ? new org.nvlower.llvm.ir.ConstantAggregate(a.type(), out) : a;
            }
            case org.nvlower.llvm.ir.ConstantExpr e -> {
                List<Constant> out = new ArrayList<>(e.operands().size());
                boolean changed = false;
                for (Constant o : e.operands()) {
                    Constant r = resolveBlocks(o);
                    changed |= r != o;
                    out.add(r);
                }
                return changed ? new org.nvlower.llvm.ir.ConstantExpr(e.opcode(), e.flags(), e.type(), e.sourceType(),
                        out, e.inrangeOperand()) : e;
            }
            default -> {
                return c;
            }
        }
    }

    private String typedConstant(long id) {
        Constant c = values.constant(id);
        return c.type() + " " + ConstantText.of(c);
    }

    private GlobalValue createGlobal(GlobalRecord g, String name, int id) {
        long[] o = g.ops();
        switch (g.code()) {
            case GLOBALVAR -> {
                // [type, isconst|explicit<<1|as<<2, initid, linkage, align, section, visibility, tls,
                //  unnamed_addr, ext_init, dllstorage, comdat, attributes, preemption, partition...]
                need(o, 6);
                PointerType pt = (PointerType) values.typeOf(id);
                Type valueType = (o[1] & 2) != 0 ? types.get(o[0]) : ((PointerType) types.get(o[0])).pointee();
                if (valueType == null) {
                    throw s.error("global variable of opaque pointer type without its value type");
                }
                GlobalVariable v = new GlobalVariable(module, name, valueType, pt.addressSpace(), (o[1] & 1) != 0);
                Linkage linkage = Codes.linkage(o[3], s);
                Visibility vis = o.length > 6 ? visibility(o[6]) : Visibility.DEFAULT;
                v.readHeader(linkage, vis, o.length > 13 && o[13] != 0 && !impliesDsoLocal(linkage, vis),
                        o.length > 10 ? dll(o[10]) : "", o.length > 8 ? unnamedAddr(o[8]) : UnnamedAddr.NONE);
                v.readTail(section(o[5]), null, o.length > 11 ? comdat(o[11], name) : null, Codes.alignment(o[4], s),
                        List.of());
                v.readVariableDetails(o.length > 7 ? threadLocal(o[7]) : "", o.length > 9 && o[9] != 0, null,
                        List.of(), List.of(), o.length > 12 && o[12] != 0 ? attributes.list(s, o[12]).function()
                                : AttributeSet.EMPTY);
                return v;
            }
            case FUNCTION -> {
                // [type, cc, isproto, linkage, paramattr, align, section, visibility, gc, unnamed_addr,
                //  prologue, dllstorage, comdat, prefix, personality, preemption, addrspace]
                need(o, 4);
                Type t = types.get(o[0]);
                FunctionType ft = (FunctionType) (t instanceof PointerType p && p.pointee() != null ? p.pointee() : t);
                PointerType pt = (PointerType) values.typeOf(id);
                Function f = new Function(module, name, ft, pt.addressSpace());
                Attributes.AttributeList attrs = o.length > 4 ? attributes.list(s, o[4]) : Attributes.AttributeList.EMPTY;
                functionAttributes.put(f, attrs);
                for (int i = 0; i < ft.params().size(); i++) {
                    f.addArgument(new Argument(f, i, ft.params().get(i), "", attrs.param(i)));
                }
                f.readDefinition(o[2] == 0);
                Linkage linkage = Codes.linkage(o[3], s);
                Visibility vis = o.length > 7 ? visibility(o[7]) : Visibility.DEFAULT;
                f.readHeader(linkage, vis, o.length > 15 && o[15] != 0 && !impliesDsoLocal(linkage, vis),
                        o.length > 11 ? dll(o[11]) : "", o.length > 9 ? unnamedAddr(o[9]) : UnnamedAddr.NONE);
                String gc = o.length > 8 && o[8] != 0 ? nameAt(gcNames, o[8] - 1, "gc") : null;
                f.readFunctionHeader(Codes.callingConvention(o[1]), attrs.returned(), AttributeSet.EMPTY, List.of(), gc,
                        null, null, null);
                f.readTail(o.length > 6 ? section(o[6]) : null, null, o.length > 12 ? comdat(o[12], name) : null,
                        o.length > 5 ? Codes.alignment(o[5], s) : 0, List.of());
                return f;
            }
            default -> {
                // ALIAS [valuety, addrspace, aliasee, linkage, visibility, dll, tls, unnamed_addr, preemption, ...]
                // IFUNC [valuety, addrspace, resolver, linkage, visibility]; ALIAS_OLD [ptrty, aliasee, linkage, ...]
                boolean old = g.code() == ALIAS_OLD;
                need(o, old ? 3 : 4);
                if (!(values.typeOf(id) instanceof PointerType pt)) {
                    throw s.error("alias of a non-pointer type");
                }
                Type valueType = old ? pt.pointee() : types.get(o[0]);
                if (valueType == null) {
                    throw s.error("alias of opaque pointer type without its value type");
                }
                int at = old ? 2 : 3;
                GlobalAlias a = new GlobalAlias(module, name, valueType, pt.addressSpace(), g.code() == IFUNC);
                Linkage linkage = Codes.linkage(o[at], s);
                Visibility vis = o.length > at + 1 ? visibility(o[at + 1]) : Visibility.DEFAULT;
                boolean dsoLocal = g.code() == IFUNC ? o.length > at + 2 && o[at + 2] != 0
                        : o.length > at + 5 && o[at + 5] != 0;
                a.readHeader(linkage, vis, dsoLocal && !impliesDsoLocal(linkage, vis),
                        g.code() != IFUNC && o.length > at + 2 ? dll(o[at + 2]) : "",
                        g.code() != IFUNC && o.length > at + 4 ? unnamedAddr(o[at + 4]) : UnnamedAddr.NONE);
                if (g.code() != IFUNC && o.length > at + 3) {
                    a.readThreadLocal(threadLocal(o[at + 3]));
                }
                return a;
            }
        }
    }

    private String nameAt(List<String> list, long i, String what) {
        if (i < 0 || i >= list.size()) {
            throw s.error("invalid " + what + " index " + i);
        }
        return list.get((int) i);
    }

    private String section(long v) {
        return v == 0 ? null : nameAt(sectionNames, v - 1, "section");
    }

    /** A global's comdat: null for none, "" for the comdat of its own name (printed {@code comdat}). */
    private String comdat(long v, String global) {
        if (v == 0) {
            return null;
        }
        String c = nameAt(comdats, v - 1, "comdat");
        return c.equals(global) ? "" : c;
    }

    /** LLVM's isImplicitDSOLocal: {@code dso_local} is not printed where linkage or visibility implies it. */
    private static boolean impliesDsoLocal(Linkage linkage, Visibility visibility) {
        return linkage.isLocal() || visibility != Visibility.DEFAULT && linkage != Linkage.EXTERN_WEAK;
    }

    private Visibility visibility(long v) {
        return switch ((int) v) {
            case 0 -> Visibility.DEFAULT;
            case 1 -> Visibility.HIDDEN;
            case 2 -> Visibility.PROTECTED;
            default -> throw s.error("invalid visibility " + v);
        };
    }

    private String dll(long v) {
        return switch ((int) v) {
            case 0 -> "";
            case 1 -> "dllimport";
            case 2 -> "dllexport";
            default -> throw s.error("invalid DLL storage class " + v);
        };
    }

    private UnnamedAddr unnamedAddr(long v) {
        return switch ((int) v) {
            case 0 -> UnnamedAddr.NONE;
            case 1 -> UnnamedAddr.GLOBAL;
            case 2 -> UnnamedAddr.LOCAL;
            default -> throw s.error("invalid unnamed_addr " + v);
        };
    }

    private String threadLocal(long v) {
        return switch ((int) v) {
            case 0 -> "";
            case 1 -> "thread_local";
            case 2 -> "thread_local(localdynamic)";
            case 3 -> "thread_local(initialexec)";
            case 4 -> "thread_local(localexec)";
            default -> throw s.error("invalid thread-local mode " + v);
        };
    }

    private void need(long[] o, int n) {
        if (o.length < n) {
            throw s.error("record with " + o.length + " operands, needs " + n);
        }
    }

    // ------------------------------------------------------------------ the rest

    private void finish(String sourceFileName, String layout, String triple, String asm) {
        moduleMetadataCount = metadata.size();
        if (!llvm19) {
            upgrade = new IntrinsicUpgrade(this);
            upgrade.prepare(globals, functionAttributes);
        } else {
            IntrinsicUpgrade.reset19(globals, functionAttributes);
        }
        // function bodies, in the order of the functions that have one
        List<Function> defined = new ArrayList<>();
        for (GlobalValue g : globals) {
            if (g instanceof Function f && !f.isDeclaration()) {
                defined.add(f);
            }
        }
        if (defined.size() != functionBodies.size()) {
            throw s.error(defined.size() + " function definitions but " + functionBodies.size() + " bodies");
        }
        for (int i = 0; i < defined.size(); i++) {
            s.jumpToBit(functionBodies.get(i));
            s.subblockId = BlockIds.FUNCTION;
            new FunctionReader(this, defined.get(i)).read();
        }
        if (values.blockAddresses) {
            resolveBlockAddresses();
        }
        List<GlobalValue> functions = new ArrayList<>();
        for (GlobalValue g : globals) {
            if (g instanceof Function f && (upgrade == null || !upgrade.upgrades.containsKey(f))) {
                functions.add(f);
            }
        }
        if (upgrade != null) {
            functions.addAll(upgrade.added);
        }
        numberGroups(functions);
        if (sourceFileName == null) {
            sourceFileName = file.name(); // LLVM's default: the module identifier
        }
        if (!sourceFileName.isEmpty()) {
            module.addEntity(new HeaderLine(HeaderLine.Kind.SOURCE_FILENAME, "source_filename", sourceFileName, null));
        }
        if (layout != null && !layout.isEmpty()) {
            module.addEntity(new HeaderLine(HeaderLine.Kind.DATALAYOUT, "target", layout, null));
        }
        if (triple != null && !triple.isEmpty()) {
            module.addEntity(new HeaderLine(HeaderLine.Kind.TRIPLE, "target", triple, null));
        }
        if (asm != null && !asm.isEmpty()) {
            for (String line : asm.split("\n", -1)) {
                module.addEntity(new HeaderLine(HeaderLine.Kind.MODULE_ASM, "module", line, null));
            }
        }
        List<GlobalValue> ordered = new ArrayList<>();
        for (GlobalValue g : globals) {
            if (!(g instanceof Function)) {
                ordered.add(g);
            }
        }
        ordered.addAll(functions);
        new TypeOrder(module).withMetadata(this).addDefinitions(ordered);
        numberUnnamedGlobals(functions);
        addComdats(functions);
        for (GlobalValue g : globals) {
            if (g instanceof GlobalVariable) {
                module.addEntity(g);
            }
        }
        for (GlobalValue g : globals) {
            if (g instanceof GlobalAlias) {
                module.addEntity(g);
            }
        }
        for (GlobalValue g : functions) {
            module.addEntity(g);
        }
        addAttributeGroups();
        for (Map.Entry<Long, long[]> e : metadata.globalAttachments.entrySet()) {
            if (!(values.get(e.getKey()) instanceof GlobalValue g) || e.getValue().length % 2 != 0) {
                throw s.error("metadata attachment to value " + e.getKey() + ", not a global");
            }
            addAttachments(g, e.getValue(), 0);
        }
        new MetadataNumbering(this).apply();
    }

    private long[] lastLocation;

    /** Unnamed globals get LLVM's numbers (SlotTracker): variables, aliases, ifuncs, then functions. */
    private void numberUnnamedGlobals(List<GlobalValue> functions) {
        int next = 0;
        for (int pass = 0; pass < 3; pass++) {
            for (GlobalValue g : globals) {
                boolean in = pass == 0 ? g instanceof GlobalVariable
                        : g instanceof GlobalAlias a && a.isIfunc() == (pass == 2);
                if (in && !g.hasName()) {
                    g.setSlot(next++);
                }
            }
        }
        for (GlobalValue g : functions) {
            if (!g.hasName()) {
                g.setSlot(next++);
            }
        }
    }

    /** The comdats objects use, as llvm-dis lists them: functions' first, then variables'. */
    private void addComdats(List<GlobalValue> functions) {
        java.util.Set<String> seen = new java.util.LinkedHashSet<>();
        for (GlobalValue g : functions) {
            if (g.comdat() != null) {
                seen.add(g.comdat().isEmpty() ? g.name() : g.comdat());
            }
        }
        for (GlobalValue g : globals) {
            if (g instanceof GlobalVariable && g.comdat() != null) {
                seen.add(g.comdat().isEmpty() ? g.name() : g.comdat());
            }
        }
        for (String name : seen) {
            long kind = comdatKinds.get(comdats.indexOf(name));
            String text = switch ((int) kind) {
                case 1 -> "any";
                case 2 -> "exactmatch";
                case 3 -> "largest";
                case 4 -> llvm19 ? "nodeduplicate" : "noduplicates";
                case 5 -> "samesize";
                default -> throw s.error("invalid comdat selection kind " + kind);
            };
            module.addEntity(new org.nvlower.llvm.ir.HeaderLine(org.nvlower.llvm.ir.HeaderLine.Kind.COMDAT, name, text, null));
        }
    }

    /** FUNC_CODE_DEBUG_LOC [line, col, scope+1, inlinedAt+1, implicit] (null: the previous one again). */
    void debugLocation(org.nvlower.llvm.ir.Instruction inst, long[] o) {
        if (o == null) {
            if (lastLocation == null) {
                throw s.error("DEBUG_LOC_AGAIN without a previous location");
            }
            o = lastLocation;
        }
        if (o.length < 4) {
            throw s.error("debug location record too short");
        }
        lastLocation = o;
        if (o[2] == 0) {
            throw s.error("debug location without a scope");
        }
        long scope = metadata.map(o[2] - 1);
        long inlinedAt = o[3] == 0 ? 0 : metadata.map(o[3] - 1) + 1;
        List<Long> key = List.of(o[0], o[1], scope, inlinedAt, o.length > 4 ? o[4] : 0);
        Map<List<Long>, Long> locations = metadata.locations;
        Long id = locations.get(key);
        if (id == null) {
            id = (long) metadata.size();
            metadata.mds.add(new MetadataTable.MdDebug(7, new long[] {0, o[0], o[1], scope, inlinedAt,
                    o.length > 4 ? o[4] : 0}, false));
            locations.put(key, id);
        }
        attachments.computeIfAbsent(inst, k -> new ArrayList<>()).add(0, new long[] {-1, id});
    }

    /** Attachment pairs [kind, node] from {@code from} on, for a function or an instruction. */
    void addAttachments(Object owner, long[] a, int from) {
        List<long[]> list = attachments.computeIfAbsent(owner, k -> new ArrayList<>());
        for (int i = from; i + 1 < a.length; i += 2) {
            long node = metadata.map(a[i + 1]);
            metadata.kindName(a[i]);
            metadata.get(node);
            list.add(new long[] {a[i], node});
        }
    }

    /** Attribute groups numbered as llvm-dis does: functions' sets first, then call sites', in order. */
    private final Map<AttributeSet, Integer> groupIds = new LinkedHashMap<>();

    int groupFor(AttributeSet set) {
        return groupIds.computeIfAbsent(set, k -> groupIds.size());
    }

    IntrinsicUpgrade upgrade;
    /** How many metadata ids the module level defines; each function's own ids follow them. */
    int moduleMetadataCount;
    /** Call-site function attributes, numbered after every function's own set. */
    final Map<org.nvlower.llvm.ir.CallInst, AttributeSet> callAttributes = new LinkedHashMap<>();

    Map<Function, Attributes.AttributeList> functionAttributes() {
        return functionAttributes;
    }

    private void numberGroups(List<GlobalValue> functions) {
        for (GlobalValue g : functions) {
            Function f = (Function) g;
            AttributeSet fn = functionAttributes.get(f).function();
            if (!fn.isEmpty()) {
                f.setAttributes(AttributeSet.EMPTY, List.of(groupFor(fn)));
            }
        }
        for (Map.Entry<org.nvlower.llvm.ir.CallInst, AttributeSet> e : callAttributes.entrySet()) {
            org.nvlower.llvm.ir.CallInst c = e.getKey();
            c.setDetail(c.detail().withFnAttributes(AttributeSet.EMPTY, List.of(groupFor(e.getValue()))));
        }
    }

    private void addAttributeGroups() {
        for (Map.Entry<AttributeSet, Integer> e : groupIds.entrySet()) {
            module.addEntity(new AttributeGroup(e.getValue(), e.getKey(), null));
        }
    }
}
