package org.nvlower.llvm.bitcode;

/**
 * The bitstream as a tree of blocks and records, one line each (like {@code llvm-bcanalyzer
 * -dump}, without record names): what the container holds before any meaning is given to it.
 */
public final class BitcodeDump {

    private BitcodeDump() {
    }

    /** The dump of {@code data}; a malformed stream raises {@link BitcodeException}. */
    public static String dump(String fileName, byte[] data) {
        BitcodeFile file = BitcodeFile.of(fileName, data);
        Bitstream s = file.stream();
        StringBuilder sb = new StringBuilder();
        while (!s.atEnd()) {
            int id = (int) s.read(2);
            if (id != Bitstream.ENTER_SUBBLOCK) {
                throw s.error("expected a top-level block, found abbreviation id " + id);
            }
            s.subblockId = (int) s.readVbr(8);
            block(s, sb, 0);
        }
        return sb.toString();
    }

    private static void block(Bitstream s, StringBuilder sb, int depth) {
        int id = s.subblockId;
        s.enterBlock();
        if (id == Bitstream.BLOCKINFO_BLOCK_ID) {
            sb.append("  ".repeat(depth)).append("<BLOCKINFO/>\n");
            s.readBlockInfo();
            return;
        }
        sb.append("  ".repeat(depth)).append('<').append(BlockIds.name(id)).append(">\n");
        while (true) {
            switch (s.advance()) {
                case END_BLOCK -> {
                    s.leaveBlock();
                    sb.append("  ".repeat(depth)).append("</").append(BlockIds.name(id)).append(">\n");
                    return;
                }
                case SUBBLOCK -> block(s, sb, depth + 1);
                case RECORD -> {
                    Bitstream.Record r = s.readRecord();
                    sb.append("  ".repeat(depth + 1)).append("<code ").append(r.code());
                    if (r.abbrevId() != Bitstream.UNABBREV_RECORD) {
                        sb.append(" abbrev=").append(r.abbrevId());
                    }
                    for (int i = 0; i < r.size(); i++) {
                        sb.append(i == 0 ? " ops=" : ",").append(r.op(i));
                    }
                    if (r.blob() != null) {
                        sb.append(" blob=").append(r.blob().length).append(" bytes");
                    }
                    sb.append("/>\n");
                }
            }
        }
    }
}
