package org.nvlower.verify.ptx;

import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * One memory of the PTX interpreter (global, shared, a thread's local or param space): regions of
 * bytes at fixed addresses, little-endian as on the GPU. An access must lie inside one region:
 * {@link #holds} says whether it does, and the interpreter refuses one that does not, as an
 * access the run gives the kernel no memory for (on a GPU it would read or clobber memory the run
 * does not compare).
 */
final class PtxMemory {

    private final TreeMap<Long, byte[]> regions = new TreeMap<>();
    /**
     * The region the last access found (null: none yet): most accesses fall in the region of the one
     * before, and regions neither move, shrink nor overlap, so an access inside it is inside no other.
     * One immutable object, so that threads reading one memory never see one region's base with
     * another's bytes.
     */
    private Region last;

    private record Region(long base, byte[] bytes) {}

    /** Maps {@code size} zeroed bytes at {@code base} and returns them; a region must not overlap another. */
    byte[] map(long base, long size) {
        if (size < 0 || size > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("a region of " + size + " bytes");
        }
        Map.Entry<Long, byte[]> below = regions.floorEntry(base + Math.max(size, 1) - 1);
        if (below != null && below.getKey() + below.getValue().length > base) {
            throw new IllegalArgumentException(String.format("0x%x: %d bytes overlap the region at 0x%x", base, size,
                    below.getKey()));
        }
        byte[] bytes = new byte[(int) size];
        regions.put(base, bytes);
        return bytes;
    }

    /** Whether the {@code bytes} bytes from {@code address} lie in one region. */
    boolean holds(long address, int bytes) {
        return find(address, bytes) != null;
    }

    /** The region holding the access, or null. */
    private Region find(long address, int bytes) {
        Region r = last;
        if (r != null && address >= r.base) {
            long at = address - r.base; // negative only where the difference overflows: asked of the map below
            if (at >= 0 && at + bytes <= r.bytes.length) {
                return r;
            }
        }
        Map.Entry<Long, byte[]> e = regions.floorEntry(address);
        if (e != null && address - e.getKey() + bytes <= e.getValue().length) {
            r = new Region(e.getKey(), e.getValue());
            last = r;
            return r;
        }
        return null;
    }

    /** The {@code bytes} bytes (1 to 8) from {@code address}, which {@link #holds} must accept. */
    long load(long address, int bytes) {
        Region r = region(address, bytes);
        byte[] b = r.bytes;
        int at = (int) (address - r.base);
        long v = 0;
        for (int i = bytes - 1; i >= 0; i--) {
            v = v << 8 | (b[at + i] & 0xFF);
        }
        return v;
    }

    /** Stores the low {@code bytes} bytes (1 to 8) of {@code value} at {@code address}, which {@link #holds} must accept. */
    void store(long address, long value, int bytes) {
        Region r = region(address, bytes);
        byte[] b = r.bytes;
        int at = (int) (address - r.base);
        for (int i = 0; i < bytes; i++) {
            b[at + i] = (byte) (value >>> (8 * i));
        }
    }

    private Region region(long address, int bytes) {
        Region r = find(address, bytes);
        if (r == null) {
            throw new IllegalArgumentException(String.format("0x%x: %d bytes outside the memory", address, bytes));
        }
        return r;
    }

    /** The regions by base address (read only; their bytes are this memory's). */
    NavigableMap<Long, byte[]> regions() {
        return Collections.unmodifiableNavigableMap(regions);
    }

    /** An independent copy: the same regions with their bytes as they are now. */
    PtxMemory copy() {
        PtxMemory c = new PtxMemory();
        regions.forEach((base, bytes) -> c.regions.put(base, Arrays.copyOf(bytes, bytes.length)));
        return c;
    }
}
