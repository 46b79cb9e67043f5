package org.nvlower.mlir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.nvlower.diag.InputException;
import org.nvlower.mlir.math.MathToLibdevice;

/**
 * Random mutations of the fixtures (characters and MLIR tokens deleted, inserted, duplicated,
 * lines swapped): each mutant either fails with an {@link InputException} at a position inside
 * the text, or reads as a module that prints in both spellings, reads back, prints the same
 * again, and survives MathToLibdevice. No other exception, ever. A longer run:
 * {@code mvn -q test -Dtest=MlirFuzzTest -Dnvlower.mlirFuzz.count=200000}.
 */
class MlirFuzzTest {

    private static final String[] TOKENS = {"%x", "%0", "%arg0", "%1#1", ":", "::", "(", ")", "{", "}", "[", "]", "<",
        ">", "^bb1", "^bb0(%z: f32):", "@f", "@\"q\"", "f32", "f16", "bf16", "i1", "i64", "index", "vector<4x",
        "memref<?x", "tensor<*x", "\"", "\"\\", "#", "#map", "!", "!llvm.ptr", "0", "-1", "1.5", "0x7FC00000", "1e5",
        "->", ",", "=", "dense<", "dense<[1, 2]>", "fastmath<fast>", "loc(", "math.sin", "math.fpowi", "\"test.op\"",
        "func.func", "llvm.func", "gpu.func", "kernel", "workgroup(", "return", "cf.br", "cf.cond_br", "...",
        "attributes", "{-#", "#-}", "//", "\n", " ", "\u00e9", "\0", "affine_map<(d0) -> (d0)>", "unit", "true"};

    @Test
    void mutantsFailCleanlyOrRoundTrip() {
        int count = Integer.getInteger("nvlower.mlirFuzz.count", 1500);
        long seed = Long.getLong("nvlower.mlirFuzz.seed", 20261122L);
        List<String> seeds = new ArrayList<>();
        for (String name : MlirFixtures.NAMES) {
            seeds.add(MlirFixtures.read(name + ".mlir"));
        }
        Random random = new Random(seed);
        int valid = 0;
        for (int i = 0; i < count; i++) {
            String base = seeds.get(random.nextInt(seeds.size()));
            String mutant = mutate(base, random, 1 + random.nextInt(3));
            try {
                Operation m = MlirFixtures.parse("fuzz.mlir", mutant);
                for (MlirVersion v : MlirVersion.values()) {
                    String printed = MlirFixtures.print(m, v);
                    String again = MlirFixtures.print(MlirFixtures.parse("printed.mlir", printed), v);
                    assertEquals(printed, again, "mutant " + i + " prints differently after a round trip:\n" + mutant);
                }
                MathToLibdevice.run(m);
                MlirFixtures.print(MlirFixtures.parse("lowered.mlir", MlirFixtures.print(m, MlirVersion.MLIR_19)),
                        MlirVersion.MLIR_19);
                valid++;
            } catch (InputException e) {
                assertTrue(e.position() != null && e.position().line() <= mutant.split("\n", -1).length,
                        "mutant " + i + ": error without a position inside the text: " + e.getMessage());
                e.render();
            } catch (RuntimeException | StackOverflowError e) {
                fail("mutant " + i + " (seed " + seed + ") threw " + e + "\n" + mutant, e);
            }
        }
        assertTrue(valid > count / 50, "some mutants stay valid: " + valid);
    }

    static String mutate(String s, Random r, int edits) {
        StringBuilder sb = new StringBuilder(s);
        for (int k = 0; k < edits; k++) {
            int at = r.nextInt(sb.length() + 1);
            switch (r.nextInt(6)) {
                case 0 -> sb.delete(at, Math.min(sb.length(), at + 1 + r.nextInt(8)));
                case 1 -> sb.insert(at, TOKENS[r.nextInt(TOKENS.length)]);
                case 2 -> {
                    int end = Math.min(sb.length(), at + 1 + r.nextInt(40));
                    sb.insert(at, sb.substring(at, end));
                }
                case 3 -> {
                    if (at < sb.length()) {
                        sb.setCharAt(at, (char) (32 + r.nextInt(95)));
                    }
                }
                case 4 -> {
                    String[] lines = sb.toString().split("\n", -1);
                    int a = r.nextInt(lines.length);
                    int b = r.nextInt(lines.length);
                    String t = lines[a];
                    lines[a] = lines[b];
                    lines[b] = t;
                    sb.setLength(0);
                    sb.append(String.join("\n", lines));
                }
                default -> {
                    int end = Math.min(sb.length(), at + r.nextInt(4));
                    sb.replace(at, end, TOKENS[r.nextInt(TOKENS.length)]);
                }
            }
        }
        return sb.toString();
    }
}
