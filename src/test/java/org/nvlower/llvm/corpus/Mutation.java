package org.nvlower.llvm.corpus;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The mutation operators of the IR fuzzer, one row each. Every operator is a pure function of
 * (input, random stream, donor lines), so a run is reproduced exactly from its seed.
 */
enum Mutation {
    /** Overwrite one character with a character LLVM's lexer cares about. */
    BYTE_FLIP {
        @Override
        String apply(String in, SplittableRandom rnd, List<String> donors) {
            if (in.isEmpty()) {
                return String.valueOf(pick(LEXICAL, rnd));
            }
            int at = rnd.nextInt(in.length());
            return in.substring(0, at) + pick(LEXICAL, rnd) + in.substring(at + 1);
        }
    },
    /** Insert one interesting character. */
    BYTE_INSERT {
        @Override
        String apply(String in, SplittableRandom rnd, List<String> donors) {
            int at = rnd.nextInt(in.length() + 1);
            return in.substring(0, at) + pick(LEXICAL, rnd) + in.substring(at);
        }
    },
    /** Delete one token (a run of word characters, or one punctuation character). */
    TOKEN_DELETE {
        @Override
        String apply(String in, SplittableRandom rnd, List<String> donors) {
            int[] t = randomToken(in, rnd);
            return t == null ? in : in.substring(0, t[0]) + in.substring(t[1]);
        }
    },
    /** Duplicate one token in place. */
    TOKEN_DUPLICATE {
        @Override
        String apply(String in, SplittableRandom rnd, List<String> donors) {
            int[] t = randomToken(in, rnd);
            return t == null ? in : in.substring(0, t[1]) + in.substring(t[0], t[1]) + in.substring(t[1]);
        }
    },
    /** Replace one token by a keyword, type or number from the IR vocabulary. */
    TOKEN_REPLACE {
        @Override
        String apply(String in, SplittableRandom rnd, List<String> donors) {
            int[] t = randomToken(in, rnd);
            return t == null ? in : in.substring(0, t[0]) + pick(VOCABULARY, rnd) + in.substring(t[1]);
        }
    },
    /** Insert a line of another file (a fixture or libdevice) before a random line. */
    LINE_SPLICE {
        @Override
        String apply(String in, SplittableRandom rnd, List<String> donors) {
            if (donors.isEmpty()) {
                return in;
            }
            int at = lineStart(in, rnd);
            return in.substring(0, at) + donors.get(rnd.nextInt(donors.size())) + "\n" + in.substring(at);
        }
    },
    /** Delete one whole line. */
    LINE_DELETE {
        @Override
        String apply(String in, SplittableRandom rnd, List<String> donors) {
            int at = lineStart(in, rnd);
            int end = in.indexOf('\n', at);
            return in.substring(0, at) + (end < 0 ? "" : in.substring(end + 1));
        }
    },
    /** Swap a line with the one after it (moves definitions after their uses, labels, ...). */
    LINE_SWAP {
        @Override
        String apply(String in, SplittableRandom rnd, List<String> donors) {
            int a = lineStart(in, rnd);
            int b = in.indexOf('\n', a);
            if (b < 0) {
                return in;
            }
            int c = in.indexOf('\n', b + 1);
            if (c < 0) {
                return in;
            }
            return in.substring(0, a) + in.substring(b + 1, c) + "\n" + in.substring(a, b) + in.substring(c);
        }
    },
    /** Cut the input at a random offset. */
    TRUNCATE {
        @Override
        String apply(String in, SplittableRandom rnd, List<String> donors) {
            return in.substring(0, rnd.nextInt(in.length() + 1));
        }
    };

    /** Characters that change how IR lexes: sigils, brackets, quotes, escapes, digits, line ends. */
    static final String LEXICAL = "%@!#$^\"\\;:,=*(){}[]<>.-+0123456789xXKLMHRabcdefiu \t\n\r\u0000\u00e9";

    /** Tokens that change how IR parses. */
    static final List<String> VOCABULARY = List.of(
            "i1", "i8", "i32", "i64", "i128", "i0", "i16777216", "half", "bfloat", "float", "double",
            "fp128", "x86_fp80", "ppc_fp128", "ptr", "void", "label", "metadata", "token", "opaque",
            "<vscale x 4 x i32>", "{ i32, i8 }", "<{ i8 }>", "[0 x i8]", "i32*", "addrspace(3)",
            "define", "declare", "global", "constant", "type", "alias", "ifunc", "comdat", "attributes",
            "add", "fadd", "call", "invoke", "br", "switch", "phi", "getelementptr", "inbounds",
            "load", "store", "atomic", "seq_cst", "syncscope(\"x\")", "nuw", "nsw", "exact", "fast",
            "undef", "poison", "null", "zeroinitializer", "true", "false", "none",
            "0", "-1", "0x7FF0000000000000", "0xK", "0xL0", "0xH3C00", "1.5e+308", "1e999",
            "99999999999999999999999999999", "c\"\\00\"", "!{}", "!0", "!DIExpression()", "#0",
            "blockaddress(@f, %b)", "dso_local_equivalent @f", "%0", "%x", "@0", "@\"q\"", "$c",
            "#dbg_value(", "...", "(", ")", "{", "}", "[", "]", "<", ">", ",", "=", "*");

    abstract String apply(String in, SplittableRandom rnd, List<String> donors);

    private static char pick(String chars, SplittableRandom rnd) {
        return chars.charAt(rnd.nextInt(chars.length()));
    }

    private static String pick(List<String> words, SplittableRandom rnd) {
        return words.get(rnd.nextInt(words.size()));
    }

    /** The start offset of a random line (or the end of the input). */
    private static int lineStart(String in, SplittableRandom rnd) {
        int at = rnd.nextInt(in.length() + 1);
        int nl = at == 0 ? -1 : in.lastIndexOf('\n', at - 1);
        return nl + 1;
    }

    /** [start, end) of a token around a random offset, or null for blank input. */
    private static int[] randomToken(String in, SplittableRandom rnd) {
        if (in.isBlank()) {
            return null;
        }
        int at = rnd.nextInt(in.length());
        while (Character.isWhitespace(in.charAt(at))) {
            at = (at + 1) % in.length();
        }
        if (!isWord(in.charAt(at))) {
            return new int[] {at, at + 1};
        }
        int s = at;
        int e = at;
        while (s > 0 && isWord(in.charAt(s - 1))) {
            s--;
        }
        while (e < in.length() && isWord(in.charAt(e))) {
            e++;
        }
        return new int[] {s, e};
    }

    private static boolean isWord(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '%' || c == '@' || c == '!' || c == '$' || c == '-';
    }
}
