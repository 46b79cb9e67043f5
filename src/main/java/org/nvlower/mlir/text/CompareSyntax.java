package org.nvlower.mlir.text;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.nvlower.mlir.MlirAttribute;
import org.nvlower.mlir.Attributes;
import org.nvlower.mlir.IntegerAttr;
import org.nvlower.mlir.MlirIntegerType;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.MlirType;

/**
 * {@code arith.cmpf olt, %a, %b : f32}, {@code arith.cmpi slt, %a, %b : i32} and
 * {@code llvm.icmp "ne" %a, %b : i32}: a predicate (stored as its number in {@code predicate},
 * as MLIR stores it) and two operands; the result is i1 of the operands' shape.
 */
record CompareSyntax(List<String> predicates, boolean floating, boolean llvmStyle) implements Syntax {

    static final List<String> FLOAT_PREDICATES = List.of("false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
            "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true");
    static final List<String> INTEGER_PREDICATES = List.of("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge");

    static CompareSyntax cmpf() {
        return new CompareSyntax(FLOAT_PREDICATES, true, false);
    }

    static CompareSyntax cmpi() {
        return new CompareSyntax(INTEGER_PREDICATES, false, false);
    }

    static CompareSyntax icmp() {
        return new CompareSyntax(INTEGER_PREDICATES, false, true);
    }

    @Override
    public Operation parse(MlirParser p, OpInfo info) {
        int at = p.offset();
        String word = llvmStyle ? p.expectString("predicate string") : p.expectKeyword("predicate");
        int predicate = predicates.indexOf(word);
        if (predicate < 0) {
            throw p.errorAt(at, "unknown comparison predicate \"" + word + "\" (one of " + String.join(" ", predicates) + ")");
        }
        if (!llvmStyle) {
            p.expect(MlirToken.COMMA, "','");
        }
        MlirParser.OperandRef lhs = p.parseOperandRef();
        p.expect(MlirToken.COMMA, "','");
        MlirParser.OperandRef rhs = p.parseOperandRef();
        Map<String, MlirAttribute> attrs = new TreeMap<>();
        if (floating && p.consumeKeyword("fastmath")) {
            Syntaxes.putFlag(attrs, "fastmath", "fastmath", p.parseAngleBody());
        }
        attrs.putAll(p.parseOptionalAttrDict());
        attrs.put("predicate", IntegerAttr.of(predicate, MlirIntegerType.I64));
        p.expect(MlirToken.COLON, "':'");
        MlirType t = p.parseType();
        return Operation.create(info.name(), List.of(p.resolve(lhs, t), p.resolve(rhs, t)),
                List.of(t.withElementType(MlirIntegerType.I1)), attrs);
    }

    @Override
    public void print(MlirPrinter p, Operation op) {
        String word = predicates.get(((IntegerAttr) op.attribute("predicate")).value().intValue());
        p.text(" ").text(llvmStyle ? Attributes.quote(word) + " " : word + ", ").operandList(op.operands());
        java.util.Set<String> elided = new java.util.HashSet<>(Syntaxes.printFlag(p, op, "fastmath", "fastmath"));
        elided.add("predicate");
        p.attrDict(op.attributes(), elided);
        p.text(" : ").type(op.operand(0).type());
    }

    @Override
    public String verify(Operation op) {
        if (op.operands().size() != 2 || op.results().size() != 1) {
            return "expected 2 operands and 1 result";
        }
        MlirType t = op.operand(0).type();
        if (!t.equals(op.operand(1).type())) {
            return "requires all operands to have the same type";
        }
        if (floating ? !t.isFloatLike() : !t.isIntegerLike()) {
            return "operands must be " + (floating ? "floating-point-like" : "integer-like") + ", got '" + t + "'";
        }
        if (!(op.attribute("predicate") instanceof IntegerAttr pr) || pr.value().signum() < 0
                || pr.value().compareTo(BigInteger.valueOf(predicates.size())) >= 0) {
            return "requires a predicate attribute (0 to " + (predicates.size() - 1) + ")";
        }
        if (!op.result(0).type().equals(t.withElementType(MlirIntegerType.I1))) {
            return "result must be i1 of the operands' shape";
        }
        return Syntaxes.checkFlag(op, floating ? "fastmath" : null, "fastmath");
    }

    @Override
    public void normalizeGeneric(Operation op) {
        Syntaxes.dropDefaultFlag(op, "fastmath", "fastmath");
    }
}
