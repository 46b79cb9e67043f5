package org.nvlower.mlir.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.nvlower.mlir.Block;
import org.nvlower.mlir.MlirFloatType;
import org.nvlower.mlir.MlirFixtures;
import org.nvlower.mlir.MlirVersion;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.Region;
import org.nvlower.mlir.SymbolRefAttr;
import org.nvlower.mlir.MlirType;
import org.nvlower.mlir.TypeAttr;
import org.nvlower.testing.ExternalTools;

/**
 * nvlower against the real peer, {@code mlir-opt --convert-gpu-to-nvvm} of LLVM 14 and 19: for
 * every row the peer lowers to a libdevice call, on f32, f64 and f16 (and, for 19, which unrolls,
 * 1-D vectors), both emit the same calls (callee, argument and result types, in order) and the
 * same declarations. The table's record of what each peer does with the other rows (kept, lowered
 * otherwise, no such op) is re-measured too.
 */
class MlirOptPeerTest {

    private static final Pattern CALL = Pattern.compile("llvm\\.call @(\\w+)\\(([^)]*)\\) : \\(([^)]*)\\) -> (\\S+)");
    private static final Pattern DECLARATION = Pattern.compile("llvm\\.func @(__nv_\\w+)\\(([^)]*)\\) -> (\\S+)$",
            Pattern.MULTILINE);

    private static Path tool(MlirVersion v) {
        Optional<Path> t = MlirFixtures.mlirOpt(v);
        Assumptions.assumeTrue(t.isPresent(), "mlir-opt " + v.label() + " not found");
        return t.get();
    }

    private static Crosswalk.Peer peer(Crosswalk row, MlirVersion v) {
        return v == MlirVersion.MLIR_14 ? row.mlirOpt14() : row.mlirOpt19();
    }

    @Test
    void sameCallsAsMlirOpt14() {
        sameCalls(MlirVersion.MLIR_14, List.of(MlirFloatType.F32, MlirFloatType.F64, MlirFloatType.F16), 18);
    }

    @Test
    void sameCallsAsMlirOpt19() {
        sameCalls(MlirVersion.MLIR_19, List.of(MlirFloatType.F32, MlirFloatType.F64, MlirFloatType.F16,
                MathCases.vector(2, MlirFloatType.F32), MathCases.vector(3, MlirFloatType.F64)), 22);
    }

    private static void sameCalls(MlirVersion v, List<MlirType> types, int expectedRows) {
        Path tool = tool(v);
        List<Crosswalk> rows = List.of(Crosswalk.values()).stream().filter(r -> peer(r, v) == Crosswalk.Peer.CALL).toList();
        assertEquals(expectedRows, rows.size(), "FACTS.md / docs/mlir.md: rows mlir-opt " + v.label() + " lowers");
        String input = MathCases.module(rows, types, v);

        ExternalTools.Result r = MlirFixtures.run(tool, input, "--convert-gpu-to-nvvm");
        assertTrue(r.ok(), r.stderr());
        List<String> theirCalls = new ArrayList<>();
        Matcher m = CALL.matcher(r.stdout());
        while (m.find()) {
            if (m.group(1).startsWith("__nv_")) {
                theirCalls.add(m.group(1) + " (" + m.group(3) + ") -> " + m.group(4));
            }
        }
        List<String> theirDecls = new ArrayList<>();
        m = DECLARATION.matcher(r.stdout());
        while (m.find()) {
            theirDecls.add(m.group(1) + " (" + m.group(2) + ") -> " + m.group(3));
        }

        Operation module = MlirFixtures.parse("peer", input);
        MathToLibdevice.Result result = MathToLibdevice.run(module);
        assertEquals(List.of(), result.skipped());
        List<String> ourCalls = new ArrayList<>();
        List<String> ourDecls = new ArrayList<>();
        collect(module, ourCalls, ourDecls);

        assertEquals(theirCalls.size(), rows.size() * lanes(types), "every case lowered by the peer");
        assertEquals(theirCalls, ourCalls, "calls, in order");
        assertEquals(theirDecls.stream().sorted().toList(), ourDecls.stream().sorted().toList(), "declarations");
    }

    private static long lanes(List<MlirType> types) {
        long n = 0;
        for (MlirType t : types) {
            n += t instanceof org.nvlower.mlir.MlirVectorType vt ? vt.shape().get(0) : 1;
        }
        return n;
    }

    private static void collect(Operation op, List<String> calls, List<String> decls) {
        for (Region region : op.regions()) {
            for (Block b : region.blocks()) {
                for (Operation inner : b.operations()) {
                    if (inner.name().equals("llvm.call")) {
                        String callee = ((SymbolRefAttr) inner.attribute("callee")).leaf();
                        calls.add(callee + " (" + String.join(", ", inner.operandTypes().stream().map(MlirType::toString).toList())
                                + ") -> " + inner.result(0).type());
                    } else if (inner.name().equals("llvm.func")) {
                        var t = ((org.nvlower.mlir.LlvmFunctionType) ((TypeAttr) inner.attribute("function_type")).type());
                        decls.add(inner.symbolName() + " (" + String.join(", ", t.params().stream().map(MlirType::toString).toList())
                                + ") -> " + t.result());
                    }
                    collect(inner, calls, decls);
                }
            }
        }
    }

    @Test
    void otherRowsAsRecordedForMlirOpt14() {
        otherRows(MlirVersion.MLIR_14);
    }

    @Test
    void otherRowsAsRecordedForMlirOpt19() {
        otherRows(MlirVersion.MLIR_19);
    }

    /**
     * KEPT: the operation is still in the peer's output; OTHER: it is gone and no libdevice call
     * replaced it; ABSENT: the peer rejects the operation as unknown.
     */
    private static void otherRows(MlirVersion v) {
        Path tool = tool(v);
        List<Crosswalk> present = new ArrayList<>();
        int absent = 0;
        for (Crosswalk row : Crosswalk.values()) {
            MlirType t = row.shape() == Crosswalk.Shape.INTEGER ? org.nvlower.mlir.MlirIntegerType.I32 : MlirFloatType.F32;
            switch (peer(row, v)) {
                case ABSENT -> {
                    ExternalTools.Result r = MlirFixtures.run(tool, MathCases.module(List.of(row), List.of(t), v));
                    assertFalse(r.ok(), row.op() + " exists in MLIR " + v.label());
                    assertTrue(r.stderr().contains("custom op '" + row.op() + "' is unknown"), r.stderr());
                    absent++;
                }
                case KEPT, OTHER -> present.add(row);
                case CALL -> { }
            }
        }
        String input = MathCases.module(present, List.of(MlirFloatType.F32, org.nvlower.mlir.MlirIntegerType.I32), v);
        ExternalTools.Result r = MlirFixtures.run(tool, input, "--convert-gpu-to-nvvm");
        assertTrue(r.ok(), r.stderr());
        for (Crosswalk row : present) {
            String spelled = org.nvlower.mlir.text.OpRegistry.spelling(row.op(), v) + " ";
            boolean kept = r.stdout().contains(spelled);
            assertEquals(peer(row, v) == Crosswalk.Peer.KEPT, kept, row.op() + " kept by mlir-opt " + v.label());
            assertFalse(r.stdout().contains("@" + row.f32Symbol() + "("), row.op() + " not a libdevice call");
        }
        assertEquals(v == MlirVersion.MLIR_14 ? 19 : 4, absent, "rows MLIR " + v.label() + " does not have");
    }

    /** mlir-opt 19 leaves bf16 math alone (nvlower widens it to f32); mlir-opt 14 leaves vectors alone. */
    @Test
    void peerGapsNvlowerFills() {
        Path t19 = tool(MlirVersion.MLIR_19);
        String bf16 = MathCases.module(List.of(Crosswalk.SIN), List.of(MlirFloatType.BF16), MlirVersion.MLIR_19);
        ExternalTools.Result r = MlirFixtures.run(t19, bf16, "--convert-gpu-to-nvvm");
        assertTrue(r.ok() && r.stdout().contains("math.sin") && !r.stdout().contains("__nv_sinf"), r.stdout());
        Path t14 = tool(MlirVersion.MLIR_14);
        String vector = MathCases.module(List.of(Crosswalk.SIN), List.of(MathCases.vector(2, MlirFloatType.F32)),
                MlirVersion.MLIR_14);
        r = MlirFixtures.run(t14, vector, "--convert-gpu-to-nvvm");
        assertTrue(r.ok() && r.stdout().contains("math.sin") && !r.stdout().contains("__nv_sinf"), r.stdout());
    }
}
