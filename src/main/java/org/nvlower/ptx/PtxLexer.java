package org.nvlower.ptx;

import java.util.ArrayList;
import java.util.List;

import org.nvlower.diag.InputException;
import org.nvlower.diag.SourcePosition;

/**
 * Splits PTX text into tokens: words (opcodes with their modifiers, directives, registers,
 * labels, names: {@code ld.global.u32}, {@code .reg}, {@code %tid.x}, {@code $L__BB0_2}),
 * numbers ({@code 42}, {@code -} is separate, {@code 0x7F}, {@code 0f3F800000},
 * {@code 0d3FF0000000000000}, {@code 0b101}, {@code 1.5}), strings and punctuation. A word of
 * directives written together ({@code .reg.u64}) is split at its dots; {@code ::} inside a word
 * ({@code .shared::cta}) belongs to it. Comments ({@code //} and
 * {@code /* *&#47;}) are skipped.
 */
final class PtxLexer {

    enum Kind { WORD, NUMBER, STRING, PUNCT, EOF }

    /** A token: kind, text, start offset, and whether a line break precedes it. */
    record Token(Kind kind, String text, int offset, boolean lineStart) {
        boolean is(String s) {
            return (kind == Kind.PUNCT || kind == Kind.WORD) && text.equals(s);
        }
    }

    private static final String PUNCT = ",;:[]{}()<>@!|+-=";

    private final String file;
    private final String text;
    private final List<Integer> lineStarts = new ArrayList<>();

    PtxLexer(String file, String text) {
        this.file = file;
        this.text = text;
        lineStarts.add(0);
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                lineStarts.add(i + 1);
            }
        }
    }

    List<Token> tokens() {
        List<Token> out = new ArrayList<>();
        int i = 0;
        int n = text.length();
        boolean lineStart = true;
        while (true) {
            while (i < n) {
                char c = text.charAt(i);
                if (c == '\n') {
                    lineStart = true;
                    i++;
                } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
                    i++;
                } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                    while (i < n && text.charAt(i) != '\n') {
                        i++;
                    }
                } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                    int end = text.indexOf("*/", i + 2);
                    if (end < 0) {
                        throw error(i, "unterminated comment");
                    }
                    if (text.substring(i, end).indexOf('\n') >= 0) {
                        lineStart = true;
                    }
                    i = end + 2;
                } else {
                    break;
                }
            }
            if (i >= n) {
                out.add(new Token(Kind.EOF, "", n, true));
                return out;
            }
            int start = i;
            char c = text.charAt(i);
            Kind kind;
            if (isWordStart(c)) {
                i++;
                while (i < n && isWordPart(text.charAt(i))) {
                    i++;
                    // scoped opcodes and qualifiers: cp.async.ca.shared::cta.global, .shared::cluster
                    if (i + 2 < n && text.charAt(i) == ':' && text.charAt(i + 1) == ':' && isWordPart(text.charAt(i + 2))) {
                        i += 2;
                    }
                }
                if (i - start == 1 && (c == '.' || c == '%' || c == '$')) {
                    throw error(start, "expected a name after " + describe(c));
                }
                if (c == '.') {
                    // directives and qualifiers written together: .reg.u64, .param.f32, .v2.b16, .ptr.global.align
                    int from = start;
                    for (int k = start + 1; k < i; k++) {
                        if (text.charAt(k) == '.' && k + 1 < i && Character.isLetter(text.charAt(k + 1))
                                && text.charAt(k - 1) != ':') {
                            out.add(new Token(Kind.WORD, text.substring(from, k), from, lineStart && from == start));
                            from = k;
                        }
                    }
                    if (from > start) {
                        out.add(new Token(Kind.WORD, text.substring(from, i), from, false));
                        lineStart = false;
                        continue;
                    }
                }
                kind = Kind.WORD;
            } else if (c >= '0' && c <= '9') {
                i = number(i);
                kind = Kind.NUMBER;
            } else if (c == '"') {
                i++;
                while (i < n && text.charAt(i) != '"' && text.charAt(i) != '\n') {
                    i++;
                }
                if (i >= n || text.charAt(i) != '"') {
                    throw error(start, "unterminated string");
                }
                i++;
                kind = Kind.STRING;
            } else if (PUNCT.indexOf(c) >= 0) {
                i++;
                kind = Kind.PUNCT;
            } else {
                throw error(start, "unexpected character " + describe(c));
            }
            out.add(new Token(kind, text.substring(start, i), start, lineStart));
            lineStart = false;
        }
    }

    /** The end of the number starting at {@code i}. */
    private int number(int i) {
        int start = i;
        int n = text.length();
        if (text.charAt(i) == '0' && i + 2 < n && "bB".indexOf(text.charAt(i + 1)) >= 0
                && (text.charAt(i + 2) == '0' || text.charAt(i + 2) == '1')) {
            i += 2;
            while (i < n && (text.charAt(i) == '0' || text.charAt(i) == '1')) {
                i++;
            }
        } else if (text.charAt(i) == '0' && i + 1 < n && "xXfFdD".indexOf(text.charAt(i + 1)) >= 0) {
            char form = Character.toLowerCase(text.charAt(i + 1));
            i += 2;
            while (i < n && Character.digit(text.charAt(i), 16) >= 0) {
                i++;
            }
            int digits = i - start - 2;
            if (form == 'x' && digits == 0) {
                throw error(start, "expected hex digits after '0x'");
            }
            if (form == 'f' && digits != 8) {
                throw error(start, "a 0f float literal needs exactly 8 hex digits");
            }
            if (form == 'd' && digits != 16) {
                throw error(start, "a 0d double literal needs exactly 16 hex digits");
            }
        } else {
            while (i < n && Character.isDigit(text.charAt(i))) {
                i++;
            }
            if (i < n && text.charAt(i) == '.' && i + 1 < n && Character.isDigit(text.charAt(i + 1))) {
                i++;
                while (i < n && Character.isDigit(text.charAt(i))) {
                    i++;
                }
            }
            if (i < n && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
                int j = i + 1;
                if (j < n && (text.charAt(j) == '+' || text.charAt(j) == '-')) {
                    j++;
                }
                if (j < n && Character.isDigit(text.charAt(j))) {
                    i = j;
                    while (i < n && Character.isDigit(text.charAt(i))) {
                        i++;
                    }
                }
            }
        }
        if (i < n && text.charAt(i) == 'U') {
            i++;
        }
        if (i < n && isWordPart(text.charAt(i))) {
            throw error(i, "unexpected " + describe(text.charAt(i)) + " in a number");
        }
        return i;
    }

    private static boolean isWordStart(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$' || c == '%' || c == '.';
    }

    private static boolean isWordPart(char c) {
        return isWordStart(c) && c != '%' || c >= '0' && c <= '9';
    }

    static String describe(char c) {
        return c > 0x20 && c < 0x7F ? "'" + c + "'" : String.format("U+%04X", (int) c);
    }

    /** The source text from {@code from} to {@code to}. */
    String text(int from, int to) {
        return text.substring(from, to);
    }

    SourcePosition position(int offset) {
        int line = 0;
        int lo = 0;
        int hi = lineStarts.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (lineStarts.get(mid) <= offset) {
                line = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        int start = lineStarts.get(line);
        int end = text.indexOf('\n', start);
        String lineText = text.substring(start, end < 0 ? text.length() : end);
        if (lineText.endsWith("\r")) {
            lineText = lineText.substring(0, lineText.length() - 1);
        }
        return new SourcePosition(file, line + 1, offset - start + 1, lineText);
    }

    InputException error(int offset, String message) {
        return new InputException(position(offset), message);
    }
}
