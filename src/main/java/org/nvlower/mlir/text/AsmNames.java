package org.nvlower.mlir.text;

import java.util.HashSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.nvlower.mlir.Block;
import org.nvlower.mlir.BlockArgument;
import org.nvlower.mlir.IntegerAttr;
import org.nvlower.mlir.MlirIntegerType;
import org.nvlower.mlir.OpResult;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.Region;
import org.nvlower.mlir.MlirValue;

/**
 * The names mlir-opt gives values and blocks when it prints. Within a region, block by block:
 * entry-block arguments are {@code %argN}, other block arguments and results numbered
 * {@code %N} (a multi-result operation takes one number: {@code %5:2}, used as {@code %5#1}),
 * and {@code arith.constant} results get a name from their value ({@code %c0_i32},
 * {@code %cst}, {@code %true}), suffixed {@code _N} on a clash. Nested regions are named after
 * the whole enclosing region, each continuing from its counters; regions of an operation
 * isolated from above (a function, a module) start afresh. Blocks are {@code ^bbN} per region.
 */
final class AsmNames {

    private final Map<MlirValue, String> names;
    private final Map<Block, String> blocks = new HashMap<>();
    private final Map<Block, Integer> blockOrder = new HashMap<>();
    private final Map<Operation, String> groupNames;

    /** The counters and used names a region is named with. */
    private static final class Context {
        int nextValue;
        int nextArgument;
        int nextConflict;
        final Set<String> used;

        Context(int nextValue, int nextArgument, int nextConflict, Set<String> used) {
            this.nextValue = nextValue;
            this.nextArgument = nextArgument;
            this.nextConflict = nextConflict;
            this.used = used;
        }

        Context child() {
            return new Context(nextValue, nextArgument, nextConflict, new HashSet<>(used));
        }
    }

    AsmNames(Operation top) {
        int ops = count(top);
        names = new HashMap<>(ops + ops / 2);
        groupNames = new HashMap<>(ops);
        for (Region r : top.regions()) {
            number(r, new Context(0, 0, 0, new HashSet<>()));
        }
    }

    private void number(Region region, Context ctx) {
        int blockId = 0;
        for (Block b : region.blocks()) {
            blockOrder.put(b, blockId);
            blocks.put(b, "^bb" + blockId++);
            boolean entry = b == region.blocks().get(0);
            for (BlockArgument a : b.arguments()) {
                names.put(a, entry ? "%arg" + ctx.nextArgument++ : "%" + ctx.nextValue++);
            }
            for (Operation op : b.operations()) {
                List<OpResult> results = op.results();
                if (results.isEmpty()) {
                    continue;
                }
                String hint = results.size() == 1 ? hint(op) : null;
                String name = hint != null ? unique(hint, ctx) : Integer.toString(ctx.nextValue++);
                for (OpResult r : results) {
                    names.put(r, results.size() == 1 ? "%" + name : "%" + name + "#" + r.index());
                }
                groupNames.put(op, "%" + name);
            }
        }
        for (Block b : region.blocks()) {
            for (Operation op : b.operations()) {
                for (Region nested : op.regions()) {
                    number(nested, OpRegistry.isIsolated(op) ? new Context(0, 0, 0, new HashSet<>()) : ctx.child());
                }
            }
        }
    }

    /** The number of operations below {@code op} (to size the maps once). */
    private static int count(Operation op) {
        int n = 0;
        for (Region r : op.regions()) {
            for (Block b : r.blocks()) {
                n += b.operations().size() + b.arguments().size();
                for (Operation inner : b.operations()) {
                    if (!inner.regions().isEmpty()) {
                        n += count(inner);
                    }
                }
            }
        }
        return n;
    }

    private static String unique(String hint, Context ctx) {
        String name = hint;
        if (ctx.used.contains(name)) {
            do {
                name = hint + "_" + ctx.nextConflict++;
            } while (ctx.used.contains(name));
        }
        ctx.used.add(name);
        return name;
    }

    /** arith.constant's name from its value, as its getAsmResultNames gives it. */
    private static String hint(Operation op) {
        if (!op.name().equals("arith.constant")) {
            return null;
        }
        if (op.attribute("value") instanceof IntegerAttr i) {
            if (i.type() instanceof MlirIntegerType t && t.width() == 1) {
                return i.value().signum() != 0 ? "true" : "false";
            }
            java.math.BigInteger v = i.value();
            if (i.type() instanceof MlirIntegerType t) {
                if (v.testBit(t.width() - 1) && t.signedness() == MlirIntegerType.Signedness.UNSIGNED) {
                    v = v.subtract(java.math.BigInteger.ONE.shiftLeft(t.width())); // APInt prints signed
                }
                return "c" + v + "_" + t;
            }
            return "c" + v;
        }
        return "cst";
    }

    /** {@code %0}, {@code %arg1}, {@code %cst_0}, {@code %5#1}. */
    String value(MlirValue v) {
        String n = names.get(v);
        if (n == null) {
            throw new IllegalStateException("value not in the printed operation: " + v);
        }
        return n;
    }

    /** The name of a result group ({@code %5} for {@code %5:2}). */
    String group(Operation op) {
        return groupNames.get(op);
    }

    String block(Block b) {
        String n = blocks.get(b);
        if (n == null) {
            throw new IllegalStateException("successor block not in the printed region");
        }
        return n;
    }

    int blockOrder(Block b) {
        return blockOrder.get(b);
    }
}
