package org.nvlower.sass;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import org.nvlower.sass.Reg.RegClass;

/**
 * Physical registers for a program's virtual ones, for listings and register counts: a
 * linear scan over live intervals in code order. A value live across a CALL is also live through
 * the called section (which follows the caller in code order), pairs get aligned even registers
 * R2n:R2n+1, predicates P0.. likewise. Templates have no loops (a backward branch is refused).
 */
public final class RegisterAllocation {

    private final int[] physical; // by slot id: the physical register of that word, -1 if unused
    private final int[] predicate; // by predicate id
    private final int registers;
    private final int predicates;

    private RegisterAllocation(int[] physical, int[] predicate, int registers, int predicates) {
        this.physical = physical;
        this.predicate = predicate;
        this.registers = registers;
        this.predicates = predicates;
    }

    /** The physical register of a slot (a pair's high word is the pair's register + 1). */
    public int register(int slot) {
        return physical[slot];
    }

    public int predicate(int id) {
        return predicate[id];
    }

    /** Registers used: the highest physical register plus one. */
    public int registerCount() {
        return registers;
    }

    public int predicateCount() {
        return predicates;
    }

    public static RegisterAllocation of(Program p) {
        List<VRegDesc> vregs = p.vregs();
        int[] owner = new int[p.slotCount()]; // slot -> vreg index
        Arrays.fill(owner, -1);
        for (int v = 0; v < vregs.size(); v++) {
            VRegDesc d = vregs.get(v);
            for (int k = 0; k < (d.cls() == RegClass.R64 ? 2 : 1); k++) {
                owner[d.id() + k] = v;
            }
        }
        int n = p.code().size();
        int[] start = new int[vregs.size()];
        int[] end = new int[vregs.size()];
        Arrays.fill(start, Integer.MAX_VALUE);
        Arrays.fill(end, -1);
        int[] pStart = new int[p.predCount()];
        int[] pEnd = new int[p.predCount()];
        Arrays.fill(pStart, Integer.MAX_VALUE);
        Arrays.fill(pEnd, -1);
        for (int pc = 0; pc < n; pc++) {
            SassInstruction in = p.code().get(pc);
            if ((in.op() == SassOpcode.BRA || in.op() == SassOpcode.JMP)
                    && p.labelPc(Operand.index(in.operand(in.operandCount() - 1))) <= pc) {
                throw new IllegalArgumentException(p.name() + ": a backward branch at " + pc + " (loops are not supported)");
            }
            touchPred(in.guard(), pc, pStart, pEnd);
            String layout = in.op().layout();
            for (int i = 0; i < layout.length(); i++) {
                int op = in.operand(i);
                char kind = layout.charAt(i);
                if (kind == 'p' || kind == 'q') {
                    touchPred(op, pc, pStart, pEnd);
                } else if ((kind == 'd' || kind == 's') && Operand.kind(op) == Operand.SRC && !Operand.isZeroIndex(op)) {
                    int v = owner[Operand.index(op)];
                    start[v] = Math.min(start[v], pc);
                    end[v] = Math.max(end[v], pc);
                }
            }
        }
        // inputs live from the start, outputs to the end of the entry section
        int entryEnd = p.sections().get(0).end() - 1;
        for (Reg r : p.inputs()) {
            start[owner[r.id()]] = 0;
        }
        for (Reg r : p.outputs()) {
            int v = owner[r.id()];
            end[v] = Math.max(end[v], entryEnd);
            start[v] = Math.min(start[v], 0);
        }
        extendAcrossCalls(p, start, end);
        extendAcrossCalls(p, pStart, pEnd);
        int[] physByVreg = scan(vregs.size(), start, end, v -> vregs.get(v).cls() == RegClass.R64);
        int[] physical = new int[p.slotCount()];
        Arrays.fill(physical, -1);
        int registers = 0;
        for (int v = 0; v < vregs.size(); v++) {
            if (physByVreg[v] >= 0) {
                VRegDesc d = vregs.get(v);
                int words = d.cls() == RegClass.R64 ? 2 : 1;
                for (int k = 0; k < words; k++) {
                    physical[d.id() + k] = physByVreg[v] + k;
                }
                registers = Math.max(registers, physByVreg[v] + words);
            }
        }
        int[] predicate = scan(p.predCount(), pStart, pEnd, v -> false);
        int predicates = Arrays.stream(predicate).max().orElse(-1) + 1;
        return new RegisterAllocation(physical, predicate, registers, predicates);
    }

    private static void touchPred(int op, int pc, int[] start, int[] end) {
        if (Operand.kind(op) == Operand.PRED && !Operand.isZeroIndex(op)) {
            int id = Operand.index(op);
            start[id] = Math.min(start[id], pc);
            end[id] = Math.max(end[id], pc);
        }
    }

    /** A value live across a CALL stays live through the whole called section. */
    private static void extendAcrossCalls(Program p, int[] start, int[] end) {
        for (int pc = 0; pc < p.code().size(); pc++) {
            SassInstruction in = p.code().get(pc);
            if (in.op() != SassOpcode.CALL) {
                continue;
            }
            Section callee = p.sectionOf(p.labelPc(Operand.index(in.operand(0))));
            for (int v = 0; v < start.length; v++) {
                if (start[v] <= pc && end[v] > pc) {
                    start[v] = Math.min(start[v], callee.start());
                    end[v] = Math.max(end[v], callee.end() - 1);
                }
            }
        }
    }

    private interface IsPair {
        boolean test(int v);
    }

    /** Linear scan: lowest free register (an even pair for pairs) in start order; -1 when unused. */
    private static int[] scan(int count, int[] start, int[] end, IsPair pair) {
        int[] phys = new int[count];
        Arrays.fill(phys, -1);
        List<Integer> order = new ArrayList<>();
        for (int v = 0; v < count; v++) {
            if (end[v] >= 0) {
                order.add(v);
            }
        }
        order.sort(Comparator.comparingInt(v -> start[v]));
        List<int[]> busy = new ArrayList<>(); // {register, end}
        for (int v : order) {
            busy.removeIf(b -> b[1] < start[v]);
            boolean[] used = new boolean[2 * count + 2];
            for (int[] b : busy) {
                used[b[0]] = true;
            }
            int r = 0;
            if (pair.test(v)) {
                while (used[r] || used[r + 1]) {
                    r += 2;
                }
                busy.add(new int[] {r, end[v]});
                busy.add(new int[] {r + 1, end[v]});
            } else {
                while (used[r]) {
                    r++;
                }
                busy.add(new int[] {r, end[v]});
            }
            phys[v] = r;
        }
        return phys;
    }
}
