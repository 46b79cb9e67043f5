package org.nvlower.mlir.text;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import org.nvlower.diag.InputException;
import org.nvlower.mlir.ArrayAttr;
import org.nvlower.mlir.MlirAttribute;
import org.nvlower.mlir.Block;
import org.nvlower.mlir.ComplexType;
import org.nvlower.mlir.DenseAttr;
import org.nvlower.mlir.DialectAttr;
import org.nvlower.mlir.DialectType;
import org.nvlower.mlir.DictionaryAttr;
import org.nvlower.mlir.FloatAttr;
import org.nvlower.mlir.MlirFloatLiterals;
import org.nvlower.mlir.MlirFloatType;
import org.nvlower.mlir.MlirFunctionType;
import org.nvlower.mlir.IndexType;
import org.nvlower.mlir.IntegerAttr;
import org.nvlower.mlir.MlirIntegerType;
import org.nvlower.mlir.LlvmFunctionType;
import org.nvlower.mlir.MemRefType;
import org.nvlower.mlir.NoneType;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.Region;
import org.nvlower.mlir.StringAttr;
import org.nvlower.mlir.Successor;
import org.nvlower.mlir.SymbolRefAttr;
import org.nvlower.mlir.TensorType;
import org.nvlower.mlir.TupleType;
import org.nvlower.mlir.MlirType;
import org.nvlower.mlir.TypeAttr;
import org.nvlower.mlir.MlirTypes;
import org.nvlower.mlir.UnitAttr;
import org.nvlower.mlir.MlirValue;
import org.nvlower.mlir.MlirVectorType;

/**
 * Reads MLIR text (MLIR 14 and 19 spellings alike) into the model. Operations nvlower knows
 * (see {@link OpRegistry}) are read in their custom form or the generic form; any other
 * operation in the generic form {@code "dialect.op"(%x) : (f32) -> f32}. MlirAttribute and type
 * aliases ({@code #map = ...}, {@code !t = ...}) are resolved, locations are skipped.
 * Malformed input throws {@link InputException} at {@code FILE:LINE:COL}.
 *
 * <p>The {@code public} methods below the entry points are the toolkit {@link Syntax}
 * implementations read operations with (as MLIR's OpAsmParser).
 */
public final class MlirParser {

    private final MlirLexer lex;
    private final Map<String, MlirAttribute> attributeAliases = new HashMap<>();
    private final Map<String, MlirType> typeAliases = new HashMap<>();
    /** The dialect bare operation names resolve to, innermost region last. */
    private final Deque<String> defaultDialects = new ArrayDeque<>();
    private IsolatedScope scope;

    private MlirParser(String file, String text) {
        this.lex = new MlirLexer(file, text);
    }

    /**
     * Parses a whole file. A file whose only top-level operation is a {@code builtin.module}
     * gives that module; otherwise the top-level operations are wrapped in one, as MLIR does.
     */
    public static Operation parse(String file, String text) {
        return new MlirParser(file, text).parseFile();
    }

    private Operation parseFile() {
        lex.next();
        Block top = new Block();
        defaultDialects.push("builtin");
        scope = new IsolatedScope(null);
        scope.regions.push(new HashMap<>());
        while (lex.kind != MlirToken.EOF) {
            if (lex.kind == MlirToken.HASH_IDENTIFIER && isAliasName() && peekIsEqual()) {
                String name = lex.text();
                int at = lex.start;
                lex.next();
                expect(MlirToken.EQUAL, "'='");
                if (attributeAliases.put(name, parseAttribute()) != null) {
                    throw lex.error(at, "redefinition of attribute alias id '" + name.substring(1) + "'");
                }
            } else if (lex.kind == MlirToken.EXCLAMATION_IDENTIFIER && isAliasName() && peekIsEqual()) {
                String name = lex.text();
                int at = lex.start;
                lex.next();
                expect(MlirToken.EQUAL, "'='");
                if (typeAliases.put(name, parseType()) != null) {
                    throw lex.error(at, "redefinition of type alias id '" + name.substring(1) + "'");
                }
            } else if (lex.kind == MlirToken.FILE_METADATA_BEGIN) {
                throw lex.error(lex.start, "file metadata dictionaries ({-# ... #-}) are not supported by nvlower");
            } else {
                parseOperation(top);
            }
        }
        finishIsolatedScope();
        List<Operation> ops = top.operations();
        if (ops.size() == 1 && ops.get(0).name().equals("builtin.module")) {
            return ops.get(0);
        }
        Operation module = Operation.create("builtin.module", List.of(), List.of());
        module.regions().add(Region.ofBlock(top));
        return module;
    }

    private boolean isAliasName() {
        return lex.text().indexOf('.') < 0;
    }

    private boolean peekIsEqual() {
        int p = lex.end;
        while (p < lex.src.length() && Character.isWhitespace(lex.src.charAt(p))) {
            p++;
        }
        return p < lex.src.length() && lex.src.charAt(p) == '=';
    }

    // ------------------------------------------------------------------ operations

    /** A result name bound by {@code %name:count =}. */
    private record ResultBinding(String name, int count, int offset) {
    }

    private void parseOperation(Block block) {
        int opStart = lex.start;
        List<ResultBinding> bindings = new ArrayList<>();
        if (lex.kind == MlirToken.PERCENT_IDENTIFIER) {
            while (true) {
                if (lex.kind != MlirToken.PERCENT_IDENTIFIER) {
                    throw error("expected SSA value name");
                }
                String name = lex.text();
                int at = lex.start;
                lex.next();
                int count = 1;
                if (lex.kind == MlirToken.COLON) {
                    lex.next();
                    count = expectSmallInteger("expected integer number of results");
                    if (count < 1) {
                        throw lex.error(at, "expected named operation to have at least 1 result");
                    }
                }
                bindings.add(new ResultBinding(name, count, at));
                if (lex.kind != MlirToken.COMMA) {
                    break;
                }
                lex.next();
            }
            expect(MlirToken.EQUAL, "'='");
        }
        Operation op;
        if (lex.kind == MlirToken.STRING) {
            op = parseGenericOperation(opStart);
        } else if (lex.kind == MlirToken.BARE_IDENTIFIER) {
            op = parseCustomOperation();
        } else {
            throw error("expected operation name in quotes");
        }
        skipLocation();
        op.setLocation(lex.source.at(opStart));
        int bound = bindings.stream().mapToInt(ResultBinding::count).sum();
        if (!bindings.isEmpty() && bound != op.results().size()) {
            throw lex.error(opStart, "operation defines " + op.results().size() + " results but was provided "
                    + bound + " to bind");
        }
        registerUses(op); // before the results are defined: an operand may name one of them
        int next = 0;
        for (ResultBinding b : bindings) {
            define(b.name(), new ArrayList<>(op.results().subList(next, next + b.count())), b.offset());
            next += b.count();
        }
        block.append(op);
    }

    private Operation parseCustomOperation() {
        String word = lex.text();
        int at = lex.start;
        OpInfo info = word.indexOf('.') >= 0 ? OpRegistry.lookup(word) : OpRegistry.lookupBare(word, defaultDialects.peek());
        if (info == null) {
            throw lex.error(at, "custom op '" + word + "' is unknown (nvlower reads operations it does not know "
                    + "only in the generic form, e.g. \"" + word + "\"(%x) : (f32) -> f32)");
        }
        lex.next();
        Operation op = info.syntax().parse(this, info);
        String problem = info.syntax().verify(op);
        if (problem != null) {
            throw lex.error(at, "'" + info.name() + "' op " + problem);
        }
        return op;
    }

    private Operation parseGenericOperation(int opStart) {
        String spelled = lex.stringValue(lex.start);
        int nameAt = lex.start;
        if (spelled.isEmpty()) {
            throw error("empty operation name is invalid");
        }
        OpInfo info = OpRegistry.lookup(spelled);
        String name = info != null ? info.name() : spelled;
        lex.next();
        expect(MlirToken.LPAREN, "'(' to start operand list");
        List<OperandRef> operandRefs = parseOperandRefs(MlirToken.RPAREN);
        expect(MlirToken.RPAREN, "')' to end operand list");
        List<Block> successorBlocks = new ArrayList<>();
        if (lex.kind == MlirToken.LSQUARE) {
            lex.next();
            do {
                successorBlocks.add(parseSuccessorBlock());
            } while (consume(MlirToken.COMMA));
            expect(MlirToken.RSQUARE, "']' to end successor list");
        }
        SortedMap<String, MlirAttribute> properties = null;
        if (lex.kind == MlirToken.LESS) {
            lex.next();
            if (lex.kind != MlirToken.LBRACE) {
                throw error("expected '{' to start properties");
            }
            properties = new TreeMap<>(parseDictionaryEntries());
            expect(MlirToken.GREATER, "'>' to close properties");
        }
        boolean isolated = info != null && info.isolated();
        List<Region> regions = new ArrayList<>();
        if (lex.kind == MlirToken.LPAREN) {
            lex.next();
            defaultDialects.push(info != null ? info.defaultDialect() : "");
            do {
                regions.add(parseRegion(null, isolated));
            } while (consume(MlirToken.COMMA));
            defaultDialects.pop();
            expect(MlirToken.RPAREN, "')' to end region list");
        }
        Map<String, MlirAttribute> attributes = lex.kind == MlirToken.LBRACE ? parseDictionaryEntries() : new TreeMap<>();
        expect(MlirToken.COLON, "':' followed by operation type");
        int typeAt = lex.start;
        MlirType t = parseType();
        if (!(t instanceof MlirFunctionType fn)) {
            throw lex.error(typeAt, "expected function type");
        }
        if (fn.inputs().size() != operandRefs.size()) {
            throw lex.error(typeAt, "expected " + operandRefs.size() + " operand type" + (operandRefs.size() == 1 ? "" : "s")
                    + " but had " + fn.inputs().size());
        }
        List<MlirValue> operands = new ArrayList<>();
        for (int i = 0; i < operandRefs.size(); i++) {
            operands.add(resolve(operandRefs.get(i), fn.inputs().get(i)));
        }
        if (info != null && properties != null) {
            attributes.putAll(properties);
            properties = null;
        }
        Operation op = Operation.create(name, operands, fn.results(), attributes);
        op.setProperties(properties);
        op.regions().addAll(regions);
        for (Block b : successorBlocks) {
            op.successors().add(new Successor(b, List.of()));
        }
        if (info != null) {
            info.syntax().normalizeGeneric(op);
            String problem = info.syntax().verify(op);
            if (problem != null) {
                throw lex.error(nameAt, "'" + info.name() + "' op " + problem);
            }
        }
        return op;
    }

    /** Skips a trailing {@code loc(...)}. */
    private void skipLocation() {
        if (lex.kind == MlirToken.BARE_IDENTIFIER && lex.text().equals("loc") && charAt(lex.end) == '(') {
            lex.reset(balancedEnd(lex.end));
        }
    }

    private char charAt(int offset) {
        return offset < lex.src.length() ? lex.src.charAt(offset) : '\0';
    }

    // ------------------------------------------------------------------ regions and blocks

    /** An entry-block argument read by a syntax before the region: {@code %arg0: f32}. */
    public record EntryArgument(String name, MlirType type, int offset) {
    }

    /**
     * Reads {@code { blocks }}. With {@code entryArguments} (a function's signature, possibly
     * empty) the entry block takes them and may not have a label; with null, the region's first
     * block is written as in the generic form (label optional).
     */
    public Region parseRegion(List<EntryArgument> entryArguments, boolean isolated) {
        int open = lex.start;
        expect(MlirToken.LBRACE, "'{' to begin a region");
        if (isolated) {
            scope = new IsolatedScope(scope);
        }
        scope.regions.push(new HashMap<>());
        BlockScope blocks = new BlockScope();
        blockScopes.push(blocks);
        Region region = new Region();
        if (entryArguments != null) {
            Block entry = new Block();
            for (EntryArgument a : entryArguments) {
                define(a.name(), List.of(entry.addArgument(a.type())), a.offset());
            }
            region.blocks().add(entry);
            if (lex.kind == MlirToken.CARET_IDENTIFIER) {
                throw error("invalid block name in region with named arguments");
            }
            parseBlockBody(entry);
        } else if (lex.kind != MlirToken.RBRACE) {
            if (lex.kind != MlirToken.CARET_IDENTIFIER) {
                Block entry = new Block();
                region.blocks().add(entry);
                parseBlockBody(entry);
            }
        }
        while (lex.kind == MlirToken.CARET_IDENTIFIER) {
            region.blocks().add(parseLabeledBlock(blocks));
        }
        if (lex.kind != MlirToken.RBRACE) {
            throw lex.kind == MlirToken.EOF ? lex.error(open, "region is not closed: expected '}'")
                    : error("expected operation, block label or '}'");
        }
        lex.next();
        blockScopes.pop();
        blocks.check();
        scope.regions.pop();
        if (isolated) {
            finishIsolatedScope();
            scope = scope.parent;
        }
        return region;
    }

    private Block parseLabeledBlock(BlockScope blocks) {
        String label = lex.text();
        int at = lex.start;
        lex.next();
        Block block = blocks.define(label, at);
        if (lex.kind == MlirToken.LPAREN) {
            lex.next();
            if (lex.kind != MlirToken.RPAREN) {
                do {
                    if (lex.kind != MlirToken.PERCENT_IDENTIFIER) {
                        throw error("expected SSA value name");
                    }
                    String name = lex.text();
                    int argAt = lex.start;
                    lex.next();
                    expect(MlirToken.COLON, "':' and type for SSA value");
                    MlirType t = parseType();
                    skipLocation();
                    define(name, List.of(block.addArgument(t)), argAt);
                } while (consume(MlirToken.COMMA));
            }
            expect(MlirToken.RPAREN, "')' to end argument list");
        }
        expect(MlirToken.COLON, "':' after block name");
        parseBlockBody(block);
        return block;
    }

    private void parseBlockBody(Block block) {
        while (lex.kind != MlirToken.CARET_IDENTIFIER && lex.kind != MlirToken.RBRACE && lex.kind != MlirToken.EOF) {
            parseOperation(block);
        }
    }

    /** Blocks of one region by label; a label may be used before its block. */
    private final class BlockScope {
        private final Map<String, Block> blocks = new HashMap<>();
        private final Map<String, Integer> pending = new LinkedHashMap<>();
        private final Map<String, Boolean> defined = new HashMap<>();

        Block use(String label, int at) {
            Block b = blocks.computeIfAbsent(label, k -> new Block());
            if (!defined.containsKey(label)) {
                pending.putIfAbsent(label, at);
            }
            return b;
        }

        Block define(String label, int at) {
            if (defined.put(label, true) != null) {
                throw lex.error(at, "redefinition of block '" + label + "'");
            }
            pending.remove(label);
            return blocks.computeIfAbsent(label, k -> new Block());
        }

        void check() {
            for (Map.Entry<String, Integer> e : pending.entrySet()) {
                throw lex.error(e.getValue(), "reference to an undefined block '" + e.getKey() + "'");
            }
        }
    }

    private final Deque<BlockScope> blockScopes = new ArrayDeque<>();

    /** A successor block {@code ^bb1} of the innermost region. */
    public Block parseSuccessorBlock() {
        if (lex.kind != MlirToken.CARET_IDENTIFIER) {
            throw error("expected block name");
        }
        BlockScope blocks = currentBlockScope();
        Block b = blocks.use(lex.text(), lex.start);
        lex.next();
        return b;
    }

    private BlockScope currentBlockScope() {
        if (blockScopes.isEmpty()) {
            throw error("branch to a block outside of a region");
        }
        return blockScopes.peek();
    }

    /** {@code ^bb1} or {@code ^bb1(%a, %b : f32, f32)}. */
    public Successor parseSuccessor() {
        Block b = parseSuccessorBlock();
        List<MlirValue> args = new ArrayList<>();
        if (lex.kind == MlirToken.LPAREN) {
            lex.next();
            List<OperandRef> refs = parseOperandRefs(MlirToken.COLON);
            expect(MlirToken.COLON, "':'");
            int typesAt = lex.start;
            List<MlirType> types = parseTypeList();
            if (types.size() != refs.size()) {
                throw lex.error(typesAt, refs.size() + " operands present, but expected " + types.size());
            }
            for (int i = 0; i < refs.size(); i++) {
                args.add(resolve(refs.get(i), types.get(i)));
            }
            expect(MlirToken.RPAREN, "')'");
        }
        return new Successor(b, args);
    }

    // ------------------------------------------------------------------ SSA values

    /** Names visible in one isolated-from-above region tree, and its forward references. */
    private static final class IsolatedScope {
        final IsolatedScope parent;
        final Deque<Map<String, List<MlirValue>>> regions = new ArrayDeque<>();
        final Map<String, ForwardRef> forward = new LinkedHashMap<>();
        final IdentityHashMap<MlirValue, ForwardRef> placeholders = new IdentityHashMap<>();

        IsolatedScope(IsolatedScope parent) {
            this.parent = parent;
        }
    }

    /** A value used before its definition: a placeholder and where it went. */
    private static final class ForwardRef {
        final String name;
        final MlirValue placeholder;
        final int firstUse;
        final List<List<MlirValue>> lists = new ArrayList<>();
        final List<Integer> indices = new ArrayList<>();

        ForwardRef(String name, MlirValue placeholder, int firstUse) {
            this.name = name;
            this.placeholder = placeholder;
            this.firstUse = firstUse;
        }
    }

    /** {@code %name} or {@code %name#3} as written, not yet given a type. */
    public record OperandRef(String name, int number, int offset) {
        String display() {
            return number == 0 ? name : name + "#" + number;
        }
    }

    /** Reads {@code %x} or {@code %x#1}. */
    public OperandRef parseOperandRef() {
        if (lex.kind != MlirToken.PERCENT_IDENTIFIER) {
            throw error("expected SSA operand");
        }
        String name = lex.text();
        int at = lex.start;
        int numberAt = lex.end;
        lex.next();
        int number = 0;
        if (lex.kind == MlirToken.HASH_IDENTIFIER && lex.start == numberAt) {
            String digits = lex.text().substring(1);
            if (digits.isEmpty() || !digits.chars().allMatch(Character::isDigit) || digits.length() > 9) {
                throw error("invalid SSA value result number");
            }
            number = Integer.parseInt(digits);
            lex.next();
        }
        return new OperandRef(name, number, at);
    }

    /** A possibly empty comma-separated operand list, ending before {@code end} (not consumed). */
    public List<OperandRef> parseOperandRefs(MlirToken end) {
        List<OperandRef> refs = new ArrayList<>();
        if (lex.kind == end || lex.kind != MlirToken.PERCENT_IDENTIFIER) {
            return refs;
        }
        do {
            refs.add(parseOperandRef());
        } while (consume(MlirToken.COMMA));
        return refs;
    }

    /** The value {@code ref} names, which must have type {@code type}. */
    public MlirValue resolve(OperandRef ref, MlirType type) {
        for (Map<String, List<MlirValue>> region : scope.regions) {
            List<MlirValue> group = region.get(ref.name());
            if (group != null) {
                if (ref.number() >= group.size()) {
                    throw lex.error(ref.offset(), "reference to invalid result number");
                }
                MlirValue v = group.get(ref.number());
                if (!v.type().equals(type)) {
                    throw lex.error(ref.offset(), "use of value '" + ref.display() + "' expects different type than prior uses: '"
                            + type + "' vs '" + v.type() + "'");
                }
                return v;
            }
        }
        String key = ref.display();
        ForwardRef f = scope.forward.get(key);
        if (f == null) {
            f = new ForwardRef(key, new Block().addArgument(type), ref.offset());
            scope.forward.put(key, f);
            scope.placeholders.put(f.placeholder, f);
        } else if (!f.placeholder.type().equals(type)) {
            throw lex.error(ref.offset(), "use of value '" + key + "' expects different type than prior uses: '"
                    + type + "' vs '" + f.placeholder.type() + "'");
        }
        return f.placeholder;
    }

    private void define(String name, List<MlirValue> values, int at) {
        for (Map<String, List<MlirValue>> region : scope.regions) {
            if (region.containsKey(name)) {
                throw lex.error(at, "redefinition of SSA value '" + name + "'");
            }
        }
        scope.regions.peek().put(name, values);
        if (scope.forward.isEmpty()) {
            return;
        }
        for (int i = 0; i < values.size(); i++) {
            String key = i == 0 ? name : name + "#" + i;
            ForwardRef f = scope.forward.remove(key);
            if (f == null) {
                continue;
            }
            MlirValue v = values.get(i);
            if (!v.type().equals(f.placeholder.type())) {
                throw lex.error(at, "definition of SSA value '" + key + "' has type '" + v.type()
                        + "' but it was used earlier (" + lex.position(f.firstUse) + ") with type '"
                        + f.placeholder.type() + "'");
            }
            for (int k = 0; k < f.lists.size(); k++) {
                f.lists.get(k).set(f.indices.get(k), v);
            }
            scope.placeholders.remove(f.placeholder);
        }
    }

    /** Records where placeholders went in {@code op}, so that a later definition replaces them. */
    private void registerUses(Operation op) {
        if (scope.placeholders.isEmpty()) {
            return;
        }
        record(op.operands());
        for (Successor s : op.successors()) {
            record(s.arguments());
        }
    }

    private void record(List<MlirValue> list) {
        for (int i = 0; i < list.size(); i++) {
            ForwardRef f = scope.placeholders.get(list.get(i));
            if (f != null) {
                f.lists.add(list);
                f.indices.add(i);
            }
        }
    }

    private void finishIsolatedScope() {
        for (ForwardRef f : scope.forward.values()) {
            throw lex.error(f.firstUse, "use of undeclared SSA value name '" + f.name + "'");
        }
    }

    // ------------------------------------------------------------------ types

    /** Reads a type. */
    public MlirType parseType() {
        int at = lex.start;
        switch (lex.kind) {
            case LPAREN -> {
                lex.next();
                List<MlirType> inputs = lex.kind == MlirToken.RPAREN ? List.of() : parseTypeList();
                expect(MlirToken.RPAREN, "')'");
                expect(MlirToken.ARROW, "'->' in function type");
                return new MlirFunctionType(inputs, parseFunctionResults());
            }
            case EXCLAMATION_IDENTIFIER -> {
                return parseDialectType();
            }
            case BARE_IDENTIFIER -> {
                String word = lex.text();
                MlirType t = builtinType(word, at);
                if (t != null) {
                    lex.next();
                    return t;
                }
                return switch (word) {
                    case "vector" -> parseVectorType();
                    case "memref" -> parseMemRefType();
                    case "tensor" -> parseTensorType();
                    case "complex" -> {
                        lex.next();
                        expect(MlirToken.LESS, "'<' in complex type");
                        MlirType e = parseType();
                        expect(MlirToken.GREATER, "'>' in complex type");
                        yield new ComplexType(e);
                    }
                    case "tuple" -> {
                        lex.next();
                        expect(MlirToken.LESS, "'<' in tuple type");
                        List<MlirType> ts = lex.kind == MlirToken.GREATER ? List.of() : parseTypeList();
                        expect(MlirToken.GREATER, "'>' in tuple type");
                        yield new TupleType(ts);
                    }
                    default -> throw lex.error(at, UNSUPPORTED_TYPES.contains(word)
                            ? "type '" + word + "' is not supported by nvlower (f16 bf16 f32 f64 iN index are)"
                            : "expected non-function type");
                };
            }
            default -> throw error("expected non-function type");
        }
    }

    private static final java.util.Set<String> UNSUPPORTED_TYPES = java.util.Set.of("f80", "f128", "tf32",
            "f8E5M2", "f8E4M3FN", "f8E5M2FNUZ", "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E4M3", "f8E3M4", "f6E2M3FN",
            "f6E3M2FN", "f4E2M1FN", "f8E8M0FNU");

    /** f16 bf16 f32 f64 index none iN siN uiN, or null. */
    private MlirType builtinType(String word, int at) {
        MlirFloatType f = MlirFloatType.of(word);
        if (f != null) {
            return f;
        }
        switch (word) {
            case "index" -> {
                return IndexType.INDEX;
            }
            case "none" -> {
                return NoneType.NONE;
            }
            default -> { }
        }
        MlirIntegerType.Signedness s;
        String digits;
        if (word.startsWith("si")) {
            s = MlirIntegerType.Signedness.SIGNED;
            digits = word.substring(2);
        } else if (word.startsWith("ui")) {
            s = MlirIntegerType.Signedness.UNSIGNED;
            digits = word.substring(2);
        } else if (word.startsWith("i")) {
            s = MlirIntegerType.Signedness.SIGNLESS;
            digits = word.substring(1);
        } else {
            return null;
        }
        if (digits.isEmpty() || !digits.chars().allMatch(Character::isDigit)) {
            return null;
        }
        if (digits.length() > 8 || Integer.parseInt(digits) > MlirIntegerType.MAX_WIDTH || Integer.parseInt(digits) == 0) {
            throw lex.error(at, "invalid integer width");
        }
        return new MlirIntegerType(Integer.parseInt(digits), s);
    }

    /** The results after {@code ->}: a parenthesized list or one non-function type. */
    public List<MlirType> parseFunctionResults() {
        if (lex.kind == MlirToken.LPAREN) {
            lex.next();
            List<MlirType> results = lex.kind == MlirToken.RPAREN ? List.of() : parseTypeList();
            expect(MlirToken.RPAREN, "')'");
            return results;
        }
        int at = lex.start;
        MlirType t = parseType();
        if (t instanceof MlirFunctionType) {
            throw lex.error(at, "a function type result must be parenthesized");
        }
        return List.of(t);
    }

    /** One or more comma-separated types. */
    public List<MlirType> parseTypeList() {
        List<MlirType> types = new ArrayList<>();
        do {
            types.add(parseType());
        } while (consume(MlirToken.COMMA));
        return types;
    }

    /** {@code !alias}, {@code !llvm.func<...>}, or any other dialect type kept as text. */
    private MlirType parseDialectType() {
        String head = lex.text();
        int at = lex.start;
        if (head.indexOf('.') < 0 && charAt(lex.end) != '<') {
            MlirType t = typeAliases.get(head);
            if (t == null) {
                throw lex.error(at, "undefined symbol alias id '" + head.substring(1) + "'");
            }
            lex.next();
            return t;
        }
        if (head.equals("!llvm.func") && charAt(lex.end) == '<') {
            lex.next();
            return parseLlvmFunctionType();
        }
        int end = charAt(lex.end) == '<' ? balancedEnd(lex.end) : lex.end;
        String text = lex.src.substring(at, end);
        lex.reset(end);
        return new DialectType(text);
    }

    /** The body of {@code !llvm.func<RESULT (PARAMS)>}, the lexer at {@code <}. */
    private MlirType parseLlvmFunctionType() {
        expect(MlirToken.LESS, "'<'");
        MlirType result = null;
        if (lex.kind == MlirToken.BARE_IDENTIFIER && lex.text().equals("void")) {
            lex.next();
        } else {
            result = parseType();
        }
        expect(MlirToken.LPAREN, "'(' in LLVM function type");
        List<MlirType> params = new ArrayList<>();
        boolean varArg = false;
        if (lex.kind != MlirToken.RPAREN) {
            do {
                if (lex.kind == MlirToken.ELLIPSIS) {
                    lex.next();
                    varArg = true;
                    break;
                }
                params.add(parseType());
            } while (consume(MlirToken.COMMA));
        }
        expect(MlirToken.RPAREN, "')' in LLVM function type");
        expect(MlirToken.GREATER, "'>' in LLVM function type");
        return new LlvmFunctionType(result, params, varArg);
    }

    /** The end offset of the balanced {@code <...>} or {@code (...)} starting at {@code open}. */
    private int balancedEnd(int open) {
        int depth = 0;
        int p = open;
        String s = lex.src;
        while (p < s.length()) {
            char c = s.charAt(p);
            switch (c) {
                case '<', '(', '[', '{' -> depth++;
                case '>', ')', ']', '}' -> depth--;
                case '-' -> {
                    if (p + 1 < s.length() && s.charAt(p + 1) == '>') {
                        p++;
                    }
                }
                case '"' -> {
                    p++;
                    while (p < s.length() && s.charAt(p) != '"' && s.charAt(p) != '\n') {
                        p += s.charAt(p) == '\\' ? 2 : 1;
                    }
                }
                default -> { }
            }
            if (c == '>' && p + 1 < s.length() && s.charAt(p + 1) == '=' && depth >= 0) {
                depth++; // '>=' inside an affine constraint
                p++;
            }
            p++;
            if (depth == 0) {
                return p;
            }
        }
        throw lex.error(open, "unbalanced '" + s.charAt(open) + "'");
    }

    /** A shape before the element type, read character by character after '<'. */
    private record Shape(List<Long> dims, List<Boolean> scalable, boolean unranked) {
    }

    private Shape parseShape(boolean dynamicAllowed, boolean scalableAllowed, boolean unrankedAllowed) {
        String s = lex.src;
        int p = skipSpaces(lex.end);
        List<Long> dims = new ArrayList<>();
        List<Boolean> scalable = new ArrayList<>();
        boolean unranked = false;
        while (p < s.length()) {
            char c = s.charAt(p);
            int dimStart = p;
            long size;
            boolean isScalable = false;
            if (MlirLexer.isDigit(c)) {
                int q = p;
                while (q < s.length() && MlirLexer.isDigit(s.charAt(q))) {
                    q++;
                }
                if (q >= s.length() || s.charAt(q) != 'x') {
                    break; // not a dimension: e.g. a memref element type? (no type starts with a digit)
                }
                try {
                    size = Long.parseLong(s.substring(p, q));
                } catch (NumberFormatException e) {
                    throw lex.error(p, "invalid dimension");
                }
                p = q;
            } else if (c == '?' && dynamicAllowed) {
                size = MlirTypes.DYNAMIC;
                p++;
            } else if (c == '[' && scalableAllowed) {
                int q = p + 1;
                while (q < s.length() && MlirLexer.isDigit(s.charAt(q))) {
                    q++;
                }
                if (q == p + 1 || q >= s.length() || s.charAt(q) != ']') {
                    throw lex.error(p, "expected a scalable dimension [N]");
                }
                size = Long.parseLong(s.substring(p + 1, q));
                isScalable = true;
                p = q + 1;
            } else if (c == '*' && unrankedAllowed && dims.isEmpty() && !unranked) {
                unranked = true;
                p++;
                p = skipSpaces(p);
                if (p >= s.length() || s.charAt(p) != 'x') {
                    throw lex.error(p, "expected 'x' in dimension list");
                }
                p = skipSpaces(p + 1);
                break;
            } else {
                if (c == '?' || c == '[' || c == '*') {
                    throw lex.error(p, "invalid dimension '" + c + "' for this type");
                }
                break;
            }
            p = skipSpaces(p);
            if (p >= s.length() || s.charAt(p) != 'x') {
                throw lex.error(dimStart, "expected 'x' in dimension list");
            }
            p = skipSpaces(p + 1);
            dims.add(size);
            scalable.add(isScalable);
        }
        lex.reset(p);
        return new Shape(dims, scalable, unranked);
    }

    private int skipSpaces(int p) {
        while (p < lex.src.length() && Character.isWhitespace(lex.src.charAt(p))) {
            p++;
        }
        return p;
    }

    /** Steps over the keyword of a shaped type to its {@code <}, where the shape is read from. */
    private void openShaped(String kind) {
        lex.next();
        if (lex.kind != MlirToken.LESS) {
            throw error("expected '<' in " + kind + " type");
        }
    }

    private MlirType parseVectorType() {
        openShaped("vector");
        int dimsAt = skipSpaces(lex.end);
        Shape shape = parseShape(false, true, false);
        if (shape.dims().contains(0L)) {
            throw lex.error(dimsAt, "vector types must have positive constant sizes");
        }
        int at = lex.start;
        MlirType element = parseType();
        if (!(element instanceof MlirFloatType || element instanceof MlirIntegerType || element instanceof IndexType)) {
            throw lex.error(at, "vector elements must be int/index/float type but got '" + element + "'");
        }
        expect(MlirToken.GREATER, "'>' in vector type");
        return new MlirVectorType(shape.dims(), shape.scalable(), element);
    }

    private MlirType parseMemRefType() {
        openShaped("memref");
        Shape shape = parseShape(true, false, true);
        MlirType element = parseType();
        MlirAttribute layout = null;
        MlirAttribute memorySpace = null;
        if (consume(MlirToken.COMMA)) {
            int at = lex.start;
            MlirAttribute a = parseAttribute();
            if (isLayout(a)) {
                if (shape.unranked()) {
                    throw lex.error(at, "cannot have affine map for unranked memref type");
                }
                layout = a;
                if (consume(MlirToken.COMMA)) {
                    memorySpace = parseAttribute();
                }
            } else {
                memorySpace = a;
            }
        }
        expect(MlirToken.GREATER, "'>' in memref type");
        return new MemRefType(shape.unranked() ? null : shape.dims(), element, layout, memorySpace);
    }

    private static boolean isLayout(MlirAttribute a) {
        return a instanceof DialectAttr d && (d.text().startsWith("affine_map<") || d.text().startsWith("strided<"));
    }

    private MlirType parseTensorType() {
        openShaped("tensor");
        Shape shape = parseShape(true, false, true);
        MlirType element = parseType();
        MlirAttribute encoding = null;
        if (consume(MlirToken.COMMA)) {
            encoding = parseAttribute();
        }
        expect(MlirToken.GREATER, "'>' in tensor type");
        return new TensorType(shape.unranked() ? null : shape.dims(), element, encoding);
    }

    // ------------------------------------------------------------------ attributes

    /** Reads an attribute (a number takes an optional {@code : type}). */
    public MlirAttribute parseAttribute() {
        int at = lex.start;
        switch (lex.kind) {
            case MINUS, INTEGER, FLOAT -> {
                return parseNumber();
            }
            case STRING -> {
                String v = lex.stringValue(lex.start);
                lex.next();
                return new StringAttr(v);
            }
            case AT_IDENTIFIER -> {
                return parseSymbolRef();
            }
            case LSQUARE -> {
                lex.next();
                List<MlirAttribute> elements = new ArrayList<>();
                if (lex.kind != MlirToken.RSQUARE) {
                    do {
                        elements.add(parseAttribute());
                    } while (consume(MlirToken.COMMA));
                }
                expect(MlirToken.RSQUARE, "']' to end array attribute");
                return new ArrayAttr(elements);
            }
            case LBRACE -> {
                return DictionaryAttr.of(parseDictionaryEntries());
            }
            case HASH_IDENTIFIER -> {
                String head = lex.text();
                if (head.indexOf('.') < 0 && charAt(lex.end) != '<') {
                    MlirAttribute a = attributeAliases.get(head);
                    if (a == null) {
                        throw lex.error(at, "undefined symbol alias id '" + head.substring(1) + "'");
                    }
                    lex.next();
                    return a;
                }
                int end = charAt(lex.end) == '<' ? balancedEnd(lex.end) : lex.end;
                String text = lex.src.substring(at, end);
                lex.reset(end);
                return new DialectAttr(text);
            }
            case BARE_IDENTIFIER -> {
                String word = lex.text();
                switch (word) {
                    case "true", "false" -> {
                        lex.next();
                        return word.equals("true") ? IntegerAttr.TRUE : IntegerAttr.FALSE;
                    }
                    case "unit" -> {
                        lex.next();
                        return UnitAttr.UNIT;
                    }
                    case "dense" -> {
                        return parseDense();
                    }
                    case "affine_map", "affine_set", "strided", "array", "dense_resource", "sparse", "opaque",
                            "distinct", "loc" -> {
                        char open = charAt(lex.end);
                        if (open != '<' && open != '(' && open != '[') {
                            throw lex.error(lex.end, "expected '<' after '" + word + "'");
                        }
                        int end = balancedEnd(lex.end);
                        String text = lex.src.substring(at, end);
                        lex.reset(end);
                        return new DialectAttr(text);
                    }
                    default -> {
                        return new TypeAttr(parseType());
                    }
                }
            }
            case LPAREN, EXCLAMATION_IDENTIFIER -> {
                return new TypeAttr(parseType());
            }
            default -> throw error("expected attribute value");
        }
    }

    private MlirAttribute parseNumber() {
        int at = lex.start;
        boolean negative = consume(MlirToken.MINUS);
        if (lex.kind != MlirToken.INTEGER && lex.kind != MlirToken.FLOAT) {
            throw error("expected constant integer or floating point value");
        }
        boolean isFloat = lex.kind == MlirToken.FLOAT;
        String text = lex.text();
        lex.next();
        MlirType type = isFloat ? MlirFloatType.F64 : MlirIntegerType.I64;
        if (lex.kind == MlirToken.COLON) {
            lex.next();
            type = parseType();
        }
        return numberAttribute(text, isFloat, negative, type, at);
    }

    /** The attribute a literal (its text, sign) denotes in {@code type}. */
    private MlirAttribute numberAttribute(String text, boolean isFloat, boolean negative, MlirType type, int at) {
        if (type instanceof MlirFloatType ft) {
            if (isFloat) {
                return new FloatAttr(MlirFloatLiterals.parseDecimal((negative ? "-" : "") + text, ft), ft);
            }
            if (!text.startsWith("0x")) {
                throw lex.error(at, "unexpected decimal integer literal for a floating point value "
                        + "(add a trailing dot to make the literal a float)");
            }
            if (negative) {
                throw lex.error(at, "hexadecimal float literal should not have a leading minus");
            }
            BigInteger bits = new BigInteger(text.substring(2), 16);
            if (bits.bitLength() > ft.width()) {
                throw lex.error(at, "hexadecimal float constant out of range for type");
            }
            return new FloatAttr(bits.longValue(), ft);
        }
        if (type instanceof MlirIntegerType || type instanceof IndexType) {
            if (isFloat) {
                throw lex.error(at, "floating point value not valid for specified type");
            }
            BigInteger v = text.startsWith("0x") ? new BigInteger(text.substring(2), 16) : new BigInteger(text);
            if (negative) {
                if (type instanceof MlirIntegerType it && it.signedness() == MlirIntegerType.Signedness.UNSIGNED) {
                    throw lex.error(at, "negative integer literal not valid for unsigned integer type");
                }
                v = v.negate();
            }
            if (!IntegerAttr.fits(v, type)) {
                throw lex.error(at, "integer constant out of range for attribute");
            }
            return new IntegerAttr(IntegerAttr.normalize(v, type), type);
        }
        throw lex.error(at, "invalid type '" + type + "' for a number literal");
    }

    /** {@code @a} or {@code @a::@b::@c}. */
    public SymbolRefAttr parseSymbolRef() {
        List<String> path = new ArrayList<>();
        path.add(symbolName());
        while (lex.kind == MlirToken.COLON && charAt(lex.end) == ':' && charAt(lex.end + 1) == '@') {
            lex.reset(lex.end + 1);
            path.add(symbolName());
        }
        return new SymbolRefAttr(path);
    }

    /** {@code @name} or {@code @"name"}: the name. */
    public String symbolName() {
        if (lex.kind != MlirToken.AT_IDENTIFIER) {
            throw error("expected valid '@'-identifier for symbol name");
        }
        String name = lex.src.charAt(lex.start + 1) == '"' ? lex.stringValue(lex.start + 1) : lex.text().substring(1);
        lex.next();
        return name;
    }

    /** {@code { name = attr, unitName, "quoted" = attr }}. */
    public SortedMap<String, MlirAttribute> parseDictionaryEntries() {
        expect(MlirToken.LBRACE, "'{'");
        SortedMap<String, MlirAttribute> entries = new TreeMap<>();
        if (lex.kind != MlirToken.RBRACE) {
            do {
                int at = lex.start;
                String name;
                if (lex.kind == MlirToken.BARE_IDENTIFIER) {
                    name = lex.text();
                } else if (lex.kind == MlirToken.STRING) {
                    name = lex.stringValue(lex.start);
                    if (name.isEmpty()) {
                        throw error("expected valid attribute name");
                    }
                } else {
                    throw error("expected attribute name");
                }
                lex.next();
                MlirAttribute value = UnitAttr.UNIT;
                if (consume(MlirToken.EQUAL)) {
                    value = parseAttribute();
                }
                if (entries.put(name, value) != null) {
                    throw lex.error(at, "duplicate key '" + name + "' in dictionary attribute");
                }
            } while (consume(MlirToken.COMMA));
        }
        expect(MlirToken.RBRACE, "'}' to end attribute dictionary");
        return entries;
    }

    /** An optional attribute dictionary {@code {...}}; empty (and not to be edited) when absent. */
    public SortedMap<String, MlirAttribute> parseOptionalAttrDict() {
        return lex.kind == MlirToken.LBRACE ? parseDictionaryEntries() : java.util.Collections.emptySortedMap();
    }

    /** An optional {@code attributes {...}}; empty when absent. */
    public SortedMap<String, MlirAttribute> parseOptionalAttrDictWithKeyword() {
        if (lex.kind == MlirToken.BARE_IDENTIFIER && lex.text().equals("attributes")) {
            lex.next();
            return parseDictionaryEntries();
        }
        return new TreeMap<>();
    }

    /** A literal of a dense attribute: a scalar or a nested list. */
    private record DenseLiteral(String text, boolean isFloat, boolean negative, int offset, List<DenseLiteral> list) {
    }

    private MlirAttribute parseDense() {
        int at = lex.start;
        lex.next();
        expect(MlirToken.LESS, "'<' after 'dense'");
        DenseLiteral literal = null;
        if (lex.kind == MlirToken.STRING) {
            throw error("hexadecimal dense elements (dense<\"0x...\">) are not supported by nvlower");
        }
        if (lex.kind != MlirToken.GREATER) {
            literal = parseDenseLiteral();
        }
        expect(MlirToken.GREATER, "'>' to end dense attribute");
        expect(MlirToken.COLON, "':' and a type after a dense attribute");
        int typeAt = lex.start;
        MlirType type = parseType();
        List<Long> shape = switch (type) {
            case MlirVectorType v when !v.isScalable() -> v.shape();
            case TensorType t when t.shape() != null && !t.shape().contains(MlirTypes.DYNAMIC) -> t.shape();
            default -> throw lex.error(typeAt, "elements literal type must have static shape");
        };
        MlirType element = type.elementType();
        List<MlirAttribute> elements = new ArrayList<>();
        if (literal == null) {
            if (MlirTypes.elementCount(shape) != 0) {
                throw lex.error(at, "expected " + MlirTypes.elementCount(shape) + " elements but got 0");
            }
        } else if (literal.list() == null) {
            elements.add(denseElement(literal, element));
        } else {
            List<Long> found = new ArrayList<>();
            DenseLiteral l = literal;
            while (l.list() != null) {
                found.add((long) l.list().size());
                l = l.list().isEmpty() ? new DenseLiteral("", false, false, at, null) : l.list().get(0);
            }
            if (!found.equals(shape)) {
                throw lex.error(at, "inferred shape of elements literal (" + found + ") does not match type (" + shape + ")");
            }
            flatten(literal, element, elements, shape, 0);
        }
        return new DenseAttr(type, elements);
    }

    private void flatten(DenseLiteral l, MlirType element, List<MlirAttribute> out, List<Long> shape, int dim) {
        if (dim == shape.size()) {
            if (l.list() != null) {
                throw lex.error(l.offset(), "nested list deeper than the type's shape");
            }
            out.add(denseElement(l, element));
            return;
        }
        if (l.list() == null || l.list().size() != shape.get(dim)) {
            throw lex.error(l.offset(), "elements literal does not match the type's shape " + shape);
        }
        for (DenseLiteral e : l.list()) {
            flatten(e, element, out, shape, dim + 1);
        }
    }

    private DenseLiteral parseDenseLiteral() {
        int at = lex.start;
        if (consume(MlirToken.LSQUARE)) {
            List<DenseLiteral> list = new ArrayList<>();
            if (lex.kind != MlirToken.RSQUARE) {
                do {
                    list.add(parseDenseLiteral());
                } while (consume(MlirToken.COMMA));
            }
            expect(MlirToken.RSQUARE, "']'");
            return new DenseLiteral(null, false, false, at, list);
        }
        if (lex.kind == MlirToken.BARE_IDENTIFIER && (lex.text().equals("true") || lex.text().equals("false"))) {
            String w = lex.text();
            lex.next();
            return new DenseLiteral(w, false, false, at, null);
        }
        boolean negative = consume(MlirToken.MINUS);
        if (lex.kind != MlirToken.INTEGER && lex.kind != MlirToken.FLOAT) {
            throw error("expected element literal of primitive type");
        }
        DenseLiteral l = new DenseLiteral(lex.text(), lex.kind == MlirToken.FLOAT, negative, at, null);
        lex.next();
        return l;
    }

    private MlirAttribute denseElement(DenseLiteral l, MlirType element) {
        if (l.text().equals("true") || l.text().equals("false")) {
            if (!element.equals(MlirIntegerType.I1)) {
                throw lex.error(l.offset(), "expected i1 type for 'true' or 'false' values");
            }
            return l.text().equals("true") ? IntegerAttr.TRUE : IntegerAttr.FALSE;
        }
        if (element instanceof MlirFloatType ft && !l.isFloat() && !l.text().startsWith("0x")) {
            return new FloatAttr(MlirFloatLiterals.parseDecimal((l.negative() ? "-" : "") + l.text(), ft), ft);
        }
        return numberAttribute(l.text(), l.isFloat(), l.negative(), element, l.offset());
    }

    // ------------------------------------------------------------------ token helpers for syntaxes

    /** The current token's start offset (for later errors). */
    public int offset() {
        return lex.start;
    }

    /** An error at the current token. */
    public InputException error(String message) {
        return lex.error(lex.start, message);
    }

    /** An error at {@code offset}. */
    public InputException errorAt(int offset, String message) {
        return lex.error(offset, message);
    }

    boolean consume(MlirToken t) {
        if (lex.kind == t) {
            lex.next();
            return true;
        }
        return false;
    }

    void expect(MlirToken t, String what) {
        if (lex.kind != t) {
            throw error("expected " + what);
        }
        lex.next();
    }

    boolean at(MlirToken t) {
        return lex.kind == t;
    }

    /** Whether the current token is the keyword {@code word}; consumes it if so. */
    public boolean consumeKeyword(String word) {
        if (lex.kind == MlirToken.BARE_IDENTIFIER && lex.text().equals(word)) {
            lex.next();
            return true;
        }
        return false;
    }

    /** Whether the current token is the keyword {@code word} (not consumed). */
    public boolean atKeyword(String word) {
        return lex.kind == MlirToken.BARE_IDENTIFIER && lex.text().equals(word);
    }

    /** A bare keyword. */
    public String expectKeyword(String what) {
        if (lex.kind != MlirToken.BARE_IDENTIFIER) {
            throw error("expected " + what);
        }
        String w = lex.text();
        lex.next();
        return w;
    }

    /** A string literal's value. */
    public String expectString(String what) {
        if (lex.kind != MlirToken.STRING) {
            throw error("expected " + what);
        }
        String v = lex.stringValue(lex.start);
        lex.next();
        return v;
    }

    private int expectSmallInteger(String what) {
        if (lex.kind != MlirToken.INTEGER || lex.text().startsWith("0x") || lex.text().length() > 9) {
            throw error(what);
        }
        int v = Integer.parseInt(lex.text());
        lex.next();
        return v;
    }

    /** The raw text of a balanced {@code <...>} that starts right here, e.g. after {@code fastmath}. */
    public String parseAngleBody() {
        if (lex.kind != MlirToken.LESS) {
            throw error("expected '<'");
        }
        int end = balancedEnd(lex.start);
        String text = lex.src.substring(lex.start, end);
        lex.reset(end);
        return text;
    }

    /** Pushes the default dialect for the regions of the operation being read. */
    void pushDefaultDialect(String dialect) {
        defaultDialects.push(dialect);
    }

    void popDefaultDialect() {
        defaultDialects.pop();
    }

}
