package org.nvlower.mlir.translate;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.nvlower.diag.InputException;
import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.BinaryInst;
import org.nvlower.llvm.ir.CmpInst;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantAggregate;
import org.nvlower.llvm.ir.ConstantFP;
import org.nvlower.llvm.ir.Constants;
import org.nvlower.llvm.ir.FastMathFlags;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.IrBuilder;
import org.nvlower.llvm.ir.Linkage;
import org.nvlower.llvm.ir.ModuleFlag;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.PhiInst;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.Predicate;
import org.nvlower.llvm.ir.PrimitiveType;
import org.nvlower.llvm.ir.UnaryInst;
import org.nvlower.mlir.MlirAttribute;
import org.nvlower.mlir.Block;
import org.nvlower.mlir.DenseAttr;
import org.nvlower.mlir.DialectAttr;
import org.nvlower.mlir.FloatAttr;
import org.nvlower.mlir.MlirFloatType;
import org.nvlower.mlir.MlirFunctionType;
import org.nvlower.mlir.IndexType;
import org.nvlower.mlir.IntegerAttr;
import org.nvlower.mlir.MlirIntegerType;
import org.nvlower.mlir.LlvmFunctionType;
import org.nvlower.mlir.MemRefType;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.Region;
import org.nvlower.mlir.StringAttr;
import org.nvlower.mlir.Successor;
import org.nvlower.mlir.SymbolRefAttr;
import org.nvlower.mlir.MlirType;
import org.nvlower.mlir.TypeAttr;
import org.nvlower.mlir.MlirTypes;
import org.nvlower.mlir.MlirValue;
import org.nvlower.mlir.MlirVectorType;
import org.nvlower.mlir.text.OpRegistry;
import org.nvlower.nvptx.TargetMachine;

/**
 * MLIR (after MathToLibdevice) to LLVM IR, built with the IR layer's {@link IrBuilder}, as
 * {@code mlir-translate --mlir-to-llvmir} does after the conversions to the LLVM dialect: the
 * functions of the module and of its {@code gpu.module}s become one LLVM module for the target
 * (triple, data layout, {@code nvvm-reflect-ftz} from {@code -ftz}); {@code gpu.func} kernels are
 * listed in {@code !nvvm.annotations}; block arguments become phis; memrefs are passed as bare
 * pointers (the element's address space from the memory space), indexed row-major; the
 * {@code arith}, LLVM-dialect, {@code cf}, {@code func}, {@code memref} and remaining
 * {@code math} operations map to instructions and intrinsics (the {@link #OPS} table).
 * Pointers are typed, which both LLVM 14's and LLVM 19's {@code llvm-as} read.
 *
 * <p>What has no LLVM IR form here (n-D vectors, dynamic multi-dimensional memrefs, unknown
 * operations) is an {@link InputException} at the operation's position.
 */
public final class LlvmTranslation {

    /** Translates one operation at the builder's insertion point. */
    @FunctionalInterface
    private interface OpTranslator {
        void translate(LlvmTranslation t, Operation op);
    }

    private static final Map<String, OpTranslator> OPS = new HashMap<>();

    private static final Map<String, Opcode> BINARY = Map.ofEntries(
            Map.entry("arith.addf", Opcode.FADD), Map.entry("arith.subf", Opcode.FSUB),
            Map.entry("arith.mulf", Opcode.FMUL), Map.entry("arith.divf", Opcode.FDIV),
            Map.entry("arith.remf", Opcode.FREM), Map.entry("arith.addi", Opcode.ADD),
            Map.entry("arith.subi", Opcode.SUB), Map.entry("arith.muli", Opcode.MUL),
            Map.entry("arith.divsi", Opcode.SDIV), Map.entry("arith.divui", Opcode.UDIV),
            Map.entry("arith.remsi", Opcode.SREM), Map.entry("arith.remui", Opcode.UREM),
            Map.entry("arith.andi", Opcode.AND), Map.entry("arith.ori", Opcode.OR),
            Map.entry("arith.xori", Opcode.XOR), Map.entry("arith.shli", Opcode.SHL),
            Map.entry("arith.shrsi", Opcode.ASHR), Map.entry("arith.shrui", Opcode.LSHR));

    private static final Map<String, Opcode> CASTS = Map.ofEntries(
            Map.entry("arith.extf", Opcode.FPEXT), Map.entry("arith.truncf", Opcode.FPTRUNC),
            Map.entry("llvm.fpext", Opcode.FPEXT), Map.entry("llvm.fptrunc", Opcode.FPTRUNC),
            Map.entry("arith.extsi", Opcode.SEXT), Map.entry("arith.extui", Opcode.ZEXT),
            Map.entry("arith.trunci", Opcode.TRUNC), Map.entry("arith.sitofp", Opcode.SITOFP),
            Map.entry("arith.uitofp", Opcode.UITOFP), Map.entry("arith.fptosi", Opcode.FPTOSI),
            Map.entry("arith.fptoui", Opcode.FPTOUI), Map.entry("arith.bitcast", Opcode.BITCAST));

    /** Element-wise operations that are LLVM intrinsics ({@code llvm.NAME.<type suffix>}). */
    private static final Map<String, String> INTRINSICS = Map.ofEntries(
            Map.entry("arith.maximumf", "maximum"), Map.entry("arith.minimumf", "minimum"),
            Map.entry("arith.maxnumf", "maxnum"), Map.entry("arith.minnumf", "minnum"),
            Map.entry("math.trunc", "trunc"), Map.entry("math.ctpop", "ctpop"),
            Map.entry("arith.maxsi", "smax"), Map.entry("arith.maxui", "umax"),
            Map.entry("arith.minsi", "smin"), Map.entry("arith.minui", "umin"));

    static {
        BINARY.forEach((name, opcode) -> OPS.put(name, (t, op) ->
                t.define(op, t.b.binary(opcode, t.value(op, 0), t.value(op, 1)))));
        CASTS.forEach((name, opcode) -> OPS.put(name, (t, op) ->
                t.define(op, t.b.cast(opcode, t.value(op, 0), t.type(op.result(0).type(), op)))));
        INTRINSICS.forEach((name, intrinsic) -> OPS.put(name, (t, op) -> t.intrinsic(op, intrinsic)));
        OPS.put("arith.negf", (t, op) -> t.define(op, t.b.fneg(t.value(op, 0))));
        OPS.put("math.ctlz", (t, op) -> t.bitCount(op, "ctlz"));
        OPS.put("math.cttz", (t, op) -> t.bitCount(op, "cttz"));
        OPS.put("arith.index_cast", (t, op) -> t.indexCast(op, true));
        OPS.put("arith.index_castui", (t, op) -> t.indexCast(op, false));
        OPS.put("arith.cmpf", (t, op) -> t.compare(op, true));
        OPS.put("arith.cmpi", (t, op) -> t.compare(op, false));
        OPS.put("llvm.icmp", (t, op) -> t.compare(op, false));
        OPS.put("arith.select", (t, op) -> t.define(op, t.b.select(t.value(op, 0), t.value(op, 1), t.value(op, 2))));
        OPS.put("arith.constant", (t, op) -> t.values.put(op.result(0), t.constant(op.attribute("value"), op)));
        OPS.put("llvm.mlir.constant", (t, op) -> t.values.put(op.result(0), t.constant(op.attribute("value"), op)));
        OPS.put("llvm.mlir.undef", (t, op) -> t.values.put(op.result(0), Constants.undef(t.type(op.result(0).type(), op))));
        OPS.put("llvm.extractelement", (t, op) -> t.define(op, t.b.extractElement(t.value(op, 0), t.value(op, 1))));
        OPS.put("llvm.insertelement", (t, op) ->
                t.define(op, t.b.insertElement(t.value(op, 0), t.value(op, 1), t.value(op, 2))));
        OPS.put("vector.shape_cast", LlvmTranslation::shapeCast);
        OPS.put("llvm.call", LlvmTranslation::call);
        OPS.put("func.call", LlvmTranslation::call);
        OPS.put("memref.load", (t, op) -> t.define(op, t.b.load(t.type(op.result(0).type(), op), t.address(op, 0))));
        OPS.put("memref.store", (t, op) -> t.b.store(t.value(op, 0), t.address(op, 1)));
        OPS.put("cf.br", LlvmTranslation::branch);
        OPS.put("cf.cond_br", LlvmTranslation::branch);
        for (String ret : List.of("func.return", "gpu.return", "llvm.return")) {
            OPS.put(ret, (t, op) -> {
                if (op.operands().size() > 1) {
                    throw error(op, "returning " + op.operands().size() + " values has no LLVM IR form here");
                }
                if (op.operands().isEmpty()) {
                    t.b.retVoid();
                } else {
                    t.b.ret(t.value(op, 0));
                }
            });
        }
    }

    private final org.nvlower.llvm.ir.Module module;
    private final TargetMachine target;
    private final IrBuilder b;
    private final Map<MlirValue, org.nvlower.llvm.ir.Value> values = new IdentityHashMap<>();
    private final Map<Block, BasicBlock> blocks = new IdentityHashMap<>();
    private final Map<Block, List<PhiInst>> phis = new IdentityHashMap<>();

    private LlvmTranslation(String name, TargetMachine target) {
        this.module = org.nvlower.llvm.ir.Module.create(name, false);
        this.target = target;
        this.b = new IrBuilder(module);
        module.setTargetTriple(target.triple());
        module.setDataLayout(target.dataLayout());
    }

    /** The LLVM IR module of {@code mlirModule} (a builtin.module) for {@code target}. */
    public static org.nvlower.llvm.ir.Module translate(Operation mlirModule, TargetMachine target, String name) {
        LlvmTranslation t = new LlvmTranslation(name, target);
        List<Operation> functions = new ArrayList<>();
        t.collectFunctions(mlirModule, functions);
        for (Operation f : functions) {
            t.declare(f);
        }
        for (Operation f : functions) {
            t.body(f);
        }
        t.module.setModuleFlag(ModuleFlag.OVERRIDE, "nvvm-reflect-ftz", "i32 " + target.reflect("__CUDA_FTZ"));
        return t.module;
    }

    private void collectFunctions(Operation container, List<Operation> out) {
        for (Region r : container.regions()) {
            for (Block block : r.blocks()) {
                for (Operation op : block.operations()) {
                    switch (op.name()) {
                        case "gpu.module", "builtin.module" -> collectFunctions(op, out);
                        case "func.func", "gpu.func", "llvm.func" -> out.add(op);
                        default -> throw error(op, "'" + op.name() + "' at module level has no LLVM IR form here");
                    }
                }
            }
        }
    }

    // ------------------------------------------------------------------ functions

    private void declare(Operation f) {
        MlirType t = ((TypeAttr) f.attribute("function_type")).type();
        MlirFunctionType fn = t instanceof LlvmFunctionType l ? l.toFunctionType() : (MlirFunctionType) t;
        if (t instanceof LlvmFunctionType l && l.varArg()) {
            throw error(f, "variadic functions have no LLVM IR form here");
        }
        if (fn.results().size() > 1) {
            throw error(f, "functions with " + fn.results().size() + " results have no LLVM IR form here");
        }
        List<org.nvlower.llvm.ir.Type> params = new ArrayList<>();
        for (MlirType p : fn.inputs()) {
            params.add(type(p, f));
        }
        org.nvlower.llvm.ir.Type ret = fn.results().isEmpty() ? PrimitiveType.VOID : type(fn.results().get(0), f);
        String name = f.symbolName();
        if (module.function(name).isPresent()) {
            Function existing = module.function(name).get();
            boolean sameDeclaration = existing.functionType().equals(new org.nvlower.llvm.ir.FunctionType(ret, params, false))
                    && isDeclaration(f);
            if (!sameDeclaration) {
                throw error(f, "@" + name + " is defined twice (in two modules); LLVM IR has one symbol table");
            }
            return;
        }
        Function g = module.getOrInsertFunction(name, ret, params);
        if (f.attribute("linkage") instanceof DialectAttr l) {
            String keyword = l.text().substring("#llvm.linkage<".length(), l.text().length() - 1);
            g.setLinkage(Linkage.byKeyword(keyword));
        } else if (f.attribute("sym_visibility") instanceof StringAttr v && v.value().equals("private")
                && !isDeclaration(f)) {
            g.setLinkage(Linkage.INTERNAL);
        }
        if (f.name().equals("gpu.func") && f.attribute("gpu.kernel") != null) {
            String pointer = PointerType.to(g.functionType(), 0) + " @" + name;
            module.addNamedMetadataOperand("nvvm.annotations",
                    module.addMetadataNode("!{" + pointer + ", !\"kernel\", i32 1}"));
        }
    }

    private static boolean isDeclaration(Operation f) {
        return f.regions().isEmpty() || f.region(0).isEmpty();
    }

    private void body(Operation f) {
        if (isDeclaration(f)) {
            return;
        }
        Function g = module.function(f.symbolName()).orElseThrow();
        Region body = f.region(0);
        Block entry = body.entry();
        if (entry.arguments().size() != g.functionType().params().size()) {
            throw error(f, "workgroup and private attributions have no LLVM IR form here");
        }
        for (int i = 0; i < entry.arguments().size(); i++) {
            values.put(entry.argument(i), g.argument(i));
        }
        for (int i = 0; i < body.blocks().size(); i++) {
            blocks.put(body.blocks().get(i), g.appendBlock(i == 0 ? "entry" : "bb" + i));
        }
        for (Block block : body.blocks()) {
            if (block == entry) {
                continue;
            }
            b.positionAtEnd(blocks.get(block));
            List<PhiInst> ps = new ArrayList<>();
            for (MlirValue a : block.arguments()) {
                PhiInst phi = b.phi(type(a.type(), f));
                values.put(a, phi);
                ps.add(phi);
            }
            phis.put(block, ps);
        }
        for (Block block : dominanceOrder(body)) {
            b.positionAtEnd(blocks.get(block));
            for (Operation op : block.operations()) {
                OpTranslator tr = OPS.get(op.name());
                if (tr == null) {
                    throw error(op, "'" + op.name() + "' has no LLVM IR form here"
                            + (op.name().startsWith("math.") ? " (not in the crosswalk, or left by MathToLibdevice)" : ""));
                }
                tr.translate(this, op);
            }
        }
    }

    /** The blocks in reverse post-order from the entry (definitions before uses), then unreachable ones. */
    private static List<Block> dominanceOrder(Region body) {
        Set<Block> seen = new java.util.HashSet<>();
        List<Block> post = new ArrayList<>();
        Deque<Object[]> stack = new ArrayDeque<>();
        stack.push(new Object[] {body.entry(), 0});
        seen.add(body.entry());
        while (!stack.isEmpty()) {
            Object[] top = stack.peek();
            Block block = (Block) top[0];
            List<Successor> succ = successors(block);
            int next = (Integer) top[1];
            if (next < succ.size()) {
                top[1] = next + 1;
                Block s = succ.get(next).block();
                if (seen.add(s)) {
                    stack.push(new Object[] {s, 0});
                }
            } else {
                post.add(block);
                stack.pop();
            }
        }
        List<Block> order = new ArrayList<>(post.reversed());
        Set<Block> all = new LinkedHashSet<>(body.blocks());
        all.removeAll(order);
        order.addAll(all);
        return order;
    }

    private static List<Successor> successors(Block block) {
        List<Operation> ops = block.operations();
        return ops.isEmpty() ? List.of() : ops.get(ops.size() - 1).successors();
    }

    // ------------------------------------------------------------------ operations

    private org.nvlower.llvm.ir.Value value(Operation op, int i) {
        org.nvlower.llvm.ir.Value v = values.get(op.operand(i));
        if (v == null) {
            throw error(op, "operand #" + i + " is used before its definition");
        }
        return v;
    }

    /** Maps the result; an arith {@code fastmath<...>} becomes the instruction's fast-math flags. */
    private void define(Operation op, org.nvlower.llvm.ir.Value v) {
        values.put(op.result(0), v);
        if (op.attribute("fastmath") instanceof DialectAttr d
                && (v instanceof BinaryInst || v instanceof UnaryInst || v instanceof CmpInst)) {
            String body = d.text().substring(d.text().indexOf('<') + 1, d.text().length() - 1);
            List<String> words = body.equals("none") ? List.of() : List.of(body.split(",\\s*"));
            FastMathFlags flags = FastMathFlags.parse(words);
            if (flags == null) {
                throw error(op, "fast-math flags " + d + " have no LLVM IR form");
            }
            ((org.nvlower.llvm.ir.Instruction) v).setFastMathFlags(flags);
        }
    }

    private void compare(Operation op, boolean floating) {
        Predicate predicate = Predicate.of(OpRegistry.comparisonPredicate(op), floating);
        define(op, floating ? b.fcmp(predicate, value(op, 0), value(op, 1))
                : b.icmp(predicate, value(op, 0), value(op, 1)));
    }

    private void intrinsic(Operation op, String name) {
        org.nvlower.llvm.ir.Type t = type(op.result(0).type(), op);
        org.nvlower.llvm.ir.Value[] args = new org.nvlower.llvm.ir.Value[op.operands().size()];
        for (int i = 0; i < args.length; i++) {
            args[i] = value(op, i);
        }
        define(op, b.intrinsic("llvm." + name + "." + suffix(t), t, args));
    }

    /** ctlz/cttz take an i1 "zero is poison" flag; MLIR's are defined at zero. */
    private void bitCount(Operation op, String name) {
        org.nvlower.llvm.ir.Type t = type(op.result(0).type(), op);
        define(op, b.intrinsic("llvm." + name + "." + suffix(t), t, value(op, 0), Constants.i1(false)));
    }

    /** The overload suffix of an intrinsic: {@code f32}, {@code v4f32}, {@code i64}. */
    private static String suffix(org.nvlower.llvm.ir.Type t) {
        if (t instanceof org.nvlower.llvm.ir.VectorType v) {
            return "v" + v.count() + suffix(v.element());
        }
        if (t instanceof org.nvlower.llvm.ir.FloatType f) {
            return switch (f) {
                case HALF -> "f16";
                case BFLOAT -> "bf16";
                case FLOAT -> "f32";
                case DOUBLE -> "f64";
                default -> f.keyword();
            };
        }
        return t.toString();
    }

    private void indexCast(Operation op, boolean signed) {
        org.nvlower.llvm.ir.IntegerType to = (org.nvlower.llvm.ir.IntegerType) type(op.result(0).type(), op);
        org.nvlower.llvm.ir.Value v = value(op, 0);
        define(op, signed ? b.sextOrTrunc(v, to) : b.zextOrTrunc(v, to));
    }

    private static void shapeCast(LlvmTranslation t, Operation op) {
        if (!t.type(op.operand(0).type(), op).equals(t.type(op.result(0).type(), op))) {
            throw error(op, "a shape_cast between different vector shapes has no LLVM IR form here");
        }
        t.define(op, t.value(op, 0));
    }

    private static void call(LlvmTranslation t, Operation op) {
        String callee = ((SymbolRefAttr) op.attribute("callee")).leaf();
        Function f = t.module.function(callee).orElseThrow(() -> error(op, "call of undeclared @" + callee));
        List<org.nvlower.llvm.ir.Value> args = new ArrayList<>();
        for (int i = 0; i < op.operands().size(); i++) {
            args.add(t.value(op, i));
        }
        org.nvlower.llvm.ir.Value r = t.b.call(f, args);
        if (!op.results().isEmpty()) {
            t.define(op, r);
        }
    }

    private static void branch(LlvmTranslation t, Operation op) {
        BasicBlock from = t.b.block();
        for (Successor s : op.successors()) {
            List<PhiInst> ps = t.phis.getOrDefault(s.block(), List.of());
            if (ps.size() != s.arguments().size()) {
                throw error(op, "a branch passes " + s.arguments().size() + " values to a block of " + ps.size() + " arguments");
            }
            for (int i = 0; i < ps.size(); i++) {
                org.nvlower.llvm.ir.Value v = t.values.get(s.arguments().get(i));
                if (v == null) {
                    throw error(op, "a branch argument is used before its definition");
                }
                ps.get(i).addIncoming(v, from);
            }
        }
        if (op.name().equals("cf.br")) {
            t.b.br(t.blocks.get(op.successors().get(0).block()));
        } else {
            t.b.condBr(t.value(op, 0), t.blocks.get(op.successors().get(0).block()),
                    t.blocks.get(op.successors().get(1).block()));
        }
    }

    /** The element pointer of a memref access: operand {@code memrefIndex}, indices after it, row-major. */
    private org.nvlower.llvm.ir.Value address(Operation op, int memrefIndex) {
        MemRefType m = (MemRefType) op.operand(memrefIndex).type();
        org.nvlower.llvm.ir.Value base = value(op, memrefIndex);
        List<Long> shape = m.shape();
        org.nvlower.llvm.ir.IntegerType index = indexType();
        org.nvlower.llvm.ir.Value linear = null;
        long stride = 1;
        for (int k = shape.size() - 1; k >= 0; k--) {
            org.nvlower.llvm.ir.Value i = value(op, memrefIndex + 1 + k);
            org.nvlower.llvm.ir.Value term = stride == 1 ? i : b.mul(i, Constants.integer(index, stride));
            linear = linear == null ? term : b.add(linear, term);
            if (k > 0) {
                stride *= shape.get(k);
            }
        }
        if (linear == null) {
            return base;
        }
        return b.gep(type(m.element(), op), base, List.of(linear));
    }

    // ------------------------------------------------------------------ types and constants

    private org.nvlower.llvm.ir.IntegerType indexType() {
        return org.nvlower.llvm.ir.IntegerType.of(target.pointerWidth());
    }

    private org.nvlower.llvm.ir.Type type(MlirType t, Operation where) {
        return switch (t) {
            case MlirFloatType f -> switch (f) {
                case F16 -> org.nvlower.llvm.ir.FloatType.HALF;
                case BF16 -> org.nvlower.llvm.ir.FloatType.BFLOAT;
                case F32 -> org.nvlower.llvm.ir.FloatType.FLOAT;
                case F64 -> org.nvlower.llvm.ir.FloatType.DOUBLE;
            };
            case MlirIntegerType i -> org.nvlower.llvm.ir.IntegerType.of(i.width());
            case IndexType x -> indexType();
            case MlirVectorType v when v.shape().size() == 1 && !v.isScalable() ->
                    org.nvlower.llvm.ir.VectorType.of(v.shape().get(0), type(v.element(), where));
            case MemRefType m -> {
                if (m.shape() == null || m.layout() != null
                        || m.shape().size() > 1 && m.shape().subList(1, m.shape().size()).contains(MlirTypes.DYNAMIC)) {
                    throw error(where, "'" + m + "' has no bare-pointer form (unranked, a layout, or a dynamic inner "
                            + "dimension)");
                }
                yield PointerType.to(type(m.element(), where), addressSpace(m.memorySpace(), where));
            }
            default -> throw error(where, "type '" + t + "' has no LLVM IR form here");
        };
    }

    /** The NVPTX address space of a memref memory space: an integer, or a gpu address space. */
    private static int addressSpace(MlirAttribute space, Operation where) {
        if (space == null) {
            return 0;
        }
        if (space instanceof IntegerAttr i) {
            return i.value().intValue();
        }
        if (space instanceof DialectAttr d) {
            switch (d.text()) {
                case "#gpu.address_space<global>" -> {
                    return 1;
                }
                case "#gpu.address_space<workgroup>" -> {
                    return 3;
                }
                case "#gpu.address_space<private>" -> {
                    return 5;
                }
                default -> { }
            }
        }
        throw error(where, "memory space " + space + " has no NVPTX address space here");
    }

    private Constant constant(MlirAttribute a, Operation where) {
        return switch (a) {
            case IntegerAttr i -> Constants.integer(
                    org.nvlower.llvm.ir.IntegerType.of(i.type() instanceof MlirIntegerType it ? it.width() : target.pointerWidth()),
                    i.value());
            case FloatAttr f -> new ConstantFP((org.nvlower.llvm.ir.FloatType) type(f.type(), where),
                    new BigInteger(Long.toUnsignedString(f.bits())));
            case DenseAttr d when d.type() instanceof MlirVectorType v && v.shape().size() == 1 -> {
                List<Constant> elements = new ArrayList<>();
                for (long k = 0; k < v.shape().get(0); k++) {
                    elements.add(constant(d.elements().get(d.isSplat() ? 0 : (int) k), where));
                }
                yield new ConstantAggregate(type(v, where), elements);
            }
            default -> throw error(where, "constant " + a + " has no LLVM IR form here");
        };
    }

    private static InputException error(Operation op, String message) {
        return new InputException(op.location(), message);
    }
}
