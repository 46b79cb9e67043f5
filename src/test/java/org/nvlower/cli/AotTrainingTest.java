package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's training run must keep working as the commands change (else no AOT cache). */
class AotTrainingTest {

    @Test
    void everyTrainedCommandSucceeds(@TempDir Path dir) throws Exception {
        assertNull(AotTraining.train(dir));
        // the round trips read what 'runtime' wrote: a module with every runtime body
        String runtime = Files.readString(dir.resolve("runtime.ll"));
        assertTrue(runtime.contains("define") && runtime.contains("@__nv_"), "runtime module written");
    }
}
