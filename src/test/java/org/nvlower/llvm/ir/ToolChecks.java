package org.nvlower.llvm.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.nvlower.testing.ExternalTools;

/** The second judge: LLVM's own tools accept what the model prints (checks skip when the tool is absent). */
final class ToolChecks {

    private ToolChecks() {
    }

    /** llvm-as 14 (and 19, when present) accept {@code text}; returns how many judged it. */
    static int assertLlvmAsAccepts(Path dir, String text) {
        int judged = 0;
        try {
            Path file = Files.createTempFile(dir, "m", ".ll");
            Files.writeString(file, text, StandardCharsets.UTF_8);
            for (Optional<Path> as : java.util.List.of(ExternalTools.llvmAs(), ExternalTools.llvm19("llvm-as"))) {
                if (as.isPresent()) {
                    ExternalTools.Result r = ExternalTools.run(60, as.get(), file.toString(), "-o", "/dev/null");
                    assertEquals(0, r.exitCode(), as.get() + " rejected:\n" + r.stderr() + "\n" + text);
                    judged++;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return judged;
    }
}
