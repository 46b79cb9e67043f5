package org.nvlower.llvm.bitcode;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.nvlower.llvm.ir.Argument;
import org.nvlower.llvm.ir.Attribute;
import org.nvlower.llvm.ir.AttributeSet;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.CastInst;
import org.nvlower.llvm.ir.CmpInst;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.GlobalValue;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.BinaryInst;
import org.nvlower.llvm.ir.MemoryInst;
import org.nvlower.llvm.ir.AtomicOrdering;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.OtherInst;
import org.nvlower.llvm.ir.Predicate;
import org.nvlower.llvm.ir.PrimitiveType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.Value;

/**
 * What LLVM 14 does to old intrinsics when it reads bitcode (AutoUpgrade): NVVM intrinsics that
 * became generic ones ({@code llvm.nvvm.clz.i} to {@code llvm.ctlz.i32}, popc, brev), the ones
 * it expands into instructions (abs, min, max, clz.ll, popc.ll, h2f, atomic.load.add.f32/f64),
 * memcpy with an alignment argument (now parameter attributes), and every intrinsic's
 * attributes reset to LLVM 14's own (a table measured with llvm-as/llvm-dis 14). The new
 * declarations go at the end of the module, as LLVM appends them; the old ones go away.
 */
final class IntrinsicUpgrade {

    /** How an old intrinsic's calls are rewritten. */
    enum Kind { REPLACE, MEMCPY, EXPAND }

    record Upgrade(Kind kind, Function newFunction) {
    }

    private static final Map<String, String> REPLACED = Map.of("llvm.nvvm.clz.i", "llvm.ctlz",
            "llvm.nvvm.popc.i", "llvm.ctpop", "llvm.nvvm.brev32", "llvm.bitreverse", "llvm.nvvm.brev64",
            "llvm.bitreverse");
    private static final Set<String> EXPANDED = Set.of("llvm.nvvm.abs.i", "llvm.nvvm.abs.ll", "llvm.nvvm.clz.ll",
            "llvm.nvvm.popc.ll", "llvm.nvvm.h2f", "llvm.nvvm.max.i", "llvm.nvvm.max.ll", "llvm.nvvm.max.ui",
            "llvm.nvvm.max.ull", "llvm.nvvm.min.i", "llvm.nvvm.min.ll", "llvm.nvvm.min.ui", "llvm.nvvm.min.ull");

    private record IntrinsicAttributes(AttributeSet function, List<AttributeSet> params) {
    }

    private static final Map<String, IntrinsicAttributes> TABLE_14 = loadTable();
    private static final Map<String, AttributeSet> FUNCTION_TABLE_14 = loadFunctionTable(false);
    private static final Map<String, AttributeSet> FUNCTION_TABLE_19 = loadFunctionTable(true);

    /** LLVM 14's function attributes of the intrinsic {@code name} (overloads match their base name), or null. */
    static AttributeSet functionAttributes14(String name) {
        return functionAttributes(FUNCTION_TABLE_14, name);
    }

    /**
     * What LLVM 19's reader does to the intrinsics of bitcode written by LLVM 15+: their function
     * attributes become LLVM 19's own (intrinsics the table does not know keep theirs).
     */
    static void reset19(List<GlobalValue> globals, Map<Function, Attributes.AttributeList> attributes) {
        for (GlobalValue g : globals) {
            if (g instanceof Function f && f.name().startsWith("llvm.") && attributes.get(f) != null) {
                AttributeSet fn = functionAttributes(FUNCTION_TABLE_19, f.name());
                if (fn != null) {
                    Map<Long, AttributeSet> sets = new HashMap<>(attributes.get(f).sets());
                    sets.put(Attributes.FUNCTION_INDEX, fn);
                    attributes.put(f, new Attributes.AttributeList(sets));
                }
            }
        }
    }

    private static AttributeSet functionAttributes(Map<String, AttributeSet> table, String name) {
        String n = name;
        while (true) {
            AttributeSet a = table.get(n);
            if (a != null) {
                return a;
            }
            int dot = n.lastIndexOf('.');
            if (dot <= "llvm".length()) {
                return null;
            }
            n = n.substring(0, dot);
        }
    }

    private static Map<String, AttributeSet> loadFunctionTable(boolean llvm19) {
        Map<String, AttributeSet> table = new HashMap<>();
        String resource = "intrinsic-function-attributes-" + (llvm19 ? "19" : "14") + ".tsv";
        try (InputStream in = IntrinsicUpgrade.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the build");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            for (String line; (line = r.readLine()) != null; ) {
                if (!line.isEmpty() && !line.startsWith("#")) {
                    String[] cols = line.split("\t", -1);
                    table.put(cols[0], new AttributeSet(AttributeKinds.sorted(words(cols[1]).attributes(), llvm19)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return table;
    }

    private final ModuleReader m;
    private final Module module;
    /** Old function → how its calls change. */
    final Map<Function, Upgrade> upgrades = new LinkedHashMap<>();
    /** Declarations LLVM adds (appended to the module's functions). */
    final List<Function> added = new ArrayList<>();
    private final Map<String, Function> byName = new HashMap<>();

    IntrinsicUpgrade(ModuleReader m) {
        this.m = m;
        this.module = m.module;
    }

    /** LLVM's globalCleanup: decides each intrinsic's upgrade and resets intrinsic attributes. */
    void prepare(List<GlobalValue> globals, Map<Function, Attributes.AttributeList> attributes) {
        for (GlobalValue g : globals) {
            if (g instanceof Function f) {
                byName.put(f.name(), f);
            }
        }
        for (GlobalValue g : globals) {
            if (!(g instanceof Function f) || !f.name().startsWith("llvm.")) {
                continue;
            }
            String name = f.name();
            FunctionType ft = f.functionType();
            Function target = null;
            if (REPLACED.containsKey(name) && ft.params().size() == 1) {
                target = declaration(REPLACED.get(name) + "." + ft.returnType(), REPLACED.get(name).equals("llvm.ctlz")
                        ? new FunctionType(ft.returnType(), List.of(ft.returnType(), IntegerType.I1), false)
                        : new FunctionType(ft.returnType(), List.of(ft.returnType()), false), attributes);
                upgrades.put(f, new Upgrade(Kind.REPLACE, target));
            } else if (name.startsWith("llvm.memcpy.") && ft.params().size() == 5) {
                f.setName(name + ".old");
                byName.put(f.name(), f);
                byName.remove(name);
                target = declaration(name, new FunctionType(PrimitiveType.VOID, List.of(ft.params().get(0),
                        ft.params().get(1), ft.params().get(2), IntegerType.I1), false), attributes);
                upgrades.put(f, new Upgrade(Kind.MEMCPY, target));
            } else if (EXPANDED.contains(name) || name.startsWith("llvm.nvvm.atomic.load.add.f32.p")
                    || name.startsWith("llvm.nvvm.atomic.load.add.f64.p")) {
                upgrades.put(f, new Upgrade(Kind.EXPAND, null));
            } else {
                reset(f, attributes);
            }
        }
    }

    /** Sets an intrinsic's attributes to LLVM 14's, when the table knows it. */
    private void reset(Function f, Map<Function, Attributes.AttributeList> attributes) {
        IntrinsicAttributes a = TABLE_14.get(f.name());
        if (a == null) {
            AttributeSet fn = functionAttributes14(f.name());
            Attributes.AttributeList list = attributes.get(f);
            if (list == null) {
                return;
            }
            if (fn == null) {
                // not measured (llvm.lifetime.*, ...): LLVM 14's own sets never hold mustprogress,
                // which an optimizer may have written on the declaration
                fn = list.function().without("mustprogress");
            }
            Map<Long, AttributeSet> sets = new HashMap<>(list.sets());
            sets.put(Attributes.FUNCTION_INDEX, fn);
            attributes.put(f, new Attributes.AttributeList(sets));
            return;
        }
        Map<Long, AttributeSet> sets = new HashMap<>();
        sets.put(Attributes.FUNCTION_INDEX, a.function());
        for (int i = 0; i < f.arguments().size() && i < a.params().size(); i++) {
            f.arguments().get(i).setAttributes(a.params().get(i));
            sets.put(i + 1L, a.params().get(i));
        }
        attributes.put(f, new Attributes.AttributeList(sets));
    }

    /** LLVM's Intrinsic::getDeclaration: the function if it exists, else a new one at the end. */
    Function declaration(String name, FunctionType type, Map<Function, Attributes.AttributeList> attributes) {
        Function existing = byName.get(name);
        if (existing != null) {
            return existing;
        }
        Function f = new Function(module, name, type, 0);
        for (int i = 0; i < type.params().size(); i++) {
            f.addArgument(new Argument(f, i, type.params().get(i), "", AttributeSet.EMPTY));
        }
        f.readDefinition(false);
        attributes.put(f, Attributes.AttributeList.EMPTY);
        reset(f, attributes);
        byName.put(name, f);
        added.add(f);
        return f;
    }

    /**
     * The instructions that replace a call of {@code old} with {@code args}: the last one takes
     * the call's place as a value. Names are LLVM's; {@link FunctionReader} makes them unique.
     */
    List<Named> expand(Function old, Upgrade u, List<Value> args, Map<Function, Attributes.AttributeList> attributes) {
        List<Named> out = new ArrayList<>();
        switch (u.kind()) {
            case REPLACE -> {
                List<Value> a = new ArrayList<>(List.of(args.get(0)));
                if (u.newFunction().name().startsWith("llvm.ctlz")) {
                    a.add(ConstantInt.FALSE);
                }
                out.add(new Named(CallInst.create(u.newFunction(), a), null));
            }
            case MEMCPY -> {
                CallInst call = CallInst.create(u.newFunction(), List.of(args.get(0), args.get(1), args.get(2), args.get(4)));
                if (args.get(3) instanceof ConstantInt align && align.value().signum() > 0) {
                    AttributeSet al = AttributeSet.of(new Attribute.Int("align", align.value().longValue()));
                    CallInst.Detail d = call.detail();
                    call.setDetail(new CallInst.Detail("", d.calleeType(), 4, "", AttributeSet.EMPTY,
                            List.of(al, al, AttributeSet.EMPTY, AttributeSet.EMPTY), AttributeSet.EMPTY, List.of(),
                            List.of()));
                }
                out.add(new Named(call, null));
            }
            case EXPAND -> {
                String name = old.name().substring("llvm.nvvm.".length());
                Value a0 = args.get(0);
                if (name.startsWith("abs.")) {
                    Instruction neg = BinaryInst.create(Opcode.SUB, new ConstantInt((IntegerType) a0.type(),
                            java.math.BigInteger.ZERO), a0);
                    Instruction cmp = CmpInst.create(Predicate.SGE, a0, new ConstantInt((IntegerType) a0.type(),
                            java.math.BigInteger.ZERO));
                    out.add(new Named(neg, "neg"));
                    out.add(new Named(cmp, "abs.cond"));
                    out.add(new Named(OtherInst.select(cmp, a0, neg), "abs"));
                } else if (name.equals("clz.ll") || name.equals("popc.ll")) {
                    String base = name.equals("clz.ll") ? "ctlz" : "ctpop";
                    Function f = declaration("llvm." + base + "." + a0.type(), base.equals("ctlz")
                            ? new FunctionType(a0.type(), List.of(a0.type(), IntegerType.I1), false)
                            : new FunctionType(a0.type(), List.of(a0.type()), false), attributes);
                    List<Value> ca = new ArrayList<>(List.of(a0));
                    if (base.equals("ctlz")) {
                        ca.add(ConstantInt.FALSE);
                    }
                    Instruction call = CallInst.create(f, ca);
                    out.add(new Named(call, base));
                    out.add(new Named(CastInst.create(Opcode.TRUNC, call, IntegerType.I32), base + ".trunc"));
                } else if (name.equals("h2f")) {
                    Function f = declaration("llvm.convert.from.fp16.f32",
                            new FunctionType(FloatType.FLOAT, List.of(IntegerType.I16), false), attributes);
                    out.add(new Named(CallInst.create(f, List.of(a0)), "h2f"));
                } else if (name.startsWith("max.") || name.startsWith("min.")) {
                    boolean max = name.startsWith("max.");
                    boolean unsigned = name.endsWith(".ui") || name.endsWith(".ull");
                    Predicate p = max ? (unsigned ? Predicate.IUGE : Predicate.SGE) : (unsigned ? Predicate.IULE : Predicate.SLE);
                    String base = max ? "max" : "min";
                    Instruction cmp = CmpInst.create(p, a0, args.get(1));
                    out.add(new Named(cmp, base + ".cond"));
                    out.add(new Named(OtherInst.select(cmp, a0, args.get(1)), base));
                } else { // atomic.load.add.f32/f64
                    out.add(new Named(MemoryInst.atomicRmw("fadd", a0, args.get(1), AtomicOrdering.SEQ_CST, 0), null));
                }
            }
        }
        return out;
    }

    /** A replacement instruction and the name LLVM gives it (null: the call's own name for the last). */
    record Named(Instruction instruction, String name) {
    }

    private static Map<String, IntrinsicAttributes> loadTable() {
        Map<String, IntrinsicAttributes> table = new HashMap<>();
        try (InputStream in = IntrinsicUpgrade.class.getResourceAsStream("intrinsic-attributes-14.tsv")) {
            if (in == null) {
                throw new IllegalStateException("intrinsic-attributes-14.tsv is missing from the build");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            for (String line; (line = r.readLine()) != null; ) {
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String[] cols = line.split("\t", -1);
                List<AttributeSet> params = new ArrayList<>();
                if (!cols[2].isEmpty() || line.endsWith("\t") == false) {
                    for (String p : cols[2].split("\\|", -1)) {
                        params.add(words(p));
                    }
                }
                table.put(cols[0], new IntrinsicAttributes(words(cols[1]), params));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return table;
    }

    private static AttributeSet words(String text) {
        return text.isBlank() ? AttributeSet.EMPTY : AttributeSet.words(text.strip().split(" "));
    }
}
