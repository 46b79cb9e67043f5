package org.nvlower.llvm.bitcode;

import org.nvlower.llvm.ir.ConstantExpr;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.ConstantKeyword;
import org.nvlower.llvm.ir.GlobalValue;
import org.nvlower.llvm.ir.Names;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.Value;

/**
 * The few constants metadata and function headers write as text in the model ({@code i32 5},
 * {@code @f}, {@code bitcast (...)}): the model keeps those places as text, and the printer of
 * the text layer sits beside this package, not below it.
 */
final class ConstantText {

    private ConstantText() {
    }

    static String of(Value v) {
        return switch (v) {
            case GlobalValue g -> "@" + (g.hasName() ? Names.quoteIfNeeded(g.name()) : String.valueOf(g.slot()));
            case ConstantInt i -> i.type().bits() == 1 ? (i.value().signum() == 0 ? "false" : "true")
                    : i.value().toString();
            case ConstantKeyword k -> k.keyword().text();
            case ConstantExpr e when e.opcode().kind() == Opcode.Kind.CAST && e.operands().size() == 1 ->
                    e.opcode().keyword() + " (" + e.operands().get(0).type() + " " + of(e.operands().get(0)) + " to "
                            + e.type() + ")";
            default -> throw new IllegalArgumentException("a " + v.getClass().getSimpleName()
                    + " in metadata or a function header is not supported");
        };
    }
}
