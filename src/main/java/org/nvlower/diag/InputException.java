package org.nvlower.diag;

/**
 * Bad input from the user: malformed IR, an unknown option value, a wrong operand. Carries an
 * optional source position. The CLI turns it into one {@code error:} message and exit code 1;
 * anything else that escapes is an internal error (exit code 2).
 */
public class InputException extends RuntimeException {

    private final SourcePosition position;

    public InputException(String message) {
        this(null, message);
    }

    public InputException(SourcePosition position, String message) {
        super(message);
        this.position = position;
    }

    /** The place of the error, or null when it has none (e.g. a bad command-line value). */
    public SourcePosition position() {
        return position;
    }

    /**
     * The message as compilers print it: {@code file:line:col: error: message}, then the source
     * line and a caret under the column when the line text is known.
     */
    public String render() {
        if (position == null) {
            return "error: " + getMessage();
        }
        StringBuilder sb = new StringBuilder()
                .append(position).append(": error: ").append(getMessage());
        String text = position.lineText();
        if (text != null) {
            sb.append('\n').append(text).append('\n');
            int col = Math.min(position.column() - 1, text.length());
            for (int i = 0; i < col; i++) {
                sb.append(text.charAt(i) == '\t' ? '\t' : ' ');
            }
            sb.append('^');
        }
        return sb.toString();
    }
}
