package org.nvlower.verify.ptx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

/**
 * PtxMemory (sorted arrays and a last-region cache) against a model written here the way the
 * memory was before (a TreeMap of regions, the floor region asked on every access): random regions
 * mapped in any order (empty ones, neighbours, overlaps refused), then accesses of 1 to 8 bytes
 * inside, across and outside them, alternating between regions so that the cache is both hit and
 * missed.
 */
class PtxMemoryTest {

    /** The model: a region holds an access when the floor region by base contains all its bytes. */
    private static final class Model {
        final TreeMap<Long, byte[]> regions = new TreeMap<>();

        boolean map(long base, long size) {
            Map.Entry<Long, byte[]> below = regions.floorEntry(base + Math.max(size, 1) - 1);
            if (below != null && below.getKey() + below.getValue().length > base) {
                return false;
            }
            regions.put(base, new byte[(int) size]);
            return true;
        }

        boolean holds(long address, int bytes) {
            Map.Entry<Long, byte[]> r = regions.floorEntry(address);
            return r != null && address - r.getKey() + bytes <= r.getValue().length;
        }

        long load(long address, int bytes) {
            Map.Entry<Long, byte[]> r = regions.floorEntry(address);
            long v = 0;
            for (int i = bytes - 1; i >= 0; i--) {
                v = v << 8 | (r.getValue()[(int) (address - r.getKey()) + i] & 0xFF);
            }
            return v;
        }

        void store(long address, long value, int bytes) {
            Map.Entry<Long, byte[]> r = regions.floorEntry(address);
            for (int i = 0; i < bytes; i++) {
                r.getValue()[(int) (address - r.getKey()) + i] = (byte) (value >>> (8 * i));
            }
        }
    }

    @Test
    void randomRegionsAndAccessesAgreeWithTheModel() {
        SplittableRandom random = new SplittableRandom(14);
        for (int round = 0; round < 200; round++) {
            PtxMemory memory = new PtxMemory();
            Model model = new Model();
            List<Long> bases = new ArrayList<>();
            int regions = random.nextInt(1, 40);
            for (int k = 0; k < regions; k++) {
                long base = random.nextLong(0, 4096);
                long size = random.nextInt(5) == 0 ? 0 : random.nextLong(1, 64);
                boolean mapped = model.map(base, size);
                if (mapped) {
                    assertEquals(size, memory.map(base, size).length);
                    bases.add(base);
                } else {
                    assertThrows(IllegalArgumentException.class, () -> memory.map(base, size), base + " +" + size);
                }
            }
            for (int k = 0; k < 2000; k++) {
                long at = random.nextBoolean() && !bases.isEmpty()
                        ? bases.get(random.nextInt(bases.size())) + random.nextLong(-4, 68) : random.nextLong(-8, 4200);
                int bytes = random.nextInt(1, 9);
                boolean holds = model.holds(at, bytes);
                assertEquals(holds, memory.holds(at, bytes), at + " " + bytes);
                if (!holds) {
                    assertThrows(IllegalArgumentException.class, () -> memory.load(at, bytes));
                    continue;
                }
                if (random.nextBoolean()) {
                    long value = random.nextLong();
                    model.store(at, value, bytes);
                    memory.store(at, value, bytes);
                }
                assertEquals(model.load(at, bytes), memory.load(at, bytes), at + " " + bytes);
            }
            var snapshot = memory.regions();
            assertEquals(model.regions.keySet(), snapshot.keySet());
            model.regions.forEach((base, bytes) -> assertArrayEquals(bytes, snapshot.get(base), "region " + base));
        }
    }

    @Test
    void anEmptyRegionIsReplacedByOneAtItsBaseAsTheMapDid() {
        PtxMemory memory = new PtxMemory();
        memory.map(16, 0);
        memory.map(16, 8);
        memory.store(16, 0x0102030405060708L, 8);
        assertEquals(0x0102030405060708L, memory.load(16, 8));
        assertEquals(1, memory.regions().size());
        assertThrows(IllegalArgumentException.class, () -> memory.map(20, 4));
    }

    @Test
    void aCopyIsIndependent() {
        PtxMemory memory = new PtxMemory();
        memory.map(0x100, 16);
        memory.map(0x10, 8);
        memory.store(0x100, 7, 4);
        PtxMemory copy = memory.copy();
        copy.store(0x100, 9, 4);
        copy.map(0x200, 4);
        assertEquals(7, memory.load(0x100, 4));
        assertEquals(9, copy.load(0x100, 4));
        assertEquals(2, memory.regions().size());
        assertEquals(3, copy.regions().size());
    }
}
