package org.nvlower.libdevice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.nvlower.llvm.pass.MathCallFolder;
import org.nvlower.mlir.math.Crosswalk;

/** The one catalog both the MLIR crosswalk and the by-name folder read. */
class LibdeviceCatalogTest {

    @Test
    void everyRowIsReadAndEveryEntryPointIsOnce() {
        Set<LibdeviceFunction> used = EnumSet.noneOf(LibdeviceFunction.class);
        for (Crosswalk row : Crosswalk.values()) {
            used.add(row.function());
        }
        for (MathCallFolder.Entry e : MathCallFolder.TABLE.values()) {
            used.add(e.operation());
        }
        assertEquals(EnumSet.allOf(LibdeviceFunction.class), used, "a row nobody reads");
        Set<String> names = new HashSet<>();
        int entryPoints = 0;
        for (LibdeviceFunction f : LibdeviceFunction.values()) {
            assertTrue(f.f32Symbol().startsWith("__nv_"), f.f32Symbol());
            entryPoints += f.f64Symbol() == null ? 1 : 2;
            for (String n : concat(f.f32Names(), f.f64Names())) {
                assertTrue(names.add(n), n + " named twice");
            }
        }
        // 41 functions (the crosswalk's rows), 81 entry points (__nv_abs has no f64 form)
        assertEquals(41, LibdeviceFunction.values().length);
        assertEquals(81, entryPoints);
    }

    @Test
    void theFolderKnowsEveryNameOfWhatItEvaluates() {
        int libdeviceNames = 0;
        for (LibdeviceFunction f : LibdeviceFunction.values()) {
            for (String n : concat(f.f32Names(), f.f64Names())) {
                assertEquals(f.evaluation() != LibdeviceFunction.Evaluation.NONE, MathCallFolder.TABLE.containsKey(n), n);
            }
            if (f.evaluation() != LibdeviceFunction.Evaluation.NONE) {
                libdeviceNames += f.f64Symbol() == null ? 1 : 2;
            }
        }
        assertEquals(77, libdeviceNames, "the folder's libdevice entry points (39 f32, 38 f64)");
        assertEquals(LibdeviceFunction.Shape.CLASSIFY, MathCallFolder.TABLE.get("__nv_isnand").operation().shape());
        assertTrue(MathCallFolder.TABLE.get("_Z4fmodff").operation() == LibdeviceFunction.FMOD);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }
}
