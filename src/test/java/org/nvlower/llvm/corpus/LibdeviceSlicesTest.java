package org.nvlower.llvm.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.testing.ExternalTools;

/** The libdevice slices the fuzzer starts from are valid IR: LLVM 14 accepts each of them. */
class LibdeviceSlicesTest {

    @Test
    void everySliceIsAValidModule(@TempDir Path dir) throws IOException {
        String libdevice = Corpus.libdevice().orElse(null);
        Assumptions.assumeTrue(libdevice != null, Corpus.libdeviceMissing());
        var llvmAs = ExternalTools.llvmAs();
        Assumptions.assumeTrue(llvmAs.isPresent(), "llvm-as (LLVM 14) not found");
        List<String> slices = LibdeviceSlices.standaloneFunctions(libdevice, 24);
        assertEquals(24, slices.size());
        for (int i = 0; i < slices.size(); i++) {
            Path file = dir.resolve("slice" + i + ".ll");
            Files.writeString(file, slices.get(i));
            ExternalTools.Result r = ExternalTools.run(30, llvmAs.get(), file.toString(), "-o", "/dev/null");
            String slice = slices.get(i);
            assertEquals(0, r.exitCode(), () -> r.stderr() + "\n" + slice);
        }
    }
}
