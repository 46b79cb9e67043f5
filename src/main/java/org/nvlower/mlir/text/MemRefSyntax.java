package org.nvlower.mlir.text;

import java.util.ArrayList;
import java.util.List;

import org.nvlower.mlir.IndexType;
import org.nvlower.mlir.MemRefType;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.MlirType;
import org.nvlower.mlir.MlirValue;

/**
 * {@code %v = memref.load %m[%i, %j] : memref<?x?xf32>} and
 * {@code memref.store %v, %m[%i] : memref<?xf32>}.
 */
record MemRefSyntax(boolean store) implements Syntax {

    @Override
    public Operation parse(MlirParser p, OpInfo info) {
        MlirParser.OperandRef stored = null;
        if (store) {
            stored = p.parseOperandRef();
            p.expect(MlirToken.COMMA, "','");
        }
        MlirParser.OperandRef memref = p.parseOperandRef();
        p.expect(MlirToken.LSQUARE, "'['");
        List<MlirParser.OperandRef> indices = p.parseOperandRefs(MlirToken.RSQUARE);
        p.expect(MlirToken.RSQUARE, "']'");
        var attrs = p.parseOptionalAttrDict();
        p.expect(MlirToken.COLON, "':'");
        int at = p.offset();
        MlirType t = p.parseType();
        if (!(t instanceof MemRefType m)) {
            throw p.errorAt(at, "expected a memref type, got '" + t + "'");
        }
        List<MlirValue> operands = new ArrayList<>();
        if (store) {
            operands.add(p.resolve(stored, m.element()));
        }
        operands.add(p.resolve(memref, m));
        for (MlirParser.OperandRef r : indices) {
            operands.add(p.resolve(r, IndexType.INDEX));
        }
        return Operation.create(info.name(), operands, store ? List.of() : List.of(m.element()), attrs);
    }

    @Override
    public void print(MlirPrinter p, Operation op) {
        int first = store ? 1 : 0;
        p.text(" ");
        if (store) {
            p.value(op.operand(0)).text(", ");
        }
        p.value(op.operand(first)).text("[").operandList(op.operands().subList(first + 1, op.operands().size())).text("]");
        p.attrDict(op.attributes(), java.util.Set.of()).text(" : ").type(op.operand(first).type());
    }

    @Override
    public String verify(Operation op) {
        int first = store ? 1 : 0;
        if (op.operands().size() <= first || !(op.operand(first).type() instanceof MemRefType m)) {
            return "expects a memref operand";
        }
        if (m.shape() != null && op.operands().size() - first - 1 != m.shape().size()) {
            return "incorrect number of indices for " + (store ? "store" : "load") + ", expected "
                    + m.shape().size() + " but got " + (op.operands().size() - first - 1);
        }
        for (MlirValue v : op.operands().subList(first + 1, op.operands().size())) {
            if (!v.type().equals(IndexType.INDEX)) {
                return "indices must be of type index";
            }
        }
        if (store ? !op.results().isEmpty() || !op.operand(0).type().equals(m.element())
                : op.results().size() != 1 || !op.result(0).type().equals(m.element())) {
            return "value type must be the memref's element type '" + m.element() + "'";
        }
        return null;
    }
}
