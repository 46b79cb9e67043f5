package org.nvlower.llvm.analysis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.Function;
/**
 * The dominator tree of a function's reachable blocks (Cooper, Harvey and Kennedy's iterative
 * algorithm over reverse post-order). Unreachable blocks are not in the tree; as in LLVM,
 * everything dominates them.
 */
public final class DominatorTree {

    private final Map<BasicBlock, Integer> order = new HashMap<>();
    private final List<BasicBlock> rpo = new ArrayList<>();
    private int[] idom;

    public DominatorTree(Function f) {
        if (f.isDeclaration()) {
            idom = new int[0];
            return;
        }
        postOrder(f.entryBlock());
        java.util.Collections.reverse(rpo);
        for (int i = 0; i < rpo.size(); i++) {
            order.put(rpo.get(i), i);
        }
        idom = new int[rpo.size()];
        java.util.Arrays.fill(idom, -1);
        idom[0] = 0;
        List<List<Integer>> preds = new ArrayList<>();
        for (BasicBlock b : rpo) {
            List<Integer> p = new ArrayList<>();
            for (BasicBlock pred : b.predecessors()) {
                Integer i = order.get(pred);
                if (i != null) {
                    p.add(i);
                }
            }
            preds.add(p);
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int b = 1; b < rpo.size(); b++) {
                int newIdom = -1;
                for (int p : preds.get(b)) {
                    if (idom[p] < 0) {
                        continue;
                    }
                    newIdom = newIdom < 0 ? p : intersect(p, newIdom);
                }
                if (newIdom != idom[b]) {
                    idom[b] = newIdom;
                    changed = true;
                }
            }
        }
    }

    private void postOrder(BasicBlock entry) {
        // iterative DFS: deep CFGs must not overflow the stack
        java.util.Set<BasicBlock> seen = new java.util.HashSet<>();
        java.util.ArrayDeque<Object[]> stack = new java.util.ArrayDeque<>();
        seen.add(entry);
        stack.push(new Object[] {entry, entry.successors(), 0});
        while (!stack.isEmpty()) {
            Object[] top = stack.peek();
            @SuppressWarnings("unchecked")
            List<BasicBlock> succ = (List<BasicBlock>) top[1];
            int next = (Integer) top[2];
            if (next < succ.size()) {
                top[2] = next + 1;
                BasicBlock s = succ.get(next);
                if (seen.add(s)) {
                    stack.push(new Object[] {s, s.successors(), 0});
                }
            } else {
                rpo.add((BasicBlock) top[0]);
                stack.pop();
            }
        }
    }

    private int intersect(int a, int b) {
        while (a != b) {
            while (a > b) {
                a = idom[a];
            }
            while (b > a) {
                b = idom[b];
            }
        }
        return a;
    }

    public boolean isReachable(BasicBlock b) {
        return order.containsKey(b);
    }

    /** The immediate dominator, or null for the entry and unreachable blocks. */
    public BasicBlock immediateDominator(BasicBlock b) {
        Integer i = order.get(b);
        return i == null || i == 0 ? null : rpo.get(idom[i]);
    }

    /** Whether every path from the entry to {@code b} goes through {@code a} (true when b is unreachable). */
    public boolean dominates(BasicBlock a, BasicBlock b) {
        Integer ib = order.get(b);
        if (ib == null) {
            return true;
        }
        Integer ia = order.get(a);
        if (ia == null) {
            return false;
        }
        int x = ib;
        while (x > ia) {
            x = idom[x];
        }
        return x == ia;
    }

    /** The reachable blocks in reverse post-order. */
    public List<BasicBlock> reversePostOrder() {
        return java.util.Collections.unmodifiableList(rpo);
    }
}
