package org.nvlower.llvm.text;

import org.nvlower.llvm.ir.MetadataText;

/**
 * A hand-written lexer over the source string. It allocates nothing per token: the current
 * token is {@link #kind} with offsets {@link #start}/{@link #end}, and, for names, the offsets
 * of the name itself ({@link #nameStart}/{@link #nameEnd}, {@link #quoted}). Its only state is
 * the position, so the parser can save and restore it.
 */
final class IrLexer {

    final String src;
    final int length;
    int pos;

    IrToken kind = IrToken.EOF;
    int start;
    int end;
    int nameStart;
    int nameEnd;
    boolean quoted;
    boolean numbered;
    /** The String hash of an unquoted, unnumbered name token's name (set by lexName only). */
    int nameHash;
    /** End of the previous token: where trailing trivia of an entity starts. */
    int previousEnd;
    /** Whether the word {@code ptr} (an opaque pointer type) occurred. */
    boolean sawPtr;

    IrLexer(String src) {
        this.src = src;
        this.length = src.length();
    }

    /** Moves to offset {@code offset} and reads the token there. */
    void reset(int offset) {
        pos = offset;
        end = offset;
        next();
    }

    IrToken next() {
        previousEnd = end;
        skipTrivia();
        start = pos;
        if (pos >= length) {
            end = pos;
            return kind = IrToken.EOF;
        }
        char c = src.charAt(pos);
        switch (c) {
            case '%' -> lexName(IrToken.LOCAL);
            case '@' -> lexName(IrToken.GLOBAL);
            case '$' -> {
                if (!lexDollarLabel()) {
                    lexName(IrToken.COMDAT);
                }
            }
            case '!' -> lexMetadata();
            case '#' -> lexHash();
            case '^' -> {
                pos++;
                scanDigits();
                finish(IrToken.SUMMARY_ID);
            }
            case '"' -> lexString();
            case '=' -> single(IrToken.EQUALS);
            case ',' -> single(IrToken.COMMA);
            case '*' -> single(IrToken.STAR);
            case '[' -> single(IrToken.LBRACKET);
            case ']' -> single(IrToken.RBRACKET);
            case '{' -> single(IrToken.LBRACE);
            case '}' -> single(IrToken.RBRACE);
            case '(' -> single(IrToken.LPAREN);
            case ')' -> single(IrToken.RPAREN);
            case '<' -> single(IrToken.LESS);
            case '>' -> single(IrToken.GREATER);
            case '|' -> single(IrToken.BAR);
            case ':' -> single(IrToken.COLON);
            case '.' -> {
                if (src.startsWith("...", pos)) {
                    pos += 3;
                    finish(IrToken.DOTS);
                } else {
                    lexWord();
                }
            }
            default -> {
                if (c >= '0' && c <= '9' || c == '-' && pos + 1 < length && isDigit(src.charAt(pos + 1))
                        || c == '+' && pos + 1 < length && isDigit(src.charAt(pos + 1))) {
                    lexNumber();
                } else if (isNameStart(c)) {
                    lexWord();
                } else {
                    single(IrToken.ERROR);
                }
            }
        }
        return kind;
    }

    private void single(IrToken t) {
        pos++;
        finish(t);
    }

    private void finish(IrToken t) {
        end = pos;
        kind = t;
    }

    private void skipTrivia() {
        while (pos < length) {
            char c = src.charAt(pos);
            if (c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == 0) {
                pos++;
            } else if (c == ';') {
                pos = Math.min(commentEnd(pos) + 1, length);
            } else if (c == '/' && pos + 1 < length && src.charAt(pos + 1) == '*') {
                int close = src.indexOf("*/", pos + 2);
                pos = close < 0 ? length : close + 2;
            } else {
                return;
            }
        }
    }

    /**
     * The offset just after the line that contains {@code offset} when the rest of that line is
     * only blanks and a comment; {@code offset} itself when more code follows on the line.
     */
    int lineEndAfter(int offset) {
        int i = offset;
        while (i < length) {
            char c = src.charAt(i);
            if (c == ' ' || c == '\t' || c == '\r') {
                i++;
            } else if (c == '\n') {
                return i + 1;
            } else if (c == ';') {
                i = commentEnd(i); // its '\n' or '\r' is looked at next
            } else {
                return offset;
            }
        }
        return length;
    }

    /** Where a {@code ;} comment that starts at {@code at} ends: LLLexer stops at a '\n' or a '\r' (or the end). */
    private int commentEnd(int at) {
        return commentEnd(src, at);
    }

    static int commentEnd(String src, int at) {
        int nl = src.indexOf('\n', at);
        int end = nl < 0 ? src.length() : nl;
        int cr = src.indexOf('\r', at, end);
        return cr < 0 ? end : cr;
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    static boolean isNameStart(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '.' || c == '$' || c == '-';
    }

    static boolean isNameChar(char c) {
        return isNameStart(c) || isDigit(c);
    }

    private void scanDigits() {
        while (pos < length && isDigit(src.charAt(pos))) {
            pos++;
        }
    }

    /** {@code %name}, {@code %"quoted"}, {@code %42}; also with {@code @} and {@code $}. */
    private void lexName(IrToken t) {
        pos++;
        quoted = false;
        numbered = false;
        if (pos < length && src.charAt(pos) == '"') {
            int close = src.indexOf('"', pos + 1);
            if (close < 0) {
                pos = length;
                finish(IrToken.ERROR);
                return;
            }
            nameStart = pos + 1;
            nameEnd = close;
            quoted = true;
            pos = close + 1;
        } else {
            nameStart = pos;
            if (pos < length && isDigit(src.charAt(pos)) && t != IrToken.COMDAT) {
                // [0-9]+ is a slot number and ends there, as in LLLexer: "@5part" is @5, then "part"
                scanDigits();
                numbered = true;
            } else {
                nameHash = scanNameChars();
            }
            nameEnd = pos;
            if (nameEnd == nameStart) {
                finish(IrToken.ERROR);
                return;
            }
        }
        finish(t);
    }

    /** {@code $name:} is a block label (LLLexer's LexDollar looks for a label tail first); the name keeps its '$'. */
    private boolean lexDollarLabel() {
        int i = pos + 1;
        while (i < length && isNameChar(src.charAt(i))) {
            i++;
        }
        if (i >= length || src.charAt(i) != ':') {
            return false;
        }
        nameStart = pos;
        nameEnd = i;
        quoted = false;
        numbered = false;
        pos = i + 1;
        finish(IrToken.LABEL);
        return true;
    }

    private void lexMetadata() {
        pos++;
        quoted = false;
        numbered = false;
        nameStart = pos;
        if (pos < length && (isNameChar(src.charAt(pos)) || src.charAt(pos) == '\\')) {
            numbered = isDigit(src.charAt(pos));
            while (pos < length && (isNameChar(src.charAt(pos)) || src.charAt(pos) == '\\')) {
                if (!isDigit(src.charAt(pos))) {
                    numbered = false;
                }
                pos++;
            }
            nameEnd = pos;
            finish(IrToken.METADATA_NAME);
        } else {
            finish(IrToken.EXCLAIM);
        }
    }

    private void lexHash() {
        pos++;
        nameStart = pos;
        if (pos < length && isDigit(src.charAt(pos))) {
            scanDigits();
            nameEnd = pos;
            finish(IrToken.ATTRIBUTE_GROUP_ID);
        } else if (pos < length && isNameStart(src.charAt(pos))) {
            while (pos < length && isNameChar(src.charAt(pos))) {
                pos++;
            }
            nameEnd = pos;
            finish(IrToken.RECORD);
        } else {
            finish(IrToken.ERROR);
        }
    }

    private void lexString() {
        int close = src.indexOf('"', pos + 1);
        if (close < 0) {
            pos = length;
            finish(IrToken.ERROR);
            return;
        }
        nameStart = pos + 1;
        nameEnd = close;
        quoted = true;
        numbered = false;
        pos = close + 1;
        if (pos < length && src.charAt(pos) == ':') {
            pos++;
            finish(IrToken.LABEL);
        } else {
            finish(IrToken.STRING);
        }
    }

    /** Skips the name characters at pos and returns their String-style hash (31 h + c). */
    private int scanNameChars() {
        int h = 0;
        while (pos < length) {
            char c = src.charAt(pos);
            if (!isNameChar(c)) {
                break;
            }
            h = 31 * h + c;
            pos++;
        }
        return h;
    }

    private void lexWord() {
        nameStart = pos;
        quoted = false;
        numbered = false;
        wordHash = scanNameChars();
        word = null;
        nameEnd = pos;
        if (pos < length && src.charAt(pos) == ':') {
            pos++;
            finish(IrToken.LABEL);
            return;
        }
        if (pos - start > 2 && src.charAt(start) == 'c' && src.charAt(start + 1) == 'c'
                && !(pos - start == 3 && src.charAt(start + 2) == 'c')) {
            // LLLexer: a word that is no keyword but starts with "cc" is the keyword cc, and lexing
            // goes on after it: "cc10" is "cc 10" (a calling convention by number), "cc10x" "cc 10 x"
            pos = start + 2;
            nameEnd = pos;
            wordHash = 'c' * 31 + 'c';
            finish(IrToken.WORD);
            return;
        }
        if (pos - start == 3 && src.charAt(start) == 'p' && src.charAt(start + 1) == 't' && src.charAt(start + 2) == 'r') {
            sawPtr = true;
        }
        if (pos - start == 1 && src.charAt(start) == 'c' && pos < length && src.charAt(pos) == '"') {
            int close = src.indexOf('"', pos + 1);
            if (close < 0) {
                pos = length;
                finish(IrToken.ERROR);
                return;
            }
            nameStart = pos + 1;
            nameEnd = close;
            pos = close + 1;
            finish(IrToken.CSTRING);
            return;
        }
        // s0x... / u0x...: hexadecimal integers
        if (pos - start > 3 && (src.charAt(start) == 's' || src.charAt(start) == 'u') && src.startsWith("0x", start + 1)
                && allHex(start + 3, pos)) {
            finish(IrToken.INTEGER);
            return;
        }
        finish(IrToken.WORD);
    }

    private boolean allHex(int from, int to) {
        for (int i = from; i < to; i++) {
            if (Character.digit(src.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    private void lexNumber() {
        numbered = true;
        quoted = false;
        nameStart = pos;
        char c = src.charAt(pos);
        if (c == '0' && pos + 1 < length && src.charAt(pos + 1) == 'x') {
            pos += 2;
            if (pos < length && "KLMHR".indexOf(src.charAt(pos)) >= 0) {
                pos++;
            }
            int digits = pos;
            while (pos < length && Character.digit(src.charAt(pos), 16) >= 0) {
                pos++;
            }
            nameEnd = pos;
            finish(pos > digits ? IrToken.FLOAT : IrToken.ERROR);
            return;
        }
        if (c == '-' || c == '+') {
            pos++;
        }
        scanDigits();
        if (pos < length && src.charAt(pos) == '.' && !src.startsWith("...", pos)) {
            pos++;
            scanDigits();
            if (pos < length && (src.charAt(pos) == 'e' || src.charAt(pos) == 'E')) {
                int save = pos;
                pos++;
                if (pos < length && (src.charAt(pos) == '+' || src.charAt(pos) == '-')) {
                    pos++;
                }
                int digits = pos;
                scanDigits();
                if (pos == digits) {
                    pos = save;
                }
            }
            nameEnd = pos;
            finish(IrToken.FLOAT);
            return;
        }
        if (pos < length && (isNameChar(src.charAt(pos)) || src.charAt(pos) == ':')) {
            // a label that starts with digits: 42: or 1abc:
            int save = pos;
            while (pos < length && isNameChar(src.charAt(pos))) {
                pos++;
            }
            if (pos < length && src.charAt(pos) == ':') {
                nameEnd = pos;
                numbered = allDigits(nameStart, nameEnd);
                pos++;
                finish(IrToken.LABEL);
                return;
            }
            pos = save;
        }
        nameEnd = pos;
        finish(IrToken.INTEGER);
    }

    private boolean allDigits(int from, int to) {
        for (int i = from; i < to; i++) {
            if (!isDigit(src.charAt(i))) {
                return false;
            }
        }
        return to > from;
    }

    /** The text of the current token. */
    String text() {
        if (kind == IrToken.WORD) {
            return word();
        }
        return src.substring(start, end);
    }

    private int wordHash;
    private String word;

    /**
     * The current word; a known keyword comes from {@link Keywords} without allocating, and
     * the string is computed once per token.
     */
    String word() {
        if (word == null) {
            String k = Keywords.lookup(src, start, end, wordHash);
            word = k != null ? k : src.substring(start, end);
        }
        return word;
    }

    /** Whether the current token is the word {@code word}. */
    boolean isWord(String word) {
        return kind == IrToken.WORD && end - start == word.length() && src.startsWith(word, start);
    }

    /** The name of the current name token, unescaped ({@code \XX} escapes and {@code \\}). */
    String name() {
        return quoted ? MetadataText.unescape(src, nameStart, nameEnd) : src.substring(nameStart, nameEnd);
    }
}
