package org.nvlower.llvm.ir;

/** A constant operand: immutable, compared by value (globals by identity). */
public sealed interface Constant extends Value
        permits ConstantInt, ConstantFP, ConstantKeyword, ConstantAggregate, ConstantString, ConstantExpr,
                BlockAddress, GlobalValue {

    /** {@link Value#stripPointerCasts}: under a constant there are only constants. */
    @Override
    default Constant stripPointerCasts() {
        return (Constant) Value.super.stripPointerCasts();
    }
}
