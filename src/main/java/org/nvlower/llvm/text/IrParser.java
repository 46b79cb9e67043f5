package org.nvlower.llvm.text;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import org.nvlower.diag.InputException;
import org.nvlower.diag.SourcePosition;
import org.nvlower.llvm.ir.AggregateInst;
import org.nvlower.llvm.ir.Argument;
import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.AtomicOrdering;
import org.nvlower.llvm.ir.Attribute;
import org.nvlower.llvm.ir.AttributeGroup;
import org.nvlower.llvm.ir.AttributeSet;
import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.BlockAddress;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantAggregate;
import org.nvlower.llvm.ir.ConstantExpr;
import org.nvlower.llvm.ir.ConstantFP;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.ConstantKeyword;
import org.nvlower.llvm.ir.ConstantString;
import org.nvlower.llvm.ir.DebugRecord;
import org.nvlower.llvm.ir.DebugLocals;
import org.nvlower.llvm.ir.FastMathFlags;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.GlobalAlias;
import org.nvlower.llvm.ir.GlobalValue;
import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.HeaderLine;
import org.nvlower.llvm.ir.InlineAsm;
import org.nvlower.llvm.ir.InstFlag;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.Linkage;
import org.nvlower.llvm.ir.MemoryInst;
import org.nvlower.llvm.ir.MetadataAttachment;
import org.nvlower.llvm.ir.MetadataDefinition;
import org.nvlower.llvm.ir.MetadataText;
import org.nvlower.llvm.ir.MetadataValue;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.NamedStructType;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.OtherInst;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.Predicate;
import org.nvlower.llvm.ir.PrimitiveType;
import org.nvlower.llvm.ir.SourceSlice;
import org.nvlower.llvm.ir.StructType;
import org.nvlower.llvm.ir.TargetExtType;
import org.nvlower.llvm.ir.TerminatorInst;
import org.nvlower.llvm.ir.TrackedValue;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.TypeDefinition;
import org.nvlower.llvm.ir.UnnamedAddr;
import org.nvlower.llvm.ir.Value;
import org.nvlower.llvm.ir.VectorType;
import org.nvlower.llvm.ir.VerbatimEntity;
import org.nvlower.llvm.ir.Visibility;

/**
 * Reads textual LLVM IR (LLVM 7 to 20 syntax) into a {@link Module} that remembers where every
 * entity and instruction came from, so that {@link IrPrinter} can give the text back byte for
 * byte.
 *
 * <p>Two passes. The first reads the top level: types, attribute groups, metadata and header
 * lines completely; globals and function headers up to what is needed to know their names and
 * types; it skips initializers and bodies. The second parses initializers and bodies, so every
 * global is known by then and forward references to globals need no patching. Inside a body,
 * forward references to locals (phi operands, later blocks) are patched when the body ends.
 *
 * <p>Malformed input raises {@link InputException} with the position, like llvm-as; nothing else
 * escapes.
 */
public final class IrParser {

    /**
     * The deepest nesting of types, constants and metadata read. llvm-as 14 (8 MB stack) accepts
     * up to about 27,000 levels and crashes beyond; this limit is above that, and deeper input
     * gets one error that names it. Input deeper than the caller's stack holds is parsed again on
     * a {@link DeepStack} thread.
     */
    static final int MAX_NESTING = 32_768;
    /** Bodies nested deeper than this are materialized on a {@link DeepStack} thread. */
    private static final int SHALLOW_NESTING = 1_000;

    private static final Set<String> LINKAGES = Set.of("private", "internal", "available_externally", "linkonce",
            "weak", "common", "appending", "extern_weak", "linkonce_odr", "weak_odr", "external");
    /**
     * Words other than linkages and calling conventions that may stand before the type of a
     * global or function (preemption, visibility, DLL storage, thread_local, unnamed_addr,
     * return attributes); any other word there is a syntax error, as in llvm-as.
     */
    private static final Set<String> PREFIX_WORDS = Set.of("dso_local", "dso_preemptable", "default", "hidden",
            "protected", "dllimport", "dllexport", "thread_local", "unnamed_addr", "local_unnamed_addr",
            "addrspace", "externally_initialized", "zeroext", "signext", "noext", "inreg", "noalias", "nonnull",
            "dereferenceable", "dereferenceable_or_null", "align", "noundef", "range", "nofpclass", "cc");
    private static final Set<String> DECLARATION_LINKAGES = Set.of("external", "extern_weak");
    private static final Set<String> COMDAT_KINDS = Set.of("any", "exactmatch", "largest", "nodeduplicate",
            "noduplicates", "samesize");
    private static final Set<String> FAST_MATH = Set.of("fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn",
            "reassoc");
    private static final Set<String> INT_FLAGS = Set.of("nuw", "nsw", "exact", "disjoint", "nneg", "samesign");
    private static final Set<String> ORDERINGS = Set.of("unordered", "monotonic", "acquire", "release", "acq_rel",
            "seq_cst");
    private static final Set<String> TYPE_WORDS = Set.of("void", "half", "bfloat", "float", "double", "x86_fp80",
            "fp128", "ppc_fp128", "label", "metadata", "token", "x86_mmx", "x86_amx", "ptr", "target", "opaque");
    private static final Set<String> VALUE_WORDS = Set.of("true", "false", "null", "none", "undef", "poison",
            "zeroinitializer", "blockaddress", "dso_local_equivalent", "no_cfi", "asm", "splat");

    private final String fileName;
    private final String src;
    private final IrLexer lex;
    private final Module module;
    private int depth;
    /** The deepest {@link #depth} reached since it was last reset. */
    private int deepest;

    /** Initializers, alias targets and bodies left for the second pass. */
    private record Deferred(GlobalValue global, int start, int end) {
    }

    private final List<Deferred> deferred = new ArrayList<>();
    /** The comdats defined so far ({@code $name = comdat ...}): LLVM refuses a second definition. */
    private final Set<String> comdats = new HashSet<>();
    private final Map<NamedStructType, Integer> typeFirstUse = new HashMap<>();
    /** Offsets of the globals named in function headers (personality ...): checked once all are known. */
    private final List<Integer> headerGlobalUses = new ArrayList<>();
    /** Offsets of the typed constants in function headers (prefix, prologue, personality): parsed after pass one. */
    private final List<Integer> headerConstants = new ArrayList<>();
    /** Offsets of the typed values in the metadata tuples of pass one ({@code !{i32 1, ptr @f}}): parsed after it. */
    private final List<Integer> metadataConstants = new ArrayList<>();
    /** The names of the metadata nodes defined ({@code !0}, {@code !llvm.ident}). */
    private final Set<String> definedMetadata = new HashSet<>();
    /** First use of each numbered metadata node, in LLVM's report order: the smallest number first. */
    private final Map<String, Integer> metadataFirstUse = new java.util.TreeMap<>(
            java.util.Comparator.comparingInt(String::length).thenComparing(java.util.Comparator.naturalOrder()));

    // Per-function state.
    private Function function;
    private TextTable<TrackedValue> locals;
    private final TextTable<TrackedValue> localTable = new TextTable<>();
    /** Whether a block (defined, or used before its label) of the body being read has a name. */
    private boolean namedBlock;
    private ArrayList<TrackedValue> numbered;
    /** The list {@link #numbered} is while a body is read (one per parser: no growth per body). */
    private final ArrayList<TrackedValue> numberedList = new ArrayList<>();
    /** Whether the body being read has had a {@code uselistorder}: only more of them may follow. */
    private boolean useListOrders;
    private SlotBlocks forwardBlocks;
    private final SlotBlocks forwardTable = new SlotBlocks();
    /** Blocks used before their label, in the order of their first uses, and the offsets of those uses. */
    private final ArrayList<BasicBlock> forwardUsed = new ArrayList<>();
    private int[] forwardUseAt = new int[16];

    /** A use of a local not defined yet: patched when the body ends. */
    private record Fixup(Instruction[] holder, int operand, String name, int slot, Type type, int offset) {
    }

    private final ArrayList<Fixup> fixups = new ArrayList<>();
    private Instruction[] pendingHolder;

    // Operand buffer of the instruction being read.
    private Value[] ops = new Value[16];
    private int[] spans = new int[32];
    private int opCount;

    private IrParser(String fileName, String text, boolean readBodies) {
        this.readBodies = readBodies;
        this.fileName = fileName;
        this.src = text;
        this.lex = new IrLexer(text);
        this.module = new Module(fileName, text);
    }

    /** A parser that re-reads instructions of an already parsed module (see {@link #operandSpans}). */
    private IrParser(Module module) {
        this.fileName = module.fileName();
        this.src = module.source();
        this.lex = new IrLexer(src);
        this.module = module;
        this.reparse = true;
        this.secondPass = true;
    }

    /** Bodies are read in pass two and kept ({@link #parseWithBodies}), not checked and read on demand. */
    private boolean readBodies;
    /** True while re-reading an instruction only to find where its operands are. */
    private boolean reparse;
    /** True in the checking pass over bodies: everything is checked, no instruction is built. */
    private boolean checkOnly;
    /** The widest integer or floating-point type spelled since the body's check began. */
    private int widestScalarBits;
    /** After pass one every named type is defined; a new name in a body is an error. */
    private boolean secondPass;
    /**
     * Whether an entity other than a target definition or source_filename has been read: LLParser
     * reads those only before all others (its parseTargetDefinitions).
     */
    private boolean pastPrologue;
    private int lastEnd;
    private Opcode lastOpcode;
    private int[] reparseSpans;

    /**
     * Where the name and the operands of a parsed instruction are in the source:
     * {@code [defStart, defEnd, op0Start, op0End, ...]} ({@code defStart} -1 when unnamed). The
     * model does not store these offsets; the printer asks for them when it must re-spell an
     * operand.
     */
    static int[] operandSpans(Instruction inst) {
        return spanReader(inst.function().module()).applyAsSpans(inst);
    }

    /**
     * Reads the operand spans ({@link #operandSpans}) of instructions of one module, reusing one
     * parser: a printer asks for every instruction of a renumbered function.
     */
    interface SpanReader {
        int[] applyAsSpans(Instruction inst);
    }

    static SpanReader spanReader(Module module) {
        IrParser p = new IrParser(module);
        return inst -> {
            if (inst.function().module() != module) {
                return operandSpans(inst);
            }
            p.function = inst.function();
            p.depth = 0;
            p.lex.reset(inst.source().tokenStart());
            p.parseInstruction(inst.source().start(), List.of());
            p.function = null;
            return p.reparseSpans;
        };
    }

    /**
     * Parses a module. {@code fileName} is only used in messages. Throws {@link InputException}
     * for malformed input.
     */
    public static Module parse(String fileName, String text) {
        return parse(fileName, text, false);
    }

    /**
     * Parses a module and reads every function body at once, for a caller that will visit every
     * body (a pass over the whole module): each body is read once instead of checked at parse
     * time and read again on first use. The module and the errors are those of {@link #parse}.
     */
    public static Module parseWithBodies(String fileName, String text) {
        return parse(fileName, text, true);
    }

    private static Module parse(String fileName, String text, boolean readBodies) {
        try {
            return new IrParser(fileName, text, readBodies).parseModule();
        } catch (StackOverflowError e) {
            // deep but within MAX_NESTING: the parser shares no state, so start again with more stack
            return DeepStack.call(() -> new IrParser(fileName, text, readBodies).parseModule());
        }
    }

    // ------------------------------------------------------------------ errors

    private InputException error(int offset, String message) {
        return new InputException(position(offset), message);
    }

    private InputException error(String message) {
        return error(lex.start, message);
    }

    private SourcePosition position(int offset) {
        return module.positionOf(offset);
    }

    private InputException expected(String what) {
        if (lex.kind == IrToken.ERROR) {
            String text = lex.text();
            if (text.indexOf('"') >= 0) {
                boolean name = "@%!$".indexOf(text.charAt(0)) >= 0;
                return error("invalid token: unterminated quoted " + (name ? "name" : "string"));
            }
            return error("invalid token '" + printable(text.length() > 20 ? text.substring(0, 20) : text) + "'");
        }
        return error("expected " + what);
    }

    /** Control characters as {@code \XX}, so a message stays one readable line. */
    private static String printable(String text) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                sb.append(String.format("\\%02X", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private void expect(IrToken t, String what) {
        if (lex.kind != t) {
            throw expected(what);
        }
        lex.next();
    }

    private void expectWord(String word) {
        if (!lex.isWord(word)) {
            throw expected("'" + word + "'");
        }
        lex.next();
    }

    private boolean acceptWord(String word) {
        if (lex.isWord(word)) {
            lex.next();
            return true;
        }
        return false;
    }

    private boolean accept(IrToken t) {
        if (lex.kind == t) {
            lex.next();
            return true;
        }
        return false;
    }

    private void enter() {
        if (++depth > MAX_NESTING) {
            throw error("nesting deeper than " + MAX_NESTING + " levels");
        }
        deepest = Math.max(deepest, depth);
    }

    // ------------------------------------------------------------------ top level

    private Module parseModule() {
        lex.reset(0);
        int itemStart = 0;
        while (lex.kind != IrToken.EOF) {
            int entityStart = itemStart;
            int tokenStart = lex.start;
            Finisher entity = parseTopLevel(entityStart, tokenStart);
            int end = lex.lineEndAfter(lex.previousEnd);
            entity.finish(new SourceSlice(entityStart, end));
            itemStart = end;
        }
        module.setTrailingStart(itemStart);
        if (lex.sawPtr) {
            module.setOpaquePointers(true);
        }
        for (NamedStructType t : module.namedTypes().values()) {
            if (!t.isDefined()) {
                throw error(typeFirstUse.getOrDefault(t, src.length()), "use of undefined type named '" + t.name() + "'");
            }
        }
        for (int at : headerGlobalUses) {
            lex.reset(at);
            GlobalValue g = lex.numbered ? module.numberedGlobal(smallInt(lex.nameStart, lex.nameEnd))
                    : globalNamed(lex.name());
            if (g == null) {
                throw error(at, "use of undefined value '" + lex.text() + "'");
            }
        }
        // pass one skipped these by their shape; now that every type and global is known, read them
        for (List<Integer> constants : List.of(headerConstants, metadataConstants)) {
            for (int at : constants) {
                lex.reset(at);
                function = null;
                parseConstant(parseType());
            }
        }
        secondPass = true;
        for (Deferred d : deferred) {
            depth = 0;
            if (d.global() instanceof Function f && readBodies) {
                deepest = 0;
                widestScalarBits = 0;
                parseBody(f, d.start(), d.end());
                f.setWidestSourceScalarBits(widestScalarBits);
            } else if (d.global() instanceof Function f) {
                checkOnly = true;
                deepest = 0;
                widestScalarBits = 0;
                parseBody(f, d.start(), d.end());
                checkOnly = false;
                f.setWidestSourceScalarBits(widestScalarBits);
                Runnable loader = () -> {
                    depth = 0;
                    constantExprs.clear(); // the module may have been edited since: its globals renamed
                    bodyGlobals.clear();
                    parseBody(f, d.start(), d.end());
                };
                boolean deep = deepest > SHALLOW_NESTING;
                f.discardBody(deep ? () -> DeepStack.call(() -> {
                    loader.run();
                    return null;
                }) : loader);
            } else {
                parseInitializer(d);
            }
        }
        constantExprs.clear();
        bodyGlobals.clear();
        for (Map.Entry<String, Integer> use : metadataFirstUse.entrySet()) {
            if (!definedMetadata.contains(use.getKey())) {
                throw error(use.getValue(), "use of undefined metadata '!" + use.getKey() + "'");
            }
        }
        metadataFirstUse.clear();
        return module;
    }

    /** An entity whose slice is known only after its last token: sets it, adds it to the module. */
    private interface Finisher {
        void finish(SourceSlice slice);
    }

    private Finisher parseTopLevel(int entityStart, int tokenStart) {
        boolean prologue = lex.isWord("target") || lex.isWord("source_filename");
        if (prologue && pastPrologue) {
            // LLParser reads target definitions and source_filename only before every other entity
            throw error("expected top-level entity");
        }
        pastPrologue |= !prologue;
        switch (lex.kind) {
            case WORD -> {
                String word = lex.text();
                switch (word) {
                    case "source_filename" -> {
                        lex.next();
                        expect(IrToken.EQUALS, "'='");
                        String value = stringValue();
                        return s -> module.addEntity(new HeaderLine(HeaderLine.Kind.SOURCE_FILENAME, word, value, s));
                    }
                    case "target" -> {
                        lex.next();
                        HeaderLine.Kind kind;
                        if (acceptWord("datalayout")) {
                            kind = HeaderLine.Kind.DATALAYOUT;
                        } else if (acceptWord("triple")) {
                            kind = HeaderLine.Kind.TRIPLE;
                        } else {
                            throw expected("'datalayout' or 'triple'");
                        }
                        expect(IrToken.EQUALS, "'='");
                        int valueAt = lex.start;
                        String value = stringValue();
                        String bad = kind == HeaderLine.Kind.DATALAYOUT ? DataLayoutSyntax.problem(value) : null;
                        if (bad != null) {
                            throw error(valueAt, "invalid data layout: " + bad);
                        }
                        return s -> module.addEntity(new HeaderLine(kind, word, value, s));
                    }
                    case "module" -> {
                        lex.next();
                        expectWord("asm");
                        String value = stringValue();
                        return s -> module.addEntity(new HeaderLine(HeaderLine.Kind.MODULE_ASM, word, value, s));
                    }
                    case "define", "declare" -> {
                        Function f = parseFunctionHeader(word.equals("define"));
                        return s -> {
                            f.setSlice(s);
                            module.addEntity(f);
                        };
                    }
                    case "attributes" -> {
                        return parseAttributeGroup();
                    }
                    case "uselistorder", "uselistorder_bb" -> {
                        if (!checkUseListOrderHead(word)) {
                            skipLine();
                        }
                        return s -> module.addEntity(new VerbatimEntity(word, s));
                    }
                    default -> throw error("expected top-level entity");
                }
            }
            case LOCAL -> {
                return parseTypeDefinition();
            }
            case GLOBAL -> {
                return parseGlobal(tokenStart);
            }
            case COMDAT -> {
                String name = lex.name();
                if (!comdats.add(name)) {
                    throw error("redefinition of comdat '$" + name + "'");
                }
                lex.next();
                expect(IrToken.EQUALS, "'='");
                expectWord("comdat");
                if (lex.kind != IrToken.WORD) {
                    throw expected("comdat selection kind");
                }
                if (!COMDAT_KINDS.contains(lex.text())) {
                    throw error("unknown selection kind");
                }
                String kind = lex.text();
                lex.next();
                return s -> module.addEntity(new HeaderLine(HeaderLine.Kind.COMDAT, name, kind, s));
            }
            case METADATA_NAME, EXCLAIM -> {
                // "!7" is one token here, but LLVM reads '!' and then the number: "! 7" is !7 too
                boolean spaced = lex.kind == IrToken.EXCLAIM;
                if (spaced) {
                    lex.next();
                    if (!isMetadataNumber()) {
                        throw error(tokenStart, "expected top-level entity");
                    }
                }
                String name = spaced ? lex.text() : lex.name();
                definedMetadata.add(name);
                lex.next();
                expect(IrToken.EQUALS, "'='");
                int bodyStart = lex.start;
                distinctNode = acceptWord("distinct");
                if (lex.kind == IrToken.WORD && !lex.isWord("distinct") && isTypeStart()) {
                    throw error("unexpected type in metadata definition"); // LLVM 3.5's "!0 = metadata !{...}"
                }
                skipMetadata();
                String body = src.substring(bodyStart, lex.previousEnd);
                if (!MetadataText.isNumber(name)) {
                    checkNamedMetadataOperands(body, bodyStart);
                }
                return s -> module.addEntity(new MetadataDefinition(name, body, s));
            }
            case SUMMARY_ID -> {
                if (lex.end - lex.start < 2) {
                    throw error("expected top-level entity"); // '^' without its number
                }
                lex.next();
                expect(IrToken.EQUALS, "'=' here");
                // LLParser lexes summaries with colons ignored in words: "module:" is the word module, then ':'
                boolean word = lex.kind == IrToken.WORD || lex.kind == IrToken.LABEL && !lex.quoted;
                if (!word || !SUMMARY_KINDS.contains(src.substring(lex.nameStart, lex.nameEnd))) {
                    throw error("unexpected summary kind");
                }
                skipLine();
                return s -> module.addEntity(new VerbatimEntity("^", s));
            }
            default -> throw lex.kind == IrToken.ERROR ? expected("") : error("expected top-level entity");
        }
    }

    /**
     * What LLParser checks first in a top-level use-list order: {@code uselistorder} names a global
     * value (a local has no meaning outside a body), {@code uselistorder_bb} a function defined above.
     * The order itself is kept as text.
     */
    private boolean checkUseListOrderHead(String word) {
        lex.next();
        if (word.equals("uselistorder")) {
            Type type = parseType();
            if (lex.kind == IrToken.LOCAL) {
                throw error("invalid use of function-local name");
            }
            if (lex.kind == IrToken.GLOBAL) {
                GlobalValue g = lex.numbered ? module.numberedGlobal(smallInt(lex.nameStart, lex.nameEnd))
                        : globalNamed(lex.name());
                if (g != null && !g.type().equals(type)) {
                    throw error("'" + lex.text() + "' defined with type '" + g.type() + "' but expected '" + type + "'");
                }
            }
            int valueAt = lex.start;
            lex.next();
            if (lex.kind != IrToken.COMMA) {
                lex.reset(valueAt); // a constant expression: the rest of the line is skipped unread
                return false;
            }
            lex.next();
            return checkUseListIndexes();
        }
        if (lex.kind != IrToken.GLOBAL) {
            throw error("expected function name in uselistorder_bb");
        }
        GlobalValue g = lex.numbered ? module.numberedGlobal(smallInt(lex.nameStart, lex.nameEnd)) : globalNamed(lex.name());
        if (g == null) {
            throw error("invalid function forward reference in uselistorder_bb");
        }
        if (!(g instanceof Function f)) {
            throw error("expected function name in uselistorder_bb");
        }
        if (f.isDeclaration()) {
            throw error("invalid declaration in uselistorder_bb");
        }
        lex.next();
        expect(IrToken.COMMA, "comma in uselistorder_bb directive");
        if (lex.kind == IrToken.LOCAL) {
            if (lex.numbered && !lex.quoted) {
                throw error("invalid numeric label in uselistorder_bb");
            }
            String problem = blockProblem(f, lex.name());
            if (problem != null) {
                throw error(problem);
            }
            lex.next();
            expect(IrToken.COMMA, "comma in uselistorder_bb directive");
            return checkUseListIndexes();
        }
        return false;
    }

    /**
     * Why {@code %name} is not a block of {@code f} for {@code uselistorder_bb} (LLParser's
     * messages), read from the body's text as the body is read later: a label is a block, an
     * argument or a defined value is not one, another name is unknown.
     */
    private String blockProblem(Function f, String name) {
        String body = null;
        for (Deferred d : deferred) { // only a uselistorder_bb line looks: a linear search is fine
            if (d.global() == f) {
                body = src.substring(d.start(), d.end());
            }
        }
        if (body == null) {
            return null;
        }
        String quoted = Pattern.quote(name);
        if (Pattern.compile("(?m)^\\s*(" + quoted + "|\"" + quoted + "\"):").matcher(body).find()) {
            return null;
        }
        boolean value = f.arguments().stream().anyMatch(a -> a.hasName() && a.name().equals(name))
                || Pattern.compile("(?m)^\\s*%(" + quoted + "|\"" + quoted + "\")\\s*=").matcher(body).find();
        return value ? "expected basic block in uselistorder_bb" : "invalid basic block in uselistorder_bb";
    }

    /**
     * The index list of a use-list order ({@code { 1, 0 }}) as LLParser checks it without the value's
     * uses: at least two indexes, distinct and below their count, not already in order. Returns
     * whether the list was read (the lexer after its closing brace); false, nothing read, when
     * there is no list here.
     */
    private boolean checkUseListIndexes() {
        if (lex.kind != IrToken.LBRACE) {
            return false; // the caller's own syntax check reports it
        }
        int open = lex.start;
        List<Long> indexes = new ArrayList<>();
        lex.next();
        while (lex.kind == IrToken.INTEGER && allDigits(lex.start, lex.end) && lex.end - lex.start < 10) {
            indexes.add(Long.parseLong(lex.text()));
            lex.next();
            if (!accept(IrToken.COMMA)) {
                break;
            }
        }
        boolean complete = lex.kind == IrToken.RBRACE;
        lex.reset(open);
        skipBalancedOnly(IrToken.LBRACE, IrToken.RBRACE);
        if (!complete) {
            return true;
        }
        if (indexes.size() < 2) {
            throw error(open, "expected >= 2 uselistorder indexes");
        }
        boolean[] seen = new boolean[indexes.size()];
        boolean ordered = true;
        for (int i = 0; i < indexes.size(); i++) {
            long x = indexes.get(i);
            if (x >= indexes.size() || seen[(int) x]) {
                throw error(open, "expected distinct uselistorder indexes in range [0, size)");
            }
            seen[(int) x] = true;
            ordered &= x == i;
        }
        if (ordered) {
            throw error(open, "expected uselistorder indexes to change the order");
        }
        return true;
    }

    /** Named metadata lists nodes: {@code !{!0, !1}} (and DIExpression / DIArgList nodes), as llvm-as requires. */
    private void checkNamedMetadataOperands(String body, int bodyStart) {
        List<String> elements = MetadataText.tupleElements(body);
        if (elements == null) {
            throw error(bodyStart, "expected '{' here");
        }
        int searchFrom = bodyStart;
        for (String e : elements) {
            int at = src.indexOf(e, searchFrom);
            searchFrom = at + e.length();
            String ref = e.length() > 1 && e.charAt(0) == '!' ? e.substring(1).strip() : "";
            boolean node = MetadataText.isNumber(ref) || ref.startsWith("DIExpression(") || ref.startsWith("DIArgList(");
            if (!node && !e.isEmpty()) {
                throw error(at, "Expected '!' here");
            }
        }
    }

    private String stringValue() {
        return stringValue("string constant");
    }

    /** The string token here, unquoted and unescaped; else "expected {@code what}". */
    private String stringValue(String what) {
        if (lex.kind != IrToken.STRING) {
            throw expected(what);
        }
        String s = lex.name();
        lex.next();
        return s;
    }

    /** Skips the rest of a construct: tokens up to a new line outside brackets. */
    private void skipLine() {
        int nesting = 0;
        lex.next();
        while (lex.kind != IrToken.EOF) {
            if (nesting == 0 && newlineBetween(lex.previousEnd, lex.start)) {
                return;
            }
            nesting += nestingDelta(lex.kind);
            if (nesting < 0) {
                throw error("unbalanced '" + lex.text() + "'");
            }
            lex.next();
        }
        if (nesting != 0) {
            throw error("unexpected end of file: missing closing bracket");
        }
    }

    private static int nestingDelta(IrToken t) {
        return switch (t) {
            case LPAREN, LBRACE, LBRACKET, LESS -> 1;
            case RPAREN, RBRACE, RBRACKET, GREATER -> -1;
            default -> 0;
        };
    }

    private boolean newlineBetween(int from, int to) {
        for (int i = from; i < to; i++) {
            if (src.charAt(i) == '\n') {
                return true;
            }
        }
        return false;
    }

    /** Skips balanced brackets starting at the current opening token. */
    private void skipBalanced() {
        int nesting = 0;
        do {
            if (lex.kind == IrToken.EOF) {
                throw error("unexpected end of file: missing closing bracket");
            }
            nesting += nestingDelta(lex.kind);
            lex.next();
        } while (nesting > 0);
    }

    /** Whether the metadata definition being read says {@code distinct} (LLParser requires it of some nodes). */
    private boolean distinctNode;

    /** Skips one metadata value: !N, !name, !{...}, !"str", !DIxxx(...). Returns its text. */
    private String skipMetadata() {
        enter();
        int start = lex.start;
        boolean distinct = distinctNode;
        distinctNode = false; // only the definition's own node: a nested one is never distinct
        if (lex.kind == IrToken.EXCLAIM) {
            lex.next();
            if (lex.kind == IrToken.LBRACE) {
                skipMetadataTuple();
            } else if (lex.kind == IrToken.STRING) {
                lex.next();
            } else if (isMetadataNumber()) { // "! 7": see parseTopLevel
                if (!secondPass || checkOnly || readBodies) {
                    metadataFirstUse.putIfAbsent(lex.text(), lex.start);
                }
                lex.next();
            } else {
                throw expected("metadata");
            }
        } else if (lex.kind == IrToken.METADATA_NAME) {
            if (lex.numbered && (!secondPass || checkOnly || readBodies)) {
                metadataFirstUse.putIfAbsent(lex.name(), lex.nameStart); // llvm-as points at the number
            }
            String kind = lex.numbered ? "" : lex.name();
            int kindStart = lex.start;
            lex.next();
            if (lex.kind == IrToken.LPAREN && lex.start == lex.previousEnd) {
                if (!SpecializedNodeSyntax.KINDS.contains(kind)) {
                    throw error(kindStart, "expected metadata type");
                }
                int fieldsStart = lex.end;
                skipBalancedOnly(IrToken.LPAREN, IrToken.RPAREN);
                if (SpecializedNodeSyntax.applies(kind) || kind.equals("DIExpression")) {
                    String fields = src.substring(fieldsStart, lex.previousEnd - 1);
                    SpecializedNodeSyntax.Problem p = kind.equals("DIExpression")
                            ? SpecializedNodeSyntax.expressionProblem(fields)
                            : SpecializedNodeSyntax.problem(kind, distinct, fields);
                    if (p != null) {
                        throw error(p.offset() < 0 ? kindStart : fieldsStart + p.offset(), p.message());
                    }
                }
            }
        } else {
            throw expected("metadata");
        }
        depth--;
        return src.substring(start, lex.previousEnd);
    }

    /** An unsigned decimal integer token: the number of a metadata node after a separate '!'. */
    private boolean isMetadataNumber() {
        return lex.kind == IrToken.INTEGER && allDigits(lex.start, lex.end);
    }

    /** Skips {@code {elem, elem, ...}}: an element is metadata, {@code null} or a typed value. */
    private void skipMetadataTuple() {
        lex.next();
        if (accept(IrToken.RBRACE)) {
            return;
        }
        while (true) {
            if (lex.kind == IrToken.EXCLAIM || lex.kind == IrToken.METADATA_NAME) {
                skipMetadata();
            } else {
                if (lex.isWord("metadata")) { // LLVM 3.5's '!{metadata !0}': a tuple holds metadata untyped
                    throw error(lex.start, "invalid metadata-value-metadata roundtrip");
                }
                // a typed value (i32 1, ptr @f, null): up to the next ',' or '}' at this level
                if (!secondPass && !lex.isWord("null")) {
                    metadataConstants.add(lex.start); // read once every type and global is known
                }
                int nesting = 0;
                while (nesting > 0 || lex.kind != IrToken.COMMA && lex.kind != IrToken.RBRACE) {
                    if (lex.kind == IrToken.EOF) {
                        throw expected("'}'");
                    }
                    nesting += nestingDelta(lex.kind);
                    lex.next();
                }
            }
            if (accept(IrToken.RBRACE)) {
                return;
            }
            if (!accept(IrToken.COMMA)) {
                throw expected("end of metadata node");
            }
        }
    }

    /** Skips from an opening token to its matching closer, counting only that pair. */
    private void skipBalancedOnly(IrToken open, IrToken close) {
        int nesting = 0;
        do {
            if (lex.kind == IrToken.EOF) {
                throw error("unexpected end of file: missing '" + (close == IrToken.RBRACE ? "}" : ")") + "'");
            }
            if (lex.kind == open) {
                nesting++;
            } else if (lex.kind == close) {
                nesting--;
            }
            lex.next();
        } while (nesting > 0);
    }

    private Finisher parseTypeDefinition() {
        String name = lex.name();
        int at = lex.start;
        lex.next();
        expect(IrToken.EQUALS, "'='");
        expectWord("type");
        if (module.typeAlias(name) != null || module.hasNamedType(name) && module.namedType(name).isDefined()) {
            throw error(at, "redefinition of type named '" + name + "'");
        }
        if (!lex.isWord("opaque") && lex.kind != IrToken.LBRACE && !startsPackedStruct()) {
            // any other type: the name stands for it (LLParser's parseNamedType); a name already
            // used would have to be that type before it was defined
            if (module.hasNamedType(name)) {
                throw error(at, "forward references to non-struct type");
            }
            Type body = parseType();
            module.defineTypeAlias(name, body);
            return s -> module.addEntity(new VerbatimEntity("type", s));
        }
        NamedStructType type = module.namedType(name);
        if (acceptWord("opaque")) {
            type.defineOpaque();
        } else {
            Type body = parseType();
            if (!(body instanceof StructType s)) {
                throw error(at, "named types must be structs");
            }
            type.defineBody(s.packed(), s.fields());
        }
        return s -> module.addEntity(new TypeDefinition(type, s));
    }

    /** Whether the tokens here are {@code <{}: a packed struct, not a vector. */
    private boolean startsPackedStruct() {
        if (lex.kind != IrToken.LESS) {
            return false;
        }
        return peekKind() == IrToken.LBRACE;
    }

    /** The kind of the token after the current one; nothing consumed. */
    private IrToken peekKind() {
        int save = lex.start;
        int prevEnd = lex.previousEnd;
        lex.next();
        IrToken next = lex.kind;
        lex.reset(save);
        lex.previousEnd = prevEnd;
        return next;
    }

    private Finisher parseAttributeGroup() {
        int groupAt = lex.start;
        lex.next();
        if (lex.kind != IrToken.ATTRIBUTE_GROUP_ID) {
            throw expected("attribute group id");
        }
        int id = smallInt(lex.nameStart, lex.nameEnd);
        lex.next();
        expect(IrToken.EQUALS, "'='");
        if (lex.kind != IrToken.LBRACE) {
            throw expected("'{'");
        }
        lex.next();
        List<Attribute> attributes = new ArrayList<>();
        while (lex.kind != IrToken.RBRACE) {
            if (lex.kind == IrToken.WORD && !FunctionAttributes.isFunctionAttribute(lex.text())) {
                // llvm-as's words for what it cannot read as a function attribute here
                throw error(FunctionAttributes.isParameterAttribute(lex.text())
                        ? "this attribute does not apply to functions" : "unterminated attribute group");
            }
            Attribute a = parseAttribute();
            if (a == null) {
                throw expected("attribute or '}'");
            }
            attributes.add(a);
        }
        if (attributes.isEmpty()) {
            throw error(groupAt, "attribute group has no attributes");
        }
        lex.next();
        // A number may be defined again: llvm-as merges the groups (#0 has the attributes of
        // both), so the module keeps both entities and #N means all groups numbered N.
        AttributeSet set = share(new AttributeSet(attributes));
        return s -> module.addEntity(new AttributeGroup(id, set, s));
    }

    /**
     * One attribute at the current token, or null when the token does not start one (it is not
     * consumed then): {@code word}, {@code word(args)}, {@code word N} / {@code word=N} for the
     * integer ones, {@code byval(T)} and the other type attributes, {@code "key"[="value"]}.
     */
    private Attribute parseAttribute() {
        Attribute a = readAttribute();
        return checkOnly || reparse || a == null ? a : share(a);
    }

    private Attribute readAttribute() {
        if (lex.kind == IrToken.STRING) {
            String key = lex.name();
            lex.next();
            String value = null;
            if (accept(IrToken.EQUALS)) {
                if (lex.kind != IrToken.STRING) {
                    throw expected("string value");
                }
                value = lex.name();
                lex.next();
            }
            return Attribute.string(key, value);
        }
        if (lex.kind != IrToken.WORD) {
            return null;
        }
        String w = lex.text();
        lex.next();
        if (Attribute.WithType.takesType(w)) {
            // LLParser's parseRequiredTypeAttr: byval, sret, ... have their type in parentheses (LLVM 14 on)
            expect(IrToken.LPAREN, "'('");
            int typeAt = lex.start;
            Type t = parseType();
            if (t.isVoid()) {
                throw error(typeAt, "void type only allowed for function results");
            }
            expect(IrToken.RPAREN, "')'");
            return new Attribute.WithType(w, t);
        }
        if (lex.kind == IrToken.LPAREN && lex.start == lex.previousEnd) {
            if (Attribute.Int.takesInteger(w)) {
                lex.next();
                long v = attributeInteger();
                expect(IrToken.RPAREN, "')'");
                return new Attribute.Int(w, v);
            }
            int open = lex.start;
            skipBalancedOnly(IrToken.LPAREN, IrToken.RPAREN);
            return new Attribute.WithArgs(w, src.substring(open + 1, lex.previousEnd - 1));
        }
        if (Attribute.Int.takesInteger(w) && (lex.kind == IrToken.INTEGER || lex.kind == IrToken.EQUALS)) {
            accept(IrToken.EQUALS);
            return new Attribute.Int(w, attributeInteger());
        }
        if (w.equals("align")) {
            throw expected("integer"); // a bare 'align' has no meaning in LLVM
        }
        if (Attribute.WithType.takesType(w)) {
            throw expected("'('"); // LLVM 14 and 19 need the type: byval(T), sret(T), ...
        }
        return Attribute.word(w); // "word=value" is LLVM's only for align and alignstack (above)
    }

    /** An attribute's integer: unsigned 64-bit as in LLVM (dereferenceable(18446744073709551615)). */
    private long attributeInteger() {
        long v = unsigned64("integer");
        lex.next();
        return v;
    }

    /** The unsigned 64-bit integer token here (kept in a long's bits); else "expected {@code what}". */
    private long unsigned64(String what) {
        if (lex.kind != IrToken.INTEGER || lex.end - lex.start > 20 || !allDigits(lex.start, lex.end)) {
            throw expected(what);
        }
        if (lex.end - lex.start <= 18) {
            return Long.parseLong(src, lex.start, lex.end, 10);
        }
        BigInteger v = new BigInteger(lex.text());
        if (v.bitLength() > 64) {
            throw expected(what);
        }
        return v.longValue();
    }

    private int smallInt(int from, int to) {
        if (!allDigits(from, to)) {
            throw error(from, "expected integer");
        }
        if (to - from > 9) {
            throw error(from, "number out of range");
        }
        int v = 0;
        for (int i = from; i < to; i++) {
            v = v * 10 + (src.charAt(i) - '0');
        }
        return v;
    }

    /** The words before a global's kind or a function's return type, sorted into the properties they set. */
    private record Prefix(Linkage linkage, Visibility visibility, boolean dsoLocal, String dllStorage,
            String threadLocal, UnnamedAddr unnamedAddr, int addressSpace, boolean externallyInitialized,
            String callingConvention, AttributeSet returnAttributes, List<MetadataAttachment> metadata,
            boolean declarationLinkage) {

        void applyTo(GlobalValue g) {
            g.readHeader(linkage, visibility, dsoLocal, dllStorage, unnamedAddr);
        }
    }

    private Prefix parsePrefix(boolean stopAtType, Set<String> stopWords) {
        Linkage linkage = Linkage.EXTERNAL;
        boolean declarationLinkage = false;
        Visibility visibility = Visibility.DEFAULT;
        boolean dsoLocal = false;
        String dll = "";
        String threadLocal = "";
        UnnamedAddr unnamedAddr = UnnamedAddr.NONE;
        int addressSpace = 0;
        boolean externallyInitialized = false;
        String cc = "";
        List<Attribute> returnAttributes = new ArrayList<>();
        List<MetadataAttachment> metadata = new ArrayList<>();
        while (lex.kind == IrToken.WORD && !stopWords.contains(lex.text()) && !(stopAtType && isTypeStart())
                && isPrefixWord(lex.text()) || lex.kind == IrToken.METADATA_NAME) {
            if (lex.kind == IrToken.METADATA_NAME) {
                String name = share(lex.name());
                lex.next();
                metadata.add(new MetadataAttachment(name, skipMetadata()));
                continue;
            }
            int start = lex.start;
            String w = lex.text();
            if (LINKAGES.contains(w)) {
                linkage = Linkage.byKeyword(w);
                declarationLinkage = DECLARATION_LINKAGES.contains(w);
                lex.next();
            } else if (Visibility.byKeyword(w) != null) {
                visibility = Visibility.byKeyword(w);
                lex.next();
            } else if (w.equals("dso_local") || w.equals("dso_preemptable")) {
                dsoLocal = w.equals("dso_local");
                lex.next();
            } else if (w.equals("dllimport") || w.equals("dllexport")) {
                dll = w;
                lex.next();
            } else if (w.equals("unnamed_addr") || w.equals("local_unnamed_addr")) {
                unnamedAddr = w.equals("unnamed_addr") ? UnnamedAddr.GLOBAL : UnnamedAddr.LOCAL;
                lex.next();
            } else if (w.equals("externally_initialized")) {
                externallyInitialized = true;
                lex.next();
            } else if (w.equals("addrspace")) {
                lex.next();
                addressSpace = parseAddressSpaceArgument();
            } else if (w.equals("thread_local")) {
                lex.next();
                if (accept(IrToken.LPAREN)) {
                    if (lex.kind != IrToken.WORD || !TLS_MODELS.contains(lex.text())) {
                        throw expected("localdynamic, initialexec or localexec");
                    }
                    lex.next();
                    expect(IrToken.RPAREN, "')' after thread local model");
                }
                threadLocal = src.substring(start, lex.previousEnd);
            } else if (isCallingConvention(w)) {
                cc = callingConvention();
            } else {
                returnAttributes.add(parseAttribute());
            }
        }
        return new Prefix(linkage, visibility, dsoLocal, dll, threadLocal, unnamedAddr, addressSpace,
                externallyInitialized, cc, returnAttributes.isEmpty() ? AttributeSet.EMPTY
                        : share(new AttributeSet(returnAttributes)), metadata, declarationLinkage);
    }

    /** The calling convention at a word {@link #isCallingConvention} accepts: a name, or {@code cc N} (N a 32-bit number). */
    private String callingConvention() {
        int start = lex.start;
        boolean numbered = lex.isWord("cc");
        lex.next();
        if (numbered) {
            if (lex.kind != IrToken.INTEGER || !allDigits(lex.start, lex.end)) {
                throw expected("integer");
            }
            if (new BigInteger(lex.text()).bitLength() > 32) {
                throw error("expected 32-bit integer (too large)");
            }
            lex.next();
        }
        return src.substring(start, lex.previousEnd);
    }

    private static boolean isPrefixWord(String w) {
        return LINKAGES.contains(w) || PREFIX_WORDS.contains(w) || isCallingConvention(w);
    }

    /** Calling conventions by their families' spellings (ccc, fastcc, ptx_kernel, amdgpu_kernel, ...). */
    /** Whether {@code w} from {@code from} on is decimal digits: LLVM reads {@code cc1023} as {@code cc 1023}. */
    private static boolean allDigitsIn(String w, int from) {
        for (int i = from; i < w.length(); i++) {
            if (!Character.isDigit(w.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isCallingConvention(String w) {
        return w.equals("cc") || w.length() > 2 && w.startsWith("cc") && allDigitsIn(w, 2) || w.endsWith("cc") || w.startsWith("ptx_") || w.startsWith("amdgpu_")
                || w.startsWith("spir_") || w.startsWith("x86_") || w.startsWith("arm_")
                || w.startsWith("aarch64_") || w.startsWith("riscv_")
                || w.startsWith("preserve_") || w.startsWith("avr_") || w.startsWith("msp430_")
                || w.startsWith("m68k_") || w.startsWith("hhvm") || w.equals("intel_ocl_bicc")
                || w.equals("webkit_jscc") || w.equals("anyregcc") || w.startsWith("cxx_fast_tls");
    }

    private int parseAddressSpaceArgument() {
        expect(IrToken.LPAREN, "'('");
        if (lex.kind != IrToken.INTEGER) {
            throw expected("address space number");
        }
        int as = smallInt(lex.start, lex.end);
        lex.next();
        expect(IrToken.RPAREN, "')'");
        return as;
    }

    private Finisher parseGlobal(int tokenStart) {
        String name = lex.name();
        boolean isNumbered = lex.numbered;
        int nameAt = lex.start;
        lex.next();
        expect(IrToken.EQUALS, "'='");
        Prefix prefix = parsePrefix(false, Set.of("global", "constant", "alias", "ifunc"));
        if (lex.kind != IrToken.WORD) {
            throw expected("'global', 'constant', 'alias' or 'ifunc'");
        }
        if (!lex.isWord("global") && !lex.isWord("constant") && !lex.isWord("alias") && !lex.isWord("ifunc")) {
            throw error("expected 'global' or 'constant'");
        }
        String kind = lex.text();
        lex.next();
        GlobalValue global;
        switch (kind) {
            case "global", "constant" -> {
                int typeAt = lex.start;
                Type valueType = parseType();
                if (valueType instanceof FunctionType || valueType.isVoid() || valueType == PrimitiveType.LABEL
                        || valueType == PrimitiveType.METADATA || valueType == PrimitiveType.TOKEN
                        || valueType == PrimitiveType.X86_AMX) {
                    throw error(typeAt, "invalid type for global variable");
                }
                GlobalVariable g = new GlobalVariable(module, isNumbered ? "" : name, valueType,
                        prefix.addressSpace(), kind.equals("constant"));
                boolean hasInit = !prefix.declarationLinkage();
                int initStart = hasInit ? lex.start : -1;
                global = g;
                registerGlobal(g, isNumbered, name, nameAt);
                if (hasInit && lex.kind == IrToken.EOF) { // (a new line is no end: llvm-as reads on)
                    throw expected("initializer");
                }
                if (hasInit) {
                    skipConstantSyntax();
                }
                GlobalTail tail = parseGlobalTail();
                g.readVariableDetails(prefix.threadLocal(), prefix.externallyInitialized(), tail.codeModel(),
                        tail.groups(), tail.otherWords(), tail.attributes());
                tail.applyTo(g);
                if (hasInit) {
                    deferred.add(new Deferred(g, initStart, lex.previousEnd));
                }
            }
            case "alias", "ifunc" -> {
                int typeAt = lex.start;
                Type valueType = parseType();
                expect(IrToken.COMMA, "','");
                int start = lex.start;
                int addressSpace = prefix.addressSpace();
                if (!isUntypedAliasee()) {
                    Type aliasee = parseType();
                    if (kind.equals("alias")) {
                        checkExplicitPointee(valueType, aliasee, typeAt);
                        if (aliasee instanceof PointerType p) {
                            addressSpace = p.addressSpace(); // an alias lives in its aliasee's address space
                        }
                    }
                }
                GlobalAlias a = new GlobalAlias(module, isNumbered ? "" : name, valueType, addressSpace,
                        kind.equals("ifunc"));
                a.readThreadLocal(prefix.threadLocal());
                global = a;
                registerGlobal(a, isNumbered, name, nameAt);
                skipConstantSyntax();
                parseGlobalTail().applyTo(a);
                deferred.add(new Deferred(a, start, lex.previousEnd));
            }
            default -> throw error(tokenStart, "expected 'global', 'constant', 'alias' or 'ifunc'");
        }
        prefix.applyTo(global);
        return s -> {
            global.setSlice(s);
            module.addEntity(global);
        };
    }

    /** What may follow {@code ^N =} (LLParser's parseSummaryEntry). */
    private static final Set<String> SUMMARY_KINDS = Set.of("module", "gv", "typeid", "typeidCompatibleVTable",
            "flags", "blockcount");

    private static final Set<String> TOP_LEVEL_WORDS = Set.of("define", "declare", "attributes", "source_filename",
            "target", "module", "uselistorder", "uselistorder_bb");

    /** Whether the current token starts a top-level entity (entities need no line break between them). */
    private boolean isTopLevelStart() {
        switch (lex.kind) {
            case EOF, SUMMARY_ID:
                return true;
            case WORD:
                return TOP_LEVEL_WORDS.contains(lex.text());
            case GLOBAL, LOCAL, COMDAT, METADATA_NAME:
                return peekKind() == IrToken.EQUALS;
            default:
                return false;
        }
    }

    /** LLVM reads these aliasees without a type in front: the cast or GEP gives it. */
    private boolean isUntypedAliasee() {
        return lex.isWord("bitcast") || lex.isWord("getelementptr") || lex.isWord("addrspacecast")
                || lex.isWord("inttoptr");
    }

    /** Skips one constant syntactically (pass one; pass two parses it). */
    private void skipConstantSyntax() {
        enter();
        switch (lex.kind) {
            case LBRACE, LBRACKET, LESS -> skipBalanced();
            case EXCLAIM, METADATA_NAME -> skipMetadata();
            case WORD -> {
                String w = lex.text();
                lex.next();
                if (Opcode.byKeyword(w) != null) {
                    while (lex.kind == IrToken.WORD && !TOP_LEVEL_WORDS.contains(lex.text())) {
                        lex.next();
                        if (lex.kind == IrToken.LPAREN && lex.start == lex.previousEnd) {
                            skipBalancedOnly(IrToken.LPAREN, IrToken.RPAREN);
                        }
                    }
                    if (lex.kind != IrToken.LPAREN) {
                        throw expected("'(' in constant expression");
                    }
                    skipBalancedOnly(IrToken.LPAREN, IrToken.RPAREN);
                } else if (w.equals("blockaddress") || w.equals("splat")) {
                    if (lex.kind != IrToken.LPAREN) {
                        throw expected("'('");
                    }
                    skipBalancedOnly(IrToken.LPAREN, IrToken.RPAREN);
                } else if (w.equals("dso_local_equivalent") || w.equals("no_cfi")) {
                    expect(IrToken.GLOBAL, "global value name");
                }
            }
            case INTEGER, FLOAT, GLOBAL, CSTRING, STRING -> lex.next();
            default -> throw expected("constant");
        }
        depth--;
    }

    /** What may follow a global's initializer. */
    private record GlobalTail(String section, String partition, String comdat, long align, String codeModel,
            List<MetadataAttachment> metadata, List<Integer> groups, List<String> otherWords, AttributeSet attributes) {

        void applyTo(GlobalValue g) {
            g.readTail(section, partition, comdat, align, metadata);
        }
    }

    /** {@code , section "s"}, {@code , align N}, {@code , comdat($c)}, {@code , !md !N}, {@code #N} after a global. */
    private GlobalTail parseGlobalTail() {
        String section = null;
        String partition = null;
        String comdat = null;
        long align = 0;
        String codeModel = null;
        List<MetadataAttachment> metadata = new ArrayList<>();
        List<Integer> groups = new ArrayList<>();
        List<String> other = new ArrayList<>();
        List<Attribute> attributes = new ArrayList<>();
        while (true) {
            if (lex.kind == IrToken.ATTRIBUTE_GROUP_ID) {
                groups.add(smallInt(lex.nameStart, lex.nameEnd));
                lex.next();
                continue;
            }
            // attributes, as after a function header: "k"="v", align 4, nounwind (llvm-as keeps them in a group)
            if (lex.kind == IrToken.STRING || lex.kind == IrToken.WORD && isGlobalAttribute(lex.text())) {
                attributes.add(parseAttribute());
                continue;
            }
            if (lex.kind != IrToken.COMMA) {
                return new GlobalTail(section, partition, comdat, align, codeModel, metadata, groups, other,
                        attributes.isEmpty() ? AttributeSet.EMPTY : share(new AttributeSet(attributes)));
            }
            lex.next();
            if (lex.kind == IrToken.METADATA_NAME) {
                String name = share(lex.name());
                lex.next();
                metadata.add(new MetadataAttachment(name, skipMetadata()));
            } else if (lex.isWord("section") || lex.isWord("partition") || lex.isWord("code_model")) {
                String w = lex.text();
                lex.next();
                String value = stringValue("string");
                switch (w) {
                    case "section" -> section = value;
                    case "partition" -> partition = value;
                    default -> codeModel = value;
                }
            } else if (lex.isWord("align")) {
                lex.next();
                align = alignValue();
            } else if (lex.isWord("comdat")) {
                comdat = comdatSuffix();
            } else if (lex.kind == IrToken.WORD) {
                other.add(lex.text());
                lex.next();
            } else {
                throw expected("global variable attribute");
            }
        }
    }

    /** A function attribute (LLVM reads them after a global too); not the header's own keywords. */
    private static boolean isGlobalAttribute(String word) {
        return FunctionAttributes.isHeaderWord(word) && !Set.of("section", "partition", "comdat", "gc", "unnamed_addr",
                "local_unnamed_addr").contains(word);
    }

    /** {@code comdat} or {@code comdat($name)} at the current token: "" or the name. */
    private String comdatSuffix() {
        lex.next();
        if (lex.kind == IrToken.LPAREN && lex.start == lex.previousEnd) {
            lex.next();
            if (lex.kind != IrToken.COMDAT) {
                throw expected("comdat name");
            }
            String name = lex.name();
            lex.next();
            expect(IrToken.RPAREN, "')'");
            return name;
        }
        return "";
    }

    /** An alignment: a power of two. */
    private long alignValue() {
        if (lex.kind != IrToken.INTEGER) {
            throw expected("alignment");
        }
        long a = parseCount();
        if (Long.bitCount(a) != 1) {
            throw error(lex.previousEnd - String.valueOf(a).length(), "alignment is not a power of two");
        }
        return a;
    }

    /** Skips tokens up to the first token on a later line outside brackets (the current token included). */
    private void skipRestOfLine() {
        int nesting = 0;
        while (lex.kind != IrToken.EOF) {
            if (nesting == 0 && newlineBetween(lex.previousEnd, lex.start)) {
                return;
            }
            nesting += nestingDelta(lex.kind);
            if (nesting < 0) {
                return;
            }
            lex.next();
        }
        if (nesting > 0) {
            throw error("unexpected end of file: missing closing bracket");
        }
    }

    private void registerGlobal(GlobalValue g, boolean isNumbered, String name, int at) {
        if (isNumbered) {
            int slot = smallInt(at + 1, at + 1 + name.length());
            if (slot != module.numberedGlobalCount()) {
                throw error(at, "variable expected to be numbered '@" + module.numberedGlobalCount() + "'");
            }
            g.setSlot(slot);
        } else if (name.isEmpty()) {
            g.setSlot(module.numberedGlobalCount()); // @"" is an unnamed global, as in LLVM
        } else if (module.global(name) != null) {
            throw error(at, "redefinition of global '@" + name + "'");
        }
    }

    private Function parseFunctionHeader(boolean definition) {
        lex.next();
        Prefix prefix = parsePrefix(true, Set.of());
        Type returnType = parseType();
        if (lex.kind != IrToken.GLOBAL) {
            throw expected("function name");
        }
        String name = lex.name();
        boolean isNumbered = lex.numbered;
        int nameAt = lex.start;
        lex.next();
        expect(IrToken.LPAREN, "'(' in function");
        List<Type> params = new ArrayList<>();
        List<String[]> argInfo = new ArrayList<>();
        List<AttributeSet> argAttributes = new ArrayList<>();
        Set<String> argNames = new HashSet<>();
        boolean varArgs = false;
        while (lex.kind != IrToken.RPAREN) {
            if (!params.isEmpty()) {
                expect(IrToken.COMMA, "',' or ')'");
            }
            if (accept(IrToken.DOTS)) {
                varArgs = true;
                break;
            }
            int argAt = lex.start;
            Type t = parseType();
            if (t.isVoid()) {
                throw error("argument can not have void type");
            }
            AttributeSet attrs = parseParameterAttributes();
            String argName = "";
            String argSlot = null;
            if (lex.kind == IrToken.LOCAL) {
                if (lex.numbered) {
                    argSlot = lex.name();
                } else {
                    argName = lex.name();
                    if (!argNames.add(argName)) {
                        throw error(argAt, "redefinition of argument '%" + argName + "'"); // at the argument, as llvm-as
                    }
                }
                lex.next();
            }
            params.add(t);
            argInfo.add(new String[] {argName, argSlot});
            argAttributes.add(attrs);
        }
        expect(IrToken.RPAREN, "')'");
        List<Attribute> attributes = new ArrayList<>();
        List<Integer> groups = new ArrayList<>();
        List<MetadataAttachment> metadata = new ArrayList<>(prefix.metadata());
        UnnamedAddr unnamedAddr = prefix.unnamedAddr();
        int addressSpace = 0;
        String section = null;
        String partition = null;
        String comdat = null;
        String gc = null;
        String[] prefixProloguePersonality = new String[3];
        long align = 0;
        int clause = HeaderClause.FIRST;
        while (lex.kind != IrToken.EOF && !(definition && lex.kind == IrToken.LBRACE)
                && !(!definition && isTopLevelStart())) {
            int start = lex.start;
            int next = HeaderClause.of(lex, clause);
            if (next < clause || next == clause && !HeaderClause.repeats(next)) {
                break; // out of LLParser's order: what follows is not part of the header
            }
            clause = next;
            if (lex.kind == IrToken.STRING) {
                attributes.add(parseAttribute());
            } else if (lex.kind == IrToken.ATTRIBUTE_GROUP_ID) {
                groups.add(smallInt(lex.nameStart, lex.nameEnd));
                lex.next();
            } else if (lex.isWord("addrspace")) {
                lex.next();
                addressSpace = parseAddressSpaceArgument();
            } else if (lex.kind == IrToken.METADATA_NAME) {
                String mdName = share(lex.name());
                lex.next();
                metadata.add(new MetadataAttachment(mdName, skipMetadata()));
            } else if (lex.isWord("prefix") || lex.isWord("prologue") || lex.isWord("personality")) {
                int which = lex.isWord("prefix") ? 0 : lex.isWord("prologue") ? 1 : 2;
                lex.next();
                int from = lex.start;
                skipTypedConstantSyntax();
                noteGlobalUses(from, lex.start);
                headerConstants.add(from);
                prefixProloguePersonality[which] = src.substring(from, lex.previousEnd);
            } else if (lex.kind == IrToken.WORD && FunctionAttributes.isHeaderWord(lex.text())) {
                String w = lex.text();
                switch (w) {
                    case "unnamed_addr", "local_unnamed_addr" -> {
                        unnamedAddr = w.equals("unnamed_addr") ? UnnamedAddr.GLOBAL : UnnamedAddr.LOCAL;
                        lex.next();
                    }
                    case "section", "partition", "gc" -> {
                        lex.next();
                        String value = stringValue("string");
                        switch (w) {
                            case "section" -> section = value;
                            case "partition" -> partition = value;
                            default -> gc = value;
                        }
                    }
                    case "comdat" -> comdat = comdatSuffix();
                    case "align" -> {
                        lex.next();
                        align = alignValue();
                    }
                    default -> attributes.add(parseAttribute());
                }
            } else if (lex.kind == IrToken.WORD) {
                break;
            } else {
                throw error(start, "expected function attribute" + (definition ? " or '{'" : ""));
            }
        }
        FunctionType fnType = share(new FunctionType(returnType, params, varArgs));
        Function f = new Function(module, isNumbered ? "" : name, fnType, addressSpace);
        f.readDefinition(definition);
        f.readHeader(prefix.linkage(), prefix.visibility(), prefix.dsoLocal(), prefix.dllStorage(), unnamedAddr);
        f.readFunctionHeader(prefix.callingConvention(), prefix.returnAttributes(),
                attributes.isEmpty() ? AttributeSet.EMPTY : share(new AttributeSet(attributes)), groups, gc,
                prefixProloguePersonality[0], prefixProloguePersonality[1], prefixProloguePersonality[2]);
        f.readTail(section, partition, comdat, align, metadata);
        int nextSlot = 0;
        for (int i = 0; i < params.size(); i++) {
            String[] info = argInfo.get(i);
            Argument a = new Argument(f, i, params.get(i), info[0], argAttributes.get(i));
            if (!a.hasName()) {
                if (info[1] != null && !info[1].equals(String.valueOf(nextSlot))) {
                    throw error(nameAt, "argument expected to be numbered '%" + nextSlot + "'");
                }
                a.setSlot(nextSlot++);
            }
            f.addArgument(a);
        }
        registerGlobal(f, isNumbered, name, nameAt);
        if (definition) {
            if (lex.kind != IrToken.LBRACE) {
                throw expected("'{' in function body");
            }
            int bodyStart = lex.lineEndAfter(lex.end);
            int closeBrace;
            try {
                closeBrace = skipBody(lex.end);
            } catch (InputException noBrace) {
                // report what is wrong inside the body, as llvm-as does, if it can be found
                Function probe = new Function(module, name, fnType, 0);
                probe.readDefinition(true);
                for (int i = 0; i < params.size(); i++) {
                    probe.addArgument(new Argument(probe, i, params.get(i), argInfo.get(i)[0], AttributeSet.EMPTY));
                }
                checkOnly = true;
                parseBody(probe, bodyStart, src.length());
                throw noBrace;
            }
            lex.reset(closeBrace);
            lex.next();
            deferred.add(new Deferred(f, bodyStart, closeBrace));
        }
        return f;
    }

    /**
     * Finds the {@code }} that closes a body starting at {@code from}, scanning characters (not
     * tokens: pass one must be fast), skipping strings and comments. Notes {@code ptr} words.
     */
    private int skipBody(int from) {
        // Merges the sorted occurrences of each interesting character, each found by indexOf
        // (vectorized) within a window, so that every character is looked at about once. A
        // position with no such character there is a window end: that stream searches on.
        int n = src.length();
        int nesting = 1;
        int open = next('{', from);
        int close = next('}', from);
        int quote = next('"', from);
        int semi = next(';', from);
        int slash = next('/', from);
        int ptr = lex.sawPtr ? n : nextPtr(from);
        while (true) {
            int at = Math.min(Math.min(Math.min(open, close), Math.min(quote, semi)), Math.min(slash, ptr));
            if (at >= n) {
                throw error(from - 1, "expected '}' at end of function");
            }
            char c = src.charAt(at);
            int resume = at;
            if (at == close && c == '}') {
                if (--nesting == 0) {
                    return at;
                }
                resume = at + 1;
            } else if (at == open && c == '{') {
                nesting++;
                resume = at + 1;
            } else if (at == quote && c == '"') {
                int end = src.indexOf('"', at + 1);
                if (end < 0) {
                    throw error(at, "unterminated string");
                }
                resume = end + 1;
            } else if (at == semi && c == ';') {
                resume = Math.min(IrLexer.commentEnd(src, at) + 1, n);
            } else if (at == slash && c == '/') {
                int end = at + 1 < n && src.charAt(at + 1) == '*' ? src.indexOf("*/", at + 2) : at - 1;
                resume = end < 0 ? n : end + 2;
            } else if (at == ptr && src.startsWith("ptr", at)) {
                if (!IrLexer.isNameChar(src.charAt(at - 1)) && "%@!".indexOf(src.charAt(at - 1)) < 0
                        && (at + 3 == n || !IrLexer.isNameChar(src.charAt(at + 3)))) {
                    lex.sawPtr = true;
                }
                resume = at + 3;
            }
            // every stream at or before the resume point searches on from there
            if (open <= at || open < resume) {
                open = next('{', Math.max(resume, open == at ? at + 1 : resume));
            }
            if (close <= at || close < resume) {
                close = next('}', Math.max(resume, close == at ? at + 1 : resume));
            }
            if (quote <= at || quote < resume) {
                quote = next('"', Math.max(resume, quote == at ? at + 1 : resume));
            }
            if (semi <= at || semi < resume) {
                semi = next(';', Math.max(resume, semi == at ? at + 1 : resume));
            }
            if (slash <= at || slash < resume) {
                slash = next('/', Math.max(resume, slash == at ? at + 1 : resume));
            }
            if (ptr <= at || ptr < resume) {
                ptr = lex.sawPtr ? n : nextPtr(Math.max(resume, ptr == at ? at + 1 : resume));
            }
        }
    }

    private static final int WINDOW = 1 << 14;

    private int next(char c, int from) {
        int to = Math.min(src.length(), from + WINDOW);
        int i = src.indexOf(c, from, to);
        return i < 0 ? to : i;
    }

    private int nextPtr(int from) {
        int to = Math.min(src.length(), from + WINDOW);
        int i = src.indexOf("ptr", from, to);
        return i < 0 ? Math.max(from, to - 2) : i;
    }

    /**
     * The clauses after a function's parameters, in the only order LLParser reads them:
     * unnamed_addr, addrspace, attributes, section, partition, comdat, align, gc, prefix, prologue,
     * personality, metadata attachments. {@code align} may also stand among the attributes.
     */
    private static final class HeaderClause {
        static final int FIRST = -1;
        private static final int ATTRIBUTES = 2;
        private static final int ALIGN = 6;
        private static final int METADATA = 11;
        private static final List<String> WORDS = List.of("unnamed_addr", "addrspace", "", "section", "partition",
                "comdat", "align", "gc", "prefix", "prologue", "personality");

        /** The rank of the clause at the current token; {@code current}: the rank so far. */
        static int of(IrLexer lex, int current) {
            if (lex.kind == IrToken.METADATA_NAME) {
                return METADATA;
            }
            if (lex.kind == IrToken.WORD) {
                String w = lex.text();
                if (w.equals("local_unnamed_addr")) {
                    return 0;
                }
                if (w.equals("align")) {
                    return current <= ATTRIBUTES ? ATTRIBUTES : ALIGN;
                }
                int i = WORDS.indexOf(w);
                if (i >= 0) {
                    return i;
                }
            }
            return ATTRIBUTES;
        }

        /** Attributes and metadata attachments may follow their own kind. */
        static boolean repeats(int clause) {
            return clause == ATTRIBUTES || clause == METADATA;
        }
    }

    /** Skips {@code T constant} syntactically (prefix, prologue, personality). */
    private void skipTypedConstantSyntax() {
        parseType();
        if (lex.kind == IrToken.LBRACE || lex.kind == IrToken.LBRACKET || lex.kind == IrToken.LESS) {
            skipBalanced();
        } else if (lex.kind == IrToken.WORD && !lex.isWord("null") && !lex.isWord("undef")) {
            lex.next();
            if (lex.kind == IrToken.LPAREN) {
                skipBalancedOnly(IrToken.LPAREN, IrToken.RPAREN);
            } else if (lex.kind == IrToken.WORD || lex.kind == IrToken.LPAREN) {
                while (lex.kind == IrToken.WORD) {
                    lex.next();
                }
                if (lex.kind == IrToken.LPAREN) {
                    skipBalancedOnly(IrToken.LPAREN, IrToken.RPAREN);
                }
            }
        } else {
            lex.next();
        }
    }

    /** Notes the globals named in {@code [from, to)} (to is the current token) for the check after pass one. */
    private void noteGlobalUses(int from, int to) {
        int prevEnd = lex.previousEnd;
        lex.reset(from);
        while (lex.start < to) {
            if (lex.kind == IrToken.GLOBAL) {
                headerGlobalUses.add(lex.start);
            }
            lex.next();
        }
        lex.previousEnd = prevEnd;
    }

    /** Adds the globals of pass one to the module in source order (called from finish). */
    private void parseInitializer(Deferred d) {
        lex.reset(d.start());
        function = null;
        if (d.global() instanceof GlobalVariable g) {
            g.readInitializer(parseConstant(g.valueType()));
        } else if (d.global() instanceof GlobalAlias a) {
            Type t = isUntypedAliasee() ? null : parseType();
            Value target = parseValue(t, false);
            if (!(target instanceof Constant c)) {
                throw error(d.start(), "expected a constant aliasee");
            }
            a.setTarget(c);
        }
        if (lex.start < d.end() && lex.kind != IrToken.COMMA && lex.kind != IrToken.ATTRIBUTE_GROUP_ID
                && lex.kind != IrToken.STRING && !(lex.kind == IrToken.WORD && isGlobalAttribute(lex.text()))) {
            throw expected("',' or end of global");
        }
        while (lex.start < d.end() && lex.kind != IrToken.EOF) {
            lex.next();
        }
    }

    // ------------------------------------------------------------------ types

    private boolean isTypeStart() {
        switch (lex.kind) {
            case LOCAL, LBRACE, LESS, LBRACKET:
                return true;
            case WORD:
                if (lex.end - lex.start >= 2 && src.charAt(lex.start) == 'i' && allDigits(lex.start + 1, lex.end)) {
                    return true;
                }
                return TYPE_WORDS.contains(lex.text());
            default:
                return false;
        }
    }

    private boolean allDigits(int from, int to) {
        for (int i = from; i < to; i++) {
            if (!IrLexer.isDigit(src.charAt(i))) {
                return false;
            }
        }
        return to > from;
    }

    Type parseType() {
        enter();
        int at = lex.start;
        Type t = parseBaseType();
        while (true) {
            if (lex.kind == IrToken.STAR) {
                lex.next();
                t = checkPointee(t, at);
                t = PointerType.to(t, 0);
            } else if (lex.isWord("addrspace")) {
                int save = lex.start;
                lex.next();
                int as = parseAddressSpaceArgument();
                if (lex.kind != IrToken.STAR) {
                    lex.reset(save);
                    break;
                }
                lex.next();
                t = PointerType.to(checkPointee(t, at), as);
            } else if (lex.kind == IrToken.LPAREN) {
                t = parseFunctionTypeParams(t);
            } else {
                break;
            }
        }
        depth--;
        return t;
    }

    private Type checkPointee(Type t, int at) {
        if (t.isVoid() || t == PrimitiveType.LABEL || t == PrimitiveType.METADATA || t == PrimitiveType.TOKEN) {
            throw error(at, "pointer to this type is invalid");
        }
        return t;
    }

    private FunctionType parseFunctionTypeParams(Type ret) {
        if (ret == PrimitiveType.LABEL || ret == PrimitiveType.METADATA) {
            throw error("invalid function return type");
        }
        lex.next();
        List<Type> params = new ArrayList<>();
        boolean varArgs = false;
        while (lex.kind != IrToken.RPAREN) {
            if (!params.isEmpty() || varArgs) {
                expect(IrToken.COMMA, "',' or ')'");
            }
            if (accept(IrToken.DOTS)) {
                varArgs = true;
                continue;
            }
            params.add(parseType());
            parseParameterAttributes();
        }
        lex.next();
        return new FunctionType(ret, params, varArgs);
    }

    private Type parseBaseType() {
        switch (lex.kind) {
            case WORD -> {
                int s = lex.start;
                int e = lex.end;
                if (e - s >= 2 && src.charAt(s) == 'i' && allDigits(s + 1, e)) {
                    if (e - s > 8) {
                        throw error("bitwidth for integer type out of range");
                    }
                    int bits = smallInt(s + 1, e);
                    if (bits < 1 || bits > IntegerType.MAX_BITS) {
                        throw error("bitwidth for integer type out of range");
                    }
                    lex.next();
                    widestScalarBits = Math.max(widestScalarBits, bits);
                    return IntegerType.of(bits);
                }
                String w = lex.text();
                Type t = switch (w) {
                    case "void" -> PrimitiveType.VOID;
                    case "half" -> FloatType.HALF;
                    case "bfloat" -> FloatType.BFLOAT;
                    case "float" -> FloatType.FLOAT;
                    case "double" -> FloatType.DOUBLE;
                    case "x86_fp80" -> FloatType.X86_FP80;
                    case "fp128" -> FloatType.FP128;
                    case "ppc_fp128" -> FloatType.PPC_FP128;
                    case "label" -> PrimitiveType.LABEL;
                    case "metadata" -> PrimitiveType.METADATA;
                    case "token" -> PrimitiveType.TOKEN;
                    case "x86_mmx" -> PrimitiveType.X86_MMX;
                    case "x86_amx" -> PrimitiveType.X86_AMX;
                    default -> null;
                };
                if (t != null) {
                    lex.next();
                    if (t instanceof FloatType f) {
                        widestScalarBits = Math.max(widestScalarBits, f.bits());
                    }
                    return t;
                }
                if (w.equals("ptr")) {
                    lex.next();
                    module.setOpaquePointers(true);
                    int as = 0;
                    if (lex.isWord("addrspace")) {
                        lex.next();
                        as = parseAddressSpaceArgument();
                    }
                    return PointerType.opaque(as);
                }
                if (w.equals("target")) {
                    return parseTargetType();
                }
                throw error("expected type");
            }
            case LOCAL -> {
                Type alias = module.typeAlias(lex.name());
                if (alias != null) {
                    lex.next();
                    return alias;
                }
                NamedStructType t = module.namedType(lex.name());
                if (!t.isDefined()) {
                    if (secondPass) {
                        throw error("use of undefined type named '" + t.name() + "'");
                    }
                    typeFirstUse.putIfAbsent(t, lex.start);
                }
                lex.next();
                return t;
            }
            case LBRACE -> {
                return parseStructBody(false);
            }
            case LESS -> {
                lex.next();
                if (lex.kind == IrToken.LBRACE) {
                    StructType s = parseStructBody(true);
                    expect(IrToken.GREATER, "'>' at end of packed struct");
                    return s;
                }
                boolean scalable = false;
                if (acceptWord("vscale")) {
                    expectWord("x");
                    scalable = true;
                }
                int countAt = lex.start;
                long count = parseCount();
                if (Long.compareUnsigned(count, 0xFFFF_FFFFL) > 0) {
                    throw error(countAt, "size too large for vector");
                }
                expectWord("x");
                Type element = parseType();
                if (!(element instanceof IntegerType || element instanceof FloatType || element instanceof PointerType
                        || element == PrimitiveType.X86_MMX)) {
                    throw error("invalid vector element type");
                }
                expect(IrToken.GREATER, "'>' at end of vector type");
                if (count == 0) {
                    throw error("zero element vector is illegal");
                }
                return new VectorType(scalable, count, element);
            }
            case LBRACKET -> {
                lex.next();
                long count = parseCount();
                expectWord("x");
                Type element = parseType();
                if (element.isVoid() || element == PrimitiveType.LABEL || element == PrimitiveType.METADATA
                        || element instanceof FunctionType) {
                    throw error("invalid array element type");
                }
                expect(IrToken.RBRACKET, "']' at end of array type");
                return new ArrayType(count, element);
            }
            default -> throw expected("type");
        }
    }

    /** An array or vector length: unsigned 64-bit (a huge array is valid IR, see ArrayType). */
    private long parseCount() {
        long n = unsigned64("number of elements");
        lex.next();
        return n;
    }

    private StructType parseStructBody(boolean packed) {
        expect(IrToken.LBRACE, "'{'");
        List<Type> fields = new ArrayList<>();
        while (lex.kind != IrToken.RBRACE) {
            if (!fields.isEmpty()) {
                expect(IrToken.COMMA, "',' or '}'");
            }
            Type t = parseType();
            if (t.isVoid() || t == PrimitiveType.LABEL || t == PrimitiveType.METADATA || t instanceof FunctionType) {
                throw error("invalid element type for struct");
            }
            fields.add(t);
        }
        lex.next();
        return new StructType(packed, fields);
    }

    private TargetExtType parseTargetType() {
        lex.next();
        expect(IrToken.LPAREN, "'('");
        String name = stringValue();
        List<Type> types = new ArrayList<>();
        List<Long> ints = new ArrayList<>();
        while (accept(IrToken.COMMA)) {
            if (lex.kind == IrToken.INTEGER) {
                ints.add(parseCount());
            } else if (ints.isEmpty()) {
                types.add(parseType());
            } else {
                throw expected("integer parameter");
            }
        }
        expect(IrToken.RPAREN, "')'");
        return new TargetExtType(name, types, ints);
    }

    /** Parameter and return attributes: words, {@code word(...)}, {@code align N}, {@code "k"="v"}. */
    private AttributeSet parseParameterAttributes() {
        List<Attribute> list = null;
        // any other word ends the list, as in LLParser: the parameter's name or value is next
        while (lex.kind == IrToken.STRING || lex.kind == IrToken.WORD && FunctionAttributes.isAttributeWord(lex.text())) {
            if (list == null) {
                list = new ArrayList<>(2);
            }
            list.add(parseAttribute());
        }
        return list == null || checkOnly ? AttributeSet.EMPTY : share(new AttributeSet(list));
    }

    // ------------------------------------------------------------------ constants

    /** A constant of type {@code t} (no locals). */
    private Constant parseConstant(Type t) {
        Value v = parseValue(t, false);
        if (!(v instanceof Constant c)) {
            throw error("expected a constant");
        }
        return c;
    }

    /**
     * A value of type {@code t}: a constant, or (in a body, {@code allowLocal}) a local. Returns
     * null for a forward reference, which the caller records as a fixup.
     */
    private Value parseValue(Type t, boolean allowLocal) {
        enter();
        try {
            return parseValueInner(t, allowLocal);
        } finally {
            depth--;
        }
    }

    private Value parseValueInner(Type t, boolean allowLocal) {
        int at = lex.start;
        switch (lex.kind) {
            case LOCAL -> {
                if (!allowLocal || function == null) {
                    throw error("expected a constant value");
                }
                return resolveLocal(t);
            }
            case GLOBAL -> {
                GlobalValue g = lex.numbered ? module.numberedGlobal(smallInt(lex.nameStart, lex.nameEnd))
                        : secondPass && !lex.quoted ? bodyGlobal() : globalNamed(lex.name());
                if (g == null && reparse) {
                    // re-reading for operand offsets: the global may have been renamed since
                    lex.next();
                    return new ConstantKeyword(ConstantKeyword.Keyword.UNDEF, t == null ? PointerType.OPAQUE : t);
                }
                if (g == null) {
                    throw error("use of undefined value '" + lex.text() + "'");
                }
                lex.next();
                if (t != null && !(t instanceof PointerType)) {
                    throw error(at, "global variable reference must have pointer type");
                }
                if (t != null && !t.equals(g.type())) {
                    throw error(at, "'" + src.substring(at, lex.previousEnd) + "' defined with type '" + g.type()
                            + "' but expected '" + t + "'");
                }
                return g;
            }
            case INTEGER -> {
                if (!(t instanceof IntegerType it)) {
                    throw error("integer constant must have integer type");
                }
                return intConstant(it);
            }
            case FLOAT -> {
                if (!(t instanceof FloatType ft)) {
                    throw error("floating point constant invalid for type");
                }
                // libdevice spells a few thousand distinct literals eight thousand times: each text is read once
                TextTable<ConstantFP> known = floatConstants[ft.ordinal()];
                if (known == null) {
                    known = floatConstants[ft.ordinal()] = new TextTable<>();
                }
                int hash = TextTable.hash(src, lex.start, lex.end);
                ConstantFP c = known.get(src, lex.start, lex.end, hash);
                if (c == null) {
                    String text = lex.text();
                    String[] err = new String[1];
                    BigInteger bits = IrFloatLiterals.parse(ft, text, err);
                    if (bits == null) {
                        throw error(err[0]);
                    }
                    c = new ConstantFP(ft, bits);
                    known.putIfAbsent(text, c);
                }
                lex.next();
                return c;
            }
            case CSTRING -> {
                if (!(t instanceof ArrayType at2) || !at2.element().isInteger(8)) {
                    throw error("constant string must have array of i8 type");
                }
                String escaped = src.substring(lex.nameStart, lex.nameEnd);
                ConstantString s = new ConstantString(at2, escaped);
                if (s.bytes().length != at2.count()) {
                    throw error("constant string has " + s.bytes().length + " bytes but its type has " + at2.count());
                }
                lex.next();
                return s;
            }
            case LBRACE -> {
                if (!(t instanceof StructType || t instanceof NamedStructType)) {
                    throw error("struct constant must have struct type");
                }
                return new ConstantAggregate(t, parseElements(IrToken.LBRACE, IrToken.RBRACE));
            }
            case LBRACKET -> {
                if (!(t instanceof ArrayType)) {
                    throw error("array constant must have array type");
                }
                return new ConstantAggregate(t, parseElements(IrToken.LBRACKET, IrToken.RBRACKET));
            }
            case LESS -> {
                lex.next();
                if (lex.kind == IrToken.LBRACE) {
                    List<Constant> elements = parseElements(IrToken.LBRACE, IrToken.RBRACE);
                    expect(IrToken.GREATER, "'>'");
                    return new ConstantAggregate(t, elements);
                }
                if (!(t instanceof VectorType)) {
                    throw error(at, "vector constant must have vector type");
                }
                List<Constant> elements = new ArrayList<>();
                while (lex.kind != IrToken.GREATER) {
                    if (!elements.isEmpty()) {
                        expect(IrToken.COMMA, "',' or '>'");
                    }
                    Type et = parseType();
                    elements.add(parseConstant(et));
                }
                lex.next();
                return new ConstantAggregate(t, elements);
            }
            case EXCLAIM, METADATA_NAME -> {
                if (t != PrimitiveType.METADATA) {
                    throw error("metadata is only valid as a metadata operand");
                }
                String text = skipMetadata();
                if (text.indexOf('%') >= 0) {
                    sawDebugLocal = true;
                }
                return new MetadataValue(text);
            }
            case WORD -> {
                return parseWordValue(t, allowLocal);
            }
            default -> throw expected("value");
        }
    }

    /** The floating-point constants read, by type and by their text. */
    @SuppressWarnings("unchecked")
    private final TextTable<ConstantFP>[] floatConstants = new TextTable[FloatType.values().length];

    /**
     * The global named by the unquoted {@code @name} token here, as a body sees it: every global
     * is known once pass one is over, and the module is not edited while a body is read (nor while
     * a printer re-reads instructions with one parser), so each name is looked up in the module
     * once per body read ({@link #constantExprs} is cleared alike).
     */
    private GlobalValue bodyGlobal() {
        GlobalValue g = bodyGlobals.get(src, lex.nameStart, lex.nameEnd, lex.nameHash);
        if (g == null) {
            String name = lex.name();
            g = globalNamed(name);
            if (g != null) {
                bodyGlobals.putIfAbsent(name, g);
            }
        }
        return g;
    }

    private final TextTable<GlobalValue> bodyGlobals = new TextTable<>();

    private GlobalValue globalNamed(String name) {
        return module.global(name);
    }

    /**
     * Small integer constants of the widths up to 128, shared by every module read (constants are
     * immutable): they are most of the constants of a module. Filled as met; a race only makes
     * an extra equal instance.
     */
    private static final ConstantInt[][] SMALL_INTS = new ConstantInt[129][];
    private final HashMap<Constant, Constant> interned = new HashMap<>();

    /** One instance per distinct type, call detail, flag list or attachment name: the model stays small. */
    private final HashMap<Object, Object> shared = new HashMap<>();

    @SuppressWarnings("unchecked")
    private <T> T share(T value) {
        if (value == null || value instanceof PrimitiveType || value instanceof FloatType
                || value instanceof NamedStructType || value instanceof IntegerType) {
            return value;
        }
        return (T) shared.computeIfAbsent(value, k -> k);
    }

    @SuppressWarnings("unchecked")
    private <C extends Constant> C intern(C c) {
        return (C) interned.computeIfAbsent(c, k -> k);
    }

    private static final int SMALL_MIN = -128;
    private static final int SMALL_MAX = 1023;

    private ConstantInt intConstant(IntegerType type) {
        int s = lex.start;
        int e = lex.end;
        if (e - s <= 5 && type.bits() < SMALL_INTS.length && type == IntegerType.of(type.bits())
                && src.charAt(s) != 's' && src.charAt(s) != 'u') {
            int v = Integer.parseInt(src, s, e, 10);
            if (v >= SMALL_MIN && v <= SMALL_MAX) {
                ConstantInt[] row = SMALL_INTS[type.bits()];
                if (row == null) {
                    row = SMALL_INTS[type.bits()] = new ConstantInt[SMALL_MAX - SMALL_MIN + 1];
                }
                ConstantInt c = row[v - SMALL_MIN];
                if (c == null) {
                    c = row[v - SMALL_MIN] = ConstantInt.of(type, v);
                }
                lex.next();
                return c;
            }
        }
        BigInteger value = integerValue();
        lex.next();
        return intern(new ConstantInt(type, value));
    }

    private BigInteger integerValue() {
        int s = lex.start;
        int e = lex.end;
        char c = src.charAt(s);
        if (c == 's' || c == 'u') {
            BigInteger v = new BigInteger(src.substring(s + 3, e), 16);
            return v;
        }
        if (e - s <= 18) {
            return BigInteger.valueOf(Long.parseLong(src, s, e, 10));
        }
        return new BigInteger(src.substring(s, e));
    }

    private List<Constant> parseElements(IrToken open, IrToken close) {
        expect(open, open.description);
        List<Constant> elements = new ArrayList<>();
        while (lex.kind != close) {
            if (!elements.isEmpty()) {
                expect(IrToken.COMMA, "',' or " + close.description);
            }
            Type et = parseType();
            elements.add(parseConstant(et));
        }
        lex.next();
        return elements;
    }

    private Value parseWordValue(Type t, boolean allowLocal) {
        int at = lex.start;
        String w = lex.text();
        switch (w) {
            case "true", "false" -> {
                if (t == null || !t.isInteger(1)) {
                    throw error("'" + w + "' must be of type i1");
                }
                lex.next();
                return w.equals("true") ? ConstantInt.TRUE : ConstantInt.FALSE;
            }
            case "null" -> {
                if (!(t instanceof PointerType)) {
                    throw error("null must be a pointer type");
                }
                lex.next();
                return new ConstantKeyword(ConstantKeyword.Keyword.NULL, t);
            }
            case "none" -> {
                if (t != PrimitiveType.TOKEN) {
                    throw error("invalid type for none constant");
                }
                lex.next();
                return new ConstantKeyword(ConstantKeyword.Keyword.NONE, t);
            }
            case "undef", "poison", "zeroinitializer" -> {
                if (t == null || t.isVoid() || t == PrimitiveType.LABEL) {
                    throw error("invalid type for " + w);
                }
                lex.next();
                return new ConstantKeyword(w.equals("undef") ? ConstantKeyword.Keyword.UNDEF
                        : w.equals("poison") ? ConstantKeyword.Keyword.POISON
                        : ConstantKeyword.Keyword.ZEROINITIALIZER, t);
            }
            case "blockaddress" -> {
                lex.next();
                expect(IrToken.LPAREN, "'('");
                GlobalValue fn = (GlobalValue) parseValue(null, false);
                expect(IrToken.COMMA, "','");
                if (lex.kind != IrToken.LOCAL) {
                    throw expected("basic block name");
                }
                String block = lex.text();
                lex.next();
                expect(IrToken.RPAREN, "')'");
                return new BlockAddress(BlockAddress.Kind.BLOCKADDRESS, t, fn, block);
            }
            case "dso_local_equivalent", "no_cfi" -> {
                lex.next();
                if (lex.kind != IrToken.GLOBAL) {
                    throw expected("global value name");
                }
                GlobalValue g = (GlobalValue) parseValue(null, false);
                // of the global's own type, as in LLVM (a call's callee is read with the return type as t)
                return new BlockAddress(w.equals("no_cfi") ? BlockAddress.Kind.NO_CFI
                        : BlockAddress.Kind.DSO_LOCAL_EQUIVALENT, g.type(), g, null);
            }
            case "splat" -> {
                lex.next();
                expect(IrToken.LPAREN, "'('");
                Type et = parseType();
                Constant element = parseConstant(et);
                expect(IrToken.RPAREN, "')'");
                if (!(t instanceof VectorType vt)) {
                    throw error(at, "splat must have vector type");
                }
                int n = vt.scalable() || vt.count() > 4096 ? 1 : (int) vt.count();
                return new ConstantAggregate(t, java.util.Collections.nCopies(n, element));
            }
            default -> {
                Opcode op = Opcode.byKeyword(w);
                if (op != null && op.isConstantExpression()) {
                    return secondPass ? cachedConstantExpr(op, at) : parseConstantExpr(op, at);
                }
                throw error("expected value token"); // LLParser's words for a word that is no value
            }
        }
    }

    /**
     * A constant expression whose text was met before in a body is the constant read then (they
     * are values: libdevice repeats one getelementptr of a string thousands of times); a new text
     * is read and entered with the widest scalar type it spells. The text is found by a scan for
     * the ')' that closes the first '(' (skipping strings, quoted names and comments), and entered
     * only when reading it ended there.
     */
    private Constant cachedConstantExpr(Opcode op, int at) {
        int end = constantExprEnd(at);
        if (end < 0 || depth >= SHALLOW_NESTING || end - at >= MAX_NESTING - SHALLOW_NESTING) {
            return parseConstantExpr(op, at);
        }
        int hash = TextTable.hash(src, at, end);
        CachedConstant known = constantExprs.get(src, at, end, hash);
        if (known != null) {
            widestScalarBits = Math.max(widestScalarBits, known.widestScalarBits());
            lex.reset(end);
            return known.constant();
        }
        int outerBits = widestScalarBits;
        widestScalarBits = 0;
        ConstantExpr c = parseConstantExpr(op, at);
        int bits = widestScalarBits;
        widestScalarBits = Math.max(outerBits, bits);
        if (lex.previousEnd == end) {
            constantExprs.putIfAbsent(src.substring(at, end), new CachedConstant(c, bits));
        }
        return c;
    }

    private record CachedConstant(Constant constant, int widestScalarBits) {
    }

    private final TextTable<CachedConstant> constantExprs = new TextTable<>();

    /** Where the text of the constant expression at {@code at} ends: after its first balanced '(...)'; -1 if not found. */
    private int constantExprEnd(int at) {
        int nesting = 0;
        for (int i = at; i < src.length(); i++) {
            char c = src.charAt(i);
            switch (c) {
                case '(' -> nesting++;
                case ')' -> {
                    if (--nesting < 0) {
                        return -1;
                    }
                    if (nesting == 0) {
                        return i + 1;
                    }
                }
                case '"' -> {
                    int close = src.indexOf('"', i + 1);
                    if (close < 0) {
                        return -1;
                    }
                    i = close;
                }
                case ';', '/', '!' -> {
                    return -1; // comments and metadata: read the usual way
                }
                default -> {
                    if (nesting == 0 && c != ' ' && !IrLexer.isNameChar(c)) {
                        return -1; // only the opcode and flag words come before the '('
                    }
                }
            }
        }
        return -1;
    }

    private ConstantExpr parseConstantExpr(Opcode op, int at) {
        lex.next();
        List<String> flags = new ArrayList<>();
        while (lex.kind == IrToken.WORD && CONSTANT_EXPR_WORDS.contains(lex.text())) {
            int s = lex.start;
            lex.next();
            if (lex.kind == IrToken.LPAREN && lex.start == lex.previousEnd) {
                skipBalancedOnly(IrToken.LPAREN, IrToken.RPAREN);
            }
            flags.add(src.substring(s, lex.previousEnd));
        }
        expect(IrToken.LPAREN, "'(' in constant expression");
        List<Constant> operands = new ArrayList<>();
        Type sourceType = null;
        Type result;
        if (op == Opcode.GETELEMENTPTR) {
            sourceType = parseType();
            expect(IrToken.COMMA, "','");
        }
        int inrange = -1;
        List<Long> indices = new ArrayList<>();
        while (lex.kind != IrToken.RPAREN) {
            if (!operands.isEmpty()) {
                expect(IrToken.COMMA, "',' or ')'");
            }
            if (lex.isWord("inrange")) {
                inrange = operands.size();
                lex.next();
            }
            if (lex.kind == IrToken.INTEGER && (op == Opcode.EXTRACTVALUE || op == Opcode.INSERTVALUE)) {
                long index = unsigned64("index");
                if (index >>> 32 != 0) {
                    throw error("expected 32-bit integer (too large)");
                }
                lex.next();
                indices.add(index);
                continue;
            }
            Type ot = parseType();
            operands.add(parseConstant(ot));
            if (op.kind() == Opcode.Kind.CAST && acceptWord("to")) {
                break;
            }
        }
        switch (op.kind()) {
            case CAST -> {
                result = parseType();
                if (operands.size() != 1) {
                    throw error(at, "invalid cast constant expression");
                }
            }
            case CMP -> result = operands.isEmpty() ? IntegerType.I1 : cmpResultType(operands.get(0).type());
            default -> {
                if (operands.isEmpty()) {
                    throw error(at, "constant expression needs operands");
                }
                result = switch (op) {
                    case GETELEMENTPTR -> gepResultType(sourceType, operands.get(0).type(),
                            operands.subList(1, operands.size()).stream().map(v -> (Value) v).toList(), at);
                    case SELECT -> operands.get(operands.size() - 1).type();
                    case EXTRACTELEMENT -> elementOf(operands.get(0).type(), at);
                    case SHUFFLEVECTOR -> operands.size() < 3 ? operands.get(0).type()
                            : shuffleType(operands.get(0).type(), operands.get(2).type(), at);
                    case EXTRACTVALUE -> {
                        Type cur = operands.get(0).type();
                        for (long index : indices) {
                            cur = aggregateIndex(cur, index, at);
                        }
                        yield cur;
                    }
                    default -> operands.get(0).type();
                };
            }
        }
        expect(IrToken.RPAREN, "')' at end of constant expression");
        return new ConstantExpr(op, flags, result, sourceType, operands, inrange, indices);
    }

    // ------------------------------------------------------------------ type rules

    private static Type cmpResultType(Type operand) {
        return operand instanceof VectorType v ? new VectorType(v.scalable(), v.count(), IntegerType.I1)
                : IntegerType.I1;
    }

    private Type elementOf(Type vector, int at) {
        if (!(vector instanceof VectorType v)) {
            throw error(at, "expected a vector operand");
        }
        return v.element();
    }

    private Type shuffleType(Type vector, Type mask, int at) {
        if (!(vector instanceof VectorType v) || !(mask instanceof VectorType m)) {
            throw error(at, "invalid shufflevector operands");
        }
        return new VectorType(m.scalable(), m.count(), v.element());
    }

    /** The result of a GEP: a pointer (or vector of pointers) in the base's address space. */
    private Type gepResultType(Type sourceType, Type baseType, List<Value> indices, int at) {
        Type scalarBase = baseType.scalarType();
        if (!(scalarBase instanceof PointerType base)) {
            throw error(at, "base of getelementptr must be a pointer");
        }
        Type result;
        if (base.isOpaque()) {
            result = base;
        } else {
            Type t = sourceType;
            for (int i = 1; i < indices.size(); i++) {
                t = indexInto(t, indices.get(i), at);
            }
            result = PointerType.to(t, base.addressSpace());
        }
        long lanes = -1;
        boolean scalable = false;
        if (baseType instanceof VectorType v) {
            lanes = v.count();
            scalable = v.scalable();
        }
        for (Value index : indices) {
            if (index != null && index.type() instanceof VectorType v) {
                if (lanes >= 0 && v.count() != lanes) {
                    throw error(at, "getelementptr vector index has a wrong number of elements");
                }
                lanes = v.count();
                scalable = v.scalable();
            }
        }
        return lanes < 0 ? result : new VectorType(scalable, lanes, result);
    }

    private Type indexInto(Type t, Value index, int at) {
        if (t instanceof ArrayType a) {
            return a.element();
        }
        if (t instanceof VectorType v) {
            return v.element();
        }
        List<Type> fields = t instanceof StructType s ? s.fields() : t instanceof NamedStructType n ? n.fields() : null;
        if (fields == null) {
            throw error(at, "invalid getelementptr indices");
        }
        BigInteger i = structIndex(index);
        if (i == null || i.signum() < 0 || i.compareTo(BigInteger.valueOf(fields.size())) >= 0) {
            throw error(at, "invalid getelementptr indices");
        }
        return fields.get(i.intValue());
    }

    /**
     * The field a struct index selects: a constant integer, or a vector of one repeated constant
     * (a vector GEP; LLVM's StructType::indexValid takes the splat value); null otherwise.
     */
    private static BigInteger structIndex(Value index) {
        if (index instanceof ConstantInt ci) {
            return ci.value();
        }
        if (index instanceof ConstantKeyword k && k.keyword() == ConstantKeyword.Keyword.ZEROINITIALIZER
                && k.type() instanceof VectorType v && !v.scalable()) { // llvm-as 14 and 19 refuse a scalable one
            return BigInteger.ZERO;
        }
        if (index instanceof ConstantAggregate a && a.type() instanceof VectorType && !a.elements().isEmpty()
                && a.elements().get(0) instanceof ConstantInt first
                && a.elements().stream().allMatch(first::equals)) {
            return first.value();
        }
        return null;
    }

    private Type aggregateIndex(Type t, long index, int at) {
        if (t instanceof ArrayType a) {
            if (Long.compareUnsigned(index, a.count()) >= 0) {
                throw error(at, "invalid indices for extractvalue/insertvalue");
            }
            return a.element();
        }
        List<Type> fields = t instanceof StructType s ? s.fields() : t instanceof NamedStructType n ? n.fields() : null;
        if (fields == null || index >= fields.size()) {
            throw error(at, "invalid indices for extractvalue/insertvalue");
        }
        return fields.get((int) index);
    }

    // ------------------------------------------------------------------ function bodies

    /** Whether the body being read has debug-info text that may name locals (see {@link #bindDebugLocals}). */
    private boolean sawDebugLocal;

    /**
     * Binds the locals that debug-info text names ({@code !DIArgList(i32 %x)} operands,
     * {@code #dbg_value} records) to the values they name, so that they follow those values
     * through edits ({@link DebugLocals}). A name the body does not define leaves the text unbound.
     */
    private void bindDebugLocals(Function f) {
        boolean any = false;
        for (BasicBlock b : f.blocks()) {
            for (Instruction inst : b.instructions()) {
                List<DebugRecord> records = null;
                for (int r = 0; r < inst.debugRecords().size(); r++) {
                    DebugRecord rec = inst.debugRecords().get(r);
                    List<Value> bound = lookUpLocals(rec.text());
                    if (bound != null) {
                        if (records == null) {
                            records = new ArrayList<>(inst.debugRecords());
                        }
                        records.set(r, new DebugRecord(rec.kind(), rec.text(), rec.slice(), bound));
                    }
                }
                if (records != null) {
                    inst.bindDebugLocals(records, -1, null);
                    any = true;
                }
                for (int k = 0; k < inst.operandCount(); k++) {
                    if (inst.operand(k) instanceof MetadataValue m) {
                        List<Value> bound = lookUpLocals(m.text());
                        if (bound != null) {
                            inst.bindDebugLocals(null, k, new MetadataValue(m.text(), bound));
                            any = true;
                        }
                    }
                }
            }
        }
        if (any) {
            f.markDebugLocals();
        }
    }

    /** The values the {@code %} references of {@code text} name in the current body, or null (none, or one undefined). */
    private List<Value> lookUpLocals(String text) {
        if (text == null || text.indexOf('%') < 0) {
            return null;
        }
        List<String> names = DebugLocals.localNames(text);
        if (names.isEmpty()) {
            return null;
        }
        List<Value> values = new ArrayList<>(names.size());
        for (String name : names) {
            TrackedValue v;
            if (MetadataText.isNumber(name)) {
                int slot = name.length() > 9 ? -1 : Integer.parseInt(name);
                v = slot >= 0 && slot < numbered.size() ? numbered.get(slot) : null;
            } else {
                v = locals.get(name);
            }
            if (v == null || v instanceof BasicBlock) {
                return null;
            }
            values.add(v);
        }
        return values;
    }

    private void parseBody(Function f, int bodyStart, int closeBrace) {
        function = f;
        sawDebugLocal = false;
        locals = localTable;
        locals.clear();
        namedBlock = false;
        numbered = numberedList;
        numbered.clear();
        useListOrders = false;
        forwardBlocks = forwardTable;
        forwardBlocks.clear();
        forwardUsed.clear();
        fixups.clear();
        for (Argument a : f.arguments()) {
            if (a.hasName()) {
                locals.putIfAbsent(a.name(), a); // distinct: the header rejects a repeated name
            } else {
                numbered.add(a);
            }
        }
        lex.reset(bodyStart);
        int itemStart = bodyStart;
        BasicBlock block = null;
        while (lex.kind != IrToken.RBRACE || lex.start < closeBrace) {
            if (lex.kind == IrToken.EOF) {
                throw expected("'}' at end of function");
            }
            if (lex.isWord("uselistorder")) {
                // kept as text: it stays in the slice of whatever follows
                int directive = lex.start;
                useListOrders = true;
                lex.next();
                parseType();
                if (lex.kind == IrToken.LOCAL && !(lex.numbered && !lex.quoted
                        ? smallInt(lex.nameStart, lex.nameEnd) < numbered.size() : locals.containsKey(lex.name()))) {
                    throw error(directive, "value has no uses"); // LLParser's placeholder for an unknown local
                }
                lex.next();
                expect(IrToken.COMMA, "','");
                if (lex.kind != IrToken.LBRACE) {
                    throw expected("'{'");
                }
                checkUseListIndexes();
                continue;
            }
            if (useListOrders) {
                throw error("expected uselistorder directive"); // they end the body
            }
            if (lex.kind == IrToken.LABEL) {
                if (block != null) {
                    throw error("expected instruction opcode (the block before this label has no terminator)");
                }
                block = defineBlock(lex.quoted || !lex.numbered ? lex.name() : null, lex.start);
                int end = lex.lineEndAfter(lex.end);
                int nameEnd = lex.quoted ? lex.nameEnd + 1 : lex.nameEnd;
                block.setLabelSource(new SourceSlice(itemStart, end), lex.quoted ? lex.nameStart - 1 : lex.nameStart,
                        nameEnd);
                itemStart = end;
                lex.next();
                continue;
            }
            if (block == null) {
                block = defineBlock(null, lex.start);
            }
            List<DebugRecord> records = List.of();
            while (lex.kind == IrToken.RECORD) {
                String kind = src.substring(lex.nameStart, lex.nameEnd);
                int recordStart = lex.start;
                lex.next();
                if (lex.kind != IrToken.LPAREN) {
                    throw expected("'(' after debug record");
                }
                skipBalancedOnly(IrToken.LPAREN, IrToken.RPAREN);
                int end = lex.lineEndAfter(lex.previousEnd);
                if (records.isEmpty()) {
                    records = new ArrayList<>(2);
                }
                sawDebugLocal = true;
                records.add(new DebugRecord(kind, checkOnly ? null : src.substring(recordStart, lex.previousEnd),
                        new SourceSlice(itemStart, end)));
                itemStart = end;
            }
            Instruction inst = parseInstruction(itemStart, records.isEmpty() ? List.of() : List.copyOf(records));
            itemStart = lastEnd;
            if (inst != null) {
                block.appendParsed(inst);
            }
            if (lastOpcode.isTerminator()) {
                block.trimToSize();
                block = null;
            }
        }
        if (block != null) {
            throw error("expected instruction opcode (the last block has no terminator)");
        }
        if (numbered.size() == unnamedArguments(f) && !namedBlock) {
            throw error(lex.start, "function body requires at least one basic block");
        }
        f.setBodySource(bodyStart, itemStart);
        resolveFixups();
        for (int i = 0; i < forwardUsed.size(); i++) {
            BasicBlock b = forwardUsed.get(i);
            if (!b.isDefined()) {
                throw error(forwardUseAt[i], "use of undefined value '%" + (b.hasName() ? b.name() : b.slot()) + "'");
            }
        }
        if (!checkOnly && sawDebugLocal) {
            bindDebugLocals(f);
        }
        function = null;
        locals = null;
        numbered.clear();
        numbered = null;
    }

    private static int unnamedArguments(Function f) {
        int n = 0;
        for (Argument a : f.arguments()) {
            if (!a.hasName()) {
                n++;
            }
        }
        return n;
    }

    private BasicBlock defineBlock(String name, int at) {
        BasicBlock b;
        if (name != null) {
            TrackedValue existing = locals.get(name);
            if (existing == null) {
                b = new BasicBlock(name);
                locals.putIfAbsent(name, b);
                namedBlock = true;
            } else if (existing instanceof BasicBlock fb && !fb.isDefined()) {
                b = fb;
            } else {
                throw error(at, "redefinition of value named '%" + name + "'");
            }
        } else {
            int slot = numbered.size();
            if (lex.kind == IrToken.LABEL && lex.numbered && !lex.quoted) {
                int written = smallInt(lex.nameStart, lex.nameEnd);
                if (written != slot) {
                    throw error(at, "label expected to be numbered '" + slot + "'");
                }
            }
            b = forwardBlocks.get(slot); // stays entered: slots below numbered.size() are not asked for
            if (b == null) {
                b = new BasicBlock("");
            }
            b.setSlot(slot);
            b.setSourceSlot(slot);
            numbered.add(b);
        }
        b.markDefined();
        function.appendParsedBlock(b);
        return b;
    }

    private Value resolveLocal(Type t) {
        if (reparse) {
            lex.next();
            return t == PrimitiveType.LABEL ? new BasicBlock("")
                    : new Argument(function, 0, t == null ? PointerType.OPAQUE : t, "", AttributeSet.EMPTY);
        }
        int at = lex.start;
        boolean isNumbered = lex.numbered && !lex.quoted;
        // an unquoted name is looked up in the source text; its string is made only when needed
        TrackedValue known = isNumbered || lex.quoted ? null
                : locals.get(src, lex.nameStart, lex.nameEnd, lex.nameHash);
        String name = isNumbered || known != null ? null : lex.name();
        int nameStart = lex.nameStart;
        int nameEnd = lex.nameEnd;
        int slot = isNumbered ? smallInt(lex.nameStart, lex.nameEnd) : -1;
        lex.next();
        if (t == PrimitiveType.LABEL) {
            BasicBlock b;
            if (isNumbered) {
                if (slot < numbered.size()) {
                    if (!(numbered.get(slot) instanceof BasicBlock nb)) {
                        throw error(at, "'%" + slot + "' is not a basic block");
                    }
                    b = nb;
                } else {
                    b = forwardBlocks.get(slot);
                    if (b == null) {
                        b = new BasicBlock("");
                        b.setSlot(slot);
                        forwardBlocks.put(slot, b);
                        usedBeforeLabel(b, at);
                    }
                }
            } else {
                TrackedValue v = known != null ? known : locals.get(name);
                if (v == null) {
                    b = new BasicBlock(name);
                    locals.putIfAbsent(name, b);
                    namedBlock = true;
                    usedBeforeLabel(b, at);
                } else if (v instanceof BasicBlock nb) {
                    b = nb;
                } else {
                    throw error(at, "'%" + (name != null ? name : src.substring(nameStart, nameEnd))
                            + "' is not a basic block");
                }
            }
            return b;
        }
        TrackedValue v = isNumbered ? (slot < numbered.size() ? numbered.get(slot) : null)
                : known != null ? known : locals.get(name);
        if (v == null) {
            if (t == null) {
                throw error(at, "use of undefined value '" + src.substring(at, lex.previousEnd) + "'");
            }
            if (pendingHolder == null) {
                pendingHolder = new Instruction[1];
            }
            fixups.add(new Fixup(pendingHolder, opCount, name, slot, t, at));
            return null;
        }
        if (v instanceof BasicBlock b && !b.isDefined()) {
            throw error(at, "'" + src.substring(at, lex.previousEnd) + "' defined with type 'label' but expected '"
                    + t + "'");
        }
        if (t != null && !v.type().equals(t)) {
            throw error(at, "'" + src.substring(at, lex.previousEnd) + "' defined with type '" + v.type()
                    + "' but expected '" + t + "'");
        }
        return v;
    }

    private void usedBeforeLabel(BasicBlock b, int at) {
        if (forwardUsed.size() == forwardUseAt.length) {
            forwardUseAt = Arrays.copyOf(forwardUseAt, forwardUseAt.length * 2);
        }
        forwardUseAt[forwardUsed.size()] = at;
        forwardUsed.add(b);
    }

    private void resolveFixups() {
        for (Fixup fx : fixups) {
            TrackedValue v = fx.name() != null ? locals.get(fx.name())
                    : fx.slot() < numbered.size() ? numbered.get(fx.slot()) : null;
            String shown = fx.name() != null ? "%" + fx.name() : "%" + fx.slot();
            if (v == null || v instanceof BasicBlock b && !b.isDefined()) {
                throw error(fx.offset(), "use of undefined value '" + shown + "'");
            }
            if (!v.type().equals(fx.type())) {
                throw error(fx.offset(), "'" + shown + "' defined with type '" + v.type() + "' but expected '"
                        + fx.type() + "'");
            }
            if (fx.holder()[0] != null) {
                fx.holder()[0].resolveForwardOperand(fx.operand(), v);
            }
        }
        fixups.clear();
    }

    // ------------------------------------------------------------------ instructions

    private void addOperand(Value v, int start, int end) {
        if (opCount == ops.length) {
            ops = Arrays.copyOf(ops, opCount * 2);
            spans = Arrays.copyOf(spans, opCount * 4);
        }
        ops[opCount] = v;
        spans[2 * opCount] = start;
        spans[2 * opCount + 1] = end;
        opCount++;
    }

    /** Parses a value of type {@code t} and adds it as the next operand. */
    private Value operand(Type t) {
        int start = lex.start;
        Value v;
        if (t == PrimitiveType.METADATA && lex.kind != IrToken.EXCLAIM && lex.kind != IrToken.METADATA_NAME) {
            // metadata T v: a value wrapped as metadata
            Type inner = parseType();
            start = lex.start;
            v = parseValue(inner, true);
        } else {
            v = parseValue(t, true);
        }
        addOperand(v, start, lex.previousEnd);
        return v;
    }

    private Value typedOperand() {
        Type t = parseType();
        return operand(t);
    }

    private Type typeOfOperand(int index) {
        Value v = ops[index];
        if (v != null) {
            return v.type();
        }
        for (Fixup fx : fixups) {
            if (pendingHolder != null && fx.holder() == pendingHolder && fx.operand() == index) {
                return fx.type();
            }
        }
        throw new IllegalStateException("operand " + index + " has no type");
    }

    private List<String> flagWords(Set<String> allowed) {
        List<String> flags = null;
        while (lex.kind == IrToken.WORD && allowed.contains(lex.text())) {
            if (flags == null) {
                flags = new ArrayList<>(2);
            }
            flags.add(lex.text());
            lex.next();
        }
        return flags == null ? List.of() : flags;
    }

    private static final Set<String> BINARY_FLAGS;
    private static final Set<String> TLS_MODELS = Set.of("localdynamic", "initialexec", "localexec");
    /** A getelementptr's flags ({@code inrange(a, b)}: LLVM 19's constant expressions). */
    private static final Set<String> GEP_FLAGS = Set.of("inbounds", "nusw", "nuw", "inrange");
    /** The words between a constant expression's opcode and its '(': flags and compare predicates. */
    private static final Set<String> CONSTANT_EXPR_WORDS;

    static {
        Set<String> s = new HashSet<>(FAST_MATH);
        s.addAll(INT_FLAGS);
        BINARY_FLAGS = Set.copyOf(s);
        s.addAll(GEP_FLAGS);
        s.addAll(List.of("eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle", "false", "oeq", "ogt",
                "oge", "olt", "ole", "one", "ord", "ueq", "une", "uno", "true"));
        CONSTANT_EXPR_WORDS = Set.copyOf(s);
    }

    private Instruction parseInstruction(int itemStart, List<DebugRecord> records) {
        int defStart = -1;
        int defEnd = -1;
        String defName = null;
        int defSlot = -1;
        int tokenStart = lex.start;
        if (lex.kind == IrToken.LOCAL) {
            defStart = lex.start;
            defEnd = lex.end;
            if (lex.numbered && !lex.quoted) {
                defSlot = smallInt(lex.nameStart, lex.nameEnd);
            } else {
                defName = lex.name();
            }
            lex.next();
            expect(IrToken.EQUALS, "'=' after instruction name");
        }
        opCount = 0;
        pendingHolder = null;
        String tail = "";
        if (lex.isWord("tail") || lex.isWord("musttail") || lex.isWord("notail")) {
            tail = lex.text();
            lex.next();
            if (!lex.isWord("call")) {
                throw expected("'call' after '" + tail + "'");
            }
        }
        if (lex.kind != IrToken.WORD) {
            throw expected("instruction opcode");
        }
        int opAt = lex.start;
        Opcode op = Opcode.byKeyword(lex.text());
        if (op == null) {
            throw error("expected instruction opcode");
        }
        lex.next();
        Parts parts = this.parts.reset();
        parseOperands(op, tail, opAt, parts);
        Type type = parts.type;
        List<MetadataAttachment> metadata = parseAttachments();
        if (defName != null || defSlot >= 0) {
            if (type.isVoid()) {
                throw error(defStart, "instructions returning void cannot have a name");
            }
        }
        if (reparse) {
            reparseSpans = new int[2 + 2 * opCount];
            reparseSpans[0] = defStart;
            reparseSpans[1] = defEnd;
            System.arraycopy(spans, 0, reparseSpans, 2, 2 * opCount);
            return null;
        }
        int end = lex.lineEndAfter(lex.previousEnd);
        lastEnd = end;
        lastOpcode = op;
        if (checkOnly) {
            // checking pass: no instruction, just a typed placeholder for later uses
            if (!type.isVoid()) {
                defineLocal(new Argument(function, -1, share(type), defName == null ? "" : defName, AttributeSet.EMPTY), defName,
                        defSlot, defStart);
            }
            return null;
        }
        Value[] operands = Arrays.copyOf(ops, opCount);
        decodeFlags(op, parts);
        Instruction inst = Instruction.read(op, share(type), parts.flagBits, parts.fastMath, operands, parts.detail);
        if (pendingHolder != null) {
            pendingHolder[0] = inst;
        }
        inst.setSource(itemStart, tokenStart, end, metadata.isEmpty() ? List.of() : List.copyOf(metadata), records);
        if (inst.hasResult()) {
            if (defName != null) {
                inst.setName(defName);
            }
            defineLocal(inst, defName, defSlot, defStart);
        }
        return inst;
    }

    /**
     * What an instruction's text after its opcode gives besides the operands (collected in
     * {@code ops}): the flag words, the result type, the kind's detail, and for memory
     * instructions the element type and alignment.
     */
    private static final class Parts {
        List<String> flags = List.of();
        Type type = PrimitiveType.VOID;
        Instruction.Detail detail;
        Type elementType;
        long align;
        int flagBits;
        FastMathFlags fastMath = FastMathFlags.NONE;

        /** Back to an instruction's defaults: one Parts serves every instruction (they do not nest). */
        Parts reset() {
            flags = List.of();
            type = PrimitiveType.VOID;
            detail = null;
            elementType = null;
            align = 0;
            flagBits = 0;
            fastMath = FastMathFlags.NONE;
            return this;
        }
    }

    private final Parts parts = new Parts();

    /**
     * Sorts the flag words into {@link InstFlag} bits, fast-math flags and (memory instructions)
     * the access details: orderings, sync scope, the atomicrmw operation, a GEP's inrange.
     */
    private void decodeFlags(Opcode op, Parts parts) {
        if (parts.flags.isEmpty() && op.kind() != Opcode.Kind.MEMORY) {
            return;
        }
        AtomicOrdering ordering = null;
        AtomicOrdering failure = null;
        String syncScope = null;
        String operation = null;
        String inrange = null;
        List<String> fmfWords = null;
        for (String w : parts.flags) {
            InstFlag f = InstFlag.byKeyword(w);
            if (f != null) {
                parts.flagBits |= Instruction.flagBits(f);
            } else if (FastMathFlags.isKeyword(w)) {
                if (fmfWords == null) {
                    fmfWords = new ArrayList<>(2);
                }
                fmfWords.add(w);
            } else if (AtomicOrdering.byKeyword(w) != null) {
                if (ordering == null) {
                    ordering = AtomicOrdering.byKeyword(w);
                } else {
                    failure = AtomicOrdering.byKeyword(w);
                }
            } else if (w.startsWith("syncscope")) {
                syncScope = MetadataText.stringValue("!" + w.substring(w.indexOf('"'), w.lastIndexOf('"') + 1));
            } else if (w.startsWith("inrange")) {
                inrange = w;
            } else {
                operation = w;
            }
        }
        if (fmfWords != null) {
            parts.fastMath = share(FastMathFlags.parse(fmfWords));
        }
        if (op.kind() == Opcode.Kind.MEMORY) {
            Type element = parts.elementType == null ? null : share(parts.elementType);
            parts.detail = share(new MemoryInst.Access(element, parts.align, ordering, failure, syncScope, operation,
                    inrange));
        }
    }

    /** The {@code , !name !node} attachments after an instruction. */
    private List<MetadataAttachment> parseAttachments() {
        List<MetadataAttachment> metadata = List.of();
        while (lex.kind == IrToken.COMMA) {
            lex.next();
            if (lex.kind != IrToken.METADATA_NAME) {
                throw expected("metadata attachment");
            }
            String name = share(lex.name());
            lex.next();
            String node = skipMetadata();
            if (metadata.isEmpty()) {
                metadata = new ArrayList<>(2);
            }
            metadata.add(new MetadataAttachment(name, node));
        }
        return metadata;
    }

    /** Parses the rest of an instruction by its opcode, one method per instruction family as LLVM's LLParser. */
    private void parseOperands(Opcode op, String tail, int opAt, Parts parts) {
        switch (op) {
            case RET -> parseRet(opAt);
            case BR -> parseBr();
            case SWITCH -> parseSwitch();
            case INDIRECTBR -> parseIndirectBr();
            case RESUME -> typedOperand();
            case UNREACHABLE -> {
            }
            case CLEANUPRET -> parseCleanupRet();
            case CATCHRET -> parseCatchRet();
            case CATCHSWITCH -> parseCatchSwitch(parts);
            case CATCHPAD, CLEANUPPAD -> parseFuncletPad(parts);
            case CALL, INVOKE, CALLBR -> parseCallInst(op, tail, opAt, parts);
            case FNEG -> parseUnaryOp(opAt, parts);
            case ADD, SUB, MUL, UDIV, SDIV, UREM, SREM, SHL, LSHR, ASHR, AND, OR, XOR,
                    FADD, FSUB, FMUL, FDIV, FREM -> parseArithmetic(op, opAt, parts);
            case TRUNC, ZEXT, SEXT, FPTOUI, FPTOSI, UITOFP, SITOFP, FPTRUNC, FPEXT, PTRTOINT, PTRTOADDR, INTTOPTR,
                    BITCAST, ADDRSPACECAST -> parseCast(parts);
            case ICMP, FCMP -> parseCompare(op, parts);
            case PHI -> parsePhi(parts);
            case SELECT -> parseSelect(parts);
            case FREEZE -> parseFreeze(parts);
            case VA_ARG -> parseVaArg(parts);
            case EXTRACTELEMENT -> parseExtractElement(opAt, parts);
            case INSERTELEMENT -> parseInsertElement(parts);
            case SHUFFLEVECTOR -> parseShuffleVector(opAt, parts);
            case EXTRACTVALUE, INSERTVALUE -> parseAggregateIndices(op, opAt, parts);
            case ALLOCA -> parseAlloca(parts);
            case LOAD -> parseLoad(parts);
            case STORE -> parseStore(parts);
            case FENCE -> parseFence(parts);
            case CMPXCHG -> parseCmpXchg(parts);
            case ATOMICRMW -> parseAtomicRmw(parts);
            case GETELEMENTPTR -> parseGetElementPtr(opAt, parts);
            case LANDINGPAD -> parseLandingPad(parts);
        }
    }

    /** {@code [e, e, ...]} after the first operand: each element parsed by {@code element}. */
    private void parseOperandList(Runnable element) {
        expect(IrToken.LBRACKET, "'['");
        while (lex.kind != IrToken.RBRACKET) {
            if (opCount > 1) {
                expect(IrToken.COMMA, "','");
            }
            element.run();
        }
        lex.next();
    }

    /** {@code ret void} or {@code ret T v}: the type must be the function's result type. */
    private void parseRet(int opAt) {
        Type t = parseType();
        if (!t.isVoid()) {
            operand(t);
        }
        if (!t.equals(function.returnType())) {
            throw error(opAt, "value doesn't match function result type '" + function.returnType() + "'");
        }
    }

    /** {@code br label %d} or {@code br i1 %c, label %t, label %f}. */
    private void parseBr() {
        Type t = parseType();
        if (t == PrimitiveType.LABEL) {
            operand(t);
        } else {
            if (!t.isInteger(1)) {
                throw error("branch condition must have 'i1' type");
            }
            operand(t);
            expect(IrToken.COMMA, "','");
            labelOperand();
            expect(IrToken.COMMA, "','");
            labelOperand();
        }
    }

    /** {@code switch T v, label %default [ T c, label %d ... ]}. */
    private void parseSwitch() {
        Type t = parseType();
        operand(t);
        expect(IrToken.COMMA, "','");
        labelOperand();
        expect(IrToken.LBRACKET, "'['");
        while (lex.kind != IrToken.RBRACKET) {
            Type ct = parseType();
            operand(ct);
            expect(IrToken.COMMA, "','");
            labelOperand();
        }
        lex.next();
    }

    /** {@code indirectbr ptr %a, [label %d, ...]}. */
    private void parseIndirectBr() {
        typedOperand();
        expect(IrToken.COMMA, "','");
        parseOperandList(this::labelOperand);
    }

    /** {@code cleanupret from %pad unwind (label %d | to caller)}. */
    private void parseCleanupRet() {
        expectWord("from");
        operand(PrimitiveType.TOKEN);
        expectWord("unwind");
        if (!acceptWord("to")) {
            labelOperand();
        } else {
            expectWord("caller");
        }
    }

    /** {@code catchret from %pad to label %d}. */
    private void parseCatchRet() {
        expectWord("from");
        operand(PrimitiveType.TOKEN);
        expectWord("to");
        labelOperand();
    }

    /** {@code catchswitch within %parent [label %h, ...] unwind (label %d | to caller)}. */
    private void parseCatchSwitch(Parts parts) {
        expectWord("within");
        operand(PrimitiveType.TOKEN);
        parseOperandList(this::labelOperand);
        parts.detail = new TerminatorInst.Handlers(opCount - 1);
        expectWord("unwind");
        if (acceptWord("to")) {
            expectWord("caller");
        } else {
            labelOperand();
        }
        parts.type = PrimitiveType.TOKEN;
    }

    /** {@code catchpad}/{@code cleanuppad within %parent [args]}. */
    private void parseFuncletPad(Parts parts) {
        expectWord("within");
        operand(PrimitiveType.TOKEN);
        parseOperandList(this::typedOperand);
        parts.type = PrimitiveType.TOKEN;
    }

    /** {@code call}, {@code invoke}, {@code callbr}: fast-math flags, then {@link #parseCall}. */
    private void parseCallInst(Opcode op, String tail, int opAt, Parts parts) {
        parts.flags = flagWords(FAST_MATH);
        CallInst.Detail d = parseCall(op, tail, opAt);
        parts.detail = d;
        parts.type = d.calleeType().returnType();
    }

    /** {@code fneg [fmf] T v}. */
    private void parseUnaryOp(int opAt, Parts parts) {
        parts.flags = flagWords(FAST_MATH);
        parts.type = typedOperand() == null ? typeOfOperand(0) : ops[0].type();
        if (!(parts.type.scalarType() instanceof FloatType)) {
            throw error(opAt, "invalid operand type for instruction");
        }
    }

    /** The binary operators: {@code op [flags] T a, b}, integer or floating point by the opcode. */
    private void parseArithmetic(Opcode op, int opAt, Parts parts) {
        parts.flags = flagWords(BINARY_FLAGS);
        Type t = parseType();
        operand(t);
        expect(IrToken.COMMA, "','");
        operand(t);
        boolean fp = op == Opcode.FADD || op == Opcode.FSUB || op == Opcode.FMUL || op == Opcode.FDIV
                || op == Opcode.FREM;
        if (fp ? !(t.scalarType() instanceof FloatType) : !(t.scalarType() instanceof IntegerType)) {
            throw error(opAt, "invalid operand type for instruction");
        }
        parts.type = t;
    }

    /** {@code op [flags] T v to T2}. */
    private void parseCast(Parts parts) {
        parts.flags = flagWords(BINARY_FLAGS);
        typedOperand();
        expectWord("to");
        parts.type = parseType();
    }

    private static final Predicate[] PREDICATES = Predicate.values();

    /** The predicate spelled by the word here ({@link Predicate#of}, without copying values() per compare). */
    private Predicate predicate(boolean floating) {
        for (Predicate p : PREDICATES) {
            if (p.isFloating() == floating && lex.isWord(p.keyword())) {
                return p;
            }
        }
        return null;
    }

    /** {@code icmp}/{@code fcmp [flags] pred T a, b}. */
    private void parseCompare(Opcode op, Parts parts) {
        parts.flags = flagWords(op == Opcode.FCMP ? FAST_MATH : INT_FLAGS);
        if (lex.kind != IrToken.WORD) {
            throw expected("comparison predicate");
        }
        Predicate p = predicate(op == Opcode.FCMP);
        if (p == null) {
            throw expected(op == Opcode.FCMP ? "fcmp predicate" : "icmp predicate");
        }
        lex.next();
        parts.detail = p;
        Type t = parseType();
        operand(t);
        expect(IrToken.COMMA, "','");
        operand(t);
        parts.type = cmpResultType(t);
    }

    /** {@code phi [fmf] T [v, %b], ...}. */
    private void parsePhi(Parts parts) {
        parts.flags = flagWords(FAST_MATH);
        Type t = parseType();
        parts.type = t;
        do {
            expect(IrToken.LBRACKET, "'[' in phi");
            operand(t);
            expect(IrToken.COMMA, "','");
            if (lex.kind != IrToken.LOCAL) {
                throw expected("basic block in phi");
            }
            operand(PrimitiveType.LABEL);
            expect(IrToken.RBRACKET, "']' in phi");
        } while (commaFollowedBy(IrToken.LBRACKET));
    }

    /** {@code select [fmf] i1 c, T a, T b}. */
    private void parseSelect(Parts parts) {
        parts.flags = flagWords(FAST_MATH);
        typedOperand();
        expect(IrToken.COMMA, "','");
        Type t = parseType();
        operand(t);
        expect(IrToken.COMMA, "','");
        Type t2 = parseType();
        if (!t2.equals(t)) {
            throw error("select values must have the same type");
        }
        operand(t2);
        parts.type = t;
    }

    /** {@code freeze T v}. */
    private void parseFreeze(Parts parts) {
        Type t = parseType();
        operand(t);
        parts.type = t;
    }

    /** {@code va_arg ptr %list, T}. */
    private void parseVaArg(Parts parts) {
        typedOperand();
        expect(IrToken.COMMA, "','");
        parts.type = parseType();
    }

    /** {@code extractelement <n x T> v, iN i}. */
    private void parseExtractElement(int opAt, Parts parts) {
        Type t = parseType();
        operand(t);
        expect(IrToken.COMMA, "','");
        typedOperand();
        parts.type = elementOf(t, opAt);
    }

    /** {@code insertelement <n x T> v, T e, iN i}. */
    private void parseInsertElement(Parts parts) {
        Type t = parseType();
        operand(t);
        expect(IrToken.COMMA, "','");
        typedOperand();
        expect(IrToken.COMMA, "','");
        typedOperand();
        parts.type = t;
    }

    /** {@code shufflevector <n x T> a, <n x T> b, <m x i32> mask}. */
    private void parseShuffleVector(int opAt, Parts parts) {
        Type t = parseType();
        operand(t);
        expect(IrToken.COMMA, "','");
        typedOperand();
        expect(IrToken.COMMA, "','");
        Type mask = parseType();
        operand(mask);
        parts.type = shuffleType(t, mask, opAt);
    }

    /** {@code extractvalue T agg, i...} and {@code insertvalue T agg, T2 v, i...}. */
    private void parseAggregateIndices(Opcode op, int opAt, Parts parts) {
        Type t = parseType();
        operand(t);
        if (op == Opcode.INSERTVALUE) {
            expect(IrToken.COMMA, "','");
            typedOperand();
        }
        List<Long> indices = new ArrayList<>();
        Type cur = t;
        while (commaFollowedBy(IrToken.INTEGER)) {
            long index = unsigned64("index");
            if (index >>> 32 != 0) {
                throw error("expected 32-bit integer (too large)"); // LLParser's parseUInt32
            }
            lex.next();
            cur = aggregateIndex(cur, index, opAt);
            indices.add(index);
        }
        if (indices.isEmpty()) {
            throw expected("index");
        }
        parts.detail = new AggregateInst.Indices(indices);
        parts.type = op == Opcode.EXTRACTVALUE ? cur : t;
    }

    /** {@code alloca [inalloca] [swifterror] T [, iN count] [, align A] [, addrspace(N)]}. */
    private void parseAlloca(Parts parts) {
        parts.flags = flagWords(Set.of("inalloca", "swifterror"));
        Type t = parseType();
        parts.elementType = t;
        int as = 0;
        while (commaFollowedByNonMetadata()) {
            if (lex.isWord("align")) {
                lex.next();
                parts.align = alignValue();
            } else if (lex.isWord("addrspace")) {
                lex.next();
                as = parseAddressSpaceArgument();
            } else {
                typedOperand();
            }
        }
        parts.type = module.opaquePointers() || t instanceof PointerType p && p.isOpaque()
                ? PointerType.opaque(as) : PointerType.to(t, as);
    }

    /** {@code load [atomic] [volatile] T, ptr %p [syncscope] [ordering] [, align A]}. */
    private void parseLoad(Parts parts) {
        parts.flags = flagWords(Set.of("atomic", "volatile"));
        int typeAt = lex.start;
        Type t = parseType();
        parts.elementType = t;
        expect(IrToken.COMMA, "','");
        typedOperand();
        checkExplicitPointee(t, typeOfOperand(0), typeAt);
        parts.flags = atomicSuffix(parts.flags);
        parts.align = alignSuffix();
        parts.type = t;
    }

    /** {@code store [atomic] [volatile] T v, ptr %p [syncscope] [ordering] [, align A]}. */
    private void parseStore(Parts parts) {
        parts.flags = flagWords(Set.of("atomic", "volatile"));
        typedOperand();
        expect(IrToken.COMMA, "','");
        typedOperand();
        parts.flags = atomicSuffix(parts.flags);
        parts.align = alignSuffix();
    }

    /** {@code fence [syncscope] ordering}. */
    private void parseFence(Parts parts) {
        parts.flags = atomicSuffix(new ArrayList<>());
        if (parts.flags.isEmpty() || !ORDERINGS.contains(parts.flags.get(parts.flags.size() - 1))) {
            throw expected("ordering on atomic instruction");
        }
    }

    /** {@code cmpxchg [weak] [volatile] ptr %p, T cmp, T new [syncscope] success failure [, align A]}. */
    private void parseCmpXchg(Parts parts) {
        parts.flags = flagWords(Set.of("weak", "volatile"));
        typedOperand();
        expect(IrToken.COMMA, "','");
        Type t = parseType();
        operand(t);
        expect(IrToken.COMMA, "','");
        typedOperand();
        parts.flags = atomicSuffix(parts.flags);
        parts.align = alignSuffix();
        parts.type = StructType.of(t, IntegerType.I1);
    }

    /** {@code atomicrmw [volatile] op ptr %p, T v [syncscope] ordering [, align A]}. */
    private void parseAtomicRmw(Parts parts) {
        List<String> f = new ArrayList<>(flagWords(Set.of("volatile")));
        if (lex.kind != IrToken.WORD) {
            throw expected("atomicrmw operation");
        }
        f.add(lex.text());
        lex.next();
        typedOperand();
        expect(IrToken.COMMA, "','");
        Type t = parseType();
        operand(t);
        parts.flags = atomicSuffix(f);
        parts.align = alignSuffix();
        parts.type = t;
    }

    /** {@code getelementptr [flags] T, ptr %base, indices...}. */
    private void parseGetElementPtr(int opAt, Parts parts) {
        List<String> f = new ArrayList<>();
        while (lex.kind == IrToken.WORD && GEP_FLAGS.contains(lex.text())) {
            int s = lex.start;
            lex.next();
            if (lex.kind == IrToken.LPAREN && lex.start == lex.previousEnd) {
                skipBalancedOnly(IrToken.LPAREN, IrToken.RPAREN);
            }
            f.add(src.substring(s, lex.previousEnd));
        }
        parts.flags = f;
        int typeAt = lex.start;
        Type source = parseType();
        parts.elementType = source;
        expect(IrToken.COMMA, "','");
        typedOperand();
        checkExplicitPointee(source, typeOfOperand(0), typeAt);
        while (commaFollowedByNonMetadata()) {
            acceptWord("inrange");
            typedOperand();
        }
        List<Value> indices = new ArrayList<>(opCount);
        for (int i = 1; i < opCount; i++) {
            indices.add(ops[i]);
        }
        parts.type = gepResultType(source, typeOfOperand(0), indices, opAt);
    }

    /** LLParser: with typed pointers, the type written before a pointer operand must be its pointee. */
    private void checkExplicitPointee(Type explicit, Type pointer, int at) {
        if (pointer.scalarType() instanceof PointerType p && !p.isOpaque() && !p.pointee().equals(explicit)) {
            throw error(at, "explicit pointee type doesn't match operand's pointee type (" + explicit + " vs "
                    + p.pointee() + ")");
        }
    }

    /** {@code landingpad T [cleanup] (catch|filter) ...}. */
    private void parseLandingPad(Parts parts) {
        parts.type = parseType();
        List<String> f = new ArrayList<>();
        if (acceptWord("cleanup")) {
            f.add("cleanup");
        }
        List<OtherInst.Clauses.Kind> kinds = new ArrayList<>();
        while (lex.isWord("catch") || lex.isWord("filter")) {
            kinds.add(lex.isWord("catch") ? OtherInst.Clauses.Kind.CATCH : OtherInst.Clauses.Kind.FILTER);
            lex.next();
            typedOperand();
        }
        parts.flags = f;
        parts.detail = new OtherInst.Clauses(kinds);
    }

    /** Records a defined local (an instruction, or its placeholder in the checking pass). */
    private void defineLocal(TrackedValue value, String name, int slot, int at) {
        if (name != null) {
            TrackedValue existing = locals.putIfAbsent(name, value);
            if (existing != null) {
                if (existing instanceof BasicBlock b && !b.isDefined()) {
                    throw error(at, "instruction forward referenced with type 'label'");
                }
                throw error(at, "multiple definition of local value named '" + name + "'");
            }
        } else {
            int expectedSlot = numbered.size();
            if (slot >= 0 && slot != expectedSlot) {
                throw error(at, "instruction expected to be numbered '%" + expectedSlot + "'");
            }
            if (forwardBlocks.get(expectedSlot) != null) {
                throw error(at, "instruction forward referenced with type 'label'");
            }
            value.setSlot(expectedSlot);
            numbered.add(value);
        }
    }

    private void labelOperand() {
        int at = lex.start;
        if (!lex.isWord("label")) {
            throw expected("'label'");
        }
        lex.next();
        if (lex.kind != IrToken.LOCAL) {
            throw error(at, "expected a basic block");
        }
        operand(PrimitiveType.LABEL);
    }

    /** If a comma is followed by {@code t}, consumes the comma and returns true. */
    private boolean commaFollowedBy(IrToken t) {
        if (lex.kind != IrToken.COMMA) {
            return false;
        }
        if (peekKind() != t) {
            return false;
        }
        lex.next();
        return true;
    }

    /** If a comma is followed by something other than a metadata attachment, consumes it. */
    private boolean commaFollowedByNonMetadata() {
        if (lex.kind != IrToken.COMMA) {
            return false;
        }
        if (peekKind() == IrToken.METADATA_NAME) {
            return false;
        }
        lex.next();
        return true;
    }

    /** {@code [syncscope("x")] [ordering [ordering]]} after an atomic operation. */
    private List<String> atomicSuffix(List<String> flags) {
        List<String> f = flags;
        while (lex.kind == IrToken.WORD && (lex.isWord("syncscope") || ORDERINGS.contains(lex.text()))) {
            if (f.isEmpty()) {
                f = new ArrayList<>(2);
            } else if (!(f instanceof ArrayList)) {
                f = new ArrayList<>(f);
            }
            int s = lex.start;
            lex.next();
            if (lex.kind == IrToken.LPAREN) {
                skipBalancedOnly(IrToken.LPAREN, IrToken.RPAREN);
            }
            f.add(src.substring(s, lex.previousEnd));
        }
        return f;
    }

    private long alignSuffix() {
        long align = 0;
        while (commaFollowedByNonMetadata()) {
            if (lex.isWord("align")) {
                lex.next();
                align = alignValue();
            } else {
                throw expected("'align' or metadata");
            }
        }
        return align;
    }

    /** The rest of call/invoke/callbr after the opcode and fast-math flags. */
    private CallInst.Detail parseCall(Opcode op, String tail, int opAt) {
        // calling convention, return attributes, address space
        String cc = "";
        // scratch lists, cleared per call: what is kept is copied (AttributeSet, FunctionType and
        // CallInst.Detail copy their lists); a call's text holds no nested call
        List<Attribute> returnAttributes = callReturnAttributes;
        returnAttributes.clear();
        while (lex.kind == IrToken.WORD && !isTypeStart() || lex.kind == IrToken.STRING) {
            String w = lex.text();
            if (lex.kind == IrToken.WORD && isCallingConvention(w)) {
                cc = callingConvention();
            } else if (lex.isWord("addrspace")) {
                lex.next();
                parseAddressSpaceArgument();
            } else {
                returnAttributes.add(parseAttribute());
            }
        }
        Type t = parseType();
        FunctionType explicit = t instanceof FunctionType ft ? ft : null;
        Type returnType = explicit != null ? explicit.returnType() : t;
        int calleeStart = lex.start;
        if (lex.isWord("asm")) {
            lex.next();
            while (lex.kind == IrToken.WORD) {
                lex.next();
            }
            expect(IrToken.STRING, "inline asm string");
            expect(IrToken.COMMA, "','");
            expect(IrToken.STRING, "inline asm constraints");
            addOperand(new InlineAsm(explicit != null ? explicit : returnType, src.substring(calleeStart,
                    lex.previousEnd)), calleeStart, lex.previousEnd);
        } else if (lex.kind == IrToken.LOCAL) {
            addOperand(parseValue(null, true), calleeStart, lex.previousEnd);
        } else {
            // null, undef, poison, zeroinitializer as the callee (llvm-as reads them): some pointer;
            // LLVM derives its function type from the arguments, which come after
            boolean keyword = lex.isWord("null") || lex.isWord("undef") || lex.isWord("poison")
                    || lex.isWord("zeroinitializer");
            Value callee = parseValue(keyword ? PointerType.OPAQUE : calleeTypeHint(), false);
            addOperand(callee, calleeStart, lex.previousEnd);
        }
        expect(IrToken.LPAREN, "'(' in call");
        List<Type> argTypes = callArgTypes;
        argTypes.clear();
        List<AttributeSet> argAttributes = callArgAttributes;
        argAttributes.clear();
        boolean anyArgAttributes = false;
        boolean mustTail = tail.equals("musttail");
        boolean inVarArgs = function != null && function.functionType().varArgs();
        boolean forwarded = false; // '...': a musttail call forwards its varargs caller's variable arguments
        while (lex.kind != IrToken.RPAREN) {
            if (!argTypes.isEmpty()) {
                expect(IrToken.COMMA, "',' or ')'");
            }
            if (lex.kind == IrToken.DOTS) {
                if (!mustTail) {
                    throw error("unexpected ellipsis in argument list for non-musttail call");
                }
                if (!inVarArgs) {
                    throw error("unexpected ellipsis in argument list for musttail call in non-varargs function");
                }
                lex.next();
                if (lex.kind != IrToken.RPAREN) {
                    throw expected("')' at end of argument list");
                }
                forwarded = true;
                continue;
            }
            Type at = parseType();
            AttributeSet attrs = parseParameterAttributes();
            anyArgAttributes |= !attrs.isEmpty();
            argAttributes.add(attrs);
            operand(at);
            argTypes.add(at);
        }
        if (mustTail && inVarArgs && !forwarded) {
            throw error("expected '...' at end of argument list for musttail call in varargs function");
        }
        lex.next();
        int argumentCount = opCount - 1;
        // function attributes, up to the end of the line or an instruction on the same line
        List<Attribute> fnAttributes = callFnAttributes;
        fnAttributes.clear();
        List<Integer> groups = callGroups;
        groups.clear();
        while ((lex.kind == IrToken.ATTRIBUTE_GROUP_ID || lex.kind == IrToken.WORD && !lex.isWord("to")
                && FunctionAttributes.isCallSiteWord(lex.text()) || lex.kind == IrToken.STRING)
                && !newlineBetween(lex.previousEnd, lex.start)) {
            if (lex.kind == IrToken.ATTRIBUTE_GROUP_ID) {
                groups.add(smallInt(lex.nameStart, lex.nameEnd));
                lex.next();
            } else {
                fnAttributes.add(parseAttribute());
            }
        }
        List<CallInst.Bundle> bundles = List.of();
        if (lex.kind == IrToken.LBRACKET) {
            bundles = new ArrayList<>();
            lex.next();
            boolean first = true;
            while (lex.kind != IrToken.RBRACKET) {
                if (!first) {
                    expect(IrToken.COMMA, "',' or ']'");
                }
                first = false;
                if (lex.kind != IrToken.STRING) {
                    throw expected("operand bundle tag");
                }
                String tag = lex.name();
                lex.next();
                expect(IrToken.LPAREN, "'('");
                int inputs = 0;
                while (lex.kind != IrToken.RPAREN) {
                    if (inputs > 0) {
                        expect(IrToken.COMMA, "',' or ')'");
                    }
                    typedOperand();
                    inputs++;
                }
                lex.next();
                bundles.add(new CallInst.Bundle(tag, inputs));
            }
            lex.next();
        }
        if (op == Opcode.INVOKE) {
            expectWord("to");
            labelOperand();
            expectWord("unwind");
            labelOperand();
        } else if (op == Opcode.CALLBR) {
            expectWord("to");
            labelOperand();
            expect(IrToken.LBRACKET, "'['");
            boolean first = true;
            while (lex.kind != IrToken.RBRACKET) {
                if (!first) {
                    expect(IrToken.COMMA, "','");
                }
                first = false;
                labelOperand();
            }
            lex.next();
        }
        FunctionType calleeType = explicit;
        if (calleeType == null) {
            calleeType = ops[0] instanceof Function f && f.functionType().returnType().equals(returnType)
                    && sameTypes(f.functionType().params(), argTypes) && !f.functionType().varArgs()
                    ? f.functionType() : share(new FunctionType(returnType, argTypes, false));
        }
        if (calleeType.params().size() != argumentCount && !calleeType.varArgs()) {
            throw error(opAt, "wrong number of arguments for the callee's type");
        }
        if (ops[0] instanceof ConstantKeyword k && k.type() == PointerType.OPAQUE && !module.opaquePointers()) {
            // a keyword callee in typed-pointer IR points to the call's function type
            ops[0] = new ConstantKeyword(k.keyword(), PointerType.to(calleeType, 0));
        }
        if (checkOnly || reparse) {
            return CallInst.Detail.plain(calleeType, argumentCount); // only the type is looked at
        }
        boolean plain = tail.isEmpty() && cc.isEmpty() && returnAttributes.isEmpty() && !anyArgAttributes
                && fnAttributes.isEmpty() && bundles.isEmpty() && groups.size() <= 1;
        if (plain) {
            // most calls are "call T @f(args) #N": the shared detail of the last such call through
            // this function type, when it has the same group, saves building and hashing a new one
            CallInst.Detail last = plainCalls.get(calleeType);
            if (last != null && last.argumentCount() == argumentCount && sameGroups(last.attributeGroups(), groups)) {
                return last;
            }
        }
        CallInst.Detail detail = share(new CallInst.Detail(tail, calleeType, argumentCount, cc,
                returnAttributes.isEmpty() ? AttributeSet.EMPTY : share(new AttributeSet(returnAttributes)),
                anyArgAttributes ? argAttributes : List.of(),
                fnAttributes.isEmpty() ? AttributeSet.EMPTY : share(new AttributeSet(fnAttributes)), groups, bundles));
        if (plain) {
            plainCalls.put(calleeType, detail);
        }
        return detail;
    }

    private static boolean sameTypes(List<Type> a, List<Type> b) {
        int n = a.size();
        if (n != b.size()) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            Type x = a.get(i);
            Type y = b.get(i);
            if (x != y && !x.equals(y)) {
                return false;
            }
        }
        return true;
    }

    /** Whether two lists of at most one attribute group are the same. */
    private static boolean sameGroups(List<Integer> a, List<Integer> b) {
        return a.size() == b.size() && (a.isEmpty() || a.get(0).intValue() == b.get(0).intValue());
    }

    /** The shared detail of the last plain call ({@link #parseCall}) through each function type. */
    private final java.util.IdentityHashMap<FunctionType, CallInst.Detail> plainCalls = new java.util.IdentityHashMap<>();

    private final List<Attribute> callReturnAttributes = new ArrayList<>();
    private final List<Type> callArgTypes = new ArrayList<>();
    private final List<AttributeSet> callArgAttributes = new ArrayList<>();
    private final List<Attribute> callFnAttributes = new ArrayList<>();
    private final List<Integer> callGroups = new ArrayList<>();

    /** Callees are checked for existence, not type: typed-pointer IR calls through many pointer types. */
    private Type calleeTypeHint() {
        return null;
    }
}
