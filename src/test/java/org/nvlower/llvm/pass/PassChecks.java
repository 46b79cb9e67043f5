package org.nvlower.llvm.pass;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.analysis.IrVerifier;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.testing.ExternalTools;

/** The judges every pass test calls: nvlower's IrVerifier, then llvm-as 14 and 19 when present. */
final class PassChecks {

    private PassChecks() {
    }

    /** The module verifies and its print is accepted by llvm-as (14, and 19 when installed); returns the print. */
    static String assertValid(Path dir, Module m) {
        List<String> problems = IrVerifier.verify(m).stream().map(Object::toString).toList();
        String text = IrPrinter.print(m);
        assertEquals(List.of(), problems, "Verifier:\n" + text);
        assertLlvmAsAccepts(dir, text);
        return text;
    }

    /** llvm-as 14 and 19 (those present) accept {@code text}; returns how many judged it. */
    static int assertLlvmAsAccepts(Path dir, String text) {
        int judged = 0;
        try {
            Path file = Files.createTempFile(dir, "m", ".ll");
            Files.writeString(file, text, StandardCharsets.UTF_8);
            boolean opaque = IrParser.parse("check.ll", text).opaquePointers();
            List<Optional<Path>> tools = List.of(ExternalTools.llvmAs(), ExternalTools.llvm19("llvm-as"));
            for (int k = 0; k < tools.size(); k++) {
                Optional<Path> as = tools.get(k);
                if (as.isPresent()) {
                    List<String> cmd = new ArrayList<>(List.of(as.get().toString(), file.toString(), "-o", "/dev/null"));
                    if (opaque && k == 0) {
                        cmd.add("-opaque-pointers"); // LLVM 14 reads ptr only in this mode; 19 reads both forms
                    }
                    ExternalTools.Result r = ExternalTools.run(60, cmd);
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
