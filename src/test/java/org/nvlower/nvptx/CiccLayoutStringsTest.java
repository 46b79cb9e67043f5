package org.nvlower.nvptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The data layout strings inside the cicc binary (what {@code strings cicc | grep -E '^e-p:(32|64):'}
 * shows) all pass nvlower's NVVM verifier, and the verifier's messages are the binary's. Skipped
 * when cicc is absent ($CUDA_HOME/nvvm/bin/cicc, /usr/local/cuda/nvvm/bin/cicc).
 */
class CiccLayoutStringsTest {

    static Optional<Path> cicc() {
        return Stream.of(System.getenv("CUDA_HOME"), "/usr/local/cuda")
                .filter(h -> h != null && !h.isEmpty())
                .map(h -> Path.of(h, "nvvm", "bin", "cicc"))
                .filter(Files::isRegularFile).findFirst();
    }

    @Test
    void everyLayoutInsideCiccVerifies() throws Exception {
        Optional<Path> cicc = cicc();
        Assumptions.assumeTrue(cicc.isPresent(), "cicc not found under $CUDA_HOME or /usr/local/cuda");
        byte[] binary = Files.readAllBytes(cicc.get());
        String text = new String(binary, StandardCharsets.ISO_8859_1);
        TreeSet<String> layouts = new TreeSet<>();
        for (String start : List.of("e-p:32:", "e-p:64:")) {
            for (int at = text.indexOf(start); at >= 0; at = text.indexOf(start, at + 1)) {
                int end = at;
                while (end < text.length() && text.charAt(end) >= 0x21 && text.charAt(end) < 0x7f) {
                    end++;
                }
                layouts.add(text.substring(at, end));
            }
        }
        assertTrue(layouts.size() >= 10, "found only " + layouts);
        for (String layout : layouts) {
            assertEquals(layout, DataLayoutVerifier.verify(layout).text());
        }
        assertTrue(text.contains(DataLayoutVerifier.EMPTY));
        assertTrue(text.contains(DataLayoutVerifier.EXAMPLE));
        assertTrue(text.contains(TargetRegistry.NOT_FOUND));
        assertTrue(text.contains("Error: Cannot specify multiple -llcO#"));
        assertTrue(text.contains(DataLayout.LINKER_SHORT_FORM));
    }
}
