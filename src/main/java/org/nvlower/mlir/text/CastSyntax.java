package org.nvlower.mlir.text;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.nvlower.mlir.MlirAttribute;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.MlirType;

/** {@code %r = arith.extf %x : f16 to f32} (also the LLVM dialect's casts and {@code vector.shape_cast}). */
record CastSyntax(boolean fastmath) implements Syntax {

    @Override
    public Operation parse(MlirParser p, OpInfo info) {
        MlirParser.OperandRef in = p.parseOperandRef();
        Map<String, MlirAttribute> attrs = new TreeMap<>();
        if (fastmath && p.consumeKeyword("fastmath")) {
            Syntaxes.putFlag(attrs, "fastmath", "fastmath", p.parseAngleBody());
        }
        attrs.putAll(p.parseOptionalAttrDict());
        p.expect(MlirToken.COLON, "':'");
        MlirType from = p.parseType();
        if (!p.consumeKeyword("to")) {
            throw p.error("expected 'to'");
        }
        MlirType to = p.parseType();
        return Operation.create(info.name(), List.of(p.resolve(in, from)), List.of(to), attrs);
    }

    @Override
    public void print(MlirPrinter p, Operation op) {
        p.text(" ").value(op.operand(0));
        p.attrDict(op.attributes(), fastmath ? Syntaxes.printFlag(p, op, "fastmath", "fastmath") : java.util.Set.of());
        p.text(" : ").type(op.operand(0).type()).text(" to ").type(op.result(0).type());
    }

    @Override
    public String verify(Operation op) {
        if (op.operands().size() != 1 || op.results().size() != 1) {
            return "expected 1 operand and 1 result";
        }
        return Syntaxes.checkFlag(op, fastmath ? "fastmath" : null, "fastmath");
    }

    @Override
    public void normalizeGeneric(Operation op) {
        Syntaxes.dropDefaultFlag(op, "fastmath", "fastmath");
    }
}
