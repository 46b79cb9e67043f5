package org.nvlower.llvm.text;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.Opcode;

/**
 * What {@code nvlower stats} reports: counts of functions, blocks and instructions per opcode,
 * and each fp128/i128 operation the 128-bit lowering would replace, with its source line. Which
 * operations those are is the runtime table's question (llvm.runtime, a layer above): the caller
 * passes it in.
 */
public record IrStats(String fileName, int definitions, int declarations, int blocks,
        Map<Opcode, Integer> opcodes, List<Wide> wideOperations) {

    /** One operation to lower: its line (0 for a created instruction), opcode and types. */
    public record Wide(int line, String function, String text) {
    }

    /** The counts of {@code module}; {@code wide} says which instructions the 128-bit lowering replaces. */
    public static IrStats of(Module module, Predicate<Instruction> wide) {
        int definitions = 0;
        int declarations = 0;
        int blocks = 0;
        Map<Opcode, Integer> opcodes = new EnumMap<>(Opcode.class);
        List<Wide> wideOps = new ArrayList<>();
        LineIndex lines = new LineIndex(module.source());
        for (Function f : module.functions()) {
            if (f.isDeclaration()) {
                declarations++;
                continue;
            }
            definitions++;
            boolean wasMaterialized = f.isMaterialized();
            for (BasicBlock b : f.blocks()) {
                blocks++;
                for (Instruction i : b.instructions()) {
                    opcodes.merge(i.opcode(), 1, Integer::sum);
                    if (wide.test(i)) {
                        int line = i.source() == null ? 0 : lines.lineOf(i.source().tokenStart());
                        String text;
                        if (i instanceof CallInst c && c.calledFunction() != null) {
                            text = "call " + i.type() + " @" + c.calledFunction().name();
                        } else {
                            text = i.opcode() + " " + i.operand(0).type()
                                    + (i.type().equals(i.operand(0).type()) ? "" : " -> " + i.type());
                        }
                        wideOps.add(new Wide(line, f.name(), text));
                    }
                }
            }
            if (!wasMaterialized) {
                f.release();
            }
        }
        return new IrStats(module.fileName(), definitions, declarations, blocks, opcodes, wideOps);
    }

    public int instructions() {
        return opcodes.values().stream().mapToInt(Integer::intValue).sum();
    }

    public String render() {
        StringBuilder sb = new StringBuilder();
        sb.append("functions: ").append(definitions + declarations).append(" (").append(definitions)
                .append(" defined, ").append(declarations).append(" declared)\n");
        sb.append("blocks: ").append(blocks).append('\n');
        sb.append("instructions: ").append(instructions()).append('\n');
        opcodes.entrySet().stream()
                .sorted((a, b) -> b.getValue() != a.getValue().intValue() ? b.getValue() - a.getValue()
                        : a.getKey().compareTo(b.getKey()))
                .forEach(e -> sb.append(String.format("  %-14s %d%n", e.getKey().keyword(), e.getValue())));
        sb.append("fp128/i128 operations to lower: ").append(wideOperations.size()).append('\n');
        for (Wide w : wideOperations) {
            sb.append("  ").append(fileName).append(':').append(w.line()).append(": ").append(w.text())
                    .append("  (in @").append(w.function()).append(")\n");
        }
        return sb.toString();
    }

    /** Line numbers by binary search over line starts. */
    static final class LineIndex {
        private final int[] starts;

        LineIndex(String text) {
            int n = 1;
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) == '\n') {
                    n++;
                }
            }
            starts = new int[n];
            int k = 1;
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) == '\n') {
                    starts[k++] = i + 1;
                }
            }
        }

        int lineOf(int offset) {
            int lo = 0;
            int hi = starts.length - 1;
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (starts[mid] <= offset) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            return lo + 1;
        }
    }
}
