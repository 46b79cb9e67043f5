package org.nvlower.mlir.math;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.nvlower.libdevice.LibdeviceFunction;
import org.nvlower.diag.SourcePosition;
import org.nvlower.mlir.MlirAttribute;
import org.nvlower.mlir.Block;
import org.nvlower.mlir.MlirFloatType;
import org.nvlower.mlir.IntegerAttr;
import org.nvlower.mlir.MlirIntegerType;
import org.nvlower.mlir.LlvmFunctionType;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.Region;
import org.nvlower.mlir.SourceText;
import org.nvlower.mlir.StringAttr;
import org.nvlower.mlir.Successor;
import org.nvlower.mlir.SymbolRefAttr;
import org.nvlower.mlir.TensorType;
import org.nvlower.mlir.MlirType;
import org.nvlower.mlir.TypeAttr;
import org.nvlower.mlir.MlirTypes;
import org.nvlower.mlir.MlirValue;
import org.nvlower.mlir.MlirVectorType;

/**
 * Lowers every operation of the {@link Crosswalk} to a call of its libdevice function, as
 * MLIR's OpToFuncCallLowering patterns do: {@code llvm.call @__nv_sinf(%x) : (f32) -> f32},
 * the f64 symbol for f64; f16 and bf16 operands widened with {@code arith.extf} to f32 around
 * the f32 call and the result narrowed back with {@code arith.truncf}; vectors unrolled lane by
 * lane ({@code llvm.extractelement}/{@code llvm.insertelement}; other than 1-D ones through
 * {@code vector.shape_cast}); the i32 of libdevice's classification functions compared with 0
 * for MLIR's i1. Each module ({@code builtin.module} or {@code gpu.module}) gets one
 * {@code llvm.func} declaration per callee, with libdevice's signature, at its start.
 *
 * <p>An operation that cannot be lowered (a tensor, a scalable vector, {@code math.absi} on
 * i64, a callee name already taken by a different function) is left as it is, with the reason
 * in {@link Result#skipped()}. The result does not depend on the target: libdevice picks its
 * approximate or flush-to-zero variants later, through {@code __nvvm_reflect}.
 */
public final class MathToLibdevice {

    private MathToLibdevice() {}

    /** An operation left as it is, and why. */
    public record Skipped(Operation op, String reason) {
        /** {@code FILE:LINE:COL: } when the operation was read from text. */
        public String where() {
            SourcePosition p = op.location();
            return p == null ? "" : p + ": ";
        }
    }

    /** What a run did: how many operations it lowered, which it left and why, what it declared. */
    public record Result(int lowered, List<Skipped> skipped, List<String> declared) {
        public boolean changed() {
            return lowered > 0;
        }
    }

    /** Lowers the crosswalk operations of {@code module} in place. */
    public static Result run(Operation module) {
        List<Site> sites = new ArrayList<>();
        collect(module, module, sites);
        // identity keys with stored hashes (IdentityHashed); tables in first-use order, so the
        // declarations are reported in a fixed order
        Map<Operation, SymbolTable> tables = new LinkedHashMap<>();
        Map<MlirValue, MlirValue> replaced = new HashMap<>();
        Map<Block, Map<Operation, List<Operation>>> rewrites = new HashMap<>();
        List<Skipped> skipped = new ArrayList<>();
        for (Site site : sites) {
            SymbolTable table = tables.computeIfAbsent(site.symbolTable(), SymbolTable::new);
            Emitter e = new Emitter(site.op().sourceLocation(), table);
            try {
                MlirValue v = lower(site.op(), site.row(), e);
                table.commit(e.declarations);
                replaced.put(site.op().result(0), v);
                rewrites.computeIfAbsent(site.block(), b -> new HashMap<>()).put(site.op(), e.ops);
            } catch (Skip s) {
                skipped.add(new Skipped(site.op(), s.getMessage()));
            }
        }
        rewrites.forEach((block, byOp) -> {
            List<Operation> ops = block.operations();
            List<Operation> rebuilt = new ArrayList<>(ops.size() + 4 * byOp.size());
            for (Operation op : ops) {
                List<Operation> with = byOp.get(op);
                if (with == null) {
                    rebuilt.add(op);
                } else {
                    rebuilt.addAll(with);
                }
            }
            ops.clear();
            ops.addAll(rebuilt);
        });
        if (!replaced.isEmpty()) {
            remap(module, replaced);
        }
        List<String> declared = new ArrayList<>();
        for (SymbolTable t : tables.values()) {
            declared.addAll(t.insertDeclarations());
        }
        return new Result(replaced.size(), skipped, declared);
    }

    /** An operation to lower, its block and its nearest enclosing module. */
    private record Site(Operation op, Crosswalk row, Block block, Operation symbolTable) {
    }

    private static void collect(Operation op, Operation symbolTable, List<Site> sites) {
        Operation table = isModule(op) ? op : symbolTable;
        for (Region r : op.regions()) {
            for (Block b : r.blocks()) {
                for (Operation inner : b.operations()) {
                    Crosswalk row = Crosswalk.of(inner.name());
                    if (row != null && inner.results().size() == 1) {
                        sites.add(new Site(inner, row, b, table));
                    }
                    if (!inner.regions().isEmpty()) {
                        collect(inner, table, sites);
                    }
                }
            }
        }
    }

    private static boolean isModule(Operation op) {
        return op.name().equals("builtin.module") || op.name().equals("gpu.module");
    }

    /** Replaces uses of lowered results everywhere below {@code op}. */
    private static void remap(Operation op, Map<MlirValue, MlirValue> replaced) {
        for (Region r : op.regions()) {
            for (Block b : r.blocks()) {
                for (Operation inner : b.operations()) {
                    remapList(inner.operands(), replaced);
                    for (Successor s : inner.successors()) {
                        remapList(s.arguments(), replaced);
                    }
                    if (!inner.regions().isEmpty()) {
                        remap(inner, replaced);
                    }
                }
            }
        }
    }

    private static void remapList(List<MlirValue> values, Map<MlirValue, MlirValue> replaced) {
        for (int i = 0; i < values.size(); i++) {
            MlirValue v = replaced.get(values.get(i));
            if (v != null) {
                values.set(i, v);
            }
        }
    }

    /** Thrown when an operation is left as it is; the message is the reason. */
    private static final class Skip extends Exception {
        Skip(String reason) {
            super(reason, null, false, false);
        }
    }

    // ------------------------------------------------------------------ lowering

    private static MlirValue lower(Operation op, Crosswalk row, Emitter e) throws Skip {
        if (op.operands().size() != row.shape().arity()) {
            throw new Skip(op.name() + " with " + op.operands().size() + " operands");
        }
        MlirType type = op.operand(0).type();
        MlirType resultType = op.result(0).type();
        return switch (type) {
            case MlirVectorType v when v.isScalable() -> throw new Skip("a scalable vector (" + v + ") cannot be unrolled");
            case MlirVectorType v when v.shape().size() == 1 -> unroll(row, op.operands(), (MlirVectorType) resultType, e);
            case MlirVectorType v -> {
                // vector<2x3xf32>, vector<f32>: unroll the 1-D vector of the same elements
                long n = MlirTypes.elementCount(v.shape());
                List<MlirValue> flat = new ArrayList<>();
                for (MlirValue x : op.operands()) {
                    flat.add(x.type() instanceof MlirVectorType xv
                            ? e.op("vector.shape_cast", List.of(x), MlirVectorType.of(List.of(n), xv.element())) : x);
                }
                MlirVectorType flatResult = MlirVectorType.of(List.of(n), resultType.elementType());
                yield e.op("vector.shape_cast", List.of(unroll(row, flat, flatResult, e)), resultType);
            }
            case TensorType t -> throw new Skip("tensor operands (" + t + ") are not lowered; bufferize or vectorize first");
            default -> scalar(row, op.operands(), e);
        };
    }

    /** Lane by lane, as mlir-opt 19 unrolls: undef, then per lane index, extract, call, insert. */
    private static MlirValue unroll(Crosswalk row, List<MlirValue> operands, MlirVectorType result, Emitter e) throws Skip {
        long lanes = result.shape().get(0);
        MlirValue acc = e.op("llvm.mlir.undef", List.of(), result);
        for (long i = 0; i < lanes; i++) {
            MlirValue index = e.op("llvm.mlir.constant", List.of(), MlirIntegerType.I64,
                    Map.of("value", IntegerAttr.of(i, MlirIntegerType.I64)));
            List<MlirValue> lane = new ArrayList<>();
            for (MlirValue x : operands) {
                lane.add(e.op("llvm.extractelement", List.of(x, index), x.type().elementType()));
            }
            MlirValue r = scalar(row, lane, e);
            acc = e.op("llvm.insertelement", List.of(acc, r, index), result);
        }
        return acc;
    }

    private static MlirValue scalar(Crosswalk row, List<MlirValue> operands, Emitter e) throws Skip {
        MlirType element = operands.get(0).type();
        String symbol = row.symbol(element);
        if (symbol == null) {
            throw new Skip(row == Crosswalk.ABSI ? "libdevice's __nv_abs takes i32, not " + element
                    : "no libdevice function for " + element);
        }
        if (row.shape() == LibdeviceFunction.Shape.INTEGER) {
            return e.call(symbol, operands, row.parameters(MlirIntegerType.I32), row.result(MlirIntegerType.I32));
        }
        MlirFloatType ft = (MlirFloatType) element;
        MlirType callType = ft == MlirFloatType.F64 ? MlirFloatType.F64 : MlirFloatType.F32;
        boolean widen = ft == MlirFloatType.F16 || ft == MlirFloatType.BF16;
        List<MlirType> params = row.parameters(callType);
        List<MlirValue> args = new ArrayList<>();
        for (int k = 0; k < operands.size(); k++) {
            MlirValue x = operands.get(k);
            if (params.get(k) instanceof MlirIntegerType) {
                if (!x.type().equals(params.get(k))) {
                    throw new Skip("libdevice's " + symbol + " takes an i32 exponent, not " + x.type());
                }
                args.add(x);
            } else {
                args.add(widen ? e.op("arith.extf", List.of(x), MlirFloatType.F32) : x);
            }
        }
        MlirValue r = e.call(symbol, args, params, row.result(callType));
        if (row.shape() == LibdeviceFunction.Shape.CLASSIFY) {
            MlirValue zero = e.op("arith.constant", List.of(), MlirIntegerType.I32,
                    Map.of("value", IntegerAttr.of(0, MlirIntegerType.I32)));
            return e.op("arith.cmpi", List.of(r, zero), MlirIntegerType.I1,
                    Map.of("predicate", IntegerAttr.of(1, MlirIntegerType.I64))); // ne
        }
        return widen ? e.op("arith.truncf", List.of(r), ft) : r;
    }

    /** A libdevice function's type and the attributes of a call to it (each symbol has one signature). */
    private record Callee(LlvmFunctionType type, Map<String, MlirAttribute> attributes) {
    }

    private static final Map<String, Callee> CALLEES = new java.util.concurrent.ConcurrentHashMap<>();

    /** Collects the operations that replace one operation, and the declarations they need. */
    private static final class Emitter {
        final List<Operation> ops = new ArrayList<>();
        final Map<String, LlvmFunctionType> declarations = new LinkedHashMap<>();
        private final SourceText.Location location;
        private final SymbolTable table;

        Emitter(SourceText.Location location, SymbolTable table) {
            this.location = location;
            this.table = table;
        }

        MlirValue op(String name, List<MlirValue> operands, MlirType result) {
            return op(name, operands, result, Map.of());
        }

        MlirValue op(String name, List<MlirValue> operands, MlirType result, Map<String, MlirAttribute> attrs) {
            Operation op = Operation.create(name, operands, List.of(result), attrs).setLocation(location);
            ops.add(op);
            return op.result(0);
        }

        MlirValue call(String symbol, List<MlirValue> args, List<MlirType> params, MlirType result) throws Skip {
            Callee callee = CALLEES.computeIfAbsent(symbol,
                    s -> new Callee(new LlvmFunctionType(result, params, false), Map.of("callee", SymbolRefAttr.of(s))));
            String conflict = table.conflict(symbol, callee.type());
            if (conflict != null) {
                throw new Skip(conflict);
            }
            declarations.putIfAbsent(symbol, callee.type());
            return op("llvm.call", args, result, callee.attributes());
        }
    }

    /** The symbols of one module, and the declarations this run adds to it. */
    private static final class SymbolTable {
        private final Operation module;
        private final Map<String, Operation> existing = new LinkedHashMap<>();
        private final Map<String, LlvmFunctionType> added = new LinkedHashMap<>();

        SymbolTable(Operation module) {
            this.module = module;
            for (Region r : module.regions()) {
                for (Block b : r.blocks()) {
                    for (Operation op : b.operations()) {
                        if (op.symbolName() != null) {
                            existing.putIfAbsent(op.symbolName(), op);
                        }
                    }
                }
            }
        }

        /** Why {@code symbol} cannot be declared with {@code type} here, or null. */
        String conflict(String symbol, LlvmFunctionType type) {
            Operation op = existing.get(symbol);
            if (op == null) {
                return null;
            }
            if (op.name().equals("llvm.func") && op.attribute("function_type") instanceof TypeAttr t
                    && t.type().equals(type)) {
                return null;
            }
            MlirAttribute t = op.attribute("function_type");
            return "@" + symbol + " is already defined as " + op.name()
                    + (t == null ? "" : " of type " + t) + ", not as libdevice's " + type;
        }

        void commit(Map<String, LlvmFunctionType> declarations) {
            declarations.forEach((name, type) -> {
                if (!existing.containsKey(name)) {
                    added.putIfAbsent(name, type);
                }
            });
        }

        /** Puts the new declarations at the start of the module body; returns their names. */
        List<String> insertDeclarations() {
            if (added.isEmpty()) {
                return List.of();
            }
            List<Operation> decls = new ArrayList<>();
            added.forEach((name, type) -> {
                Operation f = Operation.create("llvm.func", List.of(), List.of(),
                        Map.of("sym_name", new StringAttr(name), "function_type", new TypeAttr(type)));
                f.addRegion();
                decls.add(f);
            });
            Region body = module.region(0);
            if (body.isEmpty()) {
                body.blocks().add(new Block());
            }
            body.entry().operations().addAll(0, decls);
            return List.copyOf(added.keySet());
        }
    }
}
