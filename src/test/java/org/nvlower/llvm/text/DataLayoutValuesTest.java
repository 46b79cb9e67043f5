package org.nvlower.llvm.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.nvlower.testing.ExternalTools;

/**
 * The values LLVM's DataLayout parser checks (widths, powers of two, the preferred alignment not
 * below the ABI one): each invalid layout is rejected with llvm-as 14's message, each valid one
 * (at the limits) accepted, and llvm-as 14 agrees where installed.
 */
class DataLayoutValuesTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "n0|Zero width native integer type in datalayout string",
        "p16777216:64:64:64|Invalid address space, must be a 24bit integer",
        "a1:64|Sized aggregate specification in datalayout string",
        "i64:64:16|Preferred alignment cannot be less than the ABI alignment",
        "i64:16:16777216|Invalid preferred alignment, must be a 16bit integer",
        "i64:16777216:16777216|Invalid ABI alignment, must be a 16bit integer",
        "i16777216:16:16|Invalid bit width, must be a 24bit integer",
        "p:32:32:16|Preferred alignment cannot be less than the ABI alignment",
        "p:0:32:32|Invalid pointer size of 0 bytes",
        "p:64:24:64|Pointer ABI alignment must be a power of 2",
        "p:64:64:24|Pointer preferred alignment must be a power of 2",
        "v128:0:128|ABI alignment specification must be >0 for non-aggregate types",
        "i32:24:32|Invalid ABI alignment, must be a power of 2",
        "i32:32:24|Invalid preferred alignment, must be a power of 2",
    })
    void invalidValuesAreRejectedAsLlvmRejectsThem(String layout, String message, @TempDir Path dir) throws IOException {
        String why = DataLayoutSyntax.problem(layout);
        assertTrue(why != null && why.startsWith(message), layout + ": " + why);
        ExternalTools.Result r = llvmAs(layout, dir);
        if (r != null) {
            assertTrue(!r.ok() && r.stderr().contains(message), r.stderr());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"n8:16:32:64", "p16777215:64:64:64", "a:0:64", "i32:32", "i64:32768:32768",
        "p:64:64:64:32", "a:8", "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"})
    void validValuesAreAccepted(String layout, @TempDir Path dir) throws IOException {
        assertNull(DataLayoutSyntax.problem(layout));
        ExternalTools.Result r = llvmAs(layout, dir);
        if (r != null) {
            assertEquals(true, r.ok(), r.stderr());
        }
    }

    /** llvm-as 14's verdict on a module with {@code layout}; null without llvm-as. */
    private static ExternalTools.Result llvmAs(String layout, Path dir) throws IOException {
        Optional<Path> as = ExternalTools.llvmAs();
        if (as.isEmpty()) {
            return null;
        }
        Path f = Files.writeString(dir.resolve("dl.ll"), "target datalayout = \"" + layout + "\"\n");
        return ExternalTools.run(30, as.get(), f.toString(), "-o", "/dev/null");
    }
}
