package org.nvlower.llvm.bitcode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * LLVM's bitstream container: a cursor over 32-bit little-endian words that reads fixed-width and
 * variable-width (VBR) fields, enters and leaves blocks, keeps each block's abbreviations (its own
 * and those BLOCKINFO registers for its block id) and decodes records, abbreviated or not.
 * Every read is bounds-checked; a bad stream raises {@link BitcodeException} with the byte offset.
 */
final class Bitstream {

    /** The abbreviation ids every block reserves. */
    static final int END_BLOCK = 0;
    static final int ENTER_SUBBLOCK = 1;
    static final int DEFINE_ABBREV = 2;
    static final int UNABBREV_RECORD = 3;

    static final int BLOCKINFO_BLOCK_ID = 0;
    private static final int BLOCKINFO_CODE_SETBID = 1;

    /** One operand of an abbreviation: a literal, or an encoding with its width. */
    record AbbrevOp(int kind, long value) {
        static final int LITERAL = 0;
        static final int FIXED = 1;
        static final int VBR = 2;
        static final int ARRAY = 3;
        static final int CHAR6 = 4;
        static final int BLOB = 5;
    }

    /** A record: its code, its operands and, for a blob operand, the blob's bytes. */
    record Record(int code, long[] ops, int size, byte[] blob, int abbrevId) {
        long op(int i) {
            return ops[i];
        }

        /** The operands from {@code from} on as a string of byte-sized characters. */
        String string(int from) {
            StringBuilder sb = new StringBuilder(Math.max(0, size - from));
            for (int i = from; i < size; i++) {
                sb.append((char) (ops[i] & 0xFF));
            }
            return sb.toString();
        }

        long[] operands() {
            return Arrays.copyOf(ops, size);
        }
    }

    /** What {@link #advance} found next in the current block. */
    enum EntryKind { END_BLOCK, SUBBLOCK, RECORD }

    private final String file;
    private final byte[] data;
    private final int start;
    private final int end;
    private long bitPos;

    private int abbrevWidth = 2;
    private List<AbbrevOp[]> abbrevs = new ArrayList<>();
    private final ArrayList<Scope> scopes = new ArrayList<>();
    private final Map<Integer, List<AbbrevOp[]>> blockInfo = new HashMap<>();

    /** The block a subblock entry announced (valid after {@link #advance} returned SUBBLOCK). */
    int subblockId;

    /** The enclosing block's state, restored at its end. */
    private record Scope(int abbrevWidth, List<AbbrevOp[]> abbrevs, long endBit) {
    }

    /** Scratch space for record operands, reused between records. */
    private long[] scratch = new long[64];

    Bitstream(String file, byte[] data, int start, int end) {
        this.file = file;
        this.data = data;
        this.start = start;
        this.end = end;
        this.bitPos = (long) start * 8;
    }

    String file() {
        return file;
    }

    BitcodeException error(String message) {
        return new BitcodeException(file, bitPos / 8, message);
    }

    long bitPosition() {
        return bitPos;
    }

    void jumpToBit(long bit) {
        if (bit < (long) start * 8 || bit > (long) end * 8) {
            throw error("offset out of range");
        }
        bitPos = bit;
    }

    boolean atEnd() {
        return bitPos >= (long) end * 8;
    }

    /** Reads {@code width} (0..64) bits, least significant first. */
    long read(int width) {
        if (width == 0) {
            return 0;
        }
        if (bitPos + width > (long) end * 8) {
            throw error("unexpected end of bitcode (truncated file?)");
        }
        long result = 0;
        int got = 0;
        while (got < width) {
            int byteIndex = (int) (bitPos >>> 3);
            int bitInByte = (int) (bitPos & 7);
            int take = Math.min(8 - bitInByte, width - got);
            long bits = ((data[byteIndex] & 0xFF) >>> bitInByte) & ((1 << take) - 1);
            result |= bits << got;
            got += take;
            bitPos += take;
        }
        return result;
    }

    long readVbr(int width) {
        if (width < 2 || width > 32) {
            throw error("invalid VBR width " + width);
        }
        long hi = 1L << (width - 1);
        long piece = read(width);
        if ((piece & hi) == 0) {
            return piece;
        }
        long result = 0;
        int shift = 0;
        while (true) {
            result |= (piece & (hi - 1)) << shift;
            if ((piece & hi) == 0) {
                return result;
            }
            shift += width - 1;
            if (shift >= 64 + width) {
                throw error("VBR value too large");
            }
            piece = read(width);
        }
    }

    void alignTo32() {
        long aligned = (bitPos + 31) & ~31L;
        if (aligned > (long) end * 8) {
            throw error("unexpected end of bitcode (truncated file?)");
        }
        bitPos = aligned;
    }

    /** The next entry of the current block: its end, a subblock (id in {@link #subblockId}) or a record. */
    EntryKind advance() {
        while (true) {
            if (atEnd()) {
                throw error("unexpected end of bitcode: block not closed");
            }
            int id = (int) read(abbrevWidth);
            switch (id) {
                case END_BLOCK -> {
                    alignTo32();
                    return EntryKind.END_BLOCK;
                }
                case ENTER_SUBBLOCK -> {
                    subblockId = (int) readVbr(8);
                    return EntryKind.SUBBLOCK;
                }
                case DEFINE_ABBREV -> abbrevs.add(readAbbrev());
                default -> {
                    pendingAbbrev = id;
                    return EntryKind.RECORD;
                }
            }
        }
    }

    private int pendingAbbrev;

    /** Enters the subblock announced by {@link #advance}. */
    void enterBlock() {
        int width = (int) readVbr(4);
        alignTo32();
        long words = read(32);
        long endBit = bitPos + words * 32;
        if (width < 2 || width > 32) {
            throw error("invalid abbreviation width " + width);
        }
        if (endBit > (long) end * 8) {
            throw error("block of " + words + " words extends past the end of the file");
        }
        scopes.add(new Scope(abbrevWidth, abbrevs, endBit));
        abbrevWidth = width;
        abbrevs = new ArrayList<>(blockInfo.getOrDefault(subblockId, List.of()));
    }

    /** Leaves the current block after its END_BLOCK. */
    void leaveBlock() {
        if (scopes.isEmpty()) {
            throw error("end of block outside any block");
        }
        Scope s = scopes.remove(scopes.size() - 1);
        abbrevWidth = s.abbrevWidth();
        abbrevs = s.abbrevs();
    }

    /**
     * Runs {@code action} on each record of the block just entered, skips its subblocks, and
     * leaves it at its END_BLOCK: the walk of every block whose records are read one by one.
     */
    void forEachRecord(java.util.function.Consumer<Record> action) {
        while (true) {
            switch (advance()) {
                case END_BLOCK -> {
                    leaveBlock();
                    return;
                }
                case SUBBLOCK -> skipBlock();
                case RECORD -> action.accept(readRecord());
            }
        }
    }

    /** Skips the subblock announced by {@link #advance} using its length word. */
    void skipBlock() {
        readVbr(4);
        alignTo32();
        long words = read(32);
        long target = bitPos + words * 32;
        if (target > (long) end * 8) {
            throw error("block of " + words + " words extends past the end of the file");
        }
        bitPos = target;
    }

    int depth() {
        return scopes.size();
    }

    private AbbrevOp[] readAbbrev() {
        int n = (int) readVbr(5);
        if (n < 1 || n > 1 << 16) {
            throw error("invalid abbreviation with " + n + " operands");
        }
        AbbrevOp[] ops = new AbbrevOp[n];
        for (int i = 0; i < n; i++) {
            boolean literal = read(1) == 1;
            if (literal) {
                ops[i] = new AbbrevOp(AbbrevOp.LITERAL, readVbr(8));
                continue;
            }
            int encoding = (int) read(3);
            switch (encoding) {
                case AbbrevOp.FIXED, AbbrevOp.VBR -> {
                    long width = readVbr(5);
                    if (width > (encoding == AbbrevOp.FIXED ? 64 : 32) || encoding == AbbrevOp.VBR && width == 1) {
                        throw error("invalid abbreviation operand width " + width);
                    }
                    ops[i] = width == 0 ? new AbbrevOp(AbbrevOp.LITERAL, 0) : new AbbrevOp(encoding, width);
                }
                case AbbrevOp.ARRAY, AbbrevOp.CHAR6, AbbrevOp.BLOB -> ops[i] = new AbbrevOp(encoding, 0);
                default -> throw error("invalid abbreviation encoding " + encoding);
            }
        }
        for (int i = 0; i < n; i++) {
            if (ops[i].kind() == AbbrevOp.ARRAY && (i != n - 2 || ops[n - 1].kind() == AbbrevOp.ARRAY
                    || ops[n - 1].kind() == AbbrevOp.BLOB)) {
                throw error("an array must be the abbreviation's second-last operand, with a scalar element");
            }
            if (ops[i].kind() == AbbrevOp.BLOB && i != n - 1) {
                throw error("a blob must be the abbreviation's last operand");
            }
        }
        return ops;
    }

    /** Reads the record announced by {@link #advance}. */
    Record readRecord() {
        int id = pendingAbbrev;
        if (id == UNABBREV_RECORD) {
            int code = (int) readVbr(6);
            long n = readVbr(6);
            if (n < 0 || n > ((long) end * 8 - bitPos) / 6) { // each operand takes 6 bits at least
                throw error("record with " + n + " operands extends past the end of the file");
            }
            long[] ops = ensure((int) n);
            for (int i = 0; i < n; i++) {
                ops[i] = readVbr(6);
            }
            return new Record(code, ops, (int) n, null, id);
        }
        int index = id - 4;
        if (index < 0 || index >= abbrevs.size()) {
            throw error("unknown abbreviation id " + id);
        }
        AbbrevOp[] abbrev = abbrevs.get(index);
        long code = readScalar(abbrev[0]);
        if (abbrev[0].kind() == AbbrevOp.ARRAY || abbrev[0].kind() == AbbrevOp.BLOB) {
            throw error("an abbreviation's record code must be a scalar");
        }
        int n = 0;
        byte[] blob = null;
        for (int i = 1; i < abbrev.length; i++) {
            AbbrevOp op = abbrev[i];
            switch (op.kind()) {
                case AbbrevOp.ARRAY -> {
                    long len = readVbr(6);
                    AbbrevOp element = abbrev[++i];
                    if (element.kind() == AbbrevOp.LITERAL) {
                        throw error("an array's element must be an encoding, not a literal");
                    }
                    long bits = element.kind() == AbbrevOp.CHAR6 ? 6 : element.value();
                    if (len < 0 || len > ((long) end * 8 - bitPos) / Math.max(1, bits)) {
                        throw error("array of " + len + " elements extends past the end of the file");
                    }
                    ensure(n + (int) len);
                    for (long k = 0; k < len; k++) {
                        scratch[n++] = readScalar(element);
                    }
                }
                case AbbrevOp.BLOB -> {
                    long len = readVbr(6);
                    alignTo32();
                    if (len < 0 || len > ((long) end * 8 - bitPos) / 8) {
                        throw error("blob of " + len + " bytes extends past the end of the file");
                    }
                    int from = (int) (bitPos >>> 3);
                    blob = Arrays.copyOfRange(data, from, from + (int) len);
                    bitPos += len * 8;
                    alignTo32();
                }
                default -> {
                    ensure(n + 1);
                    scratch[n++] = readScalar(op);
                }
            }
        }
        return new Record((int) code, scratch, n, blob, id);
    }

    private long[] ensure(int n) {
        if (scratch.length < n) {
            scratch = Arrays.copyOf(scratch, Math.max(n, scratch.length * 2));
        }
        return scratch;
    }

    private long readScalar(AbbrevOp op) {
        return switch (op.kind()) {
            case AbbrevOp.LITERAL -> op.value();
            case AbbrevOp.FIXED -> read((int) op.value());
            case AbbrevOp.VBR -> readVbr((int) op.value());
            case AbbrevOp.CHAR6 -> char6((int) read(6));
            default -> throw error("an array or blob cannot be an element");
        };
    }

    private static long char6(int v) {
        if (v < 26) {
            return 'a' + v;
        }
        if (v < 52) {
            return 'A' + v - 26;
        }
        if (v < 62) {
            return '0' + v - 52;
        }
        return v == 62 ? '.' : '_';
    }

    /**
     * Reads a BLOCKINFO block (after {@link #enterBlock}): its abbreviations are registered for the
     * blocks SETBID names, and apply to every later block with that id.
     */
    void readBlockInfo() {
        List<AbbrevOp[]> current = null;
        while (true) {
            if (atEnd()) {
                throw error("unexpected end of bitcode in BLOCKINFO");
            }
            int id = (int) read(abbrevWidth);
            switch (id) {
                case END_BLOCK -> {
                    alignTo32();
                    leaveBlock();
                    return;
                }
                case ENTER_SUBBLOCK -> {
                    readVbr(8);
                    skipBlock();
                }
                case DEFINE_ABBREV -> {
                    if (current == null) {
                        throw error("abbreviation in BLOCKINFO before SETBID");
                    }
                    current.add(readAbbrev());
                }
                default -> {
                    pendingAbbrev = id;
                    Record r = readRecord();
                    if (r.code() == BLOCKINFO_CODE_SETBID) {
                        if (r.size() < 1) {
                            throw error("SETBID without a block id");
                        }
                        current = blockInfo.computeIfAbsent((int) r.op(0), k -> new ArrayList<>());
                    }
                }
            }
        }
    }
}
