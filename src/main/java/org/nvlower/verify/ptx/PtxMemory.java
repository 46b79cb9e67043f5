package org.nvlower.verify.ptx;

import java.util.Arrays;
import java.util.Collections;
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

    /**
     * The regions by base address, ascending: {@code count} bases and their bytes. Sorted arrays, not
     * a TreeMap: a thread maps a param region per call argument (at rising addresses, so each goes
     * last) and finds a region per access, both without boxing.
     */
    private long[] bases = new long[8];
    private byte[][] blocks = new byte[8][];
    private int count;
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
        int below = floor(base + Math.max(size, 1) - 1);
        if (below >= 0 && bases[below] + blocks[below].length > base) {
            throw new IllegalArgumentException(String.format("0x%x: %d bytes overlap the region at 0x%x", base, size,
                    bases[below]));
        }
        byte[] bytes = new byte[(int) size];
        int at = floor(base);
        if (at >= 0 && bases[at] == base) { // an empty region there (nothing else passes the check): replaced, as a map's put does
            blocks[at] = bytes;
            return bytes;
        }
        at++;
        if (count == bases.length) {
            bases = Arrays.copyOf(bases, 2 * count);
            blocks = Arrays.copyOf(blocks, 2 * count);
        }
        System.arraycopy(bases, at, bases, at + 1, count - at);
        System.arraycopy(blocks, at, blocks, at + 1, count - at);
        bases[at] = base;
        blocks[at] = bytes;
        count++;
        return bytes;
    }

    /** The index of the region with the greatest base at most {@code address}, or -1. */
    private int floor(long address) {
        int lo = 0;
        int hi = count - 1;
        if (hi >= 0 && bases[hi] <= address) { // the last region: where params are mapped and most often sought
            return hi;
        }
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (bases[mid] <= address) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return hi;
    }

    /** Whether the {@code bytes} bytes from {@code address} lie in one region. */
    boolean holds(long address, int bytes) {
        return find(address, bytes) != null;
    }

    /** The region holding the access, or null. */
    private Region find(long address, int bytes) {
        Region r = last;
        if (r != null && address >= r.base) {
            long at = address - r.base; // negative only where the difference overflows: asked of the arrays below
            if (at >= 0 && at + bytes <= r.bytes.length) {
                return r;
            }
        }
        int i = floor(address);
        if (i >= 0 && address - bases[i] + bytes <= blocks[i].length) {
            r = new Region(bases[i], blocks[i]);
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

    /** The regions by base address (read only, as they are now; their bytes are this memory's). */
    NavigableMap<Long, byte[]> regions() {
        TreeMap<Long, byte[]> m = new TreeMap<>();
        for (int i = 0; i < count; i++) {
            m.put(bases[i], blocks[i]);
        }
        return Collections.unmodifiableNavigableMap(m);
    }

    /** An independent copy: the same regions with their bytes as they are now. */
    PtxMemory copy() {
        PtxMemory c = new PtxMemory();
        c.bases = Arrays.copyOf(bases, bases.length);
        c.blocks = new byte[blocks.length][];
        for (int i = 0; i < count; i++) {
            c.blocks[i] = Arrays.copyOf(blocks[i], blocks[i].length);
        }
        c.count = count;
        return c;
    }
}
