package org.nvlower.llvm.ir;

import java.nio.file.Path;

/** {@link ToolChecks} for tests in other packages. */
public final class ToolChecksAccess {

    private ToolChecksAccess() {
    }

    public static int assertLlvmAsAccepts(Path dir, String text) {
        return ToolChecks.assertLlvmAsAccepts(dir, text);
    }
}
