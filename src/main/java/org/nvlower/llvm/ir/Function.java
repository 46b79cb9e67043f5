package org.nvlower.llvm.ir;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A function declaration or definition: its type, arguments, header properties (calling
 * convention, attributes, GC, prefix/prologue/personality) and basic blocks.
 *
 * <p>A body read from text is read again on first use ({@link #materialize}); every method that
 * looks at or changes the body reads it first, so an unread body can never be edited.
 */
public final class Function extends GlobalValue {

    private final FunctionType functionType;
    private final List<Argument> arguments = new ArrayList<>();
    private final ArrayList<BasicBlock> blocks = new ArrayList<>();
    private boolean parsedDefinition;
    private String callingConvention = "";
    private AttributeSet returnAttributes = AttributeSet.EMPTY;
    private AttributeSet fnAttributes = AttributeSet.EMPTY;
    private List<Integer> attributeGroups = List.of();
    private String gc;
    private String prefix;
    private String prologue;
    private String personality;
    private int bodyStart = -1;
    private int closeStart = -1;
    private int widestSourceScalarBits = -1;
    private boolean edited;
    private boolean renumber;
    /** Whether a local of the body, or a global it uses, was renamed (or named, or unnamed) since it was read. */
    private boolean localRenamed;
    private boolean debugLocals;
    private Set<String> usedNames;
    private int nextFresh;
    private Runnable bodyLoader;
    private Runnable reloader;
    private boolean loading;

    /** A declaration of {@code functionType} with unnamed arguments (add blocks to define it). */
    public Function(Module module, String name, FunctionType functionType, int addressSpace) {
        super(module, name, functionType, addressSpace);
        this.functionType = functionType;
    }

    /** Called by the parser: whether the text has a body ({@code define}). */
    public void readDefinition(boolean definition) {
        this.parsedDefinition = definition;
    }

    /** Called by the parser: the header properties after the linkage words, as read. */
    public void readFunctionHeader(String callingConvention, AttributeSet returnAttributes, AttributeSet fnAttributes,
            List<Integer> attributeGroups, String gc, String prefix, String prologue, String personality) {
        this.callingConvention = callingConvention;
        this.returnAttributes = returnAttributes;
        this.fnAttributes = fnAttributes;
        this.attributeGroups = List.copyOf(attributeGroups);
        this.gc = gc;
        this.prefix = prefix;
        this.prologue = prologue;
        this.personality = personality;
    }

    public FunctionType functionType() {
        return functionType;
    }

    public Type returnType() {
        return functionType.returnType();
    }

    public List<Argument> arguments() {
        return Collections.unmodifiableList(arguments);
    }

    public Argument argument(int i) {
        return arguments.get(i);
    }

    /** Called by the parser and by {@link Module#addFunction}, in order. */
    public void addArgument(Argument argument) {
        if (argument.index() != arguments.size() || !argument.type().equals(functionType.params().get(argument.index()))) {
            throw new IllegalArgumentException("argument " + arguments.size() + " must have type "
                    + functionType.params().get(arguments.size()));
        }
        arguments.add(argument);
    }

    // ------------------------------------------------------------------ header

    /** {@code fastcc}, {@code ptx_kernel}, {@code cc 11}, ... or {@code ""} for the C convention. */
    public String callingConvention() {
        return callingConvention;
    }

    public void setCallingConvention(String cc) {
        if (!cc.equals(callingConvention)) {
            callingConvention = cc;
            headerChanged();
        }
    }

    public AttributeSet returnAttributes() {
        return returnAttributes;
    }

    public void setReturnAttributes(AttributeSet attributes) {
        if (!attributes.equals(returnAttributes)) {
            returnAttributes = attributes;
            headerChanged();
        }
    }

    /** The function attributes written in the header itself (not those of {@code #N} groups). */
    public AttributeSet inlineAttributes() {
        return fnAttributes;
    }

    /** The {@code #N} attribute groups the header refers to. */
    public List<Integer> attributeGroups() {
        return attributeGroups;
    }

    /** All function attributes: those written inline, then those of the groups. */
    public AttributeSet attributes() {
        AttributeSet all = fnAttributes;
        for (int id : attributeGroups) {
            AttributeGroup g = module().attributeGroup(id);
            if (g != null) {
                all = all.union(g.attributeSet());
            }
        }
        return all;
    }

    /** Whether the function has the attribute {@code name} (inline or through a group). */
    public boolean hasAttribute(String name) {
        return attributes().has(name);
    }

    /** Adds the attribute group {@code #id} unless the function has it (see {@link Module#attributeGroupFor}). */
    public void addAttributeGroup(int id) {
        if (!attributeGroups().contains(id)) {
            List<Integer> groups = new ArrayList<>(attributeGroups());
            groups.add(id);
            setAttributes(inlineAttributes(), groups);
        }
    }

    /** Sets the function attributes: written inline, plus {@code groups}. */
    public void setAttributes(AttributeSet inline, List<Integer> groups) {
        if (!inline.equals(fnAttributes) || !groups.equals(attributeGroups)) {
            fnAttributes = inline;
            attributeGroups = List.copyOf(groups);
            headerChanged();
        }
    }

    /** Adds a function attribute, written inline. */
    public void addAttribute(Attribute attribute) {
        setAttributes(fnAttributes.with(attribute), attributeGroups);
    }

    /** Removes a function attribute wherever it is written: inline, or (by moving the group's others inline) in a group. */
    public void removeAttribute(String name) {
        if (!hasAttribute(name)) {
            return;
        }
        setAttributes(attributes().without(name), List.of());
    }

    /** {@code gc "name"}, or null. */
    public String gc() {
        return gc;
    }

    /** {@code prefix T C}, {@code prologue T C}, {@code personality T C}, each as written, or null. */
    public String prefixData() {
        return prefix;
    }

    public String prologueData() {
        return prologue;
    }

    public String personality() {
        return personality;
    }

    void readHeaderText(String prefix, String prologue, String personality) {
        this.prefix = prefix;
        this.prologue = prologue;
        this.personality = personality;
    }

    // ------------------------------------------------------------------ body

    /** The basic blocks; a body not read yet is read now (see {@link #setBodyLoader}). */
    public List<BasicBlock> blocks() {
        materialize();
        return Collections.unmodifiableList(blocks);
    }

    /** The first block, or null for a declaration. */
    public BasicBlock entryBlock() {
        materialize();
        return blocks.isEmpty() ? null : blocks.get(0);
    }

    /**
     * Bodies are read on first use: the parser checks every body, then keeps only its place in
     * the text and this loader, which reads it again when {@link #blocks()} is first called.
     * A round trip of a large module thus holds little more than its text.
     */
    public void setBodyLoader(Runnable loader) {
        this.bodyLoader = loader;
    }

    /** Whether the body is in memory (always true for declarations and edited functions). */
    public boolean isMaterialized() {
        return bodyLoader == null;
    }

    /** Reads the body if it was not read yet. */
    public void materialize() {
        if (bodyLoader != null && !loading) {
            loading = true;
            try {
                bodyLoader.run();
            } finally {
                loading = false;
            }
            reloader = bodyLoader;
            bodyLoader = null;
        }
    }

    /**
     * Forgets the body again if it was read on demand and not edited, so that tools walking a
     * large module function by function need memory for one body at a time. Returns whether it did.
     */
    public boolean release() {
        if (reloader == null || edited || bodyLoader != null) {
            return false;
        }
        discardBody(reloader);
        return true;
    }

    /**
     * Forgets an unedited body so it is read again on next use; drops its uses of globals and
     * arguments. Used by the parser after checking a body, and by tools that stream functions.
     */
    public void discardBody(Runnable loader) {
        if (edited) {
            throw new IllegalStateException("@" + name() + " was edited; its body cannot be discarded");
        }
        // last to first: each dropped use is then at the end of its value's use list
        for (int b = blocks.size() - 1; b >= 0; b--) {
            for (Instruction i = blocks.get(b).last(); i != null; i = i.previous()) {
                i.dropGlobalUses();
            }
        }
        blocks.clear();
        for (Argument a : arguments) {
            a.clearUses();
        }
        usedNames = null;
        bodyLoader = loader;
    }

    /** Called by the parser, in order, while it reads the body. */
    public void appendParsedBlock(BasicBlock block) {
        block.setParent(this);
        blocks.add(block);
    }

    /** Adds {@code block} after the last block (a declaration becomes a definition). */
    public void appendBlock(BasicBlock block) {
        materialize();
        adopt(block);
        blocks.add(block);
        markEdited();
    }

    /** Creates a block named {@code name} ("" for a numbered one) at the end and returns it. */
    public BasicBlock appendBlock(String name) {
        BasicBlock b = new BasicBlock(name);
        appendBlock(b);
        return b;
    }

    /** Inserts {@code block} right after {@code after}. */
    public void insertBlockAfter(BasicBlock after, BasicBlock block) {
        materialize();
        int i = indexOfBlock(after);
        if (i < 0) {
            throw new IllegalArgumentException(after + " is not in @" + name());
        }
        adopt(block);
        blocks.add(i + 1, block);
        block.indexHint = i + 1;
        markEdited();
    }

    /**
     * Inserts {@code added} in order right before {@code before}: one search and one shift of the
     * block list for all of them (an inlined body of thousands of blocks stays linear).
     */
    public void insertBlocksBefore(BasicBlock before, List<BasicBlock> added) {
        materialize();
        int i = indexOfBlock(before);
        if (i < 0) {
            throw new IllegalArgumentException(before + " is not in @" + name());
        }
        for (BasicBlock b : added) {
            adopt(b);
        }
        blocks.addAll(i, added);
        for (int k = 0; k < added.size(); k++) {
            added.get(k).indexHint = i + k;
        }
        before.indexHint = i + added.size();
        markEdited();
    }

    /**
     * Where {@code block} is in the block list, or -1. The block's hint (its position when last
     * inserted or found) is checked first: inlining splits the block it just split off again, so
     * a search of thousands of blocks per call site is mostly avoided.
     */
    private int indexOfBlock(BasicBlock block) {
        int hint = block.indexHint;
        if (hint >= 0 && hint < blocks.size() && blocks.get(hint) == block) {
            return hint;
        }
        int i = blocks.indexOf(block);
        block.indexHint = i;
        return i;
    }

    /** Inserts {@code block} right before {@code before} (before the entry, it becomes the entry). */
    public void insertBlockBefore(BasicBlock before, BasicBlock block) {
        materialize();
        int i = blocks.indexOf(before);
        if (i < 0) {
            throw new IllegalArgumentException(before + " is not in @" + name());
        }
        adopt(block);
        blocks.add(i, block);
        markEdited();
    }

    private void adopt(BasicBlock block) {
        if (block.parent() != null) {
            throw new IllegalArgumentException(block + " is already in a function");
        }
        if (block.hasName() && usedNames().contains(block.name())) {
            block.setName(freshName(block.name()));
        }
        block.setParent(this);
        if (block.hasName()) {
            usedNames().add(block.name());
        } else {
            markRenumber();
        }
    }

    /**
     * Deletes {@code block}: it must have no predecessors left; its successors lose their phi
     * entries for it, and values it defines that are still used elsewhere become poison there.
     */
    public void removeBlock(BasicBlock block) {
        materialize();
        if (block.parent() != this) {
            throw new IllegalArgumentException(block + " is not in @" + name());
        }
        for (BasicBlock pred : block.predecessors()) {
            if (pred != block) {
                throw new IllegalStateException(block + " still has predecessor " + pred);
            }
        }
        for (BasicBlock s : new java.util.LinkedHashSet<>(block.successors())) {
            s.removePhiEntriesFrom(block);
        }
        block.dropAllInstructions();
        for (Instruction user : block.users()) {
            // phis of blocks that are not successors (stale entries) and blockaddress-free users
            if (user instanceof PhiInst phi) {
                phi.removeIncomingBlock(block);
            }
        }
        blocks.remove(block);
        block.setParent(null);
        if (!block.hasName()) {
            markRenumber();
        }
        markEdited();
    }

    /** The blocks reachable from the entry block. */
    public Set<BasicBlock> reachableBlocks() {
        materialize();
        Set<BasicBlock> seen = new HashSet<>();
        if (blocks.isEmpty()) {
            return seen;
        }
        ArrayDeque<BasicBlock> work = new ArrayDeque<>();
        work.add(blocks.get(0));
        seen.add(blocks.get(0));
        while (!work.isEmpty()) {
            for (BasicBlock s : work.poll().successors()) {
                if (seen.add(s)) {
                    work.add(s);
                }
            }
        }
        return seen;
    }

    /** LLVM's removeUnreachableBlocks: deletes the blocks not reachable from the entry; returns how many. */
    public int removeUnreachableBlocks() {
        Set<BasicBlock> live = reachableBlocks();
        List<BasicBlock> dead = new ArrayList<>();
        for (BasicBlock b : blocks) {
            if (!live.contains(b)) {
                dead.add(b);
            }
        }
        for (BasicBlock b : dead) {
            for (BasicBlock s : new java.util.LinkedHashSet<>(b.successors())) {
                if (live.contains(s)) {
                    s.removePhiEntriesFrom(b);
                }
            }
        }
        for (BasicBlock b : dead) {
            b.dropAllInstructions();
        }
        for (BasicBlock b : dead) {
            for (Instruction user : b.users()) {
                if (user instanceof PhiInst phi) {
                    phi.removeIncomingBlock(b);
                }
            }
            blocks.remove(b);
            b.setParent(null);
            if (!b.hasName()) {
                markRenumber();
            }
        }
        if (!dead.isEmpty()) {
            markEdited();
        }
        return dead.size();
    }

    /** Makes the function a declaration: drops every block. */
    public void deleteBody() {
        materialize();
        for (BasicBlock b : blocks) {
            for (Instruction i : b.instructions()) {
                for (int k = 0; k < i.operandCount(); k++) {
                    if (i.operand(k) instanceof TrackedValue t) {
                        t.removeUse(i);
                    }
                }
            }
        }
        for (BasicBlock b : blocks) {
            b.setParent(null);
        }
        blocks.clear();
        for (Argument a : arguments) {
            a.clearUses();
        }
        parsedDefinition = false;
        usedNames = null;
        markEdited();
        headerChanged();
    }

    /** Every instruction, block by block. */
    public Stream<Instruction> instructions() {
        return blocks().stream().flatMap(b -> b.instructions().stream());
    }

    /** The instructions of one kind, block by block: {@code f.instructions(CallInst.class)}. */
    public <T extends Instruction> Stream<T> instructions(Class<T> kind) {
        return instructions().filter(kind::isInstance).map(kind::cast);
    }

    /** The calls and invokes of this function (its users that call it, not those that pass it), in use order. */
    public List<CallInst> callSites() {
        List<CallInst> calls = new ArrayList<>();
        for (Instruction user : users()) {
            if (user instanceof CallInst c && c.callee() == this) {
                calls.add(c);
            }
        }
        return calls;
    }

    /** True for {@code declare} (no body), false for {@code define}. */
    public boolean isDeclaration() {
        return !parsedDefinition && blocks.isEmpty();
    }

    /** Whether the body is printed from this module's source text (a definition read from text). */
    public boolean hasSourceBody() {
        return bodyStart >= 0 && slice() != null;
    }

    /** Offset where the body after {@code {} starts, and where the closing {@code }} line starts. */
    public int bodyStart() {
        return bodyStart;
    }

    public int closeStart() {
        return closeStart;
    }

    /**
     * The widest integer or floating-point type, in bits, that the body's source text spells
     * (its own types and its vectors' elements; a named struct's fields are not spelled there), as
     * the parser saw when it checked the body; -1 when not known. A pass can skip bodies that
     * cannot hold what it rewrites without reading them.
     */
    public int widestSourceScalarBits() {
        return widestSourceScalarBits;
    }

    public void setWidestSourceScalarBits(int bits) {
        this.widestSourceScalarBits = bits;
    }

    public void setBodySource(int bodyStart, int closeStart) {
        this.bodyStart = bodyStart;
        this.closeStart = closeStart;
    }

    /** True once anything in the body changed: the printer then prints it piece by piece. */
    public boolean isEdited() {
        return edited;
    }

    void markEdited() {
        edited = true;
    }

    /** Whether debug-info text in the body names locals ({@link DebugLocals}); set when they are bound. */
    public boolean hasDebugLocals() {
        return debugLocals;
    }

    public void markDebugLocals() {
        debugLocals = true;
    }

    /** True when a numbered value was removed or renamed, so numbers must be reassigned. */
    public boolean needsRenumber() {
        return renumber;
    }

    void markRenumber() {
        renumber = true;
        edited = true;
    }

    /**
     * Whether a local of this function had its name changed since it was read: the names written
     * in the body's text may then be stale (the printer re-reads every instruction it re-spells).
     */
    public boolean hasRenamedLocals() {
        return localRenamed;
    }

    void markLocalRenamed() {
        localRenamed = true;
        markRenumber();
    }

    /**
     * Gives the unnamed arguments, blocks and instructions consecutive numbers, as LLVM
     * requires. Named values keep their names.
     */
    public void renumber() {
        materialize();
        int next = 0;
        for (Argument a : arguments) {
            if (!a.hasName()) {
                a.setSlot(next++);
            }
        }
        for (BasicBlock b : blocks) {
            if (!b.hasName()) {
                b.setSlot(next++);
            }
            for (Instruction i : b.instructions()) {
                if (i.hasResult() && !i.hasName()) {
                    i.setSlot(next++);
                }
            }
        }
    }

    /**
     * The block a {@code blockaddress(@f, %N)} read from the text names by its number {@code N}, wherever
     * renumbering has since moved it; null when the body is not read yet or the block is gone. A
     * blockaddress keeps the number it was written with, so its printed spelling follows the block.
     */
    public BasicBlock blockBySourceSlot(int slot) {
        if (!isMaterialized()) {
            return null;
        }
        for (BasicBlock b : blocks) {
            if (b.sourceSlot() == slot) {
                return b;
            }
        }
        return null;
    }

    /** Renumbers when a numbered value was added, removed or renamed (so messages name values as printed). */
    public void renumberIfNeeded() {
        if (renumber || !hasSourceBody()) {
            renumber();
        }
    }

    /** A local name starting with {@code prefix} used by no value of this function. */
    public String freshName(String prefix) {
        String name;
        do {
            name = prefix + nextFresh++;
        } while (!usedNames().add(name));
        return name;
    }

    /** Whether a local of this function (argument, block, instruction) is named {@code name}. */
    public boolean isLocalNameUsed(String name) {
        return usedNames().contains(name);
    }

    /** {@code requested}, or a fresh variant of it if a local of this function has that name already. */
    String uniqueLocalName(String requested, TrackedValue owner) {
        if (requested.isEmpty() || owner.name().equals(requested)) {
            return requested;
        }
        return claimLocalName(requested);
    }

    void releaseLocalName(String name) {
        if (usedNames != null) {
            usedNames.remove(name);
        }
    }

    /** {@code requested}, or a fresh variant when taken; the result is recorded as taken (a value joins the function). */
    String claimLocalName(String requested) {
        if (requested.isEmpty()) {
            return requested;
        }
        Set<String> used = usedNames();
        String name = requested;
        if (used.contains(name)) {
            name = freshName(requested);
        }
        used.add(name);
        return name;
    }

    private Set<String> usedNames() {
        if (usedNames == null) {
            materialize();
            usedNames = new HashSet<>();
            arguments.forEach(a -> usedNames.add(a.name()));
            for (BasicBlock b : blocks) {
                usedNames.add(b.name());
                b.instructions().forEach(i -> usedNames.add(i.name()));
            }
        }
        return usedNames;
    }
}
