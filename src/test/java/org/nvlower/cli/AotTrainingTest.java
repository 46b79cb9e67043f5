package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.llvm.runtime.RuntimeFunction;

/** The launcher's training run must keep working as the commands change (else no AOT cache). */
class AotTrainingTest {

    @Test
    void everyTrainedCommandSucceeds(@TempDir Path dir) throws Exception {
        assertNull(AotTraining.train(dir));
        // the round trips read what 'runtime' wrote: a module with every runtime body
        String runtime = Files.readString(dir.resolve("runtime.ll"));
        for (RuntimeFunction f : RuntimeFunction.values()) {
            assertTrue(runtime.contains(" @" + f.symbol() + "("), f.symbol() + " missing from the training module");
        }
        // the trained round trip is the real one: the module comes back byte for byte
        Path again = dir.resolve("again.ll");
        PrintWriter discard = new PrintWriter(Writer.nullWriter());
        assertEquals(0, Main.run(discard, discard, "roundtrip", dir.resolve("runtime.ll").toString(), "-o", again.toString()));
        assertEquals(runtime, Files.readString(again));
    }

    @Test
    void theTrainingCoversTheDemoAndTheIrCommands(@TempDir Path dir) {
        Set<String> trained = new TreeSet<>();
        AotTraining.commands(dir).forEach(c -> trained.add(c[0]));
        assertEquals(new TreeSet<>(Set.of("demo", "runtime", "roundtrip", "verify-ir", "stats", "reflect", "inline")),
                trained);
    }
}
