package org.nvlower.mlir.math;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.nvlower.mlir.MlirFloatType;
import org.nvlower.mlir.MlirIntegerType;
import org.nvlower.mlir.MlirVersion;
import org.nvlower.mlir.MlirType;
import org.nvlower.mlir.text.OpRegistry;

/** docs/mlir.md shows the crosswalk as the table data gives it (derived here, not maintained by hand). */
class CrosswalkDocTest {

    static String table() {
        StringBuilder sb = new StringBuilder();
        sb.append("| operation | MLIR 14 name | f32 symbol | f64 symbol | libdevice signature (f32 / f64) "
                + "| mlir-opt 14 | mlir-opt 19 |\n|---|---|---|---|---|---|---|\n");
        for (Crosswalk row : Crosswalk.values()) {
            String name14 = OpRegistry.existsIn(row.op(), MlirVersion.MLIR_14)
                    ? OpRegistry.spelling(row.op(), MlirVersion.MLIR_14) : "-";
            MlirType f32 = row.shape() == Crosswalk.Shape.INTEGER ? MlirIntegerType.I32 : MlirFloatType.F32;
            String sig = signature(row, f32) + (row.f64Symbol() == null ? "" : " / " + signature(row, MlirFloatType.F64));
            sb.append("| `").append(row.op()).append("` | ").append(name14.equals(row.op()) ? "same" : name14.equals("-") ? "-" : "`" + name14 + "`")
                    .append(" | `").append(row.f32Symbol()).append("` | ")
                    .append(row.f64Symbol() == null ? "-" : "`" + row.f64Symbol() + "`").append(" | ").append(sig)
                    .append(" | ").append(row.mlirOpt14().description()).append(" | ").append(row.mlirOpt19().description())
                    .append(" |\n");
        }
        return sb.toString();
    }

    private static String signature(Crosswalk row, MlirType callType) {
        List<MlirType> params = row.parameters(callType);
        return "(" + String.join(", ", params.stream().map(MlirType::toString).toList()) + ") -> " + row.result(callType);
    }

    @Test
    void docsShowTheTable() throws IOException {
        String doc = Files.readString(Path.of("docs/mlir.md"));
        assertTrue(doc.contains(table()), "docs/mlir.md's crosswalk table differs from Crosswalk; it should read:\n" + table());
    }
}
