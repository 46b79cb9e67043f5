package org.nvlower.mlir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.nvlower.testing.ExternalTools;

/**
 * The printer judged by the real mlir-opt of LLVM 14 and 19 (each test skips when that one is
 * not installed): the stored goldens are what mlir-opt prints today; what nvlower prints, in
 * either spelling, is read by mlir-opt and printed back unchanged; and float literals print as
 * mlir-opt prints them, on thousands of random values of each float type.
 */
class MlirOptTest {

    private static Path tool(MlirVersion v) {
        Optional<Path> t = MlirFixtures.mlirOpt(v);
        Assumptions.assumeTrue(t.isPresent(), "mlir-opt " + v.label() + " not found (/usr/lib/llvm-" + v.label()
                + "/bin; apt-get install mlir-" + v.label() + "-tools)");
        return t.get();
    }

    private static String mlirOpt(Path tool, String text) {
        ExternalTools.Result r = MlirFixtures.run(tool, text, "--allow-unregistered-dialect");
        assertTrue(r.ok(), "mlir-opt rejects:\n" + r.stderr() + "\n" + text);
        return r.stdout();
    }

    @Test
    void goldensAreWhatMlirOpt14Prints() {
        goldensAreFresh(MlirVersion.MLIR_14);
    }

    @Test
    void goldensAreWhatMlirOpt19Prints() {
        goldensAreFresh(MlirVersion.MLIR_19);
    }

    private static void goldensAreFresh(MlirVersion v) {
        Path tool = tool(v);
        int n = 0;
        for (String name : MlirFixtures.NAMES) {
            String golden = MlirFixtures.golden(name, v);
            if (golden != null) {
                assertEquals(golden, mlirOpt(tool, MlirFixtures.read(name + ".mlir")), name);
                n++;
            }
        }
        assertTrue(n > 0);
    }

    /** MLIR 14 input printed in MLIR 19 spelling: mlir-opt 19 reads it and prints it unchanged. */
    @Test
    void mlir14InputPrintedForMlir19IsAFixpointOfMlirOpt19() {
        Path tool = tool(MlirVersion.MLIR_19);
        for (String name : List.of("syntax14", "generic14")) {
            String ours = MlirFixtures.print(MlirFixtures.parse(name, MlirFixtures.read(name + ".mlir")), MlirVersion.MLIR_19);
            assertEquals(ours, mlirOpt(tool, ours), name);
        }
    }

    @Test
    void floatLiteralsPrintAsMlirOpt14PrintsThem() {
        floatLiterals(MlirVersion.MLIR_14);
    }

    @Test
    void floatLiteralsPrintAsMlirOpt19PrintsThem() {
        floatLiterals(MlirVersion.MLIR_19);
    }

    /**
     * 4 x 1,500 values (random bit patterns, short decimals, powers of two and ten, subnormals,
     * integers around 2^precision), given to mlir-opt as hex bits; nvlower must print every one
     * as mlir-opt does, and read mlir-opt's literal back to the same bits.
     */
    private static void floatLiterals(MlirVersion v) {
        Path tool = tool(v);
        Random random = new Random(20261122);
        StringBuilder in = new StringBuilder("\"test.floats\"() {");
        List<FloatAttr> values = new ArrayList<>();
        for (MlirFloatType t : MlirFloatType.values()) {
            for (int i = 0; i < 1500; i++) {
                long bits = switch (i % 5) {
                    case 0 -> random.nextLong();
                    case 1 -> MlirFloatLiterals.parseDecimal((random.nextInt(2000) - 1000) / 100.0 + "", t);
                    case 2 -> MlirFloatLiterals.parseDecimal("1e" + (random.nextInt(80) - 40), t);
                    case 3 -> random.nextInt(1 << Math.min(20, t.precision() - 1)); // subnormals
                    default -> MlirFloatLiterals.parseDecimal((long) Math.scalb(1.0, t.precision()) + random.nextInt(64) - 32 + ".0", t);
                };
                bits &= t.width() == 64 ? -1L : (1L << t.width()) - 1;
                values.add(new FloatAttr(bits, t));
            }
        }
        for (int i = 0; i < values.size(); i++) {
            FloatAttr f = values.get(i);
            in.append(i == 0 ? "" : ", ").append("v").append(i).append(" = ")
                    .append(MlirFloatLiterals.hex(f.bits())).append(" : ").append(f.type());
        }
        in.append("} : () -> ()\n");
        String theirs = mlirOpt(tool, in.toString());
        Operation parsed = MlirFixtures.parse("floats", in.toString());
        assertEquals(theirs, MlirFixtures.print(parsed, v), "float literals differ from mlir-opt " + v.label());
        Operation back = MlirFixtures.parse("mlir-opt", theirs);
        Operation op = back.region(0).entry().operations().get(0);
        for (int i = 0; i < values.size(); i++) {
            assertEquals(values.get(i), op.attribute("v" + i), "literal " + i + " read back");
        }
    }
}
