package org.nvlower.mlir.text;

import java.util.ArrayList;
import java.util.List;

import org.nvlower.mlir.MlirFunctionType;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.SymbolRefAttr;
import org.nvlower.mlir.MlirType;
import org.nvlower.mlir.MlirValue;

/** {@code %r = call @f(%a) : (f32) -> f32} ({@code func.call}) and {@code llvm.call @f(%a) : (f32) -> f32}. */
record CallSyntax() implements Syntax {

    @Override
    public Operation parse(MlirParser p, OpInfo info) {
        if (!p.at(MlirToken.AT_IDENTIFIER)) {
            throw p.error("expected '@' and a callee name (nvlower reads direct calls only)");
        }
        SymbolRefAttr callee = p.parseSymbolRef();
        p.expect(MlirToken.LPAREN, "'('");
        List<MlirParser.OperandRef> refs = p.parseOperandRefs(MlirToken.RPAREN);
        p.expect(MlirToken.RPAREN, "')'");
        var attrs = new java.util.TreeMap<>(p.parseOptionalAttrDict());
        p.expect(MlirToken.COLON, "':'");
        int at = p.offset();
        MlirType t = p.parseType();
        if (!(t instanceof MlirFunctionType fn)) {
            throw p.errorAt(at, "expected a function type");
        }
        if (fn.inputs().size() != refs.size()) {
            throw p.errorAt(at, refs.size() + " operands present, but expected " + fn.inputs().size());
        }
        List<MlirValue> args = new ArrayList<>();
        for (int i = 0; i < refs.size(); i++) {
            args.add(p.resolve(refs.get(i), fn.inputs().get(i)));
        }
        attrs.put("callee", callee);
        return Operation.create(info.name(), args, fn.results(), attrs);
    }

    @Override
    public void print(MlirPrinter p, Operation op) {
        p.text(" ").attribute(op.attribute("callee")).text("(").operandList(op.operands()).text(")");
        p.attrDict(op.attributes(), java.util.Set.of("callee"));
        p.text(" : ").functionalType(op.operandTypes(), op.resultTypes());
    }

    /** Drops what MLIR 19's generic form of llvm.call spells out by default. */
    @Override
    public void normalizeGeneric(Operation op) {
        var a = op.attributes();
        Syntaxes.removeDefault(a, "CConv", "#llvm.cconv<ccc>");
        Syntaxes.removeDefault(a, "TailCallKind", "#llvm.tailcallkind<none>");
        Syntaxes.removeDefault(a, "fastmathFlags", "#llvm.fastmath<none>");
        Syntaxes.removeDefault(a, "op_bundle_sizes", "array<i32>");
        Syntaxes.removeDefault(a, "operandSegmentSizes", "array<i32: " + op.operands().size() + ", 0>");
    }

    @Override
    public String verify(Operation op) {
        return op.attribute("callee") instanceof SymbolRefAttr ? null : "requires a 'callee' symbol reference";
    }
}
