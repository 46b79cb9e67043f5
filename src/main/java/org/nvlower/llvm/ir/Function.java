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

    public List<BasicBlock> blocks() {
        return Collections.unmodifiableList(blocks);
    }

    /** Called by the parser, in order. */
    public void appendBlock(BasicBlock block) {
        block.setParent(this);
        blocks.add(block);
    }

    /** Every instruction, block by block. */
    public Stream<Instruction> instructions() {
        return blocks.stream().flatMap(b -> b.instructions().stream());
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
