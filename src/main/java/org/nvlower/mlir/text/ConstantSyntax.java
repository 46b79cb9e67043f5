package org.nvlower.mlir.text;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.nvlower.mlir.MlirAttribute;
import org.nvlower.mlir.DenseAttr;
import org.nvlower.mlir.FloatAttr;
import org.nvlower.mlir.IntegerAttr;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.MlirType;

/**
 * {@code %c = arith.constant 1.5 : f32} (also {@code dense<...> : vector<4xf32>}, {@code true})
 * and the LLVM dialect's {@code llvm.mlir.constant(0 : i64) : i64}. The value is the
 * {@code value} attribute; its type is the result type.
 */
record ConstantSyntax(boolean llvmStyle) implements Syntax {

    @Override
    public Operation parse(MlirParser p, OpInfo info) {
        Map<String, MlirAttribute> attrs = new TreeMap<>();
        MlirAttribute value;
        MlirType type;
        int at;
        if (llvmStyle) {
            p.expect(MlirToken.LPAREN, "'('");
            at = p.offset();
            value = p.parseAttribute();
            p.expect(MlirToken.RPAREN, "')'");
            attrs.putAll(p.parseOptionalAttrDict());
            p.expect(MlirToken.COLON, "':'");
            type = p.parseType();
        } else {
            attrs.putAll(p.parseOptionalAttrDict());
            at = p.offset();
            value = p.parseAttribute();
            type = typeOf(value);
            if (type == null) {
                throw p.errorAt(at, "expected a typed number, boolean or dense constant");
            }
        }
        attrs.put("value", value);
        return Operation.create(info.name(), List.of(), List.of(type), attrs);
    }

    static MlirType typeOf(MlirAttribute value) {
        return switch (value) {
            case IntegerAttr i -> i.type();
            case FloatAttr f -> f.type();
            case DenseAttr d -> d.type();
            case null, default -> null;
        };
    }

    @Override
    public void print(MlirPrinter p, Operation op) {
        if (llvmStyle) {
            p.text("(").attribute(op.attribute("value")).text(")");
            p.attrDict(op.attributes(), Set.of("value"));
            p.text(" : ").type(op.result(0).type());
        } else {
            p.attrDict(op.attributes(), Set.of("value"));
            p.text(" ").attribute(op.attribute("value"));
        }
    }

    @Override
    public String verify(Operation op) {
        if (!op.operands().isEmpty() || op.results().size() != 1) {
            return "expected no operands and 1 result";
        }
        MlirType t = typeOf(op.attribute("value"));
        if (t == null) {
            return "requires a number, boolean or dense 'value' attribute";
        }
        if (!llvmStyle && !t.equals(op.result(0).type())) {
            return "value type '" + t + "' differs from the result type '" + op.result(0).type() + "'";
        }
        return null;
    }
}
