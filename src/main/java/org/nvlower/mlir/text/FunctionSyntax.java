package org.nvlower.mlir.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.nvlower.mlir.ArrayAttr;
import org.nvlower.mlir.MlirAttribute;
import org.nvlower.mlir.Block;
import org.nvlower.mlir.DialectAttr;
import org.nvlower.mlir.DictionaryAttr;
import org.nvlower.mlir.MlirFunctionType;
import org.nvlower.mlir.IntegerAttr;
import org.nvlower.mlir.MlirIntegerType;
import org.nvlower.mlir.LlvmFunctionType;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.Region;
import org.nvlower.mlir.StringAttr;
import org.nvlower.mlir.MlirType;
import org.nvlower.mlir.TypeAttr;
import org.nvlower.mlir.UnitAttr;

/**
 * The three function operations:
 * {@code func.func [private|nested|public] @f(%a: f32 {attrs}) -> (f32 {attrs}) attributes {...} {...}},
 * {@code gpu.func @k(%a: f32) workgroup(%w : memref<..>) private(%p : memref<..>) kernel {...}} and
 * {@code llvm.func [linkage] @f(f32, ...) -> f32}. A function without a body is a declaration
 * and lists argument types only. The type is {@code function_type} (an {@code !llvm.func} for
 * {@code llvm.func}), argument and result attributes are {@code arg_attrs}/{@code res_attrs}.
 */
record FunctionSyntax(Kind kind) implements Syntax {

    enum Kind { FUNC, GPU, LLVM }

    static final String KERNEL = "gpu.kernel";
    static final String WORKGROUP_COUNT = "workgroup_attributions";

    private static final Set<String> VISIBILITIES = Set.of("private", "nested", "public");
    private static final Set<String> LINKAGES = Set.of("private", "internal", "available_externally", "linkonce",
            "weak", "common", "appending", "extern_weak", "linkonce_odr", "weak_odr", "external");
    private static final Set<String> ELIDED = Set.of("sym_name", "function_type", "sym_visibility", "arg_attrs",
            "res_attrs", KERNEL, WORKGROUP_COUNT, "workgroup_attrib_attrs", "private_attrib_attrs", "linkage");
    private static final Set<String> ELIDED_NOT_FUNC = ELIDED.stream().filter(n -> !n.equals("sym_visibility"))
            .collect(java.util.stream.Collectors.toUnmodifiableSet());

    /** One signature entry: a name (null in a declaration), a type and its attributes. */
    private record Arg(String name, MlirType type, int offset, DictionaryAttr attrs) {
    }

    @Override
    public Operation parse(MlirParser p, OpInfo info) {
        Map<String, MlirAttribute> attrs = new TreeMap<>();
        if (kind == Kind.FUNC && p.at(MlirToken.BARE_IDENTIFIER)) {
            int at = p.offset();
            String v = p.expectKeyword("visibility");
            if (!VISIBILITIES.contains(v)) {
                throw p.errorAt(at, "expected 'private', 'nested' or 'public' before the function name");
            }
            attrs.put("sym_visibility", new StringAttr(v));
        } else if (kind == Kind.LLVM && p.at(MlirToken.BARE_IDENTIFIER)) {
            int at = p.offset();
            String l = p.expectKeyword("linkage");
            if (!LINKAGES.contains(l)) {
                throw p.errorAt(at, "unsupported llvm.func keyword '" + l + "' (nvlower reads a linkage keyword only)");
            }
            if (!l.equals("external")) {
                attrs.put("linkage", new DialectAttr("#llvm.linkage<" + l + ">"));
            }
        }
        attrs.put("sym_name", new StringAttr(p.symbolName()));
        List<Arg> args = new ArrayList<>();
        boolean varArg = parseArguments(p, args);
        List<MlirType> results = new ArrayList<>();
        List<DictionaryAttr> resultAttrs = new ArrayList<>();
        if (p.consume(MlirToken.ARROW)) {
            parseResults(p, results, resultAttrs);
        }
        List<Arg> workgroup = new ArrayList<>();
        List<Arg> privates = new ArrayList<>();
        if (kind == Kind.GPU) {
            if (p.consumeKeyword("workgroup")) {
                parseAttributions(p, workgroup);
            }
            if (p.consumeKeyword("private")) {
                parseAttributions(p, privates);
            }
            if (p.consumeKeyword("kernel")) {
                attrs.put(KERNEL, UnitAttr.UNIT);
            }
            attrs.put(WORKGROUP_COUNT, IntegerAttr.of(workgroup.size(), MlirIntegerType.I64));
        }
        attrs.putAll(p.parseOptionalAttrDictWithKeyword());
        List<MlirType> inputs = args.stream().map(Arg::type).toList();
        MlirType type;
        if (kind == Kind.LLVM) {
            if (results.size() > 1) {
                throw p.error("an llvm.func returns at most one value");
            }
            type = new LlvmFunctionType(results.isEmpty() ? null : results.get(0), inputs, varArg);
        } else {
            type = new MlirFunctionType(inputs, results);
        }
        attrs.put("function_type", new TypeAttr(type));
        putArgAttrs(attrs, "arg_attrs", args.stream().map(Arg::attrs).toList());
        putArgAttrs(attrs, "res_attrs", resultAttrs);
        Operation op = Operation.create(info.name(), List.of(), List.of(), attrs);
        boolean named = !args.isEmpty() && args.get(0).name() != null;
        if (p.at(MlirToken.LBRACE)) {
            if (!args.isEmpty() && !named) {
                throw p.errorAt(args.get(0).offset(), "a function with a body needs named arguments (%arg0: f32)");
            }
            List<MlirParser.EntryArgument> entry = new ArrayList<>();
            for (List<Arg> group : List.of(args, workgroup, privates)) {
                for (Arg a : group) {
                    entry.add(new MlirParser.EntryArgument(a.name(), a.type(), a.offset()));
                }
            }
            p.pushDefaultDialect(info.defaultDialect());
            op.regions().add(p.parseRegion(entry, true));
            p.popDefaultDialect();
        } else {
            if (named) {
                throw p.errorAt(args.get(0).offset(), "expected '{' to begin the body of a function with named arguments");
            }
            if (kind == Kind.GPU) {
                throw p.error("expected '{' to begin the body of a gpu.func");
            }
            op.addRegion();
        }
        return op;
    }

    /** Reads {@code (...)}; returns whether it ended in {@code ...} (llvm.func only). */
    private boolean parseArguments(MlirParser p, List<Arg> args) {
        p.expect(MlirToken.LPAREN, "'(' in function signature");
        boolean varArg = false;
        if (!p.at(MlirToken.RPAREN)) {
            do {
                if (kind == Kind.LLVM && p.at(MlirToken.ELLIPSIS)) {
                    p.consume(MlirToken.ELLIPSIS);
                    varArg = true;
                    break;
                }
                int at = p.offset();
                String name = null;
                if (p.at(MlirToken.PERCENT_IDENTIFIER)) {
                    MlirParser.OperandRef ref = p.parseOperandRef();
                    if (ref.number() != 0) {
                        throw p.errorAt(at, "expected an argument name without '#'");
                    }
                    name = ref.name();
                    p.expect(MlirToken.COLON, "':' after the argument name");
                }
                if (!args.isEmpty() && (name == null) != (args.get(0).name() == null)) {
                    throw p.errorAt(at, name == null ? "expected SSA identifier" : "expected a type, not an argument name");
                }
                MlirType t = p.parseType();
                DictionaryAttr a = DictionaryAttr.of(p.parseOptionalAttrDict());
                if (p.atKeyword("loc")) {
                    throw p.error("argument locations are not supported by nvlower");
                }
                args.add(new Arg(name, t, at, a));
            } while (p.consume(MlirToken.COMMA));
        }
        p.expect(MlirToken.RPAREN, "')' to end the function signature");
        return varArg;
    }

    private static void parseResults(MlirParser p, List<MlirType> results, List<DictionaryAttr> resultAttrs) {
        if (p.consume(MlirToken.LPAREN)) {
            if (!p.at(MlirToken.RPAREN)) {
                do {
                    results.add(p.parseType());
                    resultAttrs.add(DictionaryAttr.of(p.parseOptionalAttrDict()));
                } while (p.consume(MlirToken.COMMA));
            }
            p.expect(MlirToken.RPAREN, "')'");
            return;
        }
        results.addAll(p.parseFunctionResults());
        resultAttrs.add(DictionaryAttr.EMPTY);
    }

    private static void parseAttributions(MlirParser p, List<Arg> out) {
        p.expect(MlirToken.LPAREN, "'('");
        if (!p.at(MlirToken.RPAREN)) {
            do {
                int at = p.offset();
                MlirParser.OperandRef ref = p.parseOperandRef();
                p.expect(MlirToken.COLON, "':'");
                out.add(new Arg(ref.name(), p.parseType(), at, DictionaryAttr.EMPTY));
            } while (p.consume(MlirToken.COMMA));
        }
        p.expect(MlirToken.RPAREN, "')'");
    }

    /** {@code arg_attrs = [{...}, {}]} when any entry is non-empty. */
    private static void putArgAttrs(Map<String, MlirAttribute> attrs, String name, List<DictionaryAttr> dicts) {
        if (dicts.stream().anyMatch(d -> !d.entries().isEmpty())) {
            attrs.put(name, new ArrayAttr(new ArrayList<>(dicts)));
        }
    }

    // ------------------------------------------------------------------ printing

    @Override
    public void print(MlirPrinter p, Operation op) {
        if (kind == Kind.FUNC && op.attribute("sym_visibility") instanceof StringAttr v) {
            p.text(" ").text(v.value());
        }
        if (op.attribute("linkage") instanceof DialectAttr l) {
            p.text(" ").text(l.text().substring("#llvm.linkage<".length(), l.text().length() - 1));
        }
        p.text(" @").text(org.nvlower.mlir.Attributes.keywordOrString(op.symbolName()));
        MlirType t = ((TypeAttr) op.attribute("function_type")).type();
        List<MlirType> inputs = t instanceof LlvmFunctionType l ? l.params() : ((MlirFunctionType) t).inputs();
        List<MlirType> results = t instanceof LlvmFunctionType l ? l.toFunctionType().results() : ((MlirFunctionType) t).results();
        Region body = op.regions().isEmpty() ? null : op.region(0);
        Block entry = body == null || body.isEmpty() ? null : body.entry();
        p.text("(");
        for (int i = 0; i < inputs.size(); i++) {
            p.text(i == 0 ? "" : ", ");
            if (entry != null) {
                p.value(entry.argument(i)).text(": ");
            }
            p.type(inputs.get(i));
            dictionary(p, op, "arg_attrs", i);
        }
        if (t instanceof LlvmFunctionType l && l.varArg()) {
            p.text(inputs.isEmpty() ? "..." : ", ...");
        }
        p.text(")");
        if (!results.isEmpty()) {
            boolean withAttrs = op.attribute("res_attrs") != null;
            p.text(" -> ");
            if (results.size() == 1 && !withAttrs && !(results.get(0) instanceof MlirFunctionType)) {
                p.type(results.get(0));
            } else {
                p.text("(");
                for (int i = 0; i < results.size(); i++) {
                    p.text(i == 0 ? "" : ", ").type(results.get(i));
                    dictionary(p, op, "res_attrs", i);
                }
                p.text(")");
            }
        }
        if (kind == Kind.GPU && entry != null) {
            int workgroup = workgroupCount(op);
            attributions(p, "workgroup", entry, inputs.size(), inputs.size() + workgroup);
            attributions(p, "private", entry, inputs.size() + workgroup, entry.arguments().size());
            if (op.attribute(KERNEL) != null) {
                p.text(" kernel");
            }
        }
        p.attrDictWithKeyword(op.attributes(), kind == Kind.FUNC ? ELIDED : ELIDED_NOT_FUNC);
        if (entry != null) {
            p.text(" ").region(body, false, false, OpRegistry.lookupCanonical(op.name()).defaultDialect());
        }
    }

    private static int workgroupCount(Operation op) {
        return op.attribute(WORKGROUP_COUNT) instanceof IntegerAttr i ? i.value().intValue() : 0;
    }

    private static void attributions(MlirPrinter p, String keyword, Block entry, int from, int to) {
        if (from >= to) {
            return;
        }
        p.text(" ").text(keyword).text("(");
        for (int i = from; i < to; i++) {
            p.text(i == from ? "" : ", ").value(entry.argument(i)).text(" : ").type(entry.argument(i).type());
        }
        p.text(")");
    }

    private static void dictionary(MlirPrinter p, Operation op, String name, int index) {
        if (op.attribute(name) instanceof ArrayAttr a && index < a.elements().size()
                && a.elements().get(index) instanceof DictionaryAttr d && !d.entries().isEmpty()) {
            p.text(" ").text(d.toString());
        }
    }

    // ------------------------------------------------------------------ checks

    @Override
    public String verify(Operation op) {
        if (!op.operands().isEmpty() || !op.results().isEmpty() || op.regions().size() != 1) {
            return "expects no operands, no results and one region";
        }
        if (op.symbolName() == null) {
            return "requires a 'sym_name' string attribute";
        }
        if (!(op.attribute("function_type") instanceof TypeAttr ta)
                || !(kind == Kind.LLVM ? ta.type() instanceof LlvmFunctionType : ta.type() instanceof MlirFunctionType)) {
            return "requires a 'function_type' attribute of type " + (kind == Kind.LLVM ? "!llvm.func<...>" : "function");
        }
        if (op.attribute("linkage") != null && !(op.attribute("linkage") instanceof DialectAttr d
                && d.text().startsWith("#llvm.linkage<") && LINKAGES.contains(d.text().substring(14, d.text().length() - 1)))) {
            return "'linkage' must be #llvm.linkage<LINKAGE> (private, internal, external...)";
        }
        if (op.attribute("sym_visibility") != null && !(op.attribute("sym_visibility") instanceof StringAttr v
                && (kind != Kind.FUNC || VISIBILITIES.contains(v.value())))) {
            return "'sym_visibility' must be \"private\", \"nested\" or \"public\"";
        }
        List<MlirType> inputs = ta.type() instanceof LlvmFunctionType l ? l.params() : ((MlirFunctionType) ta.type()).inputs();
        Region body = op.region(0);
        if (body.isEmpty()) {
            return kind == Kind.GPU ? "a gpu.func needs a body" : null;
        }
        List<MlirType> entry = body.entry().argumentTypes();
        int expected = inputs.size();
        if (kind == Kind.GPU) {
            expected += workgroupCount(op);
        }
        if (entry.size() < inputs.size() || !entry.subList(0, inputs.size()).equals(inputs)
                || kind != Kind.GPU && entry.size() != expected || entry.size() < expected) {
            return "entry block arguments " + entry + " do not match the function type " + ta.type();
        }
        return null;
    }

    @Override
    public void normalizeGeneric(Operation op) {
        Map<String, MlirAttribute> a = op.attributes();
        if (!a.containsKey("function_type") && a.get("type") instanceof TypeAttr) {
            a.put("function_type", a.remove("type")); // MLIR 14's name
        }
        if (kind == Kind.LLVM) {
            Syntaxes.removeDefault(a, "linkage", "#llvm.linkage<external>");
            Syntaxes.removeDefault(a, "CConv", "#llvm.cconv<ccc>");
            Syntaxes.removeDefault(a, "unnamed_addr", "0 : i64");
            Syntaxes.removeDefault(a, "visibility_", "0 : i64");
        }
    }
}
