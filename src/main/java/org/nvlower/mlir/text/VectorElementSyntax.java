package org.nvlower.mlir.text;

import java.util.List;

import org.nvlower.mlir.Operation;
import org.nvlower.mlir.MlirType;
import org.nvlower.mlir.MlirVectorType;

/**
 * The LLVM dialect's vector element access, as mlir-opt 19 unrolls math on vectors:
 * {@code llvm.extractelement %v[%i : i64] : vector<4xf32>},
 * {@code llvm.insertelement %e, %v[%i : i64] : vector<4xf32>} and
 * {@code llvm.mlir.undef : vector<4xf32>}.
 */
record VectorElementSyntax(Kind kind) implements Syntax {

    enum Kind { EXTRACT, INSERT, UNDEF }

    @Override
    public Operation parse(MlirParser p, OpInfo info) {
        if (kind == Kind.UNDEF) {
            var attrs = p.parseOptionalAttrDict();
            p.expect(MlirToken.COLON, "':'");
            return Operation.create(info.name(), List.of(), List.of(p.parseType()), attrs);
        }
        MlirParser.OperandRef element = null;
        if (kind == Kind.INSERT) {
            element = p.parseOperandRef();
            p.expect(MlirToken.COMMA, "','");
        }
        MlirParser.OperandRef vector = p.parseOperandRef();
        p.expect(MlirToken.LSQUARE, "'['");
        MlirParser.OperandRef index = p.parseOperandRef();
        p.expect(MlirToken.COLON, "':'");
        MlirType indexType = p.parseType();
        p.expect(MlirToken.RSQUARE, "']'");
        var attrs = p.parseOptionalAttrDict();
        p.expect(MlirToken.COLON, "':'");
        int at = p.offset();
        MlirType t = p.parseType();
        if (!(t instanceof MlirVectorType v)) {
            throw p.errorAt(at, "expected a vector type");
        }
        if (kind == Kind.EXTRACT) {
            return Operation.create(info.name(), List.of(p.resolve(vector, v), p.resolve(index, indexType)),
                    List.of(v.element()), attrs);
        }
        return Operation.create(info.name(),
                List.of(p.resolve(vector, v), p.resolve(element, v.element()), p.resolve(index, indexType)),
                List.of(v), attrs);
    }

    @Override
    public void print(MlirPrinter p, Operation op) {
        switch (kind) {
            case UNDEF -> p.attrDict(op.attributes(), java.util.Set.of()).text(" : ").type(op.result(0).type());
            case EXTRACT -> p.text(" ").value(op.operand(0)).text("[").value(op.operand(1)).text(" : ")
                    .type(op.operand(1).type()).text("]").attrDict(op.attributes(), java.util.Set.of())
                    .text(" : ").type(op.operand(0).type());
            case INSERT -> p.text(" ").value(op.operand(1)).text(", ").value(op.operand(0)).text("[")
                    .value(op.operand(2)).text(" : ").type(op.operand(2).type()).text("]")
                    .attrDict(op.attributes(), java.util.Set.of()).text(" : ").type(op.operand(0).type());
            default -> throw new IllegalStateException();
        }
    }

    @Override
    public String verify(Operation op) {
        return switch (kind) {
            case UNDEF -> op.operands().isEmpty() && op.results().size() == 1 ? null : "expects one result";
            case EXTRACT -> op.operands().size() == 2 && op.operand(0).type() instanceof MlirVectorType v
                    && op.results().size() == 1 && op.result(0).type().equals(v.element())
                    && op.operand(1).type().isIntegerLike() ? null : "expects a vector, an integer index and an element result";
            case INSERT -> op.operands().size() == 3 && op.operand(0).type() instanceof MlirVectorType v
                    && op.operand(1).type().equals(v.element()) && op.operand(2).type().isIntegerLike()
                    && op.results().size() == 1 && op.result(0).type().equals(v)
                    ? null : "expects a vector, an element, an integer index and a vector result";
        };
    }
}
