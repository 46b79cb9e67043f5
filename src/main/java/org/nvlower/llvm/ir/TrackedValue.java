package org.nvlower.llvm.ir;

import java.util.ArrayList;
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
    /** null, the single user, or an {@link ArrayList} of users (one entry per use): most values have one use. */
    private Object uses;
    /** A stored hash: passes keep values in hash sets, and {@link System#identityHashCode} costs more. */
    private final int hash = nextHash();
    private static int hashSeed;

    TrackedValue(String name) {
        this.name = name == null ? "" : name;
    }

    /** A Weyl sequence (a racing increment only repeats a value, which a hash may do). */
    private static int nextHash() {
        return hashSeed += 0x9E3779B9;
    }

    /** Values are equal only to themselves. */
    @Override
    public final boolean equals(Object o) {
        return this == o;
    }

    @Override
    public final int hashCode() {
        return hash;
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

    /**
     * Sets the name; the printer quotes it when LLVM would. A local that is part of a function
     * gets a fresh variant when another local of the function has the name (as in LLVM).
     */
    public void setName(String name) {
        String old = this.name;
        this.name = uniqueName(name == null ? "" : name);
        if (!old.isEmpty() && !old.equals(this.name)) {
            nameReleased(old);
        }
        nameChanged();
    }

    /**
     * LLVM's takeName: this value gets {@code other}'s name and {@code other} becomes unnamed
     * (a numbered {@code other} leaves this value as it was named before, i.e. unnamed).
     */
    public void takeName(TrackedValue other) {
        String taken = other.name();
        other.setName("");
        setName(taken);
    }

    /** The value no longer has {@code old}: another value may take it. */
    void nameReleased(String old) {
    }

    /** The name to take instead of {@code requested}: unique among the values it must differ from. */
    String uniqueName(String requested) {
        return requested;
    }

    void nameChanged() {
    }

    /** Set by the parser and by renumbering. */
    public void setSlot(int slot) {
        this.slot = slot;
    }

    /** The distinct instructions that use this value, in the order they started using it. */
    public List<Instruction> users() {
        if (uses == null) {
            return List.of();
        }
        if (uses instanceof Instruction single) {
            return List.of(single);
        }
        ArrayList<Instruction> list = list();
        int n = list.size();
        if (n > 16) {
            return List.copyOf(new LinkedHashSet<>(list));
        }
        Instruction[] distinct = new Instruction[n];
        int k = 0;
        next:
        for (int i = 0; i < n; i++) {
            Instruction u = list.get(i);
            for (int j = 0; j < k; j++) {
                if (distinct[j] == u) {
                    continue next;
                }
            }
            distinct[k++] = u;
        }
        return List.of(k == n ? distinct : java.util.Arrays.copyOf(distinct, k));
    }

    @SuppressWarnings("unchecked")
    private ArrayList<Instruction> list() {
        return (ArrayList<Instruction>) uses;
    }

    /** Number of operand slots holding this value. */
    public int useCount() {
        return uses == null ? 0 : uses instanceof Instruction ? 1 : list().size();
    }

    public boolean hasUses() {
        return uses != null;
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
        DebugLocals.replace(this, replacement);
    }

    void clearUses() {
        uses = null;
    }

    void addUse(Instruction user) {
        if (uses == null) {
            uses = user;
        } else if (uses instanceof Instruction single) {
            ArrayList<Instruction> list = new ArrayList<>(4);
            list.add(single);
            list.add(user);
            uses = list;
        } else {
            list().add(user);
        }
    }

    void removeUse(Instruction user) {
        if (uses == user) {
            uses = null;
        } else if (uses instanceof ArrayList) {
            // from both ends at once: passes erase users in program order (the first use) or in
            // reverse (the last), and a global such as __nvvm_reflect has thousands of users
            ArrayList<Instruction> list = list();
            for (int lo = 0, hi = list.size() - 1; lo <= hi; lo++, hi--) {
                if (list.get(hi) == user) {
                    list.remove(hi);
                    break;
                }
                if (list.get(lo) == user) {
                    list.remove(lo);
                    break;
                }
            }
            if (list.isEmpty()) {
                uses = null;
            }
        }
    }
}
