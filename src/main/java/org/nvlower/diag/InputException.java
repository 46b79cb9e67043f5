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

    /** Characters of a message shown at most: a name quoted in it may be megabytes long. */
    static final int MAX_MESSAGE = 300;

    /**
     * The message as compilers print it: {@code file:line:col: error: message}, then the source
     * line and a caret under the column when the line text is known. However long the line or
     * the message, the whole is a few hundred characters ({@link SourceExcerpt}).
     */
    public String render() {
        String message = getMessage();
        if (message.length() > MAX_MESSAGE) {
            message = message.substring(0, MAX_MESSAGE) + "... (" + message.length() + " characters)";
        }
        if (position == null) {
            return "error: " + message;
        }
        StringBuilder sb = new StringBuilder().append(position).append(": error: ").append(message);
        String text = position.lineText();
        if (text != null) {
            SourceExcerpt excerpt = SourceExcerpt.of(text, position.column() - 1);
            sb.append('\n').append(excerpt.line()).append('\n').append(excerpt.caret());
        }
        return sb.toString();
    }
}
