package org.nvlower.verify.ptx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.nvlower.ptx.PtxFunction;
import org.nvlower.ptx.PtxOperand;
import org.nvlower.ptx.Statement;

/**
 * A function's body flattened and decoded once (a called function runs many times in one kernel,
 * a kernel once per case in many threads): its statements in order ({@link PtxStep}), the '{ }'
 * block of each, labels, and a slot number for each register a statement names, so that a frame
 * keeps its registers in an array. Labels keep their block: a branch goes to the label of that name
 * in the innermost enclosing block (ptxas's scoping; inline asm expanded twice defines its labels
 * twice). Registers too: a {@code .reg} declared in a block is that block's, hiding one of the same
 * name outside it until the block ends ({@link #regKey}; each key has its own slot).
 *
 * <p>A layout depends on the function alone and does not change once built (a branch's target
 * and a step's shape are filled in on first use, the same by every thread), so threads share it:
 * {@link #of}.
 */
final class PtxLayout {

    /**
     * Layouts by function identity, shared by all threads; emptied when it would pass SHARED_MAX
     * functions or SHARED_STEPS statements (a decoded statement with its operands is a few hundred
     * bytes, by an estimate of its objects: the bound keeps the cache to tens of MB, where the
     * interpreter before kept layouts only for a thread's life; GpuRuntimeKernelTest decodes about
     * 72,000 statements of about 230 functions per llc module, counted). A function's identity is
     * the key because a PtxFunction is a record: its hash walks the whole body.
     */
    private static final int SHARED_MAX = 512;
    private static final int SHARED_STEPS = 250_000;
    private static volatile IdentityHashMap<PtxFunction, PtxLayout> shared = new IdentityHashMap<>();
    private static int sharedSteps;

    final PtxFunction function;
    final List<Statement> code = new ArrayList<>();
    /** The block of each statement of {@code code}: 0 the function's body, then each '{ }' in order. */
    private final List<Integer> blockOf = new ArrayList<>();
    /** Each block's enclosing block (-1 for the body). */
    private final List<Integer> outer = new ArrayList<>();
    /** Each block's own .reg declarations (empty for the body: its registers keep their plain names). */
    private final List<List<Statement.Variable>> regsOf = new ArrayList<>();
    /** Whether a block or one enclosing it, other than the body, declares registers. */
    private final List<Boolean> scopedRegs = new ArrayList<>();
    /** "BLOCK:NAME" to the label's index in {@code code}. */
    private final Map<String, Integer> labels = new HashMap<>();
    /** Register keys ({@link #regKey}) to their slots; their count, read without the lock by each new frame. */
    private final Map<String, Integer> slots = new HashMap<>();
    private volatile int slotCount;
    /**
     * Parameter names (the function's own, its .param declarations, call lists and ld/st bases) to
     * their slots in a frame's parameter addresses; .param names are function-wide, not block-scoped.
     */
    private final Map<String, Integer> paramSlots = new HashMap<>();
    private volatile int paramSlotCount;
    /** The parameter slots of the function's returns, then of its parameters, as a call fills them. */
    final int[] returnSlots;
    final int[] paramSlotsOfParams;
    final PtxStep[] steps;

    private PtxLayout(PtxFunction function) {
        this.function = function;
        outer.add(-1);
        regsOf.add(List.of());
        scopedRegs.add(false);
        flatten(function.body(), 0);
        returnSlots = function.returns().stream().mapToInt(v -> paramSlot(v.name())).toArray();
        paramSlotsOfParams = function.params().stream().mapToInt(v -> paramSlot(v.name())).toArray();
        steps = new PtxStep[code.size()];
        for (int k = 0; k < steps.length; k++) {
            steps[k] = new PtxStep(code.get(k), this, k);
        }
    }

    /**
     * {@code function}'s layout, built on first use. Read without a lock (a new thread per case asks
     * for its kernel's): the map is replaced, never changed, once published.
     */
    static PtxLayout of(PtxFunction function) {
        PtxLayout l = shared.get(function);
        if (l != null) {
            return l;
        }
        synchronized (PtxLayout.class) {
            l = shared.get(function);
            if (l == null) {
                l = new PtxLayout(function);
                boolean full = shared.size() >= SHARED_MAX || sharedSteps + l.steps.length > SHARED_STEPS;
                IdentityHashMap<PtxFunction, PtxLayout> next = full ? new IdentityHashMap<>() : new IdentityHashMap<>(shared);
                sharedSteps = (full ? 0 : sharedSteps) + l.steps.length;
                next.put(function, l);
                shared = next;
            }
            return l;
        }
    }

    private void flatten(List<Statement> body, int block) {
        for (Statement s : body) {
            if (s instanceof Statement.Block b) {
                int inner = outer.size();
                outer.add(block);
                List<Statement.Variable> own = new ArrayList<>();
                for (Statement d : b.body()) {
                    if (d instanceof Statement.Variable v && v.space().equals(".reg")) {
                        own.add(v);
                    }
                }
                regsOf.add(own);
                scopedRegs.add(!own.isEmpty() || scopedRegs.get(block));
                flatten(b.body(), inner);
            } else {
                if (s instanceof Statement.Label l) {
                    labels.put(block + ":" + l.name(), code.size());
                }
                code.add(s);
                blockOf.add(block);
            }
        }
    }

    /** The key of register {@code name} in a frame's registers as seen from the statement at {@code from}. */
    private String regKey(String name, int from) {
        int b = from < 0 || from >= blockOf.size() ? 0 : blockOf.get(from);
        if (!scopedRegs.get(b)) {
            return name;
        }
        for (; b > 0; b = outer.get(b)) {
            for (Statement.Variable v : regsOf.get(b)) {
                if (v.declares(name)) {
                    return b + ":" + name;
                }
            }
        }
        return name;
    }

    /**
     * The slot of register {@code name} as seen from the statement at {@code from}: numbered while the
     * steps are decoded; a later one (an operand no step holds) gets the next number.
     */
    synchronized int slot(String name, int from) {
        int slot = slots.computeIfAbsent(regKey(name, from), k -> slots.size());
        slotCount = slots.size();
        return slot;
    }

    /** The parameter slot of {@code name}, numbered on first use. */
    synchronized int paramSlot(String name) {
        int slot = paramSlots.computeIfAbsent(name, k -> paramSlots.size());
        paramSlotCount = paramSlots.size();
        return slot;
    }

    /** The parameter slot of {@code name}, or -1 where no statement names it as a parameter. */
    synchronized int paramSlotOrNone(String name) {
        Integer p = paramSlots.get(name);
        return p == null ? -1 : p;
    }

    /** The parameter slots numbered so far: a new frame's parameter count. */
    int paramSlotCount() {
        return paramSlotCount;
    }

    /** The slots numbered so far: a new frame's register count. */
    int slotCount() {
        return slotCount;
    }

    /** The index the branch {@code step} at {@code from} goes to, as seen from there. */
    int target(PtxStep step, int from) {
        int known = step.target;
        if (known >= 0) {
            return known;
        }
        String name = ((PtxOperand.Name) step.in.operands().get(0)).name();
        for (int b = blockOf.get(from); b >= 0; b = outer.get(b)) {
            Integer at = labels.get(b + ":" + name);
            if (at != null) {
                step.target = at;
                return at;
            }
        }
        throw new IllegalStateException(function.name() + ": no label " + name + " visible from its branch");
    }
}
