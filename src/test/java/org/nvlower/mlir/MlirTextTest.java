package org.nvlower.mlir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.api.Test;

/**
 * The printer against mlir-opt's own output (stored goldens, refreshed by {@link MlirOptTest}
 * when mlir-opt is installed): every fixture, read and printed in MLIR 14 and 19 spelling,
 * equals what mlir-opt of that version prints for it, byte for byte; and mlir-opt's output read
 * and printed again is unchanged.
 */
class MlirTextTest {

    @Test
    void fixturesPrintAsMlirOptPrintsThem() {
        int compared = 0;
        for (String name : MlirFixtures.NAMES) {
            String source = MlirFixtures.read(name + ".mlir");
            assertNotNull(source, name);
            for (MlirVersion v : MlirVersion.values()) {
                String golden = MlirFixtures.golden(name, v);
                if (golden == null) {
                    continue;
                }
                assertEquals(golden, MlirFixtures.print(MlirFixtures.parse(name, source), v), name + " in MLIR " + v.label());
                assertEquals(golden, MlirFixtures.print(MlirFixtures.parse(name, golden), v), name + " golden reprinted");
                compared++;
            }
        }
        assertEquals(MlirFixtures.NAMES.size(), compared, "every fixture has a golden");
    }
}
