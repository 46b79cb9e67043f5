package org.nvlower.mlir.text;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.nvlower.mlir.MlirAttribute;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.MlirType;
import org.nvlower.mlir.MlirVectorType;

/** {@code %r = math.fpowi %base, %power fastmath<fast> : f32, i32}: a float and an integer of the same shape. */
record FpowiSyntax() implements Syntax {

    @Override
    public Operation parse(MlirParser p, OpInfo info) {
        MlirParser.OperandRef base = p.parseOperandRef();
        p.expect(MlirToken.COMMA, "','");
        MlirParser.OperandRef power = p.parseOperandRef();
        Map<String, MlirAttribute> attrs = new TreeMap<>();
        if (p.consumeKeyword("fastmath")) {
            Syntaxes.putFlag(attrs, "fastmath", "fastmath", p.parseAngleBody());
        }
        attrs.putAll(p.parseOptionalAttrDict());
        p.expect(MlirToken.COLON, "':'");
        MlirType baseType = p.parseType();
        p.expect(MlirToken.COMMA, "','");
        MlirType powerType = p.parseType();
        return Operation.create(info.name(), List.of(p.resolve(base, baseType), p.resolve(power, powerType)),
                List.of(baseType), attrs);
    }

    @Override
    public void print(MlirPrinter p, Operation op) {
        p.text(" ").operandList(op.operands());
        p.attrDict(op.attributes(), Syntaxes.printFlag(p, op, "fastmath", "fastmath"));
        p.text(" : ").type(op.operand(0).type()).text(", ").type(op.operand(1).type());
    }

    @Override
    public String verify(Operation op) {
        if (op.operands().size() != 2 || op.results().size() != 1) {
            return "expected 2 operands and 1 result";
        }
        MlirType base = op.operand(0).type();
        MlirType power = op.operand(1).type();
        if (!base.isFloatLike() || !power.isIntegerLike()) {
            return "expects a float base and an integer power, got '" + base + "' and '" + power + "'";
        }
        boolean sameShape = base instanceof MlirVectorType vb ? power instanceof MlirVectorType vp && vb.shape().equals(vp.shape())
                : !(power instanceof MlirVectorType);
        if (!sameShape) {
            return "base and power must have the same shape";
        }
        if (!op.result(0).type().equals(base)) {
            return "result type must equal the base type";
        }
        return Syntaxes.checkFlag(op, "fastmath", "fastmath");
    }

    @Override
    public void normalizeGeneric(Operation op) {
        Syntaxes.dropDefaultFlag(op, "fastmath", "fastmath");
    }
}
