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
    private final List<String> flags;
    private Value[] operands;
    private Value[] original;
    private BasicBlock parent;
    private int sourceStart = -1;
    private int sourceTokenStart;
    private int sourceEnd;
    private List<MetadataAttachment> metadata = List.of();
    private List<DebugRecord> debugRecords = List.of();

    Instruction(Opcode opcode, Type type, List<String> flags, Value[] operands) {
        super("");
        this.opcode = opcode;
        this.type = type;
        this.flags = flags;
        this.operands = operands;
        for (Value v : operands) {
            if (v instanceof TrackedValue t) {
                t.addUse(this);
            }
        }
    }

    /**
     * Makes an instruction of the kind {@code opcode} belongs to (used by the parser; passes use
     * the typed factories such as {@link CallInst#create}).
     */
    public static Instruction of(Opcode opcode, Type type, List<String> flags, Value[] operands, Object detail) {
        return switch (opcode.kind()) {
            case UNARY -> new UnaryInst(opcode, type, flags, operands);
            case BINARY -> new BinaryInst(opcode, type, flags, operands);
            case CAST -> new CastInst(opcode, type, flags, operands);
            case CMP -> new CmpInst(opcode, type, flags, operands, (Predicate) detail);
            case CALL -> new CallInst(opcode, type, flags, operands, (CallInst.Detail) detail);
            case PHI -> new PhiInst(type, flags, operands);
            case MEMORY -> new MemoryInst(opcode, type, flags, operands, (Type) detail);
            case AGGREGATE -> new AggregateInst(opcode, type, flags, operands, (long[]) detail);
            case TERMINATOR -> new TerminatorInst(opcode, type, flags, operands);
            case OTHER -> new OtherInst(opcode, type, flags, operands);
        };
    }

    public Opcode opcode() {
        return opcode;
    }

    /** The result type; {@code void} for instructions without a result. */
    @Override
    public Type type() {
        return type;
    }

    /**
     * The words after the opcode that qualify it, as written: {@code nuw}, {@code nsw},
     * {@code exact}, {@code disjoint}, fast-math flags, {@code inbounds}, {@code volatile}, ...
     */
    public List<String> flags() {
        return flags;
    }

    public boolean hasFlag(String flag) {
        return flags.contains(flag);
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

    /** Replaces one operand, keeping def-use in step. */
    public void setOperand(int index, Value value) {
        Value old = operands[index];
        if (old == value) {
            return;
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
        parent.remove(this);
        for (Value v : operands) {
            if (v instanceof TrackedValue t) {
                t.removeUse(this);
            }
        }
        operands = new Value[0];
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

    /** Sets the attachments of a created instruction (those of a parsed one are kept as text). */
    public void setMetadata(List<MetadataAttachment> metadata) {
        if (sourceStart >= 0) {
            throw new UnsupportedOperationException("the metadata of a parsed instruction is kept as its text");
        }
        this.metadata = List.copyOf(metadata);
    }

    /** The {@code #dbg_...} records written just before this instruction (LLVM 19+). */
    public List<DebugRecord> debugRecords() {
        return debugRecords;
    }

    void replaceDebugRecords(List<DebugRecord> records) {
        debugRecords = records;
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
    void nameChanged() {
        Function f = function();
        if (f != null) {
            f.markRenumber();
        }
    }

    @Override
    public String toString() {
        return opcode + " " + type + (hasName() ? " %" + name() : slot() >= 0 ? " %" + slot() : "");
    }
}
