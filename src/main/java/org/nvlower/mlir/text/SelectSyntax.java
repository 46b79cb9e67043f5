package org.nvlower.mlir.text;

import java.util.List;

import org.nvlower.mlir.MlirIntegerType;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.MlirType;

/** {@code %r = arith.select %c, %a, %b : f32}, or {@code : vector<4xi1>, vector<4xf32>} for a vector condition. */
record SelectSyntax() implements Syntax {

    @Override
    public Operation parse(MlirParser p, OpInfo info) {
        MlirParser.OperandRef c = p.parseOperandRef();
        p.expect(MlirToken.COMMA, "','");
        MlirParser.OperandRef a = p.parseOperandRef();
        p.expect(MlirToken.COMMA, "','");
        MlirParser.OperandRef b = p.parseOperandRef();
        var attrs = p.parseOptionalAttrDict();
        p.expect(MlirToken.COLON, "':'");
        MlirType t = p.parseType();
        MlirType condition = MlirIntegerType.I1;
        if (p.consume(MlirToken.COMMA)) {
            condition = t;
            t = p.parseType();
        }
        return Operation.create(info.name(), List.of(p.resolve(c, condition), p.resolve(a, t), p.resolve(b, t)),
                List.of(t), attrs);
    }

    @Override
    public void print(MlirPrinter p, Operation op) {
        p.text(" ").operandList(op.operands()).attrDict(op.attributes(), java.util.Set.of()).text(" : ");
        if (!op.operand(0).type().equals(MlirIntegerType.I1)) {
            p.type(op.operand(0).type()).text(", ");
        }
        p.type(op.result(0).type());
    }

    @Override
    public String verify(Operation op) {
        if (op.operands().size() != 3 || op.results().size() != 1) {
            return "expected 3 operands and 1 result";
        }
        MlirType t = op.result(0).type();
        if (!op.operand(1).type().equals(t) || !op.operand(2).type().equals(t)) {
            return "requires the two values and the result to have the same type";
        }
        MlirType c = op.operand(0).type();
        if (!c.equals(MlirIntegerType.I1) && !c.equals(t.withElementType(MlirIntegerType.I1))) {
            return "condition must be i1 or i1 of the result's shape, got '" + c + "'";
        }
        return null;
    }
}
