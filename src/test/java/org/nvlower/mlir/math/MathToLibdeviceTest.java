package org.nvlower.mlir.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.nvlower.mlir.Block;
import org.nvlower.mlir.MlirFloatType;
import org.nvlower.mlir.MlirIntegerType;
import org.nvlower.mlir.LlvmFunctionType;
import org.nvlower.mlir.MlirFixtures;
import org.nvlower.mlir.MlirVersion;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.Region;
import org.nvlower.mlir.SymbolRefAttr;
import org.nvlower.mlir.MlirType;
import org.nvlower.mlir.TypeAttr;
import org.nvlower.mlir.MlirTypes;
import org.nvlower.mlir.MlirVectorType;
import org.nvlower.testing.ExternalTools;

/**
 * Every crosswalk row on f16, bf16, f32, f64 (i32 for math.absi), as scalars, 1-D vectors and
 * 2-D vectors: the operation is replaced by one libdevice call per lane with the row's symbol and
 * libdevice's types, f16/bf16 go through extf/truncf, classifications compare the i32 with 0,
 * the callee is declared once; then mlir-opt 14 and 19 read all the outputs.
 */
class MathToLibdeviceTest {

    static final List<MlirType> FLOAT_TYPES = List.of(MlirFloatType.F16, MlirFloatType.BF16, MlirFloatType.F32, MlirFloatType.F64,
            MathCases.vector(3, MlirFloatType.F32), MathCases.vector(2, MlirFloatType.F16),
            MlirVectorType.of(List.of(2L, 2L), MlirFloatType.BF16), MathCases.vector(4, MlirFloatType.F64));
    static final List<MlirType> INTEGER_TYPES = List.of(MlirIntegerType.I32, MathCases.vector(2, MlirIntegerType.I32),
            MlirVectorType.of(List.of(2L, 2L), MlirIntegerType.I32));

    /** One case lowered: its printed module (MLIR 19 and 14 spelling). */
    private record Lowered(String mlir19, String mlir14) {
    }

    @Test
    void everyRowOnEveryTypeBecomesLibdeviceCalls() {
        assertEquals(41, Crosswalk.values().length, "the seed's table has 41 rows");
        List<Lowered> all = new ArrayList<>();
        int cases = 0;
        for (Crosswalk row : Crosswalk.values()) {
            for (MlirType t : row.shape() == Crosswalk.Shape.INTEGER ? INTEGER_TYPES : FLOAT_TYPES) {
                all.add(lowerAndCheck(row, t, cases++));
            }
        }
        assertEquals(40 * FLOAT_TYPES.size() + INTEGER_TYPES.size(), cases);
        acceptedByMlirOpt(all);
    }

    private static Lowered lowerAndCheck(Crosswalk row, MlirType t, int id) {
        String what = row.op() + " on " + t;
        String text = MathCases.module(List.of(row), List.of(t), MlirVersion.MLIR_19).replace("@m ", "@m" + id + " ");
        Operation module = MlirFixtures.parse(what, text);
        MathToLibdevice.Result result = MathToLibdevice.run(module);
        assertEquals(List.of(), result.skipped(), what);
        assertEquals(1, result.lowered(), what);

        Operation gpuModule = module.region(0).entry().operations().get(0);
        List<Operation> ops = new ArrayList<>();
        walk(gpuModule, ops);
        assertTrue(ops.stream().noneMatch(o -> o.name().equals(row.op())), what + ": the operation is gone");

        MlirType element = t.elementType();
        long lanes = t instanceof MlirVectorType v ? MlirTypes.elementCount(v.shape()) : 1;
        boolean widened = element == MlirFloatType.F16 || element == MlirFloatType.BF16;
        MlirType callType = element instanceof MlirIntegerType ? MlirIntegerType.I32 : element == MlirFloatType.F64 ? MlirFloatType.F64 : MlirFloatType.F32;
        String symbol = row.symbol(element);
        LlvmFunctionType expected = new LlvmFunctionType(row.result(callType), row.parameters(callType), false);

        List<Operation> calls = ops.stream().filter(o -> o.name().equals("llvm.call")).toList();
        assertEquals(lanes, calls.size(), what + ": one call per lane");
        for (Operation call : calls) {
            assertEquals(SymbolRefAttr.of(symbol), call.attribute("callee"), what);
            assertEquals(expected.params(), call.operandTypes(), what + ": libdevice's parameter types");
            assertEquals(List.of(expected.result()), call.resultTypes(), what + ": libdevice's result type");
        }
        List<Operation> decls = gpuModule.region(0).entry().operations().stream()
                .filter(o -> o.name().equals("llvm.func")).toList();
        assertEquals(1, decls.size(), what + ": one declaration");
        assertEquals(symbol, decls.get(0).symbolName());
        assertEquals(new TypeAttr(expected), decls.get(0).attribute("function_type"));

        int floatOperands = row.shape() == Crosswalk.Shape.POWI ? 1 : row.shape().arity();
        assertEquals(widened ? lanes * floatOperands : 0, count(ops, "arith.extf"), what + ": extf per float operand");
        boolean classify = row.shape() == Crosswalk.Shape.CLASSIFY;
        assertEquals(widened && !classify ? lanes : 0, count(ops, "arith.truncf"), what + ": truncf per result");
        assertEquals(classify ? lanes : 0, count(ops, "arith.cmpi"), what + ": i32 result compared with 0");
        assertEquals(lanes > 1 ? lanes : 0, count(ops, "llvm.insertelement"), what);
        boolean twoD = t instanceof MlirVectorType v && v.shape().size() == 2;
        assertEquals(twoD ? row.shape().arity() + 1 : 0, count(ops, "vector.shape_cast"),
                what + ": 2-D vectors flattened per operand and reshaped back");

        Operation ret = ops.stream().filter(o -> o.name().equals("func.return")).findFirst().orElseThrow();
        assertEquals(List.of(MathCases.resultType(row, t)), ret.operandTypes(), what + ": the result keeps its type");
        return new Lowered(MlirFixtures.print(module, MlirVersion.MLIR_19), MlirFixtures.print(module, MlirVersion.MLIR_14));
    }

    private static long count(List<Operation> ops, String name) {
        return ops.stream().filter(o -> o.name().equals(name)).count();
    }

    private static void walk(Operation op, List<Operation> out) {
        for (Region r : op.regions()) {
            for (Block b : r.blocks()) {
                for (Operation inner : b.operations()) {
                    out.add(inner);
                    walk(inner, out);
                }
            }
        }
    }

    /** All outputs in one file per version: mlir-opt reads it and prints what nvlower prints. */
    private static void acceptedByMlirOpt(List<Lowered> all) {
        int checked = 0;
        for (MlirVersion v : MlirVersion.values()) {
            Optional<Path> tool = MlirFixtures.mlirOpt(v);
            if (tool.isEmpty()) {
                continue;
            }
            StringBuilder file = new StringBuilder();
            for (Lowered l : all) {
                file.append(v == MlirVersion.MLIR_14 ? l.mlir14() : l.mlir19());
            }
            ExternalTools.Result r = MlirFixtures.run(tool.get(), file.toString());
            assertTrue(r.ok(), "mlir-opt " + v.label() + " rejects nvlower's output: " + r.stderr());
            assertEquals(r.stdout(), MlirFixtures.print(MlirFixtures.parse("all", file.toString()), v),
                    "mlir-opt " + v.label() + " prints the lowered modules as nvlower does");
            checked++;
        }
        Assumptions.assumeTrue(checked == 2, "mlir-opt 14 and/or 19 not installed: outputs checked structurally only");
    }
}
