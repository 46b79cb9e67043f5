package org.nvlower.llvm.bitcode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.nvlower.llvm.ir.AggregateInst;
import org.nvlower.llvm.ir.Argument;
import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.AtomicOrdering;
import org.nvlower.llvm.ir.AttributeSet;
import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.FastMathFlags;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.InstFlag;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.MemoryInst;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.TerminatorInst;
import org.nvlower.llvm.ir.OtherInst;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.Predicate;
import org.nvlower.llvm.ir.PrimitiveType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.Value;
import org.nvlower.llvm.ir.VectorType;

/** One FUNCTION block: its constants, instructions, local names, metadata attachments and use lists. */
final class FunctionReader {

    /** A call operand that is metadata: filled in once metadata is numbered. */
    record MetadataOperand(Instruction instruction, int operand, long metadataId) {
    }

    private record Fixup(Instruction inst, int operand, int valueId, Type type) {
    }

    /** A value operand as read: the value (null for a forward reference), its type and id. */
    private record Operand(Value value, Type type, int id) {
    }

    private final ModuleReader m;
    private final Bitstream s;
    private final Function f;
    private final ValueTable values;
    private final int moduleValues;
    private final int moduleMetadata;
    private final List<BasicBlock> blocks = new ArrayList<>();
    private final List<Fixup> fixups = new ArrayList<>();
    private final Map<Integer, String> valueNames = new HashMap<>();
    private final Map<Integer, String> blockNames = new HashMap<>();
    private final List<long[]> attachmentRecords = new ArrayList<>();
    private final List<long[]> useLists = new ArrayList<>();
    /** Every instruction in order, for attachment records (which count all instructions). */
    private final List<Instruction> instructions = new ArrayList<>();
    /** Each block's uses by terminators, in creation order. */
    private final Map<BasicBlock, List<BasicBlock>> blockUses = new HashMap<>();
    private int current;
    private int recordCount;
    private Instruction last;

    FunctionReader(ModuleReader m, Function f) {
        this.m = m;
        this.s = m.s;
        this.f = f;
        this.values = m.values;
        this.moduleValues = values.size();
        this.moduleMetadata = m.moduleMetadataCount;
    }

    void read() {
        s.enterBlock();
        m.metadata.enterFunction(moduleMetadata);
        for (Argument a : f.arguments()) {
            values.add(a);
        }
        List<Bitstream.Record> records = new ArrayList<>();
        while (true) {
            Bitstream.EntryKind k = s.advance();
            if (k == Bitstream.EntryKind.END_BLOCK) {
                s.leaveBlock();
                break;
            }
            if (k == Bitstream.EntryKind.SUBBLOCK) {
                switch (s.subblockId) {
                    case BlockIds.CONSTANTS -> {
                        s.enterBlock();
                        values.readConstants();
                    }
                    case BlockIds.METADATA -> {
                        s.enterBlock();
                        m.metadata.read(m.types, id -> null);
                    }
                    case BlockIds.VALUE_SYMTAB -> {
                        s.enterBlock();
                        readSymbolTable();
                    }
                    case BlockIds.METADATA_ATTACHMENT -> {
                        s.enterBlock();
                        readRecordsInto(attachmentRecords, 11);
                    }
                    case BlockIds.USELIST -> {
                        s.enterBlock();
                        readUseLists();
                    }
                    default -> s.skipBlock();
                }
                continue;
            }
            Bitstream.Record r = s.readRecord();
            records.add(new Bitstream.Record(r.code(), r.operands(), r.size(), null, r.abbrevId()));
        }
        for (int i = 0; i < f.arguments().size(); i++) {
            String name = valueNames.get(moduleValues + i);
            if (name != null) {
                f.arguments().get(i).setName(name);
            }
        }
        int argsEnd = moduleValues + f.arguments().size();
        recordCount = records.size();
        for (Bitstream.Record r : records) {
            instruction(r, argsEnd);
        }
        if (blocks.isEmpty()) {
            throw s.error("function body without blocks");
        }
        if (current < blocks.size()) {
            throw s.error("function body ends before its last block");
        }
        for (Fixup fx : fixups) {
            Value v = values.get(fx.valueId());
            if (v == null) {
                throw s.error("use of undefined value " + fx.valueId());
            }
            if (!v.type().equals(fx.type())) {
                throw s.error("value " + fx.valueId() + " has type " + v.type() + " but is used as " + fx.type());
            }
            fx.inst().resolveForwardOperand(fx.operand(), v);
        }
        m.metadata.resolveLocals(values, moduleValues);
        nameUpgrades();
        attachments();
        predecessors();
        values.truncate(moduleValues);
        m.metadata.leaveFunction();
    }

    private void readRecordsInto(List<long[]> into, int code) {
        s.forEachRecord(r -> {
            if (r.code() == code) {
                into.add(r.operands());
            }
        });
    }

    private void readSymbolTable() {
        s.forEachRecord(r -> {
            if (r.size() < 1) {
                throw s.error("symbol table entry without a value");
            }
            if (r.code() == 1) {
                valueNames.put((int) r.op(0), r.string(1));
            } else if (r.code() == 2) {
                blockNames.put((int) r.op(0), r.string(1));
            }
        });
    }

    private void readUseLists() {
        s.forEachRecord(r -> {
            if (r.code() == 2 && r.size() >= 2) {
                useLists.add(r.operands());
            }
        });
    }

    // ------------------------------------------------------------------ operands

    private int instNum() {
        return values.size();
    }

    private int[] cursor = new int[1];

    private long next(long[] o) {
        if (cursor[0] >= o.length) {
            throw s.error("instruction record too short");
        }
        return o[cursor[0]++];
    }

    private boolean hasNext(long[] o) {
        return cursor[0] < o.length;
    }

    private int absolute(long encoded) {
        return m.version >= 1 ? (int) (instNum() - encoded) : (int) encoded;
    }

    /** A value with its type (the type follows only for a forward reference). */
    private Operand valueAndType(long[] o) {
        int id = absolute(next(o));
        if (id >= 0 && id < instNum()) {
            Value v = values.get(id);
            Type t = values.typeOf(id);
            if (t == null) {
                throw s.error("invalid value id " + id);
            }
            return new Operand(v, t, id);
        }
        if (id < 0) {
            throw s.error("invalid value id " + id);
        }
        return new Operand(null, m.types.get(next(o)), id);
    }

    /** A value of a known type. */
    private Operand value(long[] o, Type t) {
        int id = absolute(next(o));
        return valueOf(id, t);
    }

    private Operand valueOf(int id, Type t) {
        if (id < 0) {
            throw s.error("invalid value id " + id);
        }
        if (id < instNum()) {
            Value v = values.get(id);
            Type vt = values.typeOf(id);
            if (vt == null || t != null && !vt.equals(t)) {
                throw s.error("value " + id + " has type " + vt + " but is used as " + t);
            }
            return new Operand(v, vt, id);
        }
        return new Operand(null, t, id);
    }

    private BasicBlock block(long id) {
        if (id < 0 || id >= blocks.size()) {
            throw s.error("invalid basic block " + id);
        }
        return blocks.get((int) id);
    }

    // ------------------------------------------------------------------ instructions

    private void instruction(Bitstream.Record r, int argsEnd) {
        long[] o = r.operands();
        cursor[0] = 0;
        int code = r.code();
        if (code == 1) { // DECLAREBLOCKS
            long n = next(o);
            if (n < 1 || n > recordCount || !blocks.isEmpty()) { // each block holds one record at least
                throw s.error("invalid DECLAREBLOCKS " + n);
            }
            for (int i = 0; i < n; i++) {
                BasicBlock b = new BasicBlock(blockNames.getOrDefault(i, ""));
                b.markDefined();
                f.appendParsedBlock(b);
                blocks.add(b);
            }
            return;
        }
        if (code == 35 || code == 33) { // DEBUG_LOC, DEBUG_LOC_AGAIN
            if (last == null) {
                throw s.error("debug location before any instruction");
            }
            m.debugLocation(last, code == 35 ? o : null);
            return;
        }
        if (code >= 61 && code <= 65) {
            debugRecord(code, o);
            return;
        }
        if (code == 55) { // OPERAND_BUNDLE [tag, (value, type?)*]: for the next call or invoke
            long tag = next(o);
            if (tag < 0 || tag >= m.bundleTags.size()) {
                throw s.error("invalid operand bundle tag " + tag);
            }
            List<Operand> inputs = new ArrayList<>();
            while (hasNext(o)) {
                inputs.add(valueAndType(o));
            }
            pendingBundles.add(new CallInst.Bundle(m.bundleTags.get((int) tag), inputs.size()));
            pendingBundleInputs.addAll(inputs);
            return;
        }
        if (!pendingBundles.isEmpty() && code != 34 && code != 13) {
            throw s.error("operand bundle before an instruction that is not a call");
        }
        if (blocks.isEmpty()) {
            throw s.error("instruction before DECLAREBLOCKS");
        }
        if (current >= blocks.size()) {
            throw s.error("instruction after the last block's terminator");
        }
        List<Operand> ops = new ArrayList<>();
        Type type = PrimitiveType.VOID;
        Opcode opcode;
        int flags = 0;
        FastMathFlags fmf = FastMathFlags.NONE;
        Instruction.Detail detail = null;
        List<Long> metadataOps = null;
        switch (code) {
            case 2 -> { // BINOP [lhs, rhs, opcode, flags]
                Operand lhs = valueAndType(o);
                Operand rhs = value(o, lhs.type());
                opcode = Codes.binop((int) next(o), lhs.type(), s);
                if (hasNext(o)) {
                    long bits = next(o);
                    if (isFloating(lhs.type())) {
                        fmf = Codes.fastMath(bits);
                    } else {
                        flags = Codes.binopFlags(opcode, bits);
                    }
                }
                ops.add(lhs);
                ops.add(rhs);
                type = lhs.type();
            }
            case 56 -> { // UNOP
                Operand v = valueAndType(o);
                next(o);
                opcode = Opcode.FNEG;
                if (hasNext(o)) {
                    fmf = Codes.fastMath(next(o));
                }
                ops.add(v);
                type = v.type();
            }
            case 3 -> { // CAST [op, destty, opc, flags]
                Operand v = valueAndType(o);
                type = m.types.get(next(o));
                opcode = Codes.cast((int) next(o), s);
                if (hasNext(o)) {
                    long bits = next(o);
                    if (opcode == Opcode.ZEXT || opcode == Opcode.UITOFP) {
                        flags = (bits & 1) != 0 ? Instruction.flagBits(InstFlag.NNEG) : 0;
                    } else if (opcode == Opcode.TRUNC) {
                        flags = ((bits & 1) != 0 ? Instruction.flagBits(InstFlag.NUW) : 0)
                                | ((bits & 2) != 0 ? Instruction.flagBits(InstFlag.NSW) : 0);
                    } else if (isFloating(type) || isFloating(v.type())) {
                        fmf = Codes.fastMath(bits);
                    }
                }
                ops.add(v);
            }
            case 43, 4, 30 -> { // GEP [flags, ty, base, idx...] / old [base, idx...]
                Type source = null;
                boolean inbounds = code == 30;
                List<InstFlag> gf = new ArrayList<>();
                if (code == 43) {
                    long bits = next(o);
                    inbounds = (bits & 1) != 0;
                    if (m.llvm19) {
                        if ((bits & 2) != 0 && !inbounds) {
                            gf.add(InstFlag.NUSW);
                        }
                        if ((bits & 4) != 0) {
                            gf.add(InstFlag.NUW);
                        }
                    }
                    source = m.types.get(next(o));
                }
                while (hasNext(o)) {
                    ops.add(valueAndType(o));
                }
                if (ops.isEmpty()) {
                    throw s.error("getelementptr without a base");
                }
                Type base = ops.get(0).type();
                Type ptr = base instanceof VectorType bv ? bv.element() : base;
                if (source == null) {
                    if (!(ptr instanceof PointerType pt) || pt.pointee() == null) {
                        throw s.error("getelementptr base is not a typed pointer");
                    }
                    source = pt.pointee();
                }
                if (inbounds) {
                    gf.add(0, InstFlag.INBOUNDS);
                }
                flags = Instruction.flagBits(gf.toArray(InstFlag[]::new));
                opcode = Opcode.GETELEMENTPTR;
                type = gepType(ops, source, ptr);
                detail = MemoryInst.Access.of(source, 0);
            }
            case 5, 29 -> { // SELECT [t, f, cond] / VSELECT [t, f, cond(+ty), fmf]
                Operand t = valueAndType(o);
                Operand fv = value(o, t.type());
                Operand c = code == 5 ? value(o, IntegerType.I1) : valueAndType(o);
                if (hasNext(o)) {
                    fmf = Codes.fastMath(next(o));
                }
                ops.add(c);
                ops.add(t);
                ops.add(fv);
                opcode = Opcode.SELECT;
                type = t.type();
            }
            case 6 -> { // EXTRACTELT [vec, idx]
                Operand vec = valueAndType(o);
                Operand idx = valueAndType(o);
                if (!(vec.type() instanceof VectorType vt)) {
                    throw s.error("extractelement of a non-vector");
                }
                ops.add(vec);
                ops.add(idx);
                opcode = Opcode.EXTRACTELEMENT;
                type = vt.element();
            }
            case 7 -> { // INSERTELT [vec, elt, idx]
                Operand vec = valueAndType(o);
                if (!(vec.type() instanceof VectorType vt)) {
                    throw s.error("insertelement into a non-vector");
                }
                ops.add(vec);
                ops.add(value(o, vt.element()));
                ops.add(valueAndType(o));
                opcode = Opcode.INSERTELEMENT;
                type = vec.type();
            }
            case 8 -> { // SHUFFLEVEC [v1, v2, mask]
                Operand v1 = valueAndType(o);
                Operand v2 = value(o, v1.type());
                Operand mask = valueAndType(o);
                if (!(v1.type() instanceof VectorType vt) || !(mask.type() instanceof VectorType mt)) {
                    throw s.error("shufflevector of non-vectors");
                }
                ops.add(v1);
                ops.add(v2);
                ops.add(mask);
                opcode = Opcode.SHUFFLEVECTOR;
                type = new VectorType(mt.scalable(), mt.count(), vt.element());
            }
            case 9, 28 -> { // CMP, CMP2 [lhs, rhs, pred, fmf]
                Operand lhs = valueAndType(o);
                Operand rhs = value(o, lhs.type());
                Predicate p = Codes.predicate((int) next(o), s);
                if (hasNext(o)) {
                    fmf = Codes.fastMath(next(o));
                }
                ops.add(lhs);
                ops.add(rhs);
                opcode = p.isFloating() ? Opcode.FCMP : Opcode.ICMP;
                detail = p;
                type = lhs.type() instanceof VectorType v ? new VectorType(v.scalable(), v.count(), IntegerType.I1)
                        : IntegerType.I1;
            }
            case 10 -> { // RET
                opcode = Opcode.RET;
                if (hasNext(o)) {
                    ops.add(valueAndType(o));
                }
            }
            case 11 -> { // BR
                opcode = Opcode.BR;
                BasicBlock t = block(next(o));
                if (hasNext(o)) {
                    BasicBlock fb = block(next(o));
                    ops.add(value(o, IntegerType.I1));
                    ops.add(new Operand(t, PrimitiveType.LABEL, -1));
                    ops.add(new Operand(fb, PrimitiveType.LABEL, -1));
                    use(t);
                    use(fb);
                } else {
                    ops.add(new Operand(t, PrimitiveType.LABEL, -1));
                    use(t);
                }
            }
            case 12 -> { // SWITCH [opty, cond, default, (value id, bb)*]
                Type ct = m.types.get(next(o));
                if ((ct instanceof IntegerType) == false) {
                    throw s.error("switch on a non-integer");
                }
                ops.add(value(o, ct));
                BasicBlock def = block(next(o));
                ops.add(new Operand(def, PrimitiveType.LABEL, -1));
                use(def);
                while (hasNext(o)) {
                    long vid = next(o);
                    Value cv = values.get(vid);
                    if (!(cv instanceof ConstantInt ci) || !ci.type().equals(ct)) {
                        throw s.error("switch case is not a constant of the condition's type");
                    }
                    BasicBlock dest = block(next(o));
                    ops.add(new Operand(cv, ct, -1));
                    ops.add(new Operand(dest, PrimitiveType.LABEL, -1));
                    use(dest);
                }
                opcode = Opcode.SWITCH;
            }
            case 31 -> { // INDIRECTBR [opty, addr, bb...]
                Type at = m.types.get(next(o));
                ops.add(value(o, at));
                while (hasNext(o)) {
                    BasicBlock d = block(next(o));
                    ops.add(new Operand(d, PrimitiveType.LABEL, -1));
                    use(d);
                }
                opcode = Opcode.INDIRECTBR;
            }
            case 15 -> opcode = Opcode.UNREACHABLE;
            case 16 -> { // PHI [ty, (val, bb)*, fmf?]
                type = m.types.get(next(o));
                int n = o.length - 1;
                if (n % 2 == 1) {
                    fmf = Codes.fastMath(o[o.length - 1]);
                    n--;
                }
                for (int i = 0; i < n; i += 2) {
                    long enc = Attributes.decodeSigned(o[1 + i]);
                    int id = m.version >= 1 ? (int) (instNum() - enc) : (int) enc;
                    ops.add(valueOf(id, type));
                    ops.add(new Operand(block(o[2 + i]), PrimitiveType.LABEL, -1));
                }
                opcode = Opcode.PHI;
            }
            case 19 -> { // ALLOCA [instty, opty, op, align(, addrspace)]
                Type t = m.types.get(next(o));
                Type opty = m.types.get(next(o));
                Operand size = valueOf((int) next(o), opty);
                long a = next(o);
                boolean explicit = (a & (1 << 6)) != 0;
                long alignCode = (a & 31) | ((a >> 8) & 7) << 5;
                Type allocated = explicit ? t : t instanceof PointerType p ? p.pointee() : null;
                if (allocated == null) {
                    throw s.error("alloca without its allocated type");
                }
                int as = hasNext(o) ? (int) next(o) : 0;
                if ((a & (1 << 5)) != 0) {
                    flags |= Instruction.flagBits(InstFlag.INALLOCA);
                }
                if ((a & (1 << 7)) != 0) {
                    flags |= Instruction.flagBits(InstFlag.SWIFTERROR);
                }
                if (!(size.value() instanceof ConstantInt ci && ci.value().intValue() == 1 && ci.value().bitLength() < 2)) {
                    ops.add(size);
                }
                opcode = Opcode.ALLOCA;
                type = m.module.pointerTo(allocated, as);
                detail = MemoryInst.Access.of(allocated, Codes.alignment(alignCode, s));
            }
            case 20, 41 -> { // LOAD [op, ty?, align, vol] / LOADATOMIC [op, ty?, align, vol, ordering, ssid]
                Operand p = valueAndType(o);
                int rest = o.length - cursor[0];
                Type t;
                if (rest == (code == 20 ? 3 : 5)) {
                    t = m.types.get(next(o));
                } else if (p.type() instanceof PointerType pt && pt.pointee() != null) {
                    t = pt.pointee();
                } else {
                    throw s.error("load without its type");
                }
                long align = Codes.alignment(next(o), s);
                if (next(o) != 0) {
                    flags |= Instruction.flagBits(InstFlag.VOLATILE);
                }
                AtomicOrdering ord = null;
                String scope = null;
                if (code == 41) {
                    ord = Codes.ordering(next(o), s);
                    scope = syncScope(next(o));
                    flags |= Instruction.flagBits(InstFlag.ATOMIC);
                }
                ops.add(p);
                opcode = Opcode.LOAD;
                type = t;
                detail = new MemoryInst.Access(t, align, ord, null, scope, null, null);
            }
            case 44, 24, 45 -> { // STORE [ptr, val, align, vol] / OLD [ptr, val(no type)] / ATOMIC + [ordering, ssid]
                Operand p = valueAndType(o);
                Operand v;
                if (code == 24) {
                    if (!(p.type() instanceof PointerType pt) || pt.pointee() == null) {
                        throw s.error("old store to a non-pointer");
                    }
                    v = value(o, pt.pointee());
                } else {
                    v = valueAndType(o);
                }
                long align = Codes.alignment(next(o), s);
                if (next(o) != 0) {
                    flags |= Instruction.flagBits(InstFlag.VOLATILE);
                }
                AtomicOrdering ord = null;
                String scope = null;
                if (code == 45) {
                    ord = Codes.ordering(next(o), s);
                    scope = syncScope(next(o));
                    flags |= Instruction.flagBits(InstFlag.ATOMIC);
                }
                ops.add(v);
                ops.add(p);
                opcode = Opcode.STORE;
                detail = new MemoryInst.Access(null, align, ord, null, scope, null, null);
            }
            case 34 -> { // CALL [attrs, cc, fmf?, fnty?, callee, args...]
                Attributes.AttributeList attrs = m.attributes.list(s, next(o));
                long cc = next(o);
                if ((cc >> 17 & 1) != 0) {
                    fmf = Codes.fastMath(next(o));
                }
                FunctionType fty = calleeType(o, (cc >> 15 & 1) != 0, ops, "call");
                Operand callee = ops.get(ops.size() - 1);
                int argc = 0;
                for (Type pt : fty.params()) {
                    if (pt == PrimitiveType.METADATA) {
                        long id = m.metadata.map(absolute(next(o)));
                        if (metadataOps == null) {
                            metadataOps = new ArrayList<>();
                        }
                        metadataOps.add(id);
                        metadataOps.add((long) ops.size());
                        ops.add(new Operand(null, PrimitiveType.METADATA, -2));
                    } else if (pt == PrimitiveType.LABEL) {
                        ops.add(new Operand(block(next(o)), pt, -1));
                    } else {
                        ops.add(value(o, pt));
                    }
                    argc++;
                }
                argc = varArgs(o, fty, argc, ops, "call");
                String tail = (cc & 1) != 0 ? "tail" : (cc >> 14 & 1) != 0 ? "musttail" : (cc >> 16 & 1) != 0 ? "notail" : "";
                AttributeSet fnAttrs = attrs.function();
                if (m.upgrade != null && callee.value() instanceof Function old && m.upgrade.upgrades.containsKey(old)) {
                    if (!pendingBundles.isEmpty()) {
                        throw s.error("operand bundles on a call LLVM upgrades");
                    }
                    upgradeCall(old, ops);
                    return;
                }
                callSiteAttributes = fnAttrs;
                ops.addAll(pendingBundleInputs);
                detail = new CallInst.Detail(tail, fty, argc, Codes.callingConvention(cc >> 1 & 0x3FF),
                        attrs.returned(), paramAttributes(attrs, argc), AttributeSet.EMPTY, List.of(),
                        List.copyOf(pendingBundles));
                pendingBundles.clear();
                pendingBundleInputs.clear();
                opcode = Opcode.CALL;
                type = fty.returnType();
            }
            case 13 -> { // INVOKE [attrs, cc, normal, unwind, fnty?, callee, args...]
                Attributes.AttributeList attrs = m.attributes.list(s, next(o));
                long cc = next(o);
                BasicBlock normal = block(next(o));
                BasicBlock unwind = block(next(o));
                FunctionType fty = calleeType(o, (cc >> 13 & 1) != 0, ops, "invoke");
                int argc = 0;
                for (Type pt : fty.params()) {
                    if (pt == PrimitiveType.METADATA || pt == PrimitiveType.LABEL) {
                        throw s.error("invoke with a " + pt + " argument");
                    }
                    ops.add(value(o, pt));
                    argc++;
                }
                argc = varArgs(o, fty, argc, ops, "invoke");
                ops.addAll(pendingBundleInputs);
                ops.add(new Operand(normal, PrimitiveType.LABEL, -1));
                ops.add(new Operand(unwind, PrimitiveType.LABEL, -1));
                use(normal);
                use(unwind);
                callSiteAttributes = attrs.function();
                detail = new CallInst.Detail("", fty, argc, Codes.callingConvention(cc & 0x3FF), attrs.returned(),
                        paramAttributes(attrs, argc), AttributeSet.EMPTY, List.of(), List.copyOf(pendingBundles));
                pendingBundles.clear();
                pendingBundleInputs.clear();
                opcode = Opcode.INVOKE;
                type = fty.returnType();
            }
            case 47 -> { // LANDINGPAD [ty, cleanup, n, (catch 0 | filter 1, value)*]
                type = m.types.get(next(o));
                boolean cleanup = next(o) != 0;
                long n = next(o);
                if (n > o.length) {
                    throw s.error("landingpad with " + n + " clauses in a record of " + o.length);
                }
                List<OtherInst.Clauses.Kind> kinds = new ArrayList<>();
                for (long i = 0; i < n; i++) {
                    long k = next(o);
                    if (k > 1) {
                        throw s.error("invalid landingpad clause kind " + k);
                    }
                    kinds.add(k == 0 ? OtherInst.Clauses.Kind.CATCH : OtherInst.Clauses.Kind.FILTER);
                    ops.add(valueAndType(o));
                }
                if (!cleanup && n == 0) {
                    throw s.error("landingpad without cleanup or clauses");
                }
                flags = cleanup ? Instruction.flagBits(InstFlag.CLEANUP) : 0;
                detail = new OtherInst.Clauses(kinds);
                opcode = Opcode.LANDINGPAD;
            }
            case 48 -> { // CLEANUPRET [pad, unwind?]
                ops.add(value(o, PrimitiveType.TOKEN));
                if (hasNext(o)) {
                    BasicBlock unwind = block(next(o));
                    ops.add(new Operand(unwind, PrimitiveType.LABEL, -1));
                    use(unwind);
                }
                opcode = Opcode.CLEANUPRET;
            }
            case 49 -> { // CATCHRET [pad, target]
                ops.add(value(o, PrimitiveType.TOKEN));
                BasicBlock target = block(next(o));
                ops.add(new Operand(target, PrimitiveType.LABEL, -1));
                use(target);
                opcode = Opcode.CATCHRET;
            }
            case 52 -> { // CATCHSWITCH [parent pad, n, handler..., unwind?]
                ops.add(value(o, PrimitiveType.TOKEN));
                long n = next(o);
                if (n < 1 || n > o.length) {
                    throw s.error("catchswitch with " + n + " handlers");
                }
                List<BasicBlock> handlers = new ArrayList<>();
                for (long i = 0; i < n; i++) {
                    handlers.add(block(next(o)));
                }
                BasicBlock unwind = hasNext(o) ? block(next(o)) : null;
                if (unwind != null) {
                    use(unwind); // LLVM sets the unwind destination before it adds the handlers
                }
                for (BasicBlock h : handlers) {
                    ops.add(new Operand(h, PrimitiveType.LABEL, -1));
                    use(h);
                }
                if (unwind != null) {
                    ops.add(new Operand(unwind, PrimitiveType.LABEL, -1));
                }
                detail = new TerminatorInst.Handlers(handlers.size());
                opcode = Opcode.CATCHSWITCH;
                type = PrimitiveType.TOKEN;
            }
            case 50, 51 -> { // CATCHPAD, CLEANUPPAD [parent pad, n, (value, type?)*]
                ops.add(value(o, PrimitiveType.TOKEN));
                long n = next(o);
                if (n > o.length) {
                    throw s.error("pad with " + n + " arguments in a record of " + o.length);
                }
                for (long i = 0; i < n; i++) {
                    ops.add(valueAndType(o));
                }
                opcode = code == 50 ? Opcode.CATCHPAD : Opcode.CLEANUPPAD;
                type = PrimitiveType.TOKEN;
            }
            case 39 -> { // RESUME [value]
                ops.add(valueAndType(o));
                opcode = Opcode.RESUME;
            }
            case 26 -> { // EXTRACTVAL [agg, idx...]
                Operand agg = valueAndType(o);
                List<Long> idx = new ArrayList<>();
                Type t = agg.type();
                while (hasNext(o)) {
                    long i = next(o);
                    idx.add(i);
                    t = member(t, i);
                }
                ops.add(agg);
                opcode = Opcode.EXTRACTVALUE;
                type = t;
                detail = new AggregateInst.Indices(idx);
            }
            case 27 -> { // INSERTVAL [agg, val, idx...]
                Operand agg = valueAndType(o);
                Operand v = valueAndType(o);
                List<Long> idx = new ArrayList<>();
                while (hasNext(o)) {
                    idx.add(next(o));
                }
                ops.add(agg);
                ops.add(v);
                opcode = Opcode.INSERTVALUE;
                type = agg.type();
                detail = new AggregateInst.Indices(idx);
            }
            case 23 -> { // VAARG [valistty, valist, resty]
                Type lt = m.types.get(next(o));
                ops.add(value(o, lt));
                type = m.types.get(next(o));
                opcode = Opcode.VA_ARG;
            }
            case 58 -> { // FREEZE
                Operand v = valueAndType(o);
                ops.add(v);
                type = v.type();
                opcode = Opcode.FREEZE;
            }
            case 36 -> { // FENCE [ordering, ssid]
                AtomicOrdering ord = Codes.ordering(next(o), s);
                String scope = syncScope(next(o));
                opcode = Opcode.FENCE;
                detail = new MemoryInst.Access(null, 0, ord, null, scope, null, null);
            }
            case 46, 37 -> { // CMPXCHG [ptr, cmp, new, vol, success, ssid, failure, weak, align?]
                Operand p = valueAndType(o);
                Operand cmp = code == 46 ? valueAndType(o) : value(o, ((PointerType) p.type()).pointee());
                Operand nv = value(o, cmp.type());
                if (next(o) != 0) {
                    flags |= Instruction.flagBits(InstFlag.VOLATILE);
                }
                AtomicOrdering success = Codes.ordering(next(o), s);
                String scope = syncScope(next(o));
                AtomicOrdering failure = hasNext(o) ? Codes.ordering(next(o), s) : success;
                if (hasNext(o) && next(o) != 0) {
                    flags |= Instruction.flagBits(InstFlag.WEAK);
                }
                long align = hasNext(o) ? Codes.alignment(next(o), s) : 0;
                ops.add(p);
                ops.add(cmp);
                ops.add(nv);
                opcode = Opcode.CMPXCHG;
                type = new org.nvlower.llvm.ir.StructType(false, List.of(cmp.type(), IntegerType.I1));
                detail = new MemoryInst.Access(null, align, success, failure, scope, null, null);
            }
            case 59, 38 -> { // ATOMICRMW [ptr, val, op, vol, ordering, ssid, align?]
                Operand p = valueAndType(o);
                Operand v = code == 59 ? valueAndType(o) : value(o, ((PointerType) p.type()).pointee());
                String op = Codes.rmwOperation(next(o), s);
                if (next(o) != 0) {
                    flags |= Instruction.flagBits(InstFlag.VOLATILE);
                }
                AtomicOrdering ord = Codes.ordering(next(o), s);
                String scope = syncScope(next(o));
                long align = hasNext(o) ? Codes.alignment(next(o), s) : 0;
                ops.add(p);
                ops.add(v);
                opcode = Opcode.ATOMICRMW;
                type = v.type();
                detail = new MemoryInst.Access(null, align, ord, null, scope, op, null);
            }
            default -> throw s.error("unsupported instruction record code " + code);
        }
        Value[] arr = new Value[ops.size()];
        for (int i = 0; i < arr.length; i++) {
            arr[i] = ops.get(i).value();
        }
        Instruction inst = Instruction.read(opcode, type, flags, fmf, arr, detail);
        if (callSiteAttributes != null) {
            if (!callSiteAttributes.isEmpty()) {
                m.callAttributes.put((CallInst) inst, callSiteAttributes);
            }
            callSiteAttributes = null;
        }
        for (int i = 0; i < arr.length; i++) {
            Operand op = ops.get(i);
            if (op.value() == null && op.id() >= 0) {
                fixups.add(new Fixup(inst, i, op.id(), op.type()));
            }
        }
        if (metadataOps != null) {
            for (int i = 0; i < metadataOps.size(); i += 2) {
                m.metadataOperands.add(new MetadataOperand(inst, metadataOps.get(i + 1).intValue(), metadataOps.get(i)));
            }
        }
        if (type != PrimitiveType.VOID) {
            String name = valueNames.get(instNum());
            if (name != null) {
                inst.setName(name);
            }
            values.add(inst);
        }
        BasicBlock b = blocks.get(current);
        b.appendParsed(inst);
        instructions.add(inst);
        last = inst;
        if (opcode.isTerminator()) {
            b.trimToSize();
            current++;
        }
    }

    private AttributeSet callSiteAttributes;
    /** OPERAND_BUNDLE records read for the next call or invoke. */
    private final List<CallInst.Bundle> pendingBundles = new ArrayList<>();
    private final List<Operand> pendingBundleInputs = new ArrayList<>();

    /**
     * A debug record (LLVM 19: {@code #dbg_value} ...), printed before {@code inst}: metadata ids
     * (location, variable, expression[, value, assign id, address expression, address]) or
     * (label, location); {@code value} is the value of a DEBUG_RECORD_VALUE_SIMPLE.
     */
    record DebugRecordRead(Instruction inst, int code, long[] ids, Value value) {
    }

    /**
     * FUNC_CODE_DEBUG_RECORD_VALUE/DECLARE/ASSIGN/VALUE_SIMPLE/LABEL (61 to 65): written after
     * the instruction they come before; metadata ids without the plus one.
     */
    private void debugRecord(int code, long[] o) {
        if (last == null) {
            throw s.error("debug record before any instruction");
        }
        int n = code == 63 ? 7 : code == 65 ? 2 : 4;
        if (o.length < n) {
            throw s.error("debug record with " + o.length + " operands, needs " + n);
        }
        long[] ids = new long[n];
        Value value = null;
        for (int i = 0; i < n; i++) {
            if (code == 64 && i == 3) {
                int id = absolute(o[i]);
                value = id >= 0 && id < instNum() ? values.get(id) : null;
                if (value == null) {
                    throw s.error("debug record names undefined value " + id);
                }
            } else {
                ids[i] = m.metadata.map(o[i]);
                m.metadata.get(ids[i]);
            }
        }
        m.debugRecords.add(new DebugRecordRead(last, code, ids, value));
    }

    /** A call LLVM 14 upgrades as it reads: its replacement instructions, named once the body is read. */
    private record UpgradedCall(Function old, List<IntrinsicUpgrade.Named> replacement) {
    }

    private final List<UpgradedCall> upgradedCalls = new ArrayList<>();

    private void upgradeCall(Function old, List<Operand> ops) {
        List<Value> args = new ArrayList<>();
        for (int i = 1; i < ops.size(); i++) {
            if (ops.get(i).value() == null) {
                throw s.error("a forward reference in a call of " + old.name() + " is not supported");
            }
            args.add(ops.get(i).value());
        }
        IntrinsicUpgrade.Upgrade u = m.upgrade.upgrades.get(old);
        List<IntrinsicUpgrade.Named> replacement = m.upgrade.expand(old, u, args, m.functionAttributes());
        BasicBlock b = blocks.get(current);
        Instruction result = replacement.get(replacement.size() - 1).instruction();
        if (result.type() != PrimitiveType.VOID) {
            if (u.kind() != IntrinsicUpgrade.Kind.EXPAND) {
                String name = valueNames.get(instNum());
                if (name != null) {
                    result.setName(name); // the new call takes the old one's name
                }
            }
            values.add(result);
        }
        for (IntrinsicUpgrade.Named n : replacement) {
            b.appendParsed(n.instruction());
            last = n.instruction();
        }
        instructions.add(null); // attachments of the old call go with it, as in LLVM
        if (u.kind() == IntrinsicUpgrade.Kind.EXPAND) {
            upgradedCalls.add(new UpgradedCall(old, replacement));
        }
    }

    /**
     * Names the expanded instructions as LLVM does: per old intrinsic (in module order), its
     * calls last first (their use-list order), each name made unique with the function's counter.
     */
    private void nameUpgrades() {
        if (upgradedCalls.isEmpty()) {
            return;
        }
        java.util.Set<String> used = new java.util.HashSet<>(valueNames.values());
        used.addAll(blockNames.values());
        for (Argument a : f.arguments()) {
            used.add(a.name());
        }
        int lastUnique = 0;
        for (Function old : m.upgrade.upgrades.keySet()) {
            for (int i = upgradedCalls.size() - 1; i >= 0; i--) {
                UpgradedCall c = upgradedCalls.get(i);
                if (c.old() != old) {
                    continue;
                }
                for (IntrinsicUpgrade.Named n : c.replacement()) {
                    if (n.name() == null) {
                        continue;
                    }
                    String name = n.name();
                    while (used.contains(name)) {
                        name = n.name() + (++lastUnique);
                    }
                    used.add(name);
                    n.instruction().setName(name);
                }
            }
        }
    }

    private void use(BasicBlock target) {
        blockUses.computeIfAbsent(target, k -> new ArrayList<>()).add(blocks.get(current));
    }

    private String syncScope(long id) {
        if (id == 1) {
            return null; // the default ("system") scope
        }
        if (id == 0) {
            return "singlethread";
        }
        if (id < m.syncScopes.size()) {
            return m.syncScopes.get((int) id);
        }
        throw s.error("invalid sync scope " + id);
    }

    private static boolean isFloating(Type t) {
        Type e = t instanceof VectorType v ? v.element() : t;
        return e instanceof FloatType;
    }

    private Type member(Type t, long i) {
        return switch (t) {
            case org.nvlower.llvm.ir.StructType st when i < st.fields().size() -> st.fields().get((int) i);
            case org.nvlower.llvm.ir.NamedStructType n when i < n.fields().size() -> n.fields().get((int) i);
            case ArrayType a when i < a.count() -> a.element();
            default -> throw s.error("invalid aggregate index " + i + " into " + t);
        };
    }

    /**
     * A call's or invoke's function type, from the record when it carries one, else the callee
     * pointer's pointee; the callee that follows it is read into ops.
     */
    private FunctionType calleeType(long[] o, boolean explicitType, List<Operand> ops, String what) {
        FunctionType fty = null;
        if (explicitType) {
            if (!(m.types.get(next(o)) instanceof FunctionType ft)) {
                throw s.error(what + " with a non-function type");
            }
            fty = ft;
        }
        Operand callee = valueAndType(o);
        if (fty == null) {
            if (!(callee.type() instanceof PointerType pt) || !(pt.pointee() instanceof FunctionType ft)) {
                throw s.error(what + " of a non-function");
            }
            fty = ft;
        }
        ops.add(callee);
        return fty;
    }

    /** Reads a varargs callee's extra (value, type) arguments; returns the new argument count. */
    private int varArgs(long[] o, FunctionType fty, int argc, List<Operand> ops, String what) {
        if (fty.varArgs()) {
            while (hasNext(o)) {
                ops.add(valueAndType(o));
                argc++;
            }
        } else if (hasNext(o)) {
            throw s.error(what + " with more arguments than its type has parameters");
        }
        return argc;
    }

    /** The call site's parameter attributes, or an empty list when none has any. */
    private static List<AttributeSet> paramAttributes(Attributes.AttributeList attrs, int argc) {
        List<AttributeSet> params = new ArrayList<>();
        boolean anyParam = false;
        for (int i = 0; i < argc; i++) {
            AttributeSet ps = attrs.param(i);
            anyParam |= !ps.isEmpty();
            params.add(ps);
        }
        return anyParam ? params : List.of();
    }

    private Type gepType(List<Operand> ops, Type source, Type ptr) {
        Type result = ptr;
        if (ptr instanceof PointerType pt && pt.pointee() != null) {
            Type elem = source;
            for (int k = 2; k < ops.size(); k++) {
                Operand idx = ops.get(k);
                elem = switch (elem) {
                    case ArrayType a -> a.element();
                    case VectorType v -> v.element();
                    case org.nvlower.llvm.ir.StructType st -> st.fields().get(structIndex(idx, st.fields().size()));
                    case org.nvlower.llvm.ir.NamedStructType n -> n.fields().get(structIndex(idx, n.fields().size()));
                    default -> throw s.error("getelementptr indexes into " + elem);
                };
            }
            result = PointerType.to(elem, pt.addressSpace());
        }
        for (Operand op : ops) {
            if (op.type() instanceof VectorType v) {
                return new VectorType(v.scalable(), v.count(), result);
            }
        }
        return result;
    }

    private int structIndex(Operand idx, int n) {
        Value v = idx.value();
        if (v instanceof ConstantInt ci && ci.value().signum() >= 0 && ci.value().intValue() < n) {
            return ci.value().intValue();
        }
        throw s.error("invalid struct index in getelementptr");
    }

    // ------------------------------------------------------------------ after the body

    private void attachments() {
        for (long[] a : attachmentRecords) {
            if (a.length % 2 == 0) {
                m.addAttachments(f, a, 0);
            } else {
                long i = a[0];
                if (i < 0 || i >= instructions.size()) {
                    throw s.error("metadata attachment to instruction " + i + " of " + instructions.size());
                }
                if (instructions.get((int) i) != null) {
                    m.addAttachments(instructions.get((int) i), a, 1);
                }
            }
        }
    }

    /** Each block's predecessors in use-list order: newest use first, then as USELIST records reorder. */
    private void predecessors() {
        for (BasicBlock b : blocks) {
            m.predecessors.put(b, List.of());
        }
        for (Map.Entry<BasicBlock, List<BasicBlock>> e : blockUses.entrySet()) {
            List<BasicBlock> reversed = new ArrayList<>(e.getValue());
            java.util.Collections.reverse(reversed);
            m.predecessors.put(e.getKey(), reversed);
        }
        for (long[] u : useLists) {
            BasicBlock b = block(u[u.length - 1]);
            List<BasicBlock> uses = m.predecessors.get(b);
            int n = u.length - 1;
            if (uses == null || uses.size() != n) {
                continue; // uses by blockaddress constants: the order of terminators cannot be recovered
            }
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            java.util.Arrays.sort(order, (x, y) -> Long.compare(u[x], u[y]));
            List<BasicBlock> sorted = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                sorted.add(uses.get(order[i]));
            }
            m.predecessors.put(b, sorted);
        }
    }
}
