package org.nvlower.mlir.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.nvlower.mlir.MlirAttribute;
import org.nvlower.mlir.MlirIntegerType;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.MlirType;
import org.nvlower.mlir.MlirValue;

/**
 * {@code %r = math.atan2 %a, %b fastmath<fast> : f32}: {@code arity} operands and one result of
 * one type (or, for {@code math.isnan}, an i1 of the same shape), with an optional flags keyword
 * ({@code fastmath} for float ops, {@code overflow} for integer ops, MLIR 19 only).
 */
record ElementwiseSyntax(int arity, Operands operands, boolean boolResult, String flag) implements Syntax {

    /** What the operands may be. */
    enum Operands { FLOAT, INTEGER }

    static ElementwiseSyntax floating(int arity) {
        return new ElementwiseSyntax(arity, Operands.FLOAT, false, "fastmath");
    }

    static ElementwiseSyntax integer(int arity) {
        return new ElementwiseSyntax(arity, Operands.INTEGER, false, null);
    }

    static ElementwiseSyntax integerWithOverflow(int arity) {
        return new ElementwiseSyntax(arity, Operands.INTEGER, false, "overflow");
    }

    static ElementwiseSyntax classification() {
        return new ElementwiseSyntax(1, Operands.FLOAT, true, "fastmath");
    }

    /** The attribute the flags keyword stands for. */
    String flagAttribute() {
        return flag.equals("fastmath") ? "fastmath" : "overflowFlags";
    }

    @Override
    public Operation parse(MlirParser p, OpInfo info) {
        int at = p.offset();
        List<MlirParser.OperandRef> refs = p.parseOperandRefs(MlirToken.COLON);
        if (refs.size() != arity) {
            throw p.errorAt(at, "expected " + arity + " operand" + (arity == 1 ? "" : "s") + ", got " + refs.size());
        }
        Map<String, MlirAttribute> attrs = new java.util.TreeMap<>();
        if (flag != null && p.consumeKeyword(flag)) {
            Syntaxes.putFlag(attrs, flagAttribute(), flag, p.parseAngleBody());
        }
        attrs.putAll(p.parseOptionalAttrDict());
        p.expect(MlirToken.COLON, "':'");
        MlirType t = p.parseType();
        List<MlirValue> values = new ArrayList<>();
        for (MlirParser.OperandRef r : refs) {
            values.add(p.resolve(r, t));
        }
        return Operation.create(info.name(), values, List.of(resultType(t)), attrs);
    }

    private MlirType resultType(MlirType operand) {
        return boolResult ? operand.withElementType(MlirIntegerType.I1) : operand;
    }

    @Override
    public void print(MlirPrinter p, Operation op) {
        p.text(" ").operandList(op.operands());
        Set<String> elided = flag == null ? Set.of() : Syntaxes.printFlag(p, op, flagAttribute(), flag);
        p.attrDict(op.attributes(), elided);
        p.text(" : ").type(op.operand(0).type());
    }

    @Override
    public String verify(Operation op) {
        if (op.operands().size() != arity) {
            return "expected " + arity + " operands";
        }
        if (op.results().size() != 1) {
            return "expected 1 result";
        }
        MlirType t = op.operand(0).type();
        for (MlirValue v : op.operands()) {
            if (!v.type().equals(t)) {
                return "requires all operands to have the same type";
            }
        }
        if (operands == Operands.FLOAT ? !t.isFloatLike() : !t.isIntegerLike()) {
            return "operand #0 must be " + (operands == Operands.FLOAT ? "floating-point-like" : "signless-integer-like")
                    + ", but got '" + t + "'";
        }
        if (!op.result(0).type().equals(resultType(t))) {
            return "result type must be '" + resultType(t) + "'";
        }
        return Syntaxes.checkFlag(op, flag == null ? null : flagAttribute(), flag);
    }

    @Override
    public void normalizeGeneric(Operation op) {
        if (flag != null) {
            Syntaxes.dropDefaultFlag(op, flagAttribute(), flag);
        }
    }
}
