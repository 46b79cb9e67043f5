package org.nvlower.llvm.exec;

/**
 * A run of interpreted IR reached undefined behaviour (a shift by the width or more, a division by
 * zero, a wrapped {@code nuw}/{@code nsw} result, {@code unreachable}, a poison {@code ctlz}), or
 * the IR uses something the interpreter does not run (memory, vectors, floating-point arithmetic).
 * The message names the function and the instruction.
 */
public final class ExecutionException extends RuntimeException {

    public ExecutionException(String message) {
        super(message);
    }
}
