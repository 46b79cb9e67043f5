package org.nvlower.llvm.ir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * A value defined once and used by instructions: an instruction, argument, basic block or
 * global. It knows its name ({@code ""} when unnamed, then {@link #slot()} is its number) and its
 * uses, one entry per operand that holds it.
 */
public abstract sealed class TrackedValue implements Value permits Instruction, Argument, BasicBlock, GlobalValue {

    private String name;
    private int slot = -1;
    private ArrayList<Instruction> uses;

    TrackedValue(String name) {
        this.name = name == null ? "" : name;
    }

    /** The name without its sigil, unquoted; {@code ""} for a numbered value. */
    public String name() {
        return name;
    }

    public boolean hasName() {
        return !name.isEmpty();
    }

    /** The number of an unnamed value ({@code %3} has slot 3), or -1. */
    public int slot() {
        return slot;
    }

    /** Sets the name; the printer quotes it when LLVM would. */
    public void setName(String name) {
        this.name = name == null ? "" : name;
        nameChanged();
    }

    void nameChanged() {
    }

    /** Set by the parser and by renumbering. */
    public void setSlot(int slot) {
        this.slot = slot;
    }

    /** The distinct instructions that use this value, in the order they started using it. */
    public List<Instruction> users() {
        if (uses == null || uses.isEmpty()) {
            return List.of();
        }
        return List.copyOf(new LinkedHashSet<>(uses));
    }

    /** Number of operand slots holding this value. */
    public int useCount() {
        return uses == null ? 0 : uses.size();
    }

    public boolean hasUses() {
        return uses != null && !uses.isEmpty();
    }

    /** Makes every operand that holds this value hold {@code replacement} instead (same type required). */
    public void replaceAllUsesWith(Value replacement) {
        if (replacement == this) {
            return;
        }
        if (!replacement.type().equals(type())) {
            throw new IllegalArgumentException("replacing " + type() + " value with a " + replacement.type() + " value");
        }
        for (Instruction user : users()) {
            user.replaceUsesOf(this, replacement);
        }
    }

    void addUse(Instruction user) {
        if (uses == null) {
            uses = new ArrayList<>(2);
        }
        uses.add(user);
    }

    void removeUse(Instruction user) {
        if (uses != null) {
            int i = uses.lastIndexOf(user);
            if (i >= 0) {
                uses.remove(i);
            }
        }
    }

    List<Instruction> rawUses() {
        return uses == null ? List.of() : Collections.unmodifiableList(uses);
    }
}
