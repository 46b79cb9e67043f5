package org.nvlower.verify.ptx;

import java.util.Map;

/** 64- and 32-bit words in the PTX interpreter's global memory (a byte map), little-endian as on the GPU. */
final class LittleEndian {

    private LittleEndian() {}

    static void put(Map<Long, Byte> m, long at, long v) {
        for (int k = 0; k < 8; k++) {
            m.put(at + k, (byte) (v >>> (8 * k)));
        }
    }

    static long get(Map<Long, Byte> m, long at) {
        long v = 0;
        for (int k = 7; k >= 0; k--) {
            v = v << 8 | (m.getOrDefault(at + k, (byte) 0) & 0xFF);
        }
        return v;
    }

    static void put32(Map<Long, Byte> m, long at, long v) {
        for (int k = 0; k < 4; k++) {
            m.put(at + k, (byte) (v >>> (8 * k)));
        }
    }

    static long get32(Map<Long, Byte> m, long at) {
        return get(m, at) & 0xFFFFFFFFL;
    }
}
