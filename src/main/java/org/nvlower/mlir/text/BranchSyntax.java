package org.nvlower.mlir.text;

import java.util.ArrayList;
import java.util.List;

import org.nvlower.mlir.MlirAttribute;
import org.nvlower.mlir.DenseAttr;
import org.nvlower.mlir.DialectAttr;
import org.nvlower.mlir.IntegerAttr;
import org.nvlower.mlir.MlirIntegerType;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.Successor;
import org.nvlower.mlir.MlirValue;

/** {@code cf.br ^bb1(%a : f32)} and {@code cf.cond_br %c, ^bb1, ^bb2(%b : f32)}. */
record BranchSyntax(boolean conditional) implements Syntax {

    @Override
    public Operation parse(MlirParser p, OpInfo info) {
        List<MlirValue> operands = new ArrayList<>();
        if (conditional) {
            MlirParser.OperandRef c = p.parseOperandRef();
            p.expect(MlirToken.COMMA, "','");
            operands.add(p.resolve(c, MlirIntegerType.I1));
        }
        List<Successor> successors = new ArrayList<>();
        successors.add(p.parseSuccessor());
        if (conditional) {
            p.expect(MlirToken.COMMA, "','");
            successors.add(p.parseSuccessor());
        }
        Operation op = Operation.create(info.name(), operands, List.of(), p.parseOptionalAttrDict());
        op.successors().addAll(successors);
        return op;
    }

    @Override
    public void print(MlirPrinter p, Operation op) {
        p.text(" ");
        if (conditional) {
            p.value(op.operand(0)).text(", ");
        }
        for (int i = 0; i < op.successors().size(); i++) {
            p.text(i == 0 ? "" : ", ").successor(op.successors().get(i));
        }
        p.attrDict(op.attributes(), java.util.Set.of());
    }

    @Override
    public String verify(Operation op) {
        int operands = conditional ? 1 : 0;
        if (op.operands().size() != operands || op.successors().size() != operands + 1 || !op.results().isEmpty()) {
            return conditional ? "expects a condition and two successors" : "expects one successor";
        }
        if (conditional && !op.operand(0).type().equals(MlirIntegerType.I1)) {
            return "condition must be i1";
        }
        return null;
    }

    /**
     * The generic form lists successor arguments among the operands; cond_br says how many go
     * where ({@code operandSegmentSizes}, MLIR 14: {@code operand_segment_sizes}).
     */
    @Override
    public void normalizeGeneric(Operation op) {
        List<MlirValue> flat = new ArrayList<>(op.operands());
        if (!conditional) {
            if (op.successors().size() == 1) {
                op.operands().clear();
                op.successors().set(0, new Successor(op.successors().get(0).block(), flat));
            }
            return;
        }
        MlirAttribute sizes = op.attributes().remove("operandSegmentSizes");
        MlirAttribute old = op.attributes().remove("operand_segment_sizes");
        List<Integer> segments = segments(sizes != null ? sizes : old);
        if (segments == null || segments.size() != 3 || op.successors().size() != 2
                || segments.stream().mapToInt(Integer::intValue).sum() != flat.size()) {
            if (sizes != null) {
                op.attributes().put("operandSegmentSizes", sizes);
            }
            return;
        }
        op.operands().clear();
        op.operands().addAll(flat.subList(0, segments.get(0)));
        int trueEnd = segments.get(0) + segments.get(1);
        op.successors().set(0, new Successor(op.successors().get(0).block(), flat.subList(segments.get(0), trueEnd)));
        op.successors().set(1, new Successor(op.successors().get(1).block(), flat.subList(trueEnd, flat.size())));
    }

    /** {@code array<i32: 1, 1, 0>} or {@code dense<[1, 1, 0]> : vector<3xi32>}. */
    private static List<Integer> segments(MlirAttribute a) {
        List<Integer> out = new ArrayList<>();
        if (a instanceof DialectAttr d && d.text().startsWith("array<i32:") && d.text().endsWith(">")) {
            for (String s : d.text().substring("array<i32:".length(), d.text().length() - 1).split(",")) {
                try {
                    out.add(Integer.parseInt(s.strip()));
                } catch (NumberFormatException e) {
                    return null;
                }
            }
            return out;
        }
        if (a instanceof DenseAttr dense) {
            for (MlirAttribute e : dense.elements()) {
                out.add(((IntegerAttr) e).value().intValue());
            }
            if (dense.isSplat()) {
                return List.of(out.get(0), out.get(0), out.get(0));
            }
            return out;
        }
        return null;
    }
}
