package org.nvlower.verify.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;

import org.nvlower.diag.InputException;
import org.nvlower.diag.SourcePosition;

/**
 * The operand pairs of the binary128 throughput benchmarks: a deterministic, varied mix, and the
 * text file through which the peer harnesses (libgcc in C, BigDecimal) read exactly the same bits.
 *
 * <p>Words are interleaved, four per pair: {@code aHi, aLo, bHi, bLo}, as the kernel reads them.
 *
 * <p>File format: lines {@code A B}, each a binary128 bit pattern as 32 hex digits (sign first);
 * blank lines and lines starting with {@code #} are ignored.
 */
public final class Fp128Operands {

    /** Pairs per benchmark array: large enough to defeat branch history, small enough for L1/L2. */
    public static final int DEFAULT_PAIRS = 4096;
    public static final long DEFAULT_SEED = 0x6E766C6F776572L; // "nvlower"

    private static final String HEADER =
            "# nvlower fp128 operand pairs: one pair per line, A and B as 32 hex digits of binary128 bits\n";
    private static final int BIAS = 0x3FFF;
    private static final long FRAC_HI_MASK = 0xFFFF_FFFF_FFFFL; // 48 fraction bits of the high word

    private final long[] words;

    private Fp128Operands(long[] words) {
        this.words = words;
    }

    /** The interleaved words {@code aHi, aLo, bHi, bLo, ...}; the array itself, not a copy. */
    public long[] words() {
        return words;
    }

    public int pairs() {
        return words.length / 4;
    }

    /**
     * A reproducible mix, each operand drawn independently: 85% normal with exponents within 2^±64
     * (so that additions align and cancel in varied ways), 9% normal of any exponent (overflow and
     * underflow in mul/div), 3% subnormal, 1% each zero, infinity and quiet NaN; random signs and
     * 112 random fraction bits.
     */
    public static Fp128Operands generate(long seed, int pairs) {
        if (pairs < 1) {
            throw new IllegalArgumentException("pairs must be positive: " + pairs);
        }
        SplittableRandom random = new SplittableRandom(seed);
        long[] words = new long[4 * pairs];
        for (int i = 0; i < words.length; i += 2) {
            randomOperand(random, words, i);
        }
        return new Fp128Operands(words);
    }

    public static Fp128Operands standard() {
        return generate(DEFAULT_SEED, DEFAULT_PAIRS);
    }

    private static void randomOperand(SplittableRandom random, long[] words, int at) {
        long sign = random.nextBoolean() ? Long.MIN_VALUE : 0;
        long fracHi = random.nextLong() & FRAC_HI_MASK;
        long fracLo = random.nextLong();
        int kind = random.nextInt(100);
        long exp;
        if (kind < 85) {
            exp = BIAS + random.nextInt(-64, 65);
        } else if (kind < 94) {
            exp = random.nextInt(1, 0x7FFF);
        } else if (kind < 97) {             // subnormal: a nonzero fraction, of varied length
            exp = 0;
            int shift = random.nextInt(112);
            long hi = shift >= 64 ? 0 : fracHi >>> shift;
            long lo = shift >= 64 ? fracHi >>> (shift - 64) : shift == 0 ? fracLo : fracLo >>> shift | fracHi << (64 - shift);
            fracHi = hi;
            fracLo = lo == 0 && hi == 0 ? 1 : lo;
        } else if (kind < 98) {
            exp = 0;
            fracHi = fracLo = 0;
        } else if (kind < 99) {
            exp = 0x7FFF;
            fracHi = fracLo = 0;
        } else {                            // quiet NaN with a random payload
            exp = 0x7FFF;
            fracHi |= 1L << 47;
        }
        words[at] = sign | exp << 48 | fracHi;
        words[at + 1] = fracLo;
    }

    /** Writes the pairs in the text format, atomically (temp file in the same directory, then move). */
    public void write(Path file) {
        StringBuilder text = new StringBuilder(HEADER);
        HexFormat hex = HexFormat.of();
        for (int i = 0; i < words.length; i += 4) {
            text.append(hex.toHexDigits(words[i])).append(hex.toHexDigits(words[i + 1])).append(' ')
                    .append(hex.toHexDigits(words[i + 2])).append(hex.toHexDigits(words[i + 3])).append('\n');
        }
        Path dir = file.toAbsolutePath().getParent();
        try {
            Path temp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
            try {
                Files.writeString(temp, text, StandardCharsets.US_ASCII);
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Reads a file in the text format; a malformed line is an {@link InputException} at that line. */
    public static Fp128Operands read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": no such file");
        } catch (IOException e) {
            throw new InputException(file + ": cannot read: " + e.getMessage());
        }
        List<long[]> pairs = new ArrayList<>();
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            pairs.add(parsePair(file.toString(), n + 1, line));
        }
        if (pairs.isEmpty()) {
            throw new InputException(file + ": no operand pairs (expected lines of two 32-digit hex numbers)");
        }
        long[] words = new long[4 * pairs.size()];
        for (int i = 0; i < pairs.size(); i++) {
            System.arraycopy(pairs.get(i), 0, words, 4 * i, 4);
        }
        return new Fp128Operands(words);
    }

    private static long[] parsePair(String file, int lineNo, String line) {
        long[] pair = new long[4];
        int pos = 0;
        for (int operand = 0; operand < 2; operand++) {
            while (pos < line.length() && Character.isWhitespace(line.charAt(pos))) {
                pos++;
            }
            int start = pos;
            while (pos < line.length() && !Character.isWhitespace(line.charAt(pos))) {
                pos++;
            }
            String token = line.substring(start, pos);
            if (token.length() != 32 || !token.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
                throw new InputException(new SourcePosition(file, lineNo, start + 1, line),
                        token.isEmpty() ? "expected operand " + (operand == 0 ? "A" : "B") + " (32 hex digits)"
                                : "expected 32 hex digits, found '" + token + "'");
            }
            pair[2 * operand] = Long.parseUnsignedLong(token, 0, 16, 16);
            pair[2 * operand + 1] = Long.parseUnsignedLong(token, 16, 32, 16);
        }
        while (pos < line.length() && Character.isWhitespace(line.charAt(pos))) {
            pos++;
        }
        if (pos < line.length()) {
            throw new InputException(new SourcePosition(file, lineNo, pos + 1, line),
                    "unexpected text after the two operands");
        }
        return pair;
    }
}
