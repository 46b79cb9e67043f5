package org.nvlower.sass;

import java.util.List;

/**
 * An immutable SASS-level program built by {@link ProgramBuilder}: its instructions (sections
 * concatenated, the entry section first), the named sections, label positions, the
 * virtual-register descriptor table, the constant pool of its immediates, and the registers
 * that carry its inputs and outputs. {@link Printer} writes it as a listing; {@link Emulator}
 * runs it.
 */
public final class Program {

    private final String name;
    private final List<SassInstruction> code;
    private final List<Section> sections;
    private final int[] labelPc;
    private final List<VRegDesc> vregs;
    private final int slotCount;
    private final int predCount;
    private final int barrierCount;
    private final long[] constants;
    private final List<Reg> inputs;
    private final List<Reg> outputs;

    Program(String name, List<SassInstruction> code, List<Section> sections, int[] labelPc, List<VRegDesc> vregs,
            int slotCount, int predCount, int barrierCount, long[] constants, List<Reg> inputs, List<Reg> outputs) {
        this.name = name;
        this.code = List.copyOf(code);
        this.sections = List.copyOf(sections);
        this.labelPc = labelPc.clone();
        this.vregs = List.copyOf(vregs);
        this.slotCount = slotCount;
        this.predCount = predCount;
        this.barrierCount = barrierCount;
        this.constants = constants.clone();
        this.inputs = List.copyOf(inputs);
        this.outputs = List.copyOf(outputs);
    }

    public String name() {
        return name;
    }

    public List<SassInstruction> code() {
        return code;
    }

    public List<Section> sections() {
        return sections;
    }

    /** The instruction index a label stands before. */
    public int labelPc(int label) {
        return labelPc[label];
    }

    public int labelCount() {
        return labelPc.length;
    }

    public List<VRegDesc> vregs() {
        return vregs;
    }

    /** 32-bit register slots (a pair takes two); slot ids run from 1 (0 is RZ's). */
    public int slotCount() {
        return slotCount;
    }

    public int predCount() {
        return predCount;
    }

    public int barrierCount() {
        return barrierCount;
    }

    /** The 64-bit value of constant-pool entry i (32-bit immediates use its low word). */
    public long constant(int i) {
        return constants[i];
    }

    public int constantCount() {
        return constants.length;
    }

    public List<Reg> inputs() {
        return inputs;
    }

    public List<Reg> outputs() {
        return outputs;
    }

    /** Instructions on the given path. */
    public int count(Path path) {
        int n = 0;
        for (SassInstruction i : code) {
            if (i.path() == path) {
                n++;
            }
        }
        return n;
    }

    /** The section containing instruction pc. */
    public Section sectionOf(int pc) {
        for (Section s : sections) {
            if (pc >= s.start() && pc < s.end()) {
                return s;
            }
        }
        throw new IllegalArgumentException("pc " + pc + " outside every section");
    }
}
