package org.nvlower.llvm.ir;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * An instruction: opcode, result type ({@code void} when it defines no value), operands in the
 * order they are written, and the block that holds it. One sealed subclass per kind of
 * instruction ({@link Opcode.Kind}); they are classes, not records, because an instruction has
 * identity and changing operands (uses are tracked both ways).
 *
 * <p>An instruction read from text remembers its {@link InstructionSource}; the printer gives
 * that text back unchanged, or with the edited operands re-spelled. Instructions made by the
 * factories have no source and are printed in LLVM's canonical style.
 */
public abstract sealed class Instruction extends TrackedValue
        permits UnaryInst, BinaryInst, CastInst, CmpInst, CallInst, PhiInst, MemoryInst, AggregateInst,
                TerminatorInst, OtherInst {

    private final Opcode opcode;
    private final Type type;
    private int flagBits;
    private FastMathFlags fastMath;
    private Value[] operands;
    private Value[] original;
    private BasicBlock parent;
    /** The neighbours in the block's {@link InstructionList}. */
    Instruction prevInBlock;
    Instruction nextInBlock;
    private int sourceStart = -1;
    private int sourceTokenStart;
    private int sourceEnd;
    private List<MetadataAttachment> metadata = List.of();
    private List<DebugRecord> debugRecords = List.of();

    Instruction(Opcode opcode, Type type, int flagBits, FastMathFlags fastMath, Value[] operands) {
        super("");
        this.opcode = opcode;
        this.type = type;
        this.flagBits = flagBits;
        this.fastMath = fastMath == null ? FastMathFlags.NONE : fastMath;
        this.operands = operands;
        for (Value v : operands) {
            if (v instanceof TrackedValue t) {
                t.addUse(this);
            }
        }
    }

    /**
     * What an instruction of some kinds carries besides its operands: the predicate of a compare,
     * the callee type and attributes of a call, the access details of a memory instruction, the
     * indices of extractvalue/insertvalue, the clauses of a landingpad, the handler count of a
     * catchswitch.
     */
    public sealed interface Detail permits Predicate, CallInst.Detail, MemoryInst.Access, AggregateInst.Indices,
            OtherInst.Clauses, TerminatorInst.Handlers {
    }

    /**
     * Makes an instruction from parts already checked by a reader (the parser, the cloner):
     * operands may still be null where a forward reference will be resolved later. The detail
     * must be the one the opcode's kind takes ({@link Detail}), or null for kinds without one.
     * Passes build instructions with the typed factories of each kind and {@link IrBuilder},
     * which check their operands.
     */
    public static Instruction read(Opcode opcode, Type type, int flagBits, FastMathFlags fastMath, Value[] operands,
            Detail detail) {
        return switch (opcode.kind()) {
            case UNARY -> new UnaryInst(opcode, type, fastMath, operands);
            case BINARY -> new BinaryInst(opcode, type, flagBits, fastMath, operands);
            case CAST -> new CastInst(opcode, type, flagBits, fastMath, operands);
            case CMP -> new CmpInst(opcode, type, flagBits, fastMath, operands, detailOf(Predicate.class, opcode, detail));
            case CALL -> new CallInst(opcode, type, fastMath, operands, detailOf(CallInst.Detail.class, opcode, detail));
            case PHI -> new PhiInst(type, fastMath, operands);
            case MEMORY -> MemoryInst.read(opcode, type, flagBits, operands, detailOf(MemoryInst.Access.class, opcode, detail));
            case AGGREGATE -> new AggregateInst(opcode, type, operands,
                    detail == null ? AggregateInst.Indices.NONE : detailOf(AggregateInst.Indices.class, opcode, detail));
            case TERMINATOR -> new TerminatorInst(opcode, type, operands,
                    detail == null ? null : detailOf(TerminatorInst.Handlers.class, opcode, detail));
            case OTHER -> OtherInst.read(opcode, type, flagBits, fastMath, operands,
                    detail == null ? null : detailOf(OtherInst.Clauses.class, opcode, detail));
        };
    }

    private static <D extends Detail> D detailOf(Class<D> kind, Opcode opcode, Detail detail) {
        if (!kind.isInstance(detail)) {
            throw new IllegalArgumentException(opcode + " needs a " + kind.getSimpleName() + ", got " + detail);
        }
        return kind.cast(detail);
    }

    /** Bits of {@link InstFlag}s, for readers. */
    public static int flagBits(InstFlag... flags) {
        int bits = 0;
        for (InstFlag f : flags) {
            bits |= f.bit();
        }
        return bits;
    }

    public Opcode opcode() {
        return opcode;
    }

    /** The kind-specific detail ({@link Detail}), or null for kinds without one. */
    public Detail detail() {
        return null;
    }

    /** The result type; {@code void} for instructions without a result. */
    @Override
    public Type type() {
        return type;
    }

    /**
     * The words after the opcode that qualify it, as LLVM prints them: the {@link InstFlag}s set,
     * then the fast-math flags. (Atomic orderings, sync scopes and the atomicrmw operation are
     * {@link MemoryInst.Access}, not flags.)
     */
    public List<String> flags() {
        if (flagBits == 0 && fastMath.isEmpty()) {
            return List.of();
        }
        List<String> words = new ArrayList<>();
        for (InstFlag f : InstFlag.values()) {
            if (hasFlag(f) && !(f == InstFlag.NUSW && hasFlag(InstFlag.INBOUNDS))) {
                words.add(f.keyword());
            }
        }
        words.addAll(fastMath.words());
        return words;
    }

    public boolean hasFlag(InstFlag flag) {
        return (flagBits & flag.bit()) != 0;
    }

    /** Sets or clears a flag; the instruction then prints canonically (its text no longer says it). */
    public void setFlag(InstFlag flag, boolean on) {
        int bits = on ? flagBits | flag.bit() : flagBits & ~flag.bit();
        if (bits != flagBits) {
            flagBits = bits;
            detailChanged();
        }
    }

    public int flagBits() {
        return flagBits;
    }

    public FastMathFlags fastMathFlags() {
        return fastMath;
    }

    /** Sets the fast-math flags; the instruction then prints canonically. */
    public void setFastMathFlags(FastMathFlags flags) {
        if (!flags.equals(fastMath)) {
            fastMath = flags;
            detailChanged();
        }
    }

    /**
     * A property the source text spells changed (a flag, an attribute): the text no longer
     * describes the instruction, so it is printed canonically from now on.
     */
    void detailChanged() {
        if (sourceStart >= 0) {
            sourceStart = -1;
            original = null;
        }
        Function f = function();
        if (f != null) {
            f.markEdited();
        }
    }

    /** The operands in textual order (for calls: the callee first, then the arguments). */
    public List<Value> operands() {
        return Collections.unmodifiableList(Arrays.asList(operands));
    }

    public Value operand(int index) {
        return operands[index];
    }

    public int operandCount() {
        return operands.length;
    }

    /** Replaces one operand with a value of the same type, keeping def-use in step. */
    public void setOperand(int index, Value value) {
        Value old = operands[index];
        if (old == value) {
            return;
        }
        if (old != null && !old.type().equals(value.type())) {
            throw new IllegalArgumentException("operand " + index + " of " + opcode + " is a " + old.type()
                    + ", not a " + value.type());
        }
        if (original == null && sourceStart >= 0) {
            original = operands.clone();
        }
        if (old instanceof TrackedValue t) {
            t.removeUse(this);
        }
        operands[index] = value;
        if (value instanceof TrackedValue t) {
            t.addUse(this);
        }
        markEdited();
    }

    /** Replaces every operand equal to {@code from} with {@code to}. */
    public void replaceUsesOf(Value from, Value to) {
        for (int i = 0; i < operands.length; i++) {
            if (operands[i] == from) {
                setOperand(i, to);
            }
        }
    }

    /**
     * Replaces the whole operand list (an operand added or removed: a phi entry, a switch case).
     * The instruction then prints canonically: its text has other operands.
     */
    void replaceOperands(Value[] newOperands) {
        for (Value v : operands) {
            if (v instanceof TrackedValue t) {
                t.removeUse(this);
            }
        }
        operands = newOperands.clone();
        for (Value v : operands) {
            if (v instanceof TrackedValue t) {
                t.addUse(this);
            }
        }
        detailChanged();
    }

    /**
     * Appends operands (phi entries): only the new values gain a use, so a phi built from n
     * entries costs O(n), not O(n^2) as replacing the whole list each time would. The instruction
     * then prints canonically, as after {@link #replaceOperands}.
     */
    void appendOperands(Value... added) {
        Value[] ops = Arrays.copyOf(operands, operands.length + added.length);
        System.arraycopy(added, 0, ops, operands.length, added.length);
        operands = ops;
        for (Value v : added) {
            if (v instanceof TrackedValue t) {
                t.addUse(this);
            }
        }
        detailChanged();
    }

    /** Whether this instruction ends a block. */
    public boolean isTerminator() {
        return opcode.isTerminator();
    }

    /**
     * The blocks control may go to from this terminator, in operand order (a block reached by
     * two edges appears twice, as in LLVM); empty for other instructions.
     */
    public List<BasicBlock> successors() {
        if (!isTerminator()) {
            return List.of();
        }
        List<BasicBlock> result = new ArrayList<>(2);
        for (Value v : operands) {
            if (v instanceof BasicBlock b) {
                result.add(b);
            }
        }
        return result;
    }

    /** Makes every edge to {@code from} go to {@code to} instead (terminators only). */
    public void replaceSuccessor(BasicBlock from, BasicBlock to) {
        for (int i = 0; i < operands.length; i++) {
            if (operands[i] == from) {
                setOperand(i, to);
            }
        }
    }

    /**
     * Stops using the globals among the operands (for a discarded body: its locals go with it,
     * only the globals outlive it).
     */
    void dropGlobalUses() {
        for (int i = operands.length - 1; i >= 0; i--) {
            if (operands[i] instanceof GlobalValue g) {
                g.removeUse(this);
            }
        }
    }

    /** Called by the parser to fill an operand that referred forward to a later definition. */
    public void resolveForwardOperand(int index, Value value) {
        if (operands[index] != null) {
            throw new IllegalStateException("operand " + index + " is already resolved");
        }
        operands[index] = value;
        if (value instanceof TrackedValue t) {
            t.addUse(this);
        }
    }

    /** The operand as read from the text, before any edit (the printer re-spells operands that differ). */
    public Value originalOperand(int index) {
        return original == null ? operands[index] : original[index];
    }

    public BasicBlock parent() {
        return parent;
    }

    void setParent(BasicBlock parent) {
        this.parent = parent;
    }

    public Function function() {
        return parent == null ? null : parent.parent();
    }

    /** Takes this instruction out of its block, keeping its operands and users (to insert it elsewhere). */
    public void removeFromParent() {
        if (parent == null) {
            throw new IllegalStateException("instruction is not in a block");
        }
        Function f = parent.parent();
        parent.remove(this);
        if (f != null && hasName()) {
            f.releaseLocalName(name());
        }
        if (f == null || sourceStart < 0) {
            return;
        }
        // its text belongs to this module: from now on it prints from the model
        sourceStart = -1;
        original = null;
        if (hasResult() && !hasName()) {
            setSlot(-1);
        }
    }

    /** Moves this instruction just before {@code anchor} (same function). */
    public void moveBefore(Instruction anchor) {
        if (anchor.function() != function() || function() == null) {
            throw new IllegalArgumentException("moving an instruction to another function");
        }
        if (anchor == this) {
            return;
        }
        if (isTerminator() || anchor instanceof PhiInst && !(this instanceof PhiInst)) {
            throw new IllegalArgumentException("cannot move " + opcode + " before " + anchor.opcode());
        }
        // the value keeps its name or number, and its text: it prints where it now stands
        parent.detach(this);
        anchor.parent().attachBefore(anchor, this);
    }

    /** Moves this instruction to the end of {@code block} (same function), keeping its name, number and text. */
    public void moveToEnd(BasicBlock block) {
        if (block.parent() != function() || function() == null) {
            throw new IllegalArgumentException("moving an instruction to another function");
        }
        if (block.terminator() != null) {
            throw new IllegalArgumentException(block + " already ends with a terminator");
        }
        parent.detach(this);
        block.attachAtEnd(this);
    }

    /** Inserts this (unattached) instruction just before {@code anchor}. */
    public void insertBefore(Instruction anchor) {
        anchor.parent().insertBefore(anchor, this);
    }

    /** Inserts this (unattached) instruction just after {@code anchor}. */
    public void insertAfter(Instruction anchor) {
        anchor.parent().insertAfter(anchor, this);
    }

    /** The instruction after this one in its block, or null. */
    public Instruction next() {
        return parent == null ? null : parent.after(this);
    }

    /** The instruction before this one in its block, or null. */
    public Instruction previous() {
        return parent == null ? null : parent.before(this);
    }

    /** Whether it defines a value (its type is not void). */
    public boolean hasResult() {
        return !type.isVoid();
    }

    /**
     * Removes this instruction from its block and drops its operands. It must have no users left
     * (replace them first). Erasing a numbered value makes the function renumber its values
     * when printed, as LLVM requires numbers without holes.
     */
    public void eraseFromParent() {
        if (hasUses()) {
            throw new IllegalStateException("erasing " + opcode + " that still has " + useCount() + " use(s)");
        }
        if (parent == null) {
            throw new IllegalStateException("instruction is not in a block");
        }
        Function f = parent.parent();
        parent.remove(this);
        for (Value v : operands) {
            if (v instanceof TrackedValue t) {
                t.removeUse(this);
            }
        }
        operands = new Value[0];
        if (f != null && f.hasDebugLocals()) {
            DebugLocals.deleted(f, this); // debug info naming it now says undef (poison in records)
        }
    }

    /**
     * LLVM's ReplaceInstWithValue: every use of this instruction takes {@code value}, then the
     * instruction is erased ({@link #eraseFromParent}).
     */
    public void replaceAndErase(Value value) {
        replaceAllUsesWith(value);
        eraseFromParent();
    }

    /**
     * LLVM's wouldInstructionBeTriviallyDead for what needs no table: whether the instruction
     * could go once nothing uses it. No terminator, store, fence, atomic, va_arg, pad, invoke or
     * callbr; a load only when {@linkplain MemoryInst#isSimple simple}, a call only when
     * {@linkplain CallInst#isPure pure}.
     */
    public boolean wouldBeTriviallyDead() { // LoadInst and CallInst override it
        return switch (opcode) {
            case STORE, FENCE, CMPXCHG, ATOMICRMW, VA_ARG, LANDINGPAD, CLEANUPPAD, CATCHPAD, INVOKE, CALLBR -> false;
            default -> !isTerminator();
        };
    }

    /**
     * LLVM's ReplaceInstWithInst: puts {@code replacement} in this instruction's place, gives it
     * this instruction's name (or number) so no other text changes, moves the uses and the
     * {@code !dbg} location to it, and erases this instruction.
     */
    public void replaceWith(Instruction replacement) {
        if (replacement.parent != null) {
            throw new IllegalArgumentException("the replacement is already in a block");
        }
        BasicBlock block = parent;
        if (block == null) {
            throw new IllegalStateException("instruction is not in a block");
        }
        if (!replacement.hasName() && replacement.slot() < 0 && replacement.hasResult()) {
            replacement.takeNameOf(this);
        }
        if (replacement.metadata.isEmpty()) {
            replacement.metadata = metadata.stream().filter(m -> m.name().equals("dbg")).toList();
        }
        if (!debugRecords.isEmpty()) {
            replacement.addDebugRecords(debugRecords);
            debugRecords = List.of();
        }
        block.insertBeforeKeepingName(this, replacement);
        replaceAllUsesWith(replacement);
        String myName = name();
        int mySlot = slot();
        setName("");
        setSlot(-1);
        if (replacement.name().equals(myName) && replacement.slot() == mySlot) {
            block.remove(this, false);
        } else {
            block.remove(this);
        }
        for (Value v : operands) {
            if (v instanceof TrackedValue t) {
                t.removeUse(this);
            }
        }
        operands = new Value[0];
    }

    private void takeNameOf(Instruction other) {
        setName(other.name());
        setSlot(other.slot());
    }

    public List<MetadataAttachment> metadata() {
        return metadata;
    }

    /** Replaces the metadata attachments (a parsed instruction then prints canonically). */
    public void setMetadata(List<MetadataAttachment> metadata) {
        if (!metadata.equals(this.metadata)) {
            this.metadata = List.copyOf(metadata);
            detailChanged();
        }
    }

    /**
     * LLVM's setMetadata(kind, node): the attachment {@code !kind} becomes {@code node} ({@code "!7"}),
     * in its place, or added last when the instruction has none.
     */
    public void setMetadata(String kind, String node) {
        MetadataAttachment m = new MetadataAttachment(kind, node);
        List<MetadataAttachment> list = new ArrayList<>(metadata.stream().map(a -> a.name().equals(kind) ? m : a).toList());
        if (metadata(kind) == null) {
            list.add(m);
        }
        setMetadata(list);
    }

    /** LLVM's copyMetadata for one kind: this instruction's {@code !kind} becomes {@code from}'s (when it has one). */
    public void copyMetadata(Instruction from, String kind) {
        MetadataAttachment m = from.metadata(kind);
        if (m != null) {
            setMetadata(kind, m.node());
        }
    }

    /** The attachment {@code !kind}, or null. */
    public MetadataAttachment metadata(String kind) {
        for (MetadataAttachment m : metadata) {
            if (m.name().equals(kind)) {
                return m;
            }
        }
        return null;
    }

    /** The {@code #dbg_...} records written just before this instruction (LLVM 19+). */
    public List<DebugRecord> debugRecords() {
        return debugRecords;
    }

    void replaceDebugRecords(List<DebugRecord> records) {
        debugRecords = records;
    }

    /** Replaces the debug records (an edit: the records print from the model). */
    public void setDebugRecords(List<DebugRecord> records) {
        debugRecords = List.copyOf(records);
        markEdited();
    }

    /**
     * Called by the parser once a body is read: the debug records and the metadata operand
     * {@code index} (or -1) with their locals bound ({@link DebugLocals}); the text is the same,
     * so this is no edit.
     */
    public void bindDebugLocals(List<DebugRecord> records, int index, MetadataValue bound) {
        if (records != null) {
            debugRecords = List.copyOf(records);
        }
        if (index >= 0) {
            if (!(operands[index] instanceof MetadataValue m) || !m.text().equals(bound.text())) {
                throw new IllegalArgumentException("operand " + index + " is not " + bound.text());
            }
            operands[index] = bound;
        }
    }

    public void addDebugRecords(List<DebugRecord> records) {
        if (!records.isEmpty()) {
            List<DebugRecord> all = new ArrayList<>(debugRecords);
            all.addAll(records);
            debugRecords = List.copyOf(all);
        }
    }

    /** Where the instruction was read from; null for a created instruction. */
    public InstructionSource source() {
        return sourceStart < 0 ? null : new InstructionSource(sourceStart, sourceTokenStart, sourceEnd);
    }

    /** Whether the instruction was read from text. */
    public boolean hasSource() {
        return sourceStart >= 0;
    }

    /** Called by the parser. */
    public void setSource(int start, int tokenStart, int end, List<MetadataAttachment> metadata,
            List<DebugRecord> debugRecords) {
        this.sourceStart = start;
        this.sourceTokenStart = tokenStart;
        this.sourceEnd = end;
        this.metadata = metadata;
        this.debugRecords = debugRecords;
    }

    /** True when an operand or the metadata changed since parsing. */
    public boolean isEdited() {
        return original != null;
    }

    private void markEdited() {
        if (original == null && sourceStart >= 0) {
            original = operands.clone();
        }
        Function f = function();
        if (f != null) {
            f.markEdited();
        }
    }

    @Override
    void nameReleased(String old) {
        Function f = function();
        if (f != null) {
            f.releaseLocalName(old);
        }
    }

    @Override
    String uniqueName(String requested) {
        Function f = function();
        return f == null ? requested : f.uniqueLocalName(requested, this);
    }

    @Override
    void nameChanged() {
        Function f = function();
        if (f != null) {
            f.markLocalRenamed();
        }
    }

    @Override
    public String toString() {
        return opcode + " " + type + (hasName() ? " %" + name() : slot() >= 0 ? " %" + slot() : "");
    }
}
