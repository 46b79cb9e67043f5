package org.nvlower.mlir.text;

import java.util.ArrayList;
import java.util.List;

import org.nvlower.mlir.Operation;
import org.nvlower.mlir.MlirType;
import org.nvlower.mlir.MlirValue;

/** {@code return %a, %b : f32, i32} ({@code func.return}, {@code gpu.return}, {@code llvm.return}). */
record ReturnSyntax() implements Syntax {

    @Override
    public Operation parse(MlirParser p, OpInfo info) {
        var attrs = p.parseOptionalAttrDict();
        List<MlirParser.OperandRef> refs = p.parseOperandRefs(MlirToken.COLON);
        List<MlirValue> values = new ArrayList<>();
        if (!refs.isEmpty()) {
            p.expect(MlirToken.COLON, "':'");
            int at = p.offset();
            List<MlirType> types = p.parseTypeList();
            if (types.size() != refs.size()) {
                throw p.errorAt(at, refs.size() + " operands present, but expected " + types.size());
            }
            for (int i = 0; i < refs.size(); i++) {
                values.add(p.resolve(refs.get(i), types.get(i)));
            }
        }
        return Operation.create(info.name(), values, List.of(), attrs);
    }

    @Override
    public void print(MlirPrinter p, Operation op) {
        p.attrDict(op.attributes(), java.util.Set.of());
        if (!op.operands().isEmpty()) {
            p.text(" ").operandList(op.operands()).text(" : ").typeList(op.operandTypes());
        }
    }

    @Override
    public String verify(Operation op) {
        return op.results().isEmpty() ? null : "has no results";
    }
}
