package org.nvlower.mlir.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.nvlower.mlir.MlirFloatType;
import org.nvlower.mlir.MlirIntegerType;
import org.nvlower.mlir.MlirType;
import org.nvlower.mlir.text.OpRegistry;
import org.nvlower.testing.ExternalTools;

/** The crosswalk table against the seed's table and against the real libdevice's signatures. */
class CrosswalkTest {

    @Test
    void rowsAreDistinctKnownOperations() {
        assertEquals(41, Crosswalk.values().length);
        assertEquals(41, new HashSet<>(List.of(Crosswalk.values()).stream().map(Crosswalk::op).toList()).size());
        for (Crosswalk row : Crosswalk.values()) {
            assertTrue(OpRegistry.isKnown(row.op()), row.op() + " is read in its custom form");
            assertNotNull(row.f32Symbol());
            assertEquals(row == Crosswalk.ABSI, row.f64Symbol() == null, row.op());
            assertEquals(row, Crosswalk.of(row.op()));
        }
    }

    /** The seed's table (../shared, beside the worktree): same rows, same order, same symbols. */
    @Test
    void rowsAreTheSeedsTable() throws IOException {
        Path seed = Path.of("../shared/seeds/4-math-pass-pipeline.txt");
        Assumptions.assumeTrue(Files.isRegularFile(seed), "the seeds are not beside this checkout (../shared)");
        List<String> seedRows = new ArrayList<>();
        for (String line : Files.readAllLines(seed)) {
            String[] cols = line.split("\\|");
            if (cols.length >= 3 && cols[0].strip().matches("(math|arith)\\.[a-z0-9]+")) {
                String f64 = cols[2].strip();
                seedRows.add(cols[0].strip() + " " + cols[1].strip() + " " + (f64.equals("n/a") ? "null" : f64));
            }
        }
        List<String> ours = List.of(Crosswalk.values()).stream()
                .map(r -> r.op() + " " + r.f32Symbol() + " " + r.f64Symbol()).toList();
        assertEquals(seedRows, ours);
    }

    private static final Pattern DEFINE = Pattern.compile("^define [^@]*?(\\S+) @(__nv_\\w+)\\(([^)]*)\\)", Pattern.MULTILINE);

    /**
     * Every symbol's {@code define} line in libdevice (read with llvm-dis of LLVM 14 and of
     * LLVM 19 when installed) has the parameter and result types the table gives.
     */
    @Test
    void signaturesAreLibdevicesOwn() {
        Optional<Path> bc = ExternalTools.libdeviceBitcode();
        Assumptions.assumeTrue(bc.isPresent(), "libdevice.10.bc not found under $CUDA_HOME or /usr/local/cuda");
        int checkedWith = 0;
        for (Optional<Path> dis : List.of(ExternalTools.llvmDis(), ExternalTools.llvm19("llvm-dis"))) {
            if (dis.isEmpty()) {
                continue;
            }
            ExternalTools.Result r = ExternalTools.run(120, dis.get(), bc.get().toString(), "-o", "-");
            assertTrue(r.ok(), r.stderr());
            Map<String, String> signatures = new HashMap<>();
            Matcher m = DEFINE.matcher(r.stdout());
            while (m.find()) {
                List<String> params = new ArrayList<>();
                for (String p : m.group(3).split(",")) {
                    if (!p.isBlank()) {
                        params.add(p.strip().split("\\s+")[0]);
                    }
                }
                signatures.put(m.group(2), m.group(1) + " (" + String.join(", ", params) + ")");
            }
            int symbols = 0;
            for (Crosswalk row : Crosswalk.values()) {
                MlirType f32 = row.shape() == Crosswalk.Shape.INTEGER ? MlirIntegerType.I32 : MlirFloatType.F32;
                symbols += check(signatures, row, row.f32Symbol(), f32);
                if (row.f64Symbol() != null) {
                    symbols += check(signatures, row, row.f64Symbol(), MlirFloatType.F64);
                }
            }
            assertEquals(81, symbols);
            checkedWith++;
        }
        Assumptions.assumeTrue(checkedWith > 0, "llvm-dis not found");
    }

    private static int check(Map<String, String> signatures, Crosswalk row, String symbol, MlirType callType) {
        String expected = llvm(row.result(callType)) + " ("
                + String.join(", ", row.parameters(callType).stream().map(CrosswalkTest::llvm).toList()) + ")";
        assertEquals(expected, signatures.get(symbol), symbol + " in libdevice");
        return 1;
    }

    private static String llvm(MlirType t) {
        return t == MlirFloatType.F32 ? "float" : t == MlirFloatType.F64 ? "double" : t.toString();
    }
}
