package org.nvlower.mlir.text;

import org.nvlower.diag.InputException;
import org.nvlower.diag.SourcePosition;
import org.nvlower.mlir.SourceText;

/**
 * MLIR's tokens over the source string. The current token is {@link #kind} at
 * {@link #start}..{@link #end}; the lexer's only state is its position, so the parser can rewind
 * (shapes such as {@code 4x?xf32} are read character by character).
 */
final class MlirLexer {

    final String file;
    final String src;
    private final int length;
    int pos;

    MlirToken kind = MlirToken.EOF;
    int start;
    int end;

    /** The text with its line index, shared by the locations of the operations read from it. */
    final SourceText source;

    MlirLexer(String file, String src) {
        this.file = file;
        this.src = src;
        this.length = src.length();
        this.source = new SourceText(file, src);
    }

    /** Moves to {@code offset} and reads the token there. */
    void reset(int offset) {
        pos = offset;
        next();
    }

    String text() {
        return src.substring(start, end);
    }

    MlirToken next() {
        skipTrivia();
        start = pos;
        if (pos >= length) {
            end = pos;
            return kind = MlirToken.EOF;
        }
        char c = src.charAt(pos);
        switch (c) {
            case '%' -> suffixIdentifier(MlirToken.PERCENT_IDENTIFIER);
            case '^' -> suffixIdentifier(MlirToken.CARET_IDENTIFIER);
            case '!' -> suffixIdentifier(MlirToken.EXCLAMATION_IDENTIFIER);
            case '@' -> {
                if (pos + 1 < length && src.charAt(pos + 1) == '"') {
                    pos++;
                    string();
                    finish(MlirToken.AT_IDENTIFIER);
                } else {
                    suffixIdentifier(MlirToken.AT_IDENTIFIER);
                }
            }
            case '#' -> {
                if (src.startsWith("#-}", pos)) {
                    pos += 3;
                    finish(MlirToken.FILE_METADATA_END);
                } else {
                    suffixIdentifier(MlirToken.HASH_IDENTIFIER);
                }
            }
            case '"' -> {
                string();
                finish(MlirToken.STRING);
            }
            case '(' -> single(MlirToken.LPAREN);
            case ')' -> single(MlirToken.RPAREN);
            case '{' -> {
                if (src.startsWith("{-#", pos)) {
                    pos += 3;
                    finish(MlirToken.FILE_METADATA_BEGIN);
                } else {
                    single(MlirToken.LBRACE);
                }
            }
            case '}' -> single(MlirToken.RBRACE);
            case '[' -> single(MlirToken.LSQUARE);
            case ']' -> single(MlirToken.RSQUARE);
            case '<' -> single(MlirToken.LESS);
            case '>' -> single(MlirToken.GREATER);
            case ',' -> single(MlirToken.COMMA);
            case ':' -> single(MlirToken.COLON);
            case '=' -> single(MlirToken.EQUAL);
            case '?' -> single(MlirToken.QUESTION);
            case '*' -> single(MlirToken.STAR);
            case '+' -> single(MlirToken.PLUS);
            case '-' -> {
                if (pos + 1 < length && src.charAt(pos + 1) == '>') {
                    pos += 2;
                    finish(MlirToken.ARROW);
                } else {
                    single(MlirToken.MINUS);
                }
            }
            case '.' -> {
                if (src.startsWith("...", pos)) {
                    pos += 3;
                    finish(MlirToken.ELLIPSIS);
                } else {
                    throw error(pos, "unexpected character '.'");
                }
            }
            default -> {
                if (isDigit(c)) {
                    number();
                } else if (isLetter(c) || c == '_') {
                    pos++;
                    while (pos < length && (isLetter(src.charAt(pos)) || isDigit(src.charAt(pos))
                            || src.charAt(pos) == '_' || src.charAt(pos) == '$' || src.charAt(pos) == '.')) {
                        pos++;
                    }
                    finish(MlirToken.BARE_IDENTIFIER);
                } else {
                    throw error(pos, "unexpected character " + describe(c));
                }
            }
        }
        return kind;
    }

    private void single(MlirToken t) {
        pos++;
        finish(t);
    }

    private void finish(MlirToken t) {
        end = pos;
        kind = t;
    }

    /** {@code %name}, {@code %12}, {@code ^bb0}, {@code #alias}, {@code !llvm.ptr}: sigil + suffix-id. */
    private void suffixIdentifier(MlirToken t) {
        int sigil = pos++;
        if (pos < length && isDigit(src.charAt(pos))) {
            while (pos < length && isDigit(src.charAt(pos))) {
                pos++;
            }
        } else if (pos < length && isIdStart(src.charAt(pos))) {
            pos++;
            while (pos < length && (isIdStart(src.charAt(pos)) || isDigit(src.charAt(pos)))) {
                pos++;
            }
        } else {
            throw error(sigil, "invalid identifier after '" + src.charAt(sigil) + "'");
        }
        finish(t);
    }

    private static boolean isIdStart(char c) {
        return isLetter(c) || c == '$' || c == '.' || c == '_' || c == '-';
    }

    /** Decimal or hex integer, or a float: digits '.' digits? ([eE] [+-]? digits)?. */
    private void number() {
        if (src.startsWith("0x", pos) && pos + 2 < length && Character.digit(src.charAt(pos + 2), 16) >= 0) {
            pos += 2;
            while (pos < length && Character.digit(src.charAt(pos), 16) >= 0) {
                pos++;
            }
            finish(MlirToken.INTEGER);
            return;
        }
        while (pos < length && isDigit(src.charAt(pos))) {
            pos++;
        }
        if (pos >= length || src.charAt(pos) != '.') {
            finish(MlirToken.INTEGER);
            return;
        }
        pos++;
        while (pos < length && isDigit(src.charAt(pos))) {
            pos++;
        }
        if (pos < length && (src.charAt(pos) == 'e' || src.charAt(pos) == 'E')) {
            int save = pos;
            pos++;
            if (pos < length && (src.charAt(pos) == '+' || src.charAt(pos) == '-')) {
                pos++;
            }
            if (pos < length && isDigit(src.charAt(pos))) {
                while (pos < length && isDigit(src.charAt(pos))) {
                    pos++;
                }
            } else {
                pos = save;
            }
        }
        finish(MlirToken.FLOAT);
    }

    /** A string literal starting at pos ({@code "}); pos ends after the closing quote. */
    private void string() {
        int open = pos++;
        while (true) {
            if (pos >= length || src.charAt(pos) == '\n' || src.charAt(pos) == '\r') {
                throw error(open, "expected '\"' in string literal");
            }
            char c = src.charAt(pos++);
            if (c == '"') {
                return;
            }
            if (c == '\\') {
                if (pos >= length) {
                    throw error(open, "expected '\"' in string literal");
                }
                char e = src.charAt(pos);
                if (e == '"' || e == '\\' || e == 'n' || e == 't') {
                    pos++;
                } else if (pos + 1 < length && Character.digit(e, 16) >= 0
                        && Character.digit(src.charAt(pos + 1), 16) >= 0) {
                    pos += 2;
                } else {
                    throw error(pos - 1, "unknown escape in string literal");
                }
            }
        }
    }

    /** The value of the string token at {@code tokenStart} (its opening quote). */
    String stringValue(int tokenStart) {
        StringBuilder sb = new StringBuilder();
        int p = tokenStart + 1;
        while (true) {
            char c = src.charAt(p++);
            if (c == '"') {
                return sb.toString();
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            char e = src.charAt(p++);
            switch (e) {
                case '"', '\\' -> sb.append(e);
                case 'n' -> sb.append('\n');
                case 't' -> sb.append('\t');
                default -> {
                    sb.append((char) (Character.digit(e, 16) * 16 + Character.digit(src.charAt(p), 16)));
                    p++;
                }
            }
        }
    }

    private void skipTrivia() {
        while (pos < length) {
            char c = src.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                pos++;
            } else if (c == '/' && pos + 1 < length && src.charAt(pos + 1) == '/') {
                while (pos < length && src.charAt(pos) != '\n') {
                    pos++;
                }
            } else {
                return;
            }
        }
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    static boolean isLetter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    private static String describe(char c) {
        return c >= 0x20 && c < 0x7F ? "'" + c + "'" : String.format("U+%04X", (int) c);
    }

    /** An error at source offset {@code offset}. */
    InputException error(int offset, String message) {
        return new InputException(position(offset), message);
    }

    SourcePosition position(int offset) {
        return source.position(offset);
    }
}
