package org.nvlower.llvm.text;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Finds external tools for the tests that use them (skipped when absent). */
final class Tools {

    private Tools() {
    }

    static Path find(String name) {
        List<String> dirs = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)));
        String cuda = System.getenv("CUDA_HOME");
        if (cuda != null) {
            dirs.add(cuda + "/bin");
        }
        dirs.add("/usr/local/cuda/bin");
        dirs.add("/usr/lib/llvm-14/bin");
        for (String d : dirs) {
            Path p = Path.of(d.isEmpty() ? "." : d, name);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /** libdevice.10.bc under $CUDA_HOME or /usr/local/cuda, or null. */
    static Path libdevice() {
        for (String home : new String[] {System.getenv("CUDA_HOME"), "/usr/local/cuda"}) {
            if (home != null) {
                Path p = Path.of(home, "nvvm", "libdevice", "libdevice.10.bc");
                if (Files.isRegularFile(p)) {
                    return p;
                }
            }
        }
        return null;
    }
}
