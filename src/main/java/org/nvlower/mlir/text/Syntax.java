package org.nvlower.mlir.text;

import org.nvlower.mlir.Operation;

/**
 * The custom (pretty) form of a kind of operation, like an ODS assembly format: it reads the
 * text after the operation name, prints it back, and checks an operation built from the generic
 * form. One implementation serves many operations (every unary math op, every cast...).
 */
interface Syntax {

    /** Reads the operation after its name; the parser binds the results afterwards. */
    Operation parse(MlirParser p, OpInfo info);

    /** Prints the operation after its name (the printer wrote the results and the name). */
    void print(MlirPrinter p, Operation op);

    /**
     * Why {@code op} (read from the generic form) is not a valid instance, or null. The custom
     * printer relies on what this accepts.
     */
    String verify(Operation op);

    /** Normalizes an operation read from the generic form (drop default attributes, 14's names). */
    default void normalizeGeneric(Operation op) {
    }
}
