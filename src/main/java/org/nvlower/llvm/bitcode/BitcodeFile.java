package org.nvlower.llvm.bitcode;

/**
 * Where the bitstream of a bitcode file is: after the optional wrapper header (0x0B17C0DE,
 * written for Darwin targets) and the magic {@code BC 0xC0DE}.
 */
record BitcodeFile(String name, byte[] data, int start, int end) {

    static boolean isBitcode(byte[] data) {
        return data.length >= 4 && (magicAt(data, 0) || word(data, 0) == 0x0B17C0DE);
    }

    static BitcodeFile of(String name, byte[] data) {
        int start = 0;
        int end = data.length;
        if (data.length >= 4 && word(data, 0) == 0x0B17C0DE) {
            if (data.length < 20) {
                throw new BitcodeException(name, data.length, "truncated bitcode wrapper header");
            }
            long offset = word(data, 8) & 0xFFFFFFFFL;
            long size = word(data, 12) & 0xFFFFFFFFL;
            if (offset + size > data.length) {
                throw new BitcodeException(name, 8, "bitcode wrapper header names bytes past the end of the file");
            }
            start = (int) offset;
            end = (int) (offset + size);
        }
        if (end - start < 4 || !magicAt(data, start)) {
            throw new BitcodeException(name, start, "not LLVM bitcode (no 'BC' 0xC0DE magic)");
        }
        if ((end - start) % 4 != 0) {
            throw new BitcodeException(name, end, "bitcode size is not a multiple of 4 bytes (truncated file?)");
        }
        return new BitcodeFile(name, data, start + 4, end);
    }

    Bitstream stream() {
        return new Bitstream(name, data, start, end);
    }

    private static boolean magicAt(byte[] d, int i) {
        return (d[i] & 0xFF) == 'B' && (d[i + 1] & 0xFF) == 'C' && (d[i + 2] & 0xFF) == 0xC0 && (d[i + 3] & 0xFF) == 0xDE;
    }

    private static int word(byte[] d, int i) {
        return (d[i] & 0xFF) | (d[i + 1] & 0xFF) << 8 | (d[i + 2] & 0xFF) << 16 | (d[i + 3] & 0xFF) << 24;
    }
}
