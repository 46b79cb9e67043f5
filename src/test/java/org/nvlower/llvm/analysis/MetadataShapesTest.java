package org.nvlower.llvm.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.testing.ExternalTools;

/**
 * The attachment shapes of LLVM 14's verifier ({@code MetadataShapes}): each module is judged
 * as llvm-as 14 judges it (checked against llvm-as where it is installed); the messages are LLVM's.
 */
class MetadataShapesTest {

    private static final String LOAD_I32 = "define i32 @f(i32* %p) {\n  %v = load i32, i32* %p, !range !0\n  ret i32 %v\n}\n";
    private static final String LOAD_PTR = "define i32* @f(i32** %p) {\n  %v = load i32*, i32** %p, !KIND !0\n  ret i32* %v\n}\n";
    private static final String BR = "define void @f(i1 %c) {\n  br i1 %c, label %a, label %b, !prof !0\na:\n  ret void\nb:\n  ret void\n}\n";

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "LOAD_I32|!0 = !{i32 0}|Unfinished range!",
            "LOAD_I32|!0 = !{i64 0, i64 4}|Range types must match instruction type!",
            "LOAD_I32|!0 = !{i32 0, i32 4}|",
            "LOAD_I32|!0 = !{i32 3, i32 3}|",
            "NONNULL_I32|!0 = !{}|nonnull applies only to pointer types",
            "NONNULL|!0 = !{i32 1}|",
            "ALIGN|!0 = !{i64 3}|align metadata value must be a power of 2!",
            "ALIGN|!0 = !{i64 8}|",
            "BR|!0 = !{!\"branch_weights\", i32 1}|Wrong number of operands",
            "BR|!0 = !{!\"branch_weights\", i32 1, i32 2}|",
            "ADD|!0 = !{i32 0, i32 4}|Ranges are only for loads, calls and invokes!",
    })
    void judgedAsLlvm14Does(String shape, String node, String message, @TempDir Path dir) throws IOException {
        String body = switch (shape) {
            case "LOAD_I32" -> LOAD_I32;
            case "NONNULL_I32" -> LOAD_I32.replace("!range", "!nonnull");
            case "NONNULL" -> LOAD_PTR.replace("KIND", "nonnull");
            case "ALIGN" -> LOAD_PTR.replace("KIND", "align");
            case "BR" -> BR;
            case "ADD" -> "define i32 @f(i32 %x) {\n  %v = add i32 %x, 1, !range !0\n  ret i32 %v\n}\n";
            default -> throw new IllegalArgumentException(shape);
        };
        String text = body + node + "\n";
        List<IrVerifier.Problem> problems = IrVerifier.verify(IrParser.parse("t.ll", text));
        if (message == null) {
            assertEquals(List.of(), problems);
        } else {
            assertEquals(1, problems.size(), problems.toString());
            assertTrue(problems.get(0).message().endsWith(message), problems.toString());
        }
        Optional<Path> as = ExternalTools.llvmAs();
        if (as.isPresent()) {
            Path file = Files.writeString(dir.resolve("t.ll"), text);
            ExternalTools.Result r = ExternalTools.run(60, as.get(), file.toString(), "-o", "/dev/null");
            assertEquals(message == null, r.ok(), r.stderr());
            if (message != null) {
                assertTrue(r.stderr().contains(message), r.stderr());
            }
        }
    }
}
