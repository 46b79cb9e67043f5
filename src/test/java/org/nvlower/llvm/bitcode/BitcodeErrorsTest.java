package org.nvlower.llvm.bitcode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad bitcode: one BitcodeException with the byte offset, never another exception. */
class BitcodeErrorsTest {

    @Test
    void notBitcodeAndTruncatedHeaders() {
        BitcodeException e = assertThrows(BitcodeException.class, () -> BitcodeReader.read("x.bc", new byte[] {1, 2, 3, 4}));
        assertTrue(e.getMessage().startsWith("x.bc: at byte offset 0: not LLVM bitcode"), e.getMessage());
        e = assertThrows(BitcodeException.class, () -> BitcodeReader.read("t.bc", new byte[] {'B', 'C', (byte) 0xC0,
                (byte) 0xDE, 0x35, 0x14, 0, 0}));
        assertTrue(e.getMessage().startsWith("t.bc: at byte offset "), e.getMessage());
        assertEquals(e.getMessage().indexOf('\n'), -1);
    }

    /** The small run of bench/bitcode-fuzz: 400 mutants of the fixtures' bitcode. */
    @Test
    void mutatedBitcodeNeverCrashes(@TempDir Path dir) throws Exception {
        List<byte[]> seeds = BitcodeFuzz.seeds(dir);
        Assumptions.assumeTrue(!seeds.isEmpty(), "llvm-as 14 not found (it makes the seed bitcode)");
        BitcodeFuzz.Result r = BitcodeFuzz.run(seeds, 7, 0, 400);
        assertEquals(List.of(), r.findings());
        assertTrue(r.rejected() > 100, "most mutants are rejected: " + r);
        assertTrue(r.read() + r.rejected() == 400, r.toString());
    }

    @Test
    void everyPrefixOfASmallModuleIsRejectedWithItsOffset(@TempDir Path dir) throws Exception {
        List<byte[]> seeds = BitcodeFuzz.seeds(dir);
        Assumptions.assumeTrue(!seeds.isEmpty(), "llvm-as 14 not found");
        byte[] bc = seeds.get(0);
        for (int cut = 0; cut < bc.length; cut += 4) {
            byte[] prefix = java.util.Arrays.copyOf(bc, cut);
            BitcodeException e = assertThrows(BitcodeException.class, () -> BitcodeReader.read("p.bc", prefix),
                    "prefix of " + cut + " bytes");
            assertTrue(e.byteOffset() <= cut, e.getMessage());
        }
        Files.write(dir.resolve("whole.bc"), bc);
        BitcodeReader.read("whole.bc", bc);
    }
}
