package org.nvlower.llvm.ir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A function declaration or definition. The header details the model interprets are the
 * function type, the arguments, linkage, calling convention and function attributes (words and
 * {@code #N} references); the header text itself is kept verbatim for printing.
 */
public final class Function extends GlobalValue {

    private final FunctionType functionType;
    private final List<Argument> arguments = new ArrayList<>();
    private final ArrayList<BasicBlock> blocks = new ArrayList<>();
    private final boolean definition;
    private final String callingConvention;
    private final List<String> attributes;
    private int bodyStart = -1;
    private int closeStart = -1;
    private boolean edited;
    private boolean renumber;
    private Set<String> usedNames;
    private int nextFresh;
    private Runnable bodyLoader;
    private Runnable reloader;
    private boolean loading;

    public Function(Module module, String name, FunctionType functionType, int addressSpace, String linkage,
            String callingConvention, List<String> attributes, boolean definition) {
        super(module, name, functionType, addressSpace, linkage);
        this.functionType = functionType;
        this.callingConvention = callingConvention == null ? "" : callingConvention;
        this.attributes = List.copyOf(attributes);
        this.definition = definition;
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

    public void addArgument(Argument argument) {
        arguments.add(argument);
    }

    /** The basic blocks; a body not read yet is read now (see {@link #setBodyLoader}). */
    public List<BasicBlock> blocks() {
        materialize();
        return Collections.unmodifiableList(blocks);
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
            List<Instruction> insts = blocks.get(b).instructions();
            for (int i = insts.size() - 1; i >= 0; i--) {
                insts.get(i).dropGlobalUses();
            }
        }
        blocks.clear();
        for (Argument a : arguments) {
            a.clearUses();
        }
        usedNames = null;
        bodyLoader = loader;
    }

    /** Called by the parser, in order. */
    public void appendBlock(BasicBlock block) {
        block.setParent(this);
        blocks.add(block);
    }

    /** Every instruction, block by block. */
    public Stream<Instruction> instructions() {
        return blocks().stream().flatMap(b -> b.instructions().stream());
    }

    /** True for {@code declare}, false for {@code define}. */
    public boolean isDeclaration() {
        return !definition;
    }

    /** {@code fastcc}, {@code ptx_kernel}, {@code cc 11}, ... or {@code ""}. */
    public String callingConvention() {
        return callingConvention;
    }

    /** Function attributes after the parameter list, as written, {@code #N} references included. */
    public List<String> attributes() {
        return attributes;
    }

    /** Offset where the body after {@code {} starts, and where the closing {@code }} line starts. */
    public int bodyStart() {
        return bodyStart;
    }

    public int closeStart() {
        return closeStart;
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

    /** True when a numbered value was removed or renamed, so numbers must be reassigned. */
    public boolean needsRenumber() {
        return renumber;
    }

    void markRenumber() {
        renumber = true;
        edited = true;
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

    /** A local name starting with {@code prefix} used by no value of this function. */
    public String freshName(String prefix) {
        if (usedNames == null) {
            materialize();
            usedNames = new HashSet<>();
            arguments.forEach(a -> usedNames.add(a.name()));
            for (BasicBlock b : blocks) {
                usedNames.add(b.name());
                b.instructions().forEach(i -> usedNames.add(i.name()));
            }
        }
        String name;
        do {
            name = prefix + nextFresh++;
        } while (!usedNames.add(name));
        return name;
    }
}
