package org.nvlower.llvm.ir;

/** A constant operand: immutable, compared by value (globals by identity). */
public sealed interface Constant extends Value
        permits ConstantInt, ConstantFP, ConstantKeyword, ConstantAggregate, ConstantString, ConstantExpr,
                BlockAddress, GlobalValue {
}
