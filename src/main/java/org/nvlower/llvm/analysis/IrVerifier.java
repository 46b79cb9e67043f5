package org.nvlower.llvm.analysis;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.nvlower.llvm.ir.OtherInst;
import org.nvlower.llvm.ir.NamedStructType;
import org.nvlower.llvm.ir.StructType;
import org.nvlower.llvm.ir.InlineAsm;
import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.GlobalAlias;
import org.nvlower.llvm.ir.AttributeGroup;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.HeaderLine;
import org.nvlower.llvm.ir.PhiInst;
import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.BinaryInst;
import org.nvlower.llvm.ir.MetadataAttachment;
import org.nvlower.llvm.ir.MemoryInst;
import org.nvlower.llvm.ir.AttributeSet;
import org.nvlower.llvm.ir.PrimitiveType;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.Value;
import org.nvlower.llvm.ir.MetadataText;
import org.nvlower.llvm.ir.ConstantAggregate;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.MetadataValue;
import org.nvlower.llvm.ir.Attribute;
import org.nvlower.llvm.ir.UnaryInst;
import org.nvlower.llvm.ir.TerminatorInst;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.AggregateInst;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.ModuleEntity;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.VectorType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.TrackedValue;
import org.nvlower.llvm.ir.Argument;
import org.nvlower.llvm.ir.MetadataDefinition;
import org.nvlower.llvm.ir.Types;
import org.nvlower.llvm.ir.GlobalValue;
import org.nvlower.llvm.ir.Names;
import org.nvlower.llvm.ir.ConstantExpr;
import org.nvlower.llvm.ir.CmpInst;
import org.nvlower.llvm.ir.CastInst;
import org.nvlower.llvm.ir.Constants;
import org.nvlower.llvm.ir.DebugRecord;
import org.nvlower.llvm.ir.ConstantFP;
import org.nvlower.diag.SourcePosition;

/**
 * Checks that a module is well-formed IR, as LLVM's verifier does for the rules passes can break:
 * block structure (one terminator, at the end; phis first, one entry per incoming edge), SSA
 * (every use dominated by its definition; no use of an erased value or of another function's
 * locals or another module's globals), types (operands and results of every instruction, calls
 * against their callee's type, returns against the function), switch cases (constant, distinct),
 * and metadata references (every {@code !N} defined); and LLVM's rule families, one class each:
 * intrinsic signatures and {@code immarg} ({@link IntrinsicSignatures}), attributes
 * ({@link AttributeRules}), module flags and {@code !llvm.ident} ({@link ModuleFlagRules}), globals
 * ({@link GlobalRules}), tokens only in intrinsics, GC and frame-escape intrinsics ({@link GcRules}), calling conventions and
 * {@code musttail} ({@link CallRules}), safepoint and deoptimization intrinsics ({@link SafepointRules}),
 * operand bundles and preallocated calls ({@link BundleRules}), scoped-noalias metadata
 * ({@link AliasScopeRules}), exception handling ({@link ExceptionRules}), atomics
 * ({@link AtomicRules}), attachment shapes ({@link MetadataShapes}) and debug locations
 * ({@link DebugInfoRules}, warnings: LLVM drops the debug info rather than reject the module), and
 * debug-info nodes that other metadata keeps ({@link DebugInfoNodeRules}).
 * Returns the problems found, each with the source position of the instruction (or function)
 * when it was read from text; a module without errors is valid.
 */
public final class IrVerifier {

    /**
     * One violation: where (function, block, instruction; null when not applicable), what, the
     * position in the source file of the instruction or function (null for created IR or
     * module-level problems), and whether it is only a warning (LLVM would drop debug info, not
     * reject the module).
     */
    public record Problem(String function, String block, String instruction, String message, SourcePosition position,
            boolean warning) {

        /** The problem without its position: {@code in function @f: block %b: message: instruction}. */
        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder();
            if (function != null) {
                sb.append("in function @").append(function).append(": ");
            }
            if (block != null) {
                sb.append("block %").append(block).append(": ");
            }
            sb.append(message);
            if (instruction != null) {
                sb.append(": ").append(instruction);
            }
            return sb.toString();
        }
    }

    private final Module module;
    private final List<Problem> problems = new ArrayList<>();
    private final Set<String> definedMetadata = new HashSet<>();
    private final Map<String, String> metadataBodies = new HashMap<>();
    private DebugInfoRules debugInfo;
    private AliasScopeRules aliasScopes;
    /** The llvm.localescape calls of the function being checked (GcRules allows one). */
    private final int[] localEscapes = {0};
    private Function function;
    private BasicBlock block;

    private IrVerifier(Module module) {
        this.module = module;
    }

    /** The problems of {@code module}; empty when it is valid. */
    public static List<Problem> verify(Module module) {
        IrVerifier v = new IrVerifier(module);
        v.run();
        return v.problems;
    }

    /** The errors of {@code module} (its problems less the warnings). */
    public static List<Problem> errors(Module module) {
        return verify(module).stream().filter(p -> !p.warning()).toList();
    }

    private void run() {
        for (MetadataDefinition m : module.metadataDefinitions()) {
            definedMetadata.add(m.id());
            metadataBodies.put(m.id(), m.body());
        }
        debugInfo = new DebugInfoRules(module);
        aliasScopes = new AliasScopeRules(metadataBodies);
        for (String p : ModuleFlagRules.check(module)) {
            reportNode(p);
        }
        for (String p : ModuleFlagRules.checkIdent(module)) {
            reportNode(p);
        }
        for (MetadataDefinition m : module.metadataDefinitions()) {
            checkMetadataRefs(m.body(), "!" + m.id());
        }
        for (DebugInfoNodeRules.Found f : DebugInfoNodeRules.check(module, metadataBodies)) {
            reportNode(f.message() + " (!" + f.node().id() + ")");
        }
        for (UseListOrderRules.Found u : UseListOrderRules.check(module)) {
            SourcePosition at;
            try {
                at = module.positionOf(u.offset());
            } catch (RuntimeException ex) {
                at = null;
            }
            problems.add(new Problem(null, null, null, u.message(), at, false));
        }
        Set<String> comdats = new HashSet<>();
        for (ModuleEntity e : module.entities()) {
            if (e instanceof HeaderLine h && h.kind() == HeaderLine.Kind.COMDAT) {
                comdats.add(h.key());
            }
        }
        // LLVM checks string attribute values where they apply (a function, a call site): a group
        // nothing uses, or only a global variable, is not checked
        Set<Integer> applied = new HashSet<>();
        for (Function f : module.functions()) {
            applied.addAll(f.attributeGroups());
            if (!f.isDeclaration()) {
                f.instructions().forEach(i -> {
                    if (i instanceof CallInst c) {
                        applied.addAll(c.detail().attributeGroups());
                    }
                });
            }
        }
        for (ModuleEntity e : module.entities()) {
            if (e instanceof GlobalValue g && g.comdat() != null) {
                String c = g.comdat().isEmpty() ? g.name() : g.comdat();
                if (!comdats.contains(c)) {
                    report(null, "use of undefined comdat '$" + c + "' by @" + g.name());
                }
            }
            if (e instanceof AttributeGroup g && applied.contains(g.id())) {
                checkAttributeValues(g.attributeSet(), "attributes #" + g.id());
            }
        }
        for (ModuleEntity e : module.entities()) {
            if (e instanceof GlobalValue g) {
                String p = GlobalRules.problem(g);
                if (p != null) {
                    reportGlobal(g, p);
                }
            }
        }
        for (GlobalVariable g : module.globals()) {
            String amx = amxInside(g.valueType());
            if (amx != null) {
                reportGlobal(g, amx);
            }
            if (g.initializer() != null) {
                checkConstant(g.initializer(), Names.ref(g), g, null);
                if (!g.initializer().type().equals(g.valueType())) {
                    reportGlobal(g, "global variable initializer type does not match global variable type ("
                            + g.initializer().type() + ")");
                }
            }
            for (MetadataAttachment a : g.metadata()) {
                checkMetadataRefs(a.node(), "@" + g.name());
            }
        }
        for (ModuleEntity e : module.entities()) {
            if (e instanceof GlobalAlias a && a.target() != null) {
                checkConstant(a.target(), Names.ref(a), a, null);
            }
        }
        Function deoptimize = SafepointRules.deoptimizeConventionBreaker(module.functions());
        if (deoptimize != null) {
            reportGlobal(deoptimize, SafepointRules.DEOPTIMIZE_CONVENTIONS);
        }
        for (Function f : module.functions()) {
            function = f;
            block = null;
            checkFunction(f);
        }
    }

    /** A module-level problem whose message ends with the node it is about, {@code (!N)}: at that node's definition. */
    private void reportNode(String message) {
        SourcePosition at = null;
        int open = message.lastIndexOf("(!");
        if (open >= 0 && message.endsWith(")") && module.source() != null) {
            MetadataDefinition node = module.metadata(message.substring(open + 2, message.length() - 1));
            try {
                at = node == null || node.slice() == null ? null : module.positionOf(node.slice().start());
            } catch (RuntimeException ex) {
                at = null;
            }
        }
        problems.add(new Problem(null, null, null, message, at, false));
    }

    /** A module-level problem of {@code g}, at its name in the source. */
    private void reportGlobal(GlobalValue g, String message) {
        SourcePosition at;
        try {
            at = module.source() == null ? null : module.positionOf(g);
        } catch (RuntimeException ex) {
            at = null;
        }
        problems.add(new Problem(null, null, null, message + " (" + Names.ref(g) + ")", at, false));
    }

    private void report(Instruction inst, String message) {
        report(inst, message, false);
    }

    private void report(Instruction inst, String message, boolean warning) {
        problems.add(new Problem(function == null ? null : name(function), block == null ? null : name(block),
                inst == null ? null : describe(inst), message, position(inst), warning));
    }

    /** Where {@code inst} (or, without one, the current function) was read from; null for created IR. */
    private SourcePosition position(Instruction inst) {
        try {
            if (module.source() == null) {
                return null;
            }
            if (inst != null && inst.source() != null && inst.function() != null
                    && inst.function().module() == module) {
                return module.positionOf(inst.source().tokenStart());
            }
            return function == null ? null : module.positionOf(function);
        } catch (RuntimeException e) {
            return null; // a position is a courtesy: never let it hide the problem
        }
    }

    private static String name(TrackedValue v) {
        return v.hasName() ? v.name() : String.valueOf(v.slot());
    }

    private static String describe(Instruction inst) {
        try {
            return (inst.hasResult() ? Names.ref(inst) + " = " : "") + inst.opcode()
                    + (inst.operandCount() == 0 ? "" : " " + inst.operands().stream().map(v -> v == null ? "null"
                            : v instanceof TrackedValue ? Names.ref(v) : v.type().toString()).toList());
        } catch (RuntimeException e) {
            return inst.opcode().toString();
        }
    }

    // ------------------------------------------------------------------ functions

    private void checkFunction(Function f) {
        for (MetadataAttachment a : f.metadata()) {
            checkMetadataRefs(a.node(), "@" + f.name());
            String shape = MetadataShapes.functionProblem(metadataBodies, a);
            if (shape != null) {
                report(null, shape);
            }
        }
        checkAttributeValues(f.inlineAttributes(), "@" + f.name());
        checkFunctionAttributes(f);
        String cc = CallRules.conventionProblem(f);
        if (cc != null) {
            report(null, cc);
        }
        if (f.isDeclaration()) {
            return;
        }
        IntrinsicSignatures.Signature known = IntrinsicSignatures.lookup(f.name());
        if (f.name().startsWith("llvm.") && (known == null || !IntrinsicSignatures.isLegacy(known, f.functionType()))) {
            report(null, "llvm intrinsics cannot be defined!"); // an upgradable old signature is renamed by LLVM
        }
        f.renumberIfNeeded();
        checkLocalNames(f);
        localEscapes[0] = 0;
        List<BasicBlock> blocks = f.blocks();
        if (blocks.isEmpty()) {
            report(null, "a definition has no blocks");
            return;
        }
        BasicBlock entry = blocks.get(0);
        if (!entry.predecessors().isEmpty()) {
            block = entry;
            report(null, "the entry block has predecessors");
        }
        Map<Instruction, Integer> position = new HashMap<>();
        Set<BasicBlock> inFunction = new HashSet<>(blocks);
        for (BasicBlock b : blocks) {
            int i = 0;
            for (Instruction inst : b.instructions()) {
                position.put(inst, i++);
            }
        }
        DominatorTree dom = new DominatorTree(f);
        for (BasicBlock b : blocks) {
            block = b;
            if (b.parent() != f) {
                report(null, "block's parent is another function");
            }
            checkBlockStructure(b, entry);
            for (Instruction inst : b.instructions()) {
                checkInstruction(inst, f, inFunction, position, dom);
            }
        }
        block = null;
    }

    private void checkBlockStructure(BasicBlock b, BasicBlock entry) {
        List<Instruction> insts = b.instructions();
        if (insts.isEmpty()) {
            report(null, "empty block (a block needs a terminator)");
            return;
        }
        for (Instruction inst : insts) {
            if (inst.isTerminator() && inst != b.last()) {
                report(inst, "terminator in the middle of a block");
            }
        }
        if (!b.last().isTerminator()) {
            report(b.last(), "block does not end with a terminator");
        }
        boolean pastPhis = false;
        for (Instruction inst : insts) {
            if (inst instanceof PhiInst) {
                if (pastPhis) {
                    report(inst, "PHI nodes not grouped at top of basic block");
                }
                if (b == entry) {
                    report(inst, "the entry block has a PHI node");
                }
            } else if (inst.opcode() != Opcode.LANDINGPAD || !pastPhis) {
                pastPhis = true;
            }
        }
        // phi entries must match the incoming edges: one per edge, one value per predecessor
        List<BasicBlock> edges = new ArrayList<>();
        for (Instruction user : b.users()) {
            if (user.isTerminator() && user.parent() != null && user.parent().parent() == b.parent()) {
                for (BasicBlock s : user.successors()) {
                    if (s == b) {
                        edges.add(user.parent());
                    }
                }
            }
        }
        for (PhiInst phi : b.phis()) {
            Map<BasicBlock, Integer> want = counts(edges);
            Map<BasicBlock, Value> valueFrom = new HashMap<>();
            List<BasicBlock> got = new ArrayList<>();
            for (int i = 0; i < phi.incomingCount(); i++) {
                BasicBlock from = phi.incomingBlock(i);
                got.add(from);
                Value previous = valueFrom.putIfAbsent(from, phi.incomingValue(i));
                if (previous != null && previous != phi.incomingValue(i) && !previous.equals(phi.incomingValue(i))) {
                    report(phi, "PHI node has multiple entries for the same basic block with different incoming values");
                }
            }
            if (!counts(got).equals(want)) {
                report(phi, "PHI node entries do not match predecessors (entries from " + names(got)
                        + ", edges from " + names(edges) + ")");
            }
        }
    }

    private static Map<BasicBlock, Integer> counts(List<BasicBlock> blocks) {
        Map<BasicBlock, Integer> m = new HashMap<>();
        for (BasicBlock b : blocks) {
            m.merge(b, 1, Integer::sum);
        }
        return m;
    }

    private static String names(List<BasicBlock> blocks) {
        return blocks.stream().map(Names::ref).toList().toString();
    }

    // ------------------------------------------------------------------ instructions

    private void checkInstruction(Instruction inst, Function f, Set<BasicBlock> inFunction,
            Map<Instruction, Integer> position, DominatorTree dom) {
        checkRuleFamilies(inst, f);
        // an alloca of x86_amx has its own message ("invalid type for alloca"), not its pointer's
        String amx = inst.opcode() == Opcode.ALLOCA ? null : amxInside(inst.type());
        if (amx == null && inst instanceof MemoryInst m && m.elementType() != null) {
            amx = amxInside(m.elementType());
        }
        if (amx != null) {
            report(inst, amx);
        }
        for (MetadataAttachment a : inst.metadata()) {
            checkMetadataRefs(a.node(), "!" + a.name());
            if (!a.name().equals("dbg") && !a.name().equals("llvm.loop") && locationInside(a.node())) {
                // what LLVM's debug-info stripping leaves of it still holds the location
                report(inst, "!" + a.name() + ": DILocation not allowed within this metadata node");
            }
            if (a.name().equals("alias.scope") || a.name().equals("noalias")) {
                String scopes = aliasScopes.listProblem(a.node());
                if (scopes != null) {
                    report(inst, "!" + a.name() + ": " + scopes);
                }
            }
            if (isTuple(a.node()) && hasLocalName(a.node())) {
                report(inst, "!" + a.name() + ": invalid use of function-local name");
            }
            String shape = MetadataShapes.problem(metadataBodies, inst, a);
            if (shape != null) {
                report(inst, "!" + a.name() + ": " + shape);
            }
        }
        for (int i = 0; i < inst.operandCount(); i++) {
            Value v = inst.operand(i);
            if (v == null) {
                report(inst, "operand " + i + " is missing");
                continue;
            }
            switch (v) {
                case Instruction def -> {
                    if (def.parent() == null || def.function() != f) {
                        report(inst, "use of " + Names.ref(def) + (def.parent() == null ? ", which was erased"
                                : ", an instruction of another function"));
                    } else if (!isMetadataOperand(inst, i) && !dominatesUse(def, inst, i, position, dom)) {
                        // a local wrapped as metadata (metadata i32 %x) is not checked for dominance, as in LLVM
                        report(inst, "instruction does not dominate all uses (" + Names.ref(def) + ")");
                    }
                }
                case Argument a -> {
                    if (a.parent() != f) {
                        report(inst, "use of argument " + Names.ref(a) + " of another function");
                    }
                }
                case BasicBlock b -> {
                    if (!inFunction.contains(b)) {
                        report(inst, "use of block " + Names.ref(b) + " that is not in this function");
                    }
                }
                case GlobalValue g -> {
                    if (g.module() != module || module.global(g.name()) != g && g.hasName()) {
                        report(inst, "use of " + Names.ref(g) + ", a global of another module or removed");
                    }
                    if (i > 0 || !(inst instanceof CallInst)) {
                        checkIntrinsicUse(g, inst, null);
                    }
                }
                case Constant c -> checkConstant(c, describe(inst), null, inst);
                case MetadataValue m -> {
                    checkMetadataRefs(m.text(), describe(inst));
                    checkFunctionLocal(inst, m.locals(), f);
                    if (isTuple(m.text()) && hasLocalName(m.text())) {
                        report(inst, "invalid use of function-local name"); // a local wrapped in a node, not alone
                    }
                }
                default -> {
                }
            }
        }
        for (DebugRecord r : inst.debugRecords()) {
            checkFunctionLocal(inst, r.locals(), f);
        }
        if (inst.users().contains(inst) && !(inst instanceof PhiInst) && dom.isReachable(inst.parent())) {
            // LLVM allows it in unreachable code
            report(inst, "only PHI nodes may reference their own value");
        }
        String typeError = typeError(inst, f);
        if (typeError != null) {
            report(inst, typeError);
        }
    }

    // ------------------------------------------------------------------ LLVM's rule families

    /** LLLexer refuses a local name with a NUL byte, written raw or as {@code \00} (LLVM: "expected instruction opcode"). */
    private void checkLocalNames(Function f) {
        List<org.nvlower.llvm.ir.TrackedValue> locals = new ArrayList<>(f.arguments());
        for (BasicBlock b : f.blocks()) {
            locals.add(b);
            locals.addAll(b.instructions());
        }
        for (org.nvlower.llvm.ir.TrackedValue v : locals) {
            if (v.hasName() && (v.name().indexOf('\0') >= 0 || v.name().contains("\\00"))) {
                report(null, "Null bytes are not allowed in names (%" + v.name().replace("\0", "\\00") + ")");
                return;
            }
        }
    }

    /** Nodes from which no {@code DILocation} can be reached. */
    private final Set<String> locationFree = new HashSet<>();

    /**
     * Whether an operand of the attached node {@code text}, or of a node it reaches, is a
     * {@code DILocation} (LLVM allows one only under {@code !dbg} and {@code !llvm.loop}).
     */
    private boolean locationInside(String text) {
        String t = text.strip();
        String root = t.matches("![0-9]+") ? metadataBodies.get(t.substring(1)) : t;
        if (root == null) {
            return false;
        }
        Set<String> seen = new HashSet<>();
        Deque<String> work = new ArrayDeque<>(MetadataText.nodeRefs(root));
        while (!work.isEmpty()) {
            String id = work.pop();
            String body = metadataBodies.get(id);
            if (body == null || locationFree.contains(id) || !seen.add(id)) {
                continue;
            }
            String b = body.startsWith("distinct") ? body.substring("distinct".length()).stripLeading() : body;
            if (b.startsWith("!DILocation(")) {
                return true;
            }
            work.addAll(MetadataText.nodeRefs(body));
        }
        locationFree.addAll(seen); // all explored, none a location
        return false;
    }

    /** Types already found free of x86_amx arrays and pointers. */
    private final Set<Type> amxFree = new HashSet<>();

    /**
     * LLParser's refusal of {@code x86_amx} as an array element ("invalid array element type") or a
     * pointee ("pointer to this type is invalid") anywhere inside {@code t}; null when there is none.
     */
    private String amxInside(Type t) {
        if (t == null || t instanceof IntegerType || t instanceof FloatType || t instanceof PrimitiveType
                || amxFree.contains(t)) {
            return null;
        }
        amxFree.add(t); // provisionally: a named struct may contain itself
        String p = switch (t) {
            case ArrayType a -> a.element() == PrimitiveType.X86_AMX ? "invalid array element type" : amxInside(a.element());
            case PointerType ptr -> ptr.pointee() == PrimitiveType.X86_AMX ? "pointer to this type is invalid"
                    : amxInside(ptr.pointee());
            case VectorType v -> amxInside(v.element());
            case StructType st -> firstAmx(st.fields());
            case NamedStructType n -> n.fields() == null ? null : firstAmx(n.fields());
            case FunctionType ft -> {
                String r = amxInside(ft.returnType());
                yield r != null ? r : firstAmx(ft.params());
            }
            default -> null;
        };
        if (p != null) {
            amxFree.remove(t);
        }
        return p;
    }

    private String firstAmx(List<Type> types) {
        for (Type t : types) {
            String p = amxInside(t);
            if (p != null) {
                return p;
            }
        }
        return null;
    }

    private void checkFunctionAttributes(Function f) {
        String amx = amxInside(f.functionType());
        if (amx != null) {
            report(null, amx);
        }
        for (String p : AttributeRules.check(f.attributes(), AttributeRules.Position.FUNCTION, null)) {
            report(null, p);
        }
        for (String p : AttributeRules.checkDefinition(f.attributes(), f.functionType(), f.unnamedAddr())) {
            report(null, p);
        }
        if (!f.name().startsWith("llvm.")) { // LLVM's visitFunction: only intrinsics traffic in tokens
            if (f.returnType() == PrimitiveType.TOKEN) {
                report(null, "Function returns a token but isn't an intrinsic");
            }
            if (f.functionType().params().contains(PrimitiveType.TOKEN)) {
                report(null, "Function takes token but isn't an intrinsic");
            }
            if (f.functionType().params().contains(PrimitiveType.X86_AMX)) {
                report(null, "Function takes x86_amx but isn't an intrinsic");
            }
            if (f.returnType() == PrimitiveType.X86_AMX) {
                report(null, "Function returns a x86_amx but isn't an intrinsic");
            }
        }
        for (String p : AttributeRules.check(f.returnAttributes(), AttributeRules.Position.RETURN, f.returnType())) {
            report(null, p);
        }
        List<AttributeSet> params = new ArrayList<>();
        for (Argument a : f.arguments()) {
            params.add(a.attributes());
            for (String p : AttributeRules.check(a.attributes(), AttributeRules.Position.PARAMETER, a.type())) {
                report(null, p + " (parameter " + a.index() + ")");
            }
        }
        for (String p : AttributeRules.checkParameters(params, f.functionType().params(), f.returnType(),
                f.name().startsWith("llvm."))) {
            report(null, p);
        }
    }

    /** The rules of {@link AtomicRules}, {@link ExceptionRules}, {@link CallRules}, the call's attributes and intrinsic signature, and {@link DebugInfoRules}. */
    private void checkRuleFamilies(Instruction inst, Function f) {
        if (inst instanceof MemoryInst m) {
            String p = AtomicRules.check(m);
            if (p != null) {
                report(inst, p);
            }
        }
        String eh = ExceptionRules.check(inst, f);
        if (eh != null) {
            report(inst, eh);
        }
        if (inst instanceof CallInst c) {
            checkCall(c, f);
        }
        String di = debugInfo.check(inst, f);
        if (di != null) {
            report(inst, di, true);
        }
    }

    private void checkCall(CallInst c, Function f) {
        CallInst.Detail d = c.detail();
        AttributeSet fnAttributes = d.fnAttributes();
        for (int id : d.attributeGroups()) {
            AttributeGroup g = module.attributeGroup(id);
            if (g != null) {
                fnAttributes = fnAttributes.union(g.attributeSet());
            }
        }
        Function callee = c.calledFunction();
        boolean intrinsic = callee != null && callee.name().startsWith("llvm.") || c.callee() instanceof InlineAsm;
        List<String> found = new ArrayList<>(AttributeRules.check(fnAttributes, AttributeRules.Position.FUNCTION, null));
        if (d.fnAttributes().has("align")) {
            // a function's align is its alignment; LLParser refuses it written on a call site
            found.add(c.opcode().keyword() + " instructions may not have an alignment");
        }
        found.addAll(AttributeRules.check(d.returnAttributes(), AttributeRules.Position.RETURN, c.type()));
        List<AttributeSet> params = new ArrayList<>();
        List<Type> types = new ArrayList<>();
        for (int i = 0; i < d.argumentCount(); i++) {
            params.add(d.paramAttributes(i));
            types.add(c.argument(i).type());
            found.addAll(AttributeRules.check(d.paramAttributes(i), AttributeRules.Position.PARAMETER, c.argument(i).type()));
        }
        found.addAll(AttributeRules.checkParameters(params, types, c.type(), intrinsic, c.calleeType().params().size(),
                callee != null && SafepointRules.is(callee.name(), SafepointRules.STATEPOINT)));
        String bundles = BundleRules.problem(c, fnAttributes);
        if (bundles != null) {
            found.add(bundles);
        }
        for (String p : found) {
            report(c, p);
        }
        if (c.callee() instanceof InlineAsm asm) {
            String p = InlineAsmRules.problem(c, asm);
            if (p != null) {
                report(c, p);
            }
        }
        if (callee == null && !(c.callee() instanceof InlineAsm) && c.type() == PrimitiveType.TOKEN) {
            report(c, "Return type cannot be token for indirect call!");
        }
        if (callee == null && !(c.callee() instanceof InlineAsm) && c.type() == PrimitiveType.X86_AMX) {
            report(c, "Return type cannot be x86_amx for indirect call!");
        }
        if (callee != null && callee.name().startsWith("llvm.") && signatureFits(callee)) {
            // as LLVM, an intrinsic's own rules only after its signature matched
            String specific = IntrinsicCallRules.problem(c, callee);
            if (specific == null && callee.name().equals("llvm.experimental.noalias.scope.decl") && d.argumentCount() == 1
                    && c.argument(0) instanceof MetadataValue m) {
                specific = aliasScopes.declarationProblem(m.text());
            }
            if (specific != null) {
                report(c, specific);
            }
        }
        if (c.tailKind().equals("musttail") && c.opcode() == Opcode.CALL) {
            String p = CallRules.mustTailProblem(c, f);
            if (p != null) {
                report(c, p);
            }
        }
        if (callee != null && callee.name().startsWith("llvm.")) {
            String gc = GcRules.problem(c, callee, f, localEscapes);
            if (gc != null) {
                report(c, gc);
            }
            String safepoint = SafepointRules.problem(c, callee, f, fnAttributes);
            if (safepoint != null) {
                report(c, safepoint);
            }
            IntrinsicSignatures.Signature sig = IntrinsicSignatures.lookup(callee.name());
            if (sig != null && IntrinsicSignatures.isLegacy(sig, callee.functionType())) {
                return; // LLVM upgrades the call before it verifies it
            }
            String mismatch = sig == null ? null : IntrinsicSignatures.mismatch(sig, callee.functionType());
            if (mismatch != null) {
                report(c, mismatch + " (@" + callee.name() + ")");
                return;
            }
            for (int i = 0; i < d.argumentCount(); i++) {
                boolean imm = sig != null && i < sig.immarg().size() && sig.immarg().get(i)
                        || d.paramAttributes(i).has("immarg")
                        || i < callee.arguments().size() && callee.argument(i).attributes().has("immarg");
                Value v = c.argument(i);
                if (imm && !(v instanceof ConstantInt) && !(v instanceof ConstantFP) && !foldsToNumber(v)) {
                    report(c, "immarg operand has non-immediate parameter (argument " + i + ")");
                }
            }
        }
    }

    /** Whether the intrinsic's type fits its signature in the table (or it is not in the table, or an old one LLVM upgrades). */
    private static boolean signatureFits(Function callee) {
        IntrinsicSignatures.Signature sig = IntrinsicSignatures.lookup(callee.name());
        return sig == null || IntrinsicSignatures.isLegacy(sig, callee.functionType())
                || IntrinsicSignatures.mismatch(sig, callee.functionType()) == null;
    }

    /**
     * Whether LLVM's parser folds {@code v} into a number: a constant expression of arithmetic,
     * comparisons and casts over numbers and null pointers ({@code add (i32 2, i32 3)}, {@code ptrtoint (i32* null
     * to i32)}), which then meets an {@code immarg} parameter as a plain constant. A global's
     * address, undef or a division (by zero it folds to poison) does not fold.
     */
    private static boolean foldsToNumber(Value v) {
        if (v instanceof ConstantInt || v instanceof ConstantFP) {
            return true;
        }
        if (!(v instanceof ConstantExpr e)) {
            return false;
        }
        Opcode op = e.opcode();
        boolean foldable = op.kind() == Opcode.Kind.CAST || op.kind() == Opcode.Kind.CMP
                || op.kind() == Opcode.Kind.BINARY && switch (op) {
            case UDIV, SDIV, UREM, SREM -> false;
            default -> true;
        };
        if (!foldable) {
            return false;
        }
        for (Constant c : e.operands()) {
            boolean nullPointer = c instanceof org.nvlower.llvm.ir.ConstantKeyword k
                    && k.keyword() == org.nvlower.llvm.ir.ConstantKeyword.Keyword.NULL && op.kind() == Opcode.Kind.CAST;
            if (!nullPointer && !foldsToNumber(c)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isTuple(String metadata) {
        return metadata.startsWith("!{") || metadata.startsWith("distinct !{");
    }

    /**
     * Whether metadata text names a local value ({@code %x}) outside its strings: LLVM allows a
     * local only alone ({@code metadata i32 %x}) or in a {@code DIArgList}, never inside a node.
     */
    private static boolean hasLocalName(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                int j = text.indexOf('"', i + 1);
                if (j < 0) {
                    return false;
                }
                i = j;
            } else if (c == '%' && i + 1 < text.length()) {
                char n = text.charAt(i + 1);
                if (Character.isLetterOrDigit(n) || n == '"' || n == '.' || n == '_' || n == '$' || n == '-') {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether operand {@code i} of {@code inst} is a call argument of type {@code metadata} (a local wrapped as metadata). */
    private static boolean isMetadataOperand(Instruction inst, int i) {
        if (!(inst instanceof CallInst c) || i < 1) {
            return false;
        }
        List<Type> params = c.calleeType().params();
        return i - 1 < params.size() && params.get(i - 1) == PrimitiveType.METADATA;
    }

    /** Function-local metadata (locals named in debug info) names only values of its own function. */
    private void checkFunctionLocal(Instruction inst, List<Value> locals, Function f) {
        for (Value v : locals) {
            Function owner = v instanceof Instruction d ? (d.parent() == null ? f : d.function())
                    : v instanceof Argument a ? a.parent() : f;
            if (owner != f) {
                report(inst, "function-local metadata used in wrong function (" + Names.ref(v) + ")");
            }
        }
    }

    /** SSA: the definition comes first in its block, or its block dominates the use's (phis: the incoming block). */
    private static boolean dominatesUse(Instruction def, Instruction user, int operand,
            Map<Instruction, Integer> position, DominatorTree dom) {
        BasicBlock useBlock = user.parent();
        if (user instanceof PhiInst phi) {
            BasicBlock from = phi.incomingBlock(operand / 2);
            return dom.dominates(def.parent(), from) || !dom.isReachable(from);
        }
        if (!dom.isReachable(useBlock)) {
            return true;
        }
        if (def.parent() == useBlock) {
            return position.get(def) < position.get(user);
        }
        // invoke's result is available only in its normal destination
        return dom.dominates(def.parent(), useBlock);
    }

    /** LLVM's type rules for the instruction kinds a pass creates; null when they hold. */
    private static String typeError(Instruction inst, Function f) {
        Opcode op = inst.opcode();
        return switch (inst) {
            case BinaryInst b -> {
                if (!b.lhs().type().equals(b.rhs().type()) || !b.lhs().type().equals(b.type())) {
                    yield "both operands of " + op + " must have the result type";
                }
                Type s = b.type().scalarType();
                boolean fp = BinaryInst.isFloatingPoint(op);
                yield fp != (s instanceof FloatType) || !fp && !(s instanceof IntegerType)
                        ? op + " on " + b.type() : null;
            }
            case UnaryInst u -> u.value().type().equals(u.type()) && u.type().scalarType() instanceof FloatType
                    ? null : "fneg on " + u.value().type();
            case CastInst c -> CastInst.invalidReason(op, c.value().type(), c.type()) == null ? null
                    : "invalid cast " + op + " " + c.value().type() + " to " + c.type();
            case CmpInst c -> {
                if (!c.lhs().type().equals(c.rhs().type())) {
                    yield "compare of different types";
                }
                Type s = c.lhs().type().scalarType();
                boolean ok = c.predicate().isFloating() ? s instanceof FloatType
                        : s instanceof IntegerType || s instanceof PointerType;
                yield ok && c.type().equals(CmpInst.resultType(c.lhs().type())) ? null
                        : op + " " + c.predicate() + " on " + c.lhs().type();
            }
            case PhiInst p -> {
                for (int i = 0; i < p.incomingCount(); i++) {
                    if (!p.incomingValue(i).type().equals(p.type())) {
                        yield "phi of " + p.type() + " has an incoming " + p.incomingValue(i).type();
                    }
                }
                yield null;
            }
            case CallInst c -> callTypeError(c);
            case MemoryInst m -> memoryTypeError(m);
            case TerminatorInst t -> terminatorTypeError(t, f);
            case OtherInst o when op == Opcode.SELECT -> {
                Value cond = o.operand(0);
                boolean condOk = cond.type().isInteger(1) || cond.type() instanceof VectorType v
                        && v.element().isInteger(1) && o.type() instanceof VectorType w && v.count() == w.count();
                yield condOk && o.operand(1).type().equals(o.type()) && o.operand(2).type().equals(o.type()) ? null
                        : "select operands do not match";
            }
            case AggregateInst a when op == Opcode.SHUFFLEVECTOR -> shuffleError(a);
            case AggregateInst a when op == Opcode.EXTRACTVALUE || op == Opcode.INSERTVALUE -> {
                try {
                    Type slot = Types.aggregateElement(a.operand(0).type(), a.indices());
                    yield op == Opcode.EXTRACTVALUE ? (slot.equals(a.type()) ? null : "extractvalue result type")
                            : slot.equals(a.operand(1).type()) && a.type().equals(a.operand(0).type()) ? null
                            : "insertvalue operand type";
                } catch (IllegalArgumentException e) {
                    yield e.getMessage();
                }
            }
            default -> null;
        };
    }

    /** LLVM's shufflevector rules: two vectors of one type, a constant mask of i32 indices below twice their length. */
    private static String shuffleError(AggregateInst a) {
        if (!(a.operand(0).type() instanceof VectorType v) || !a.operand(0).type().equals(a.operand(1).type())) {
            return "invalid shufflevector operands";
        }
        Value mask = a.operand(2);
        if (!(mask instanceof Constant) || !(mask.type() instanceof VectorType m) || !m.element().isInteger(32)) {
            return "invalid shufflevector operands (the mask must be a constant vector of i32)";
        }
        if (mask instanceof ConstantAggregate agg && !v.scalable()) {
            for (Constant e : agg.elements()) {
                if (e instanceof ConstantInt i && (i.value().signum() < 0
                        || i.value().compareTo(BigInteger.valueOf(2 * v.count())) >= 0)) {
                    return "invalid shufflevector operands (mask index " + i.value() + " out of range)";
                }
            }
        }
        return null;
    }

    /** Boolean string attributes LLVM's verifier requires to be "true" or "false". */
    private static final Set<String> BOOLEAN_STRING_ATTRIBUTES = Set.of("less-precise-fpmad", "no-infs-fp-math",
            "no-nans-fp-math", "approx-func-fp-math", "no-signed-zeros-fp-math", "unsafe-fp-math",
            "no-jump-tables", "no-inline-line-tables", "profile-sample-accurate", "use-sample-profile");

    /** String attributes whose value LLVM's verifier requires to be an unsigned decimal integer (32 bits). */
    private static final Set<String> UNSIGNED_STRING_ATTRIBUTES = Set.of("patchable-function-prefix",
            "patchable-function-entry", "warn-stack-size");

    /** String attributes whose value LLVM's verifier takes from a list ("reserved": LLVM 19). */
    private static final Map<String, Set<String>> ENUMERATED_STRING_ATTRIBUTES =
            Map.of("frame-pointer", Set.of("none", "non-leaf", "all", "reserved"));

    private void checkAttributeValues(AttributeSet attributes, String where) {
        for (Attribute a : attributes.attributes()) {
            if (!(a instanceof Attribute.Str s)) {
                continue;
            }
            // a string attribute written without a value has the empty value: a boolean one allows it
            String value = s.value() == null ? "" : s.value();
            boolean bad = BOOLEAN_STRING_ATTRIBUTES.contains(s.name()) && !value.isEmpty() && !"true".equals(value)
                    && !"false".equals(value)
                    || ENUMERATED_STRING_ATTRIBUTES.containsKey(s.name())
                    && !ENUMERATED_STRING_ATTRIBUTES.get(s.name()).contains(value);
            if (bad) {
                report(null, where + ": invalid value for '" + s.name() + "' attribute: " + value);
            }
            if (UNSIGNED_STRING_ATTRIBUTES.contains(s.name()) && !value.matches("\\d{1,10}")
                    || UNSIGNED_STRING_ATTRIBUTES.contains(s.name()) && Long.parseLong(value) > 0xffffffffL) {
                report(null, where + ": \"" + s.name() + "\" takes an unsigned integer: " + value);
            }
        }
    }

    private static String callTypeError(CallInst c) {
        FunctionType ft = c.calleeType();
        if (!c.type().equals(ft.returnType())) {
            return "call result type does not match the callee's return type";
        }
        List<Value> args = c.arguments();
        if (args.size() < ft.params().size() || args.size() > ft.params().size() && !ft.varArgs()) {
            return "incorrect number of arguments passed to called function";
        }
        for (int i = 0; i < ft.params().size(); i++) {
            Type want = ft.params().get(i);
            Type got = args.get(i).type();
            if (!got.equals(want) && !(want == PrimitiveType.METADATA)) {
                return "call parameter type does not match function signature (argument " + i + " is " + got
                        + ", the callee takes " + want + ")";
            }
        }
        if (c.callee() instanceof Function callee && !callee.functionType().equals(ft)) {
            if (callee.module().opaquePointers()) {
                return null; // opaque pointers: calling through another type is allowed
            }
            return "call of @" + callee.name() + " (" + callee.functionType() + ") as " + ft;
        }
        if (!(c.callee().type() instanceof PointerType) && !(c.callee() instanceof InlineAsm)) {
            return "called value is not a pointer";
        }
        return null;
    }

    private static String memoryTypeError(MemoryInst m) {
        switch (m.opcode()) {
            case LOAD -> {
                if (!(m.operand(0).type() instanceof PointerType p)) {
                    return "load from a non-pointer";
                }
                return !p.isOpaque() && !p.pointee().equals(m.type()) ? "load of " + m.type() + " through " + p
                        : sized(m.type(), new HashSet<>()) ? null : "loading unsized types is not allowed";
            }
            case STORE -> {
                if (!(m.operand(1).type() instanceof PointerType p)) {
                    return "store to a non-pointer";
                }
                return !p.isOpaque() && !p.pointee().equals(m.operand(0).type())
                        ? "store of " + m.operand(0).type() + " through " + p
                        : sized(m.operand(0).type(), new HashSet<>()) ? null : "storing unsized types is not allowed";
            }
            case GETELEMENTPTR -> {
                if (!(m.operand(0).type().scalarType() instanceof PointerType)) {
                    return "getelementptr base is not a pointer";
                }
                for (int i = 1; i < m.operandCount(); i++) {
                    if (!(m.operand(i).type().scalarType() instanceof IntegerType)) {
                        return "getelementptr index of type " + m.operand(i).type();
                    }
                }
                return m.elementType() == null ? null : gepIndicesError(m.elementType(), m);
            }
            case ALLOCA -> {
                if (m.elementType() == PrimitiveType.X86_AMX) {
                    return "invalid type for alloca";
                }
                return sized(m.elementType(), new HashSet<>()) ? null : "Cannot allocate unsized type";
            }
            default -> {
                return null;
            }
        }
    }

    /**
     * LLVM's getIndexedType over a GEP's indices after the first: arrays and vectors take any
     * integer, a struct an {@code i32} constant (or a splat of one) below its field count.
     */
    private static String gepIndicesError(Type source, MemoryInst gep) {
        Type t = source;
        for (int i = 2; i < gep.operandCount(); i++) {
            Value index = gep.operand(i);
            switch (t) {
                case ArrayType a -> t = a.element();
                case VectorType v -> t = v.element();
                case StructType st -> {
                    Type field = structField(st.fields(), index);
                    if (field == null) {
                        return "invalid getelementptr indices";
                    }
                    t = field;
                }
                case NamedStructType n -> {
                    Type field = n.isOpaque() ? null : structField(n.fields(), index);
                    if (field == null) {
                        return "invalid getelementptr indices";
                    }
                    t = field;
                }
                default -> {
                    return "invalid getelementptr indices";
                }
            }
        }
        return null;
    }

    /** The field an {@code i32} constant (or splat vector of one) selects, or null. */
    private static Type structField(List<Type> fields, Value index) {
        Value c = index;
        if (c instanceof ConstantAggregate agg && agg.type() instanceof VectorType && !agg.elements().isEmpty()
                && agg.elements().stream().allMatch(e -> e.equals(agg.elements().get(0)))) {
            c = agg.elements().get(0);
        } else if (c instanceof org.nvlower.llvm.ir.ConstantKeyword k
                && k.keyword() == org.nvlower.llvm.ir.ConstantKeyword.Keyword.ZEROINITIALIZER
                && k.type() instanceof VectorType v && v.element().isInteger(32)) {
            return fields.isEmpty() ? null : fields.get(0);
        }
        if (!(c instanceof ConstantInt ci) || !ci.type().isInteger(32) || ci.value().signum() < 0
                || ci.value().compareTo(BigInteger.valueOf(fields.size())) >= 0) {
            return null;
        }
        return fields.get(ci.value().intValue());
    }

    /**
     * Types.isSized that also ends on a struct that contains itself (not through a pointer), and
     * counts a struct holding scalable vectors unsized (unless all its fields are one scalable
     * vector type, which LLVM 19 sizes), as LLVM says.
     */
    private static boolean sized(Type t, Set<NamedStructType> seen) {
        return switch (t) {
            case NamedStructType n -> !n.isOpaque() && seen.add(n) && fieldsSized(n.fields(), seen) && seen.remove(n);
            case StructType s -> fieldsSized(s.fields(), seen);
            case ArrayType a -> sized(a.element(), seen);
            default -> Types.isSized(t);
        };
    }

    private static boolean fieldsSized(List<Type> fields, Set<NamedStructType> seen) {
        boolean scalable = false;
        for (Type f : fields) {
            scalable |= f instanceof VectorType v && v.scalable();
        }
        if (scalable) {
            return fields.stream().allMatch(f -> f.equals(fields.get(0)));
        }
        return fields.stream().allMatch(f -> sized(f, seen));
    }

    private static String terminatorTypeError(TerminatorInst t, Function f) {
        switch (t.opcode()) {
            case RET -> {
                Type got = t.operandCount() == 0 ? PrimitiveType.VOID : t.operand(0).type();
                return got.equals(f.returnType()) ? null
                        : "function return type does not match operand type of return inst (" + got + " in a function returning "
                                + f.returnType() + ")";
            }
            case BR -> {
                if (t.operandCount() == 3 && !t.operand(0).type().isInteger(1)) {
                    return "branch condition must have 'i1' type";
                }
                return null;
            }
            case SWITCH -> {
                Set<BigInteger> seen = new HashSet<>();
                for (int i = 0; i < t.caseCount(); i++) {
                    Value v = t.operand(2 + 2 * i);
                    if (!(v instanceof ConstantInt c) || !c.type().equals(t.operand(0).type())) {
                        return "switch constants must all be integers of the condition's type";
                    }
                    if (!seen.add(c.unsignedValue())) {
                        return "duplicate integer as switch case (" + c.value() + ")";
                    }
                }
                return null;
            }
            default -> {
                return null;
            }
        }
    }

    // ------------------------------------------------------------------ constants and metadata

    /** LLVM's visitFunction: an intrinsic LLVM knows is only called, its address never taken. */
    private void checkIntrinsicUse(GlobalValue g, Instruction user, GlobalValue owner) {
        if (g instanceof Function fn && fn.name().startsWith("llvm.") && IntrinsicSignatures.lookup(fn.name()) != null) {
            if (owner != null) {
                reportGlobal(owner, "Invalid user of intrinsic instruction!");
            } else {
                report(user, "Invalid user of intrinsic instruction!");
            }
        }
    }

    /** The constant {@code c} used at {@code where}: by instruction {@code user}, or as the definition of global {@code owner}. */
    private void checkConstant(Constant c, String where, GlobalValue owner, Instruction user) {
        Constants.walk(c, k -> {
            if (k instanceof GlobalValue g && (g.module() != module || g.hasName() && module.global(g.name()) != g)) {
                report(user, where + " refers to " + Names.ref(g) + ", a global of another module or removed");
            }
            if (k instanceof Function fn) {
                checkIntrinsicUse(fn, user, owner);
            }
            String error = constantTypeError(k);
            if (error != null) {
                if (owner != null) {
                    reportGlobal(owner, error);
                } else {
                    report(user, where + ": " + error);
                }
            }
        });
    }

    /** The type rules of constant aggregates and expressions; null when they hold. */
    private static String constantTypeError(Constant c) {
        switch (c) {
            case ConstantAggregate a -> {
                List<Type> want = switch (a.type()) {
                    case StructType s -> s.fields();
                    case NamedStructType n -> n.fields();
                    case ArrayType t -> java.util.Collections.nCopies((int) Math.min(t.count(), a.elements().size()), t.element());
                    case VectorType v -> java.util.Collections.nCopies(a.elements().size(), v.element());
                    default -> null;
                };
                if (want == null) {
                    return "aggregate constant of type " + a.type();
                }
                if (want.size() != a.elements().size() && !(a.type() instanceof VectorType)) {
                    return a.type() + " constant with " + a.elements().size() + " elements";
                }
                for (int i = 0; i < a.elements().size(); i++) {
                    if (!a.elements().get(i).type().equals(want.get(i))) {
                        return "element " + i + " of a " + a.type() + " constant is a " + a.elements().get(i).type();
                    }
                }
                return null;
            }
            case ConstantExpr e -> {
                Opcode op = e.opcode();
                List<Constant> ops = e.operands();
                if (op.kind() == Opcode.Kind.CAST) {
                    return ops.size() == 1 && CastInst.invalidReason(op, ops.get(0).type(), e.type()) == null ? null
                            : "invalid cast constant expression " + op + " to " + e.type();
                }
                if (op.kind() == Opcode.Kind.BINARY) {
                    if (ops.size() != 2 || !ops.get(0).type().equals(ops.get(1).type()) || !ops.get(0).type().equals(e.type())) {
                        return "constant expression " + op + " of mismatched types";
                    }
                    Type s = e.type().scalarType();
                    return BinaryInst.isFloatingPoint(op) ? (s instanceof FloatType ? null
                            : "constexpr requires fp operands (" + op + ")")
                            : s instanceof IntegerType ? null : "constexpr requires integer operands (" + op + ")";
                }
                return null;
            }
            default -> {
                return null;
            }
        }
    }

    private void checkMetadataRefs(String text, String where) {
        for (String id : MetadataText.nodeRefs(text)) {
            if (!definedMetadata.contains(id)) {
                report(null, where + " refers to undefined metadata !" + id);
            }
        }
        for (String g : MetadataText.globalRefs(text)) {
            if (module.global(g) == null && !(MetadataText.isNumber(g) && module.numberedGlobal(Integer.parseInt(g)) != null)) {
                report(null, where + " refers to undefined global @" + g);
            }
        }
    }
}
