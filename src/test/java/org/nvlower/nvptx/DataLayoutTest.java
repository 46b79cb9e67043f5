package org.nvlower.nvptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.nvlower.diag.InputException;

/** Seed 2, "Data Layout String": the three strings, the verifier and the linker's short form. */
class DataLayoutTest {

    // The seed's three strings, as printed there (split across two lines in the seed).
    static final String SEED_64_SHARED = "e-p:64:64:64-p3:32:32:32-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-"
            + "i128:128:128-f16:16:16-f32:32:32-f64:64:64-v16:16:16-v32:32:32-n16:32:64";
    static final String SEED_64 = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-"
            + "i128:128:128-f16:16:16-f32:32:32-f64:64:64-v16:16:16-v32:32:32-n16:32:64";
    static final String SEED_32 = "e-p:32:32:32-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-"
            + "i128:128:128-f16:16:16-f32:32:32-f64:64:64-v16:16:16-v32:32:32-n16:32:64";
    static final String EXAMPLES = "Example valid data layout:\n32-bit: " + SEED_32 + "\n64-bit: " + SEED_64;

    private static String verifyError(String layout) {
        return assertThrows(InputException.class, () -> DataLayoutVerifier.verify(layout)).getMessage();
    }

    @Test
    void threeLayoutsByPointerWidthAndSharedMemoryMode() {
        assertEquals(SEED_64_SHARED, DataLayout.nvptx(64, true));
        assertEquals(SEED_64, DataLayout.nvptx(64, false));
        assertEquals(SEED_32, DataLayout.nvptx(32, false));
        assertEquals(SEED_32, DataLayout.nvptx(32, true));
        assertEquals("e-i64:64-v16:16-v32:32-n16:32:64", DataLayout.LINKER_SHORT_FORM);
        assertThrows(IllegalArgumentException.class, () -> DataLayout.nvptx(16, false));
    }

    @Test
    void parsing() {
        DataLayout d = DataLayout.parse(SEED_64_SHARED);
        assertEquals(64, d.pointerSizeInBits(0));
        assertEquals(32, d.pointerSizeInBits(3));
        assertEquals(64, d.pointerSizeInBits(1));
        assertTrue(d.littleEndian());
        assertEquals(List.of(16, 32, 64), d.entry("n").orElseThrow());
        assertEquals(List.of(128, 128), d.entry("i128").orElseThrow());
        assertEquals(32, DataLayout.parse(SEED_32).pointerSizeInBits(3));
        // Unstated: LLVM's defaults (64-bit pointers, i64 ABI alignment 32).
        DataLayout shortForm = DataLayout.parse(DataLayout.LINKER_SHORT_FORM);
        assertEquals(64, shortForm.pointerSizeInBits(0));
        assertEquals(List.of(32, 64), DataLayout.parse("e").effective("i64").orElseThrow());
        assertEquals(List.of(64, 64), shortForm.effective("i64").orElseThrow());
        assertEquals(List.of(64, 64, 64), DataLayout.parse("e-p0:64:64").entry("p").orElseThrow());
        assertEquals(List.of(), DataLayout.parse("").entries().keySet().stream().toList());
        assertEquals(9, DataLayout.parse("e-S8-a:0:64-m:e-A5-G1-P0-Fi8-ni:1:2").entries().size());
    }

    /** The seed's "Key fields" table. */
    @Test
    void keyFieldsOfTheSeed() {
        for (String layout : List.of(SEED_64_SHARED, SEED_64, SEED_32)) {
            DataLayout d = DataLayout.parse(layout);
            assertTrue(d.littleEndian(), "e: little-endian");
            assertEquals(List.of(16, 32, 64), d.entry("n").orElseThrow(), "n16:32:64: native integer widths");
            assertEquals(List.of(16, 16), d.entry("v16").orElseThrow(), "v16:16:16: natural alignment");
            assertEquals(List.of(32, 32), d.entry("v32").orElseThrow(), "v32:32:32: natural alignment");
        }
        assertEquals(List.of(64, 64, 64), DataLayout.parse(SEED_64).entry("p").orElseThrow(), "p:64:64:64");
        assertEquals(List.of(32, 32, 32), DataLayout.parse(SEED_64_SHARED).entry("p3").orElseThrow(), "p3:32:32:32");
        assertTrue(DataLayout.parse(SEED_64).entry("p3").isEmpty());
        assertTrue(DataLayout.parse(SEED_32).entry("p3").isEmpty());
        // The +sharedmem32bitptr feature "adds p3:32:32:32 to data layout".
        assertEquals(SEED_64_SHARED, SEED_64.replace("e-p:64:64:64-", "e-p:64:64:64-p3:32:32:32-"));
    }

    @Test
    void malformedEntries() {
        for (String bad : List.of("e-i64", "e-p:x:64", "e-q32", "e-i64:64-i64:64", "e-", "e-m:ee", "e-S", "e-n")) {
            String message = assertThrows(InputException.class, () -> DataLayout.parse(bad)).getMessage();
            assertTrue(message.startsWith("data layout '" + bad + "': "), message);
        }
        assertEquals("data layout 'e-i64': malformed entry 'i64'",
                assertThrows(InputException.class, () -> DataLayout.parse("e-i64")).getMessage());
        assertEquals("data layout 'e-i64:64-i64:64': entry 'i64' given twice",
                assertThrows(InputException.class, () -> DataLayout.parse("e-i64:64-i64:64")).getMessage());
    }

    @Test
    void verifierAcceptsTheThreeLayoutsAndTheShortForm() {
        for (String ok : List.of(SEED_64_SHARED, SEED_64, SEED_32, DataLayout.LINKER_SHORT_FORM, "e-p:32:32",
                "e-p:32:32:32-p3:32:32:32", "e-i64:64:64")) {
            assertEquals(ok, DataLayoutVerifier.verify(ok).text());
        }
    }

    /** Layout strings found in the cicc 13.0 binary ({@code strings cicc | grep '^e-p'}). */
    @Test
    void verifierAcceptsCiccsOwnLayouts() {
        for (String cicc : List.of(
                "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-f128:128:128-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64-a:8:8",
                "e-p:32:32:32-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n32",
                "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64")) {
            assertEquals(cicc, DataLayoutVerifier.verify(cicc).text());
        }
    }

    @Test
    void verifierMessages() {
        assertEquals("Empty target data layout, must exist", verifyError(""));
        assertEquals("Empty target data layout, must exist", verifyError(null));
        assertEquals("Invalid target data layout 'e-i64:32': entry 'i64' is 32:32, NVPTX's is 64:64\n" + EXAMPLES,
                verifyError("e-i64:32"));
        assertEquals("Invalid target data layout 'E-p:64:64:64': NVPTX is little-endian ('e'), not 'E'\n" + EXAMPLES,
                verifyError("E-p:64:64:64"));
        assertEquals("Invalid target data layout 'e-p:16:16:16': generic pointers must be 32 or 64 bits, not 16\n"
                + EXAMPLES, verifyError("e-p:16:16:16"));
        assertEquals("Invalid target data layout 'e-m:e-p:64:64:64': entry 'm' is not part of an NVPTX layout\n"
                + EXAMPLES, verifyError("e-m:e-p:64:64:64"));
        assertEquals("Invalid target data layout 'e-p3:64:64:64': entry 'p3' is 64:64:64, NVPTX's is 32:32:32\n"
                + EXAMPLES, verifyError("e-p3:64:64:64"));
        assertEquals("Invalid target data layout 'e-n8:16': entry 'n' is 8:16, NVPTX's is 16:32:64 or 32\n"
                + EXAMPLES, verifyError("e-n8:16"));
        assertEquals("Invalid target data layout 'e-p:32:32:32-p3:32:32:32-p7:32:32:32': entry 'p7' is not part of an "
                + "NVPTX layout\n" + EXAMPLES, verifyError("e-p:32:32:32-p3:32:32:32-p7:32:32:32"));
        assertEquals("Invalid target data layout 'e-i64': malformed entry 'i64'\n" + EXAMPLES,
                verifyError("e-i64"));
        // The x86-64 layout clang writes by default.
        assertTrue(verifyError("e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128")
                .endsWith(EXAMPLES));
    }

    @Test
    void verifierChecksTheTriplesWidth() {
        assertEquals(SEED_64, DataLayoutVerifier.verify(SEED_64, "nvptx64-nvidia-cuda").text());
        assertEquals(SEED_32, DataLayoutVerifier.verify(SEED_32, "nvptx-nvidia-cuda").text());
        assertEquals(SEED_32, DataLayoutVerifier.verify(SEED_32, "nvsass-nvidia-cuda").text());
        assertEquals("Invalid target data layout '" + SEED_32 + "': its 32-bit pointers do not match the 64-bit "
                + "triple 'nvptx64-nvidia-cuda'\n" + EXAMPLES, assertThrows(InputException.class,
                        () -> DataLayoutVerifier.verify(SEED_32, "nvptx64-nvidia-cuda")).getMessage());
    }

    @Test
    void linkerShortFormCheck() {
        for (String a : List.of(SEED_64_SHARED, SEED_64, SEED_32, DataLayout.LINKER_SHORT_FORM)) {
            for (String b : List.of(SEED_64_SHARED, SEED_64, SEED_32, DataLayout.LINKER_SHORT_FORM)) {
                assertTrue(DataLayoutVerifier.linkable(a, b), a + " with " + b);
            }
        }
        assertFalse(DataLayoutVerifier.linkable(SEED_64, "e-p:64:64:64"));
        assertFalse(DataLayoutVerifier.linkable("E-i64:64-v16:16-v32:32-n16:32:64", SEED_64));
        assertEquals("cannot link modules with data layouts '" + SEED_64 + "' and 'e-i64:64-v16:16-v32:32-n16:32': "
                + "'e-i64:64-v16:16-v32:32-n16:32' has n 16:32, the NVPTX short form e-i64:64-v16:16-v32:32-n16:32:64 "
                + "needs 16:32:64", assertThrows(InputException.class,
                        () -> DataLayoutVerifier.checkLinkable(SEED_64, "e-i64:64-v16:16-v32:32-n16:32")).getMessage());
        assertEquals("cannot link modules with data layouts 'e' and '" + SEED_64 + "': 'e' has i64 32:64, the NVPTX "
                + "short form e-i64:64-v16:16-v32:32-n16:32:64 needs 64:64", assertThrows(InputException.class,
                        () -> DataLayoutVerifier.checkLinkable("e", SEED_64)).getMessage());
    }
}
