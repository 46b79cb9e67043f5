package org.nvlower.llvm.bitcode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.nvlower.testing.ExternalTools;

/** The llvm-dis a bitcode test compares with: LLVM 14's or 19's, by path (the versions differ in output). */
final class LlvmDis {

    private LlvmDis() {
    }

    static Optional<Path> version(int major) {
        Path p = Path.of("/usr/lib/llvm-" + major + "/bin/llvm-dis");
        return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
    }

    static Optional<Path> tool(int major, String name) {
        Path p = Path.of("/usr/lib/llvm-" + major + "/bin/" + name);
        return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
    }

    /** llvm-dis's text of {@code bc}. */
    static String disassemble(Path dis, Path bc) throws java.io.IOException {
        Path out = Files.createTempFile("nvlower-dis", ".ll");
        try {
            ExternalTools.Result r = ExternalTools.run(120, List.of(dis.toString(), bc.toString(), "-o", out.toString()));
            if (r.exitCode() != 0) {
                throw new AssertionError(dis + " failed on " + bc + ": " + r.stderr());
            }
            return Files.readString(out, java.nio.charset.StandardCharsets.ISO_8859_1);
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
