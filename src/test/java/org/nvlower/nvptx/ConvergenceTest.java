package org.nvlower.nvptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Exhaustive over the option space the CLI accepts (27 architectures x ftz x prec-div x prec-sqrt
 * x fast-math x pointer width x shared-memory mode = 1,728 option sets): the two construction paths
 * agree, the features and reflect map follow the options, and the JSON reads back.
 */
class ConvergenceTest {

    @Test
    void bothPathsAgreeOnEveryOptionSet() {
        int count = 0;
        for (SmProcessor sm : CompileOptions.cliArchitectures()) {
            for (int bits = 0; bits < 64; bits++) {
                List<String> args = new ArrayList<>(List.of("-arch=" + sm.computeName()));
                boolean ftz = (bits & 1) != 0;
                int precDiv = (bits >> 1) & 1;
                int precSqrt = (bits >> 2) & 1;
                boolean fast = (bits & 8) != 0;
                boolean m32 = (bits & 16) != 0;
                boolean shared = (bits & 32) != 0;
                args.add("-ftz=" + (ftz ? 1 : 0));
                args.add("-prec-div=" + precDiv);
                args.add("-prec-sqrt=" + precSqrt);
                if (fast) {
                    args.add("-fast-math");
                }
                args.add(m32 ? "-m32" : "-m64");
                if (shared) {
                    args.add("-nvptx-short-ptr");
                }
                TargetMachine cli = TargetMachine.fromCommandLine(args);
                TargetMachine pipeline = TargetMachine.forModule(cli.dataLayout(), cli.compileOptions(), TargetRegistry.standard());
                assertEquals(cli, pipeline, args.toString());
                int level = precDiv == 1 ? (ftz ? 2 : 3) : (fast ? 0 : 1);
                String expected = (shared && !m32 ? "+sharedmem32bitptr," : "") + "+fma-level=1,+prec-divf32=" + level
                        + ",+prec-sqrtf32=" + precSqrt;
                assertEquals(expected, cli.features(), args.toString());
                assertEquals(List.of(sm.number() * 10, ftz ? 1 : 0, precDiv, precSqrt), List.copyOf(cli.reflectMap().values()));
                assertEquals(m32 ? "nvptx-nvidia-cuda" : "nvptx64-nvidia-cuda", cli.triple());
                count++;
            }
            Map<String, Object> json = JsonValues.object(TargetDescription.json(TargetMachine.fromCommandLine("-arch=" + sm.computeName())));
            assertEquals(sm.smName(), JsonValues.at(json, "sm", "name"));
        }
        assertEquals(1728, count);
    }

    @Test
    void optionsRecordRejectsOutOfRangeValues() {
        assertThrows(IllegalArgumentException.class, () -> new CompileOptions(SmProcessor.SM_80, 4, false, 1, 1, 1,
                false, false, 64, KnobSettings.NONE));
        assertThrows(IllegalArgumentException.class, () -> new CompileOptions(SmProcessor.SM_80, 3, false, 1, 2, 1,
                false, false, 64, KnobSettings.NONE));
        assertThrows(IllegalArgumentException.class, () -> new CompileOptions(SmProcessor.SM_80, 3, false, 1, 1, 1,
                false, false, 16, KnobSettings.NONE));
    }
}
