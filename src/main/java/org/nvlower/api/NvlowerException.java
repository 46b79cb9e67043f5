package org.nvlower.api;

import java.util.Optional;

import org.nvlower.diag.InputException;
import org.nvlower.diag.SourcePosition;

/**
 * Every failure of the API that the caller's input caused: malformed IR, MLIR or PTX, bad bitcode,
 * an unknown option value, a missing file, a module that does not verify. It carries the place
 * ({@code file:line:col}, the line's text) when the input has one; nothing is printed and nothing
 * exits. Anything else that escapes the API (an {@link IllegalStateException}, say) is a bug in
 * nvlower.
 *
 * <pre>{@code
 * try {
 *     LlvmIr.parse("k.ll", "define void @f() {\n  ret i32 %x\n}");
 * } catch (NvlowerException e) {
 *     e.position().ifPresent(p -> log(p.line() + ":" + p.column()));   // 2:11
 *     log(e.render());    // k.ll:2:11: error: ..., then the line and a caret under column 11
 * }
 * }</pre>
 */
public final class NvlowerException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient SourcePosition position;
    private final String rendered;

    NvlowerException(SourcePosition position, String message, Throwable cause) {
        super(message, cause);
        this.position = position;
        this.rendered = position == null ? "error: " + message : position + ": error: " + message;
    }

    NvlowerException(String message, Throwable cause) {
        this(null, message, cause);
    }

    private NvlowerException(InputException e) {
        super(e.getMessage(), e);
        this.position = e.position();
        this.rendered = e.render();
    }

    /** The exception for an input error nvlower's internals reported. */
    static NvlowerException of(InputException e) {
        return new NvlowerException(e);
    }

    /** Where in the input the error is (file, 1-based line and column, the line's text), when it has a place. */
    public Optional<SourcePosition> position() {
        return Optional.ofNullable(position);
    }

    /**
     * The message as compilers print it: {@code file:line:col: error: message}, then the source line
     * and a caret under the column when the line is known; {@code error: message} without a place.
     */
    public String render() {
        return rendered;
    }
}
