package org.nvlower.llvm.transform;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.ModuleFlag;
import org.nvlower.llvm.ir.GlobalAlias;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.Linkage;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.MetadataText;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.ModuleEntity;
import org.nvlower.llvm.ir.MetadataDefinition;
import org.nvlower.llvm.ir.GlobalValue;
import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantAggregate;
import org.nvlower.llvm.ir.Constants;
import org.nvlower.llvm.ir.NamedStructType;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.StructType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.Types;
import org.nvlower.llvm.ir.VectorType;
/**
 * Links a source module into a destination, as llvm-link does: external symbols are matched by
 * name (a declaration takes the other module's definition; two strong definitions are an error),
 * local symbols are copied under a fresh name when they clash, types and metadata are mapped,
 * named metadata is appended and module flags merged by their behavior. With
 * {@link Options#onlyNeeded} only the definitions the destination refers to (transitively) are
 * linked, as {@code llvm-link --only-needed} (the way libdevice is linked).
 */
public final class Linker {

    /** How to link. */
    public record Options(boolean onlyNeeded, boolean keepMetadata, boolean internalize) {
        public static final Options ALL = new Options(false, true);
        public static final Options ONLY_NEEDED = new Options(true, true);

        public Options(boolean onlyNeeded, boolean keepMetadata) {
            this(onlyNeeded, keepMetadata, false);
        }
    }

    /** Thrown for modules that cannot be linked (a symbol defined twice, a type clash). */
    public static final class LinkException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public LinkException(String message) {
            super(message);
        }
    }

    private final Module dest;
    private final Module src;
    private final Options options;
    private final Cloner cloner;
    private final Deque<Runnable> work = new ArrayDeque<>();
    private final List<String> warnings = new ArrayList<>();
    private final List<Function> linkedFunctions = new ArrayList<>();
    /** Names whose destination definition came from this source (for --internalize). */
    private final java.util.Set<String> fromSource = new java.util.HashSet<>();

    private Linker(Module dest, Module src, Options options) {
        this.dest = dest;
        this.src = src;
        this.options = options;
        if (src.opaquePointers() && !dest.opaquePointers() && spellsNoPointer(dest)) {
            dest.setOpaquePointers(true); // a module without pointers is in either mode (clang 19 output often is)
        }
        this.cloner = new Cloner(src, dest, options.keepMetadata() ? Cloner.Options.KEEP_METADATA
                : Cloner.Options.DROP_METADATA, this::resolve);
    }

    /** Whether {@code m} has no typed pointer: read from a text without {@code *}, or empty. */
    private static boolean spellsNoPointer(Module m) {
        String text = m.source();
        return text != null ? text.indexOf('*') < 0 : m.functions().isEmpty() && m.globals().isEmpty();
    }

    /** What a link did: the functions whose bodies came from the source, and warnings (llvm-link's). */
    public record Result(List<Function> linkedFunctions, List<String> warnings) {
    }

    /**
     * llvm-link's whole job: every module, the first too, linked in order into a new empty
     * module (so the globals come in llvm-link's order); {@code options} apply from the second
     * module on, as llvm-link's flags. Warnings go to {@code warnings}.
     */
    public static Module linkAll(List<Module> inputs, Options options, java.util.function.Consumer<String> warnings) {
        Module dest = Module.create("llvm-link", inputs.get(0).opaquePointers());
        dest.setSourceFileName("llvm-link");
        for (int i = 0; i < inputs.size(); i++) {
            Options o = i == 0 ? new Options(false, options.keepMetadata(), false) : options;
            link(dest, inputs.get(i), o).warnings().forEach(warnings);
        }
        return dest;
    }

    public static Result link(Module dest, Module src, Options options) {
        Linker l = new Linker(dest, src, options);
        l.run();
        return new Result(List.copyOf(l.linkedFunctions), List.copyOf(l.warnings));
    }

    private void run() {
        linkHeader();
        // as llvm-link (IRMover): each value to link in source order (variables, functions, aliases)
        // is mapped with everything it pulls in before the next; bodies pulled in are copied last
        // first (the mapper's worklist is a stack). New globals are added as they are first needed.
        List<GlobalValue> toLink = valuesToLink();
        for (GlobalValue g : toLink) {
            cloner.mapValue(g);
            while (!work.isEmpty()) {
                work.pollLast().run();
            }
        }
        // then the variables take their source order (IRLinker::run's final reordering)
        for (GlobalVariable v : src.globals()) {
            if (v.linkage() != Linkage.APPENDING && cloner.mapped(v) instanceof GlobalVariable d && d.module() == dest) {
                dest.moveGlobalToEnd(d);
            }
        }
        linkNamedMetadata();
        if (options.internalize()) {
            internalize(toLink);
        }
    }

    /**
     * llvm-link's {@code --internalize}: the definitions linked from this source become internal
     * (InternalizePass: not declarations, locals, {@code llvm.*} names, appending variables).
     */
    private void internalize(List<GlobalValue> linked) {
        // InternalizePass keeps what llvm.used names (not llvm.compiler.used)
        java.util.Set<GlobalValue> preserved = new java.util.HashSet<>();
        for (String used : List.of("llvm.used")) {
            if (dest.global(used) instanceof GlobalVariable u && u.initializer() != null) {
                Constants.walk(u.initializer(), c -> {
                    if (c instanceof GlobalValue gv) {
                        preserved.add(gv);
                    }
                });
            }
        }
        // ModuleLinker's Internalize set: the values it links, comdat members chosen from the source included
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        for (GlobalValue g : linked) {
            if (g.hasName() && fromSource.contains(g.name())) {
                names.add(g.name());
            }
        }
        for (String n : fromSource) {
            if (dest.global(n) != null && dest.global(n).comdat() != null) {
                names.add(n);
            }
        }
        for (String n : names) {
            GlobalValue d = dest.global(n);
            if (d == null || preserved.contains(d) || !isDefinition(d) || d.linkage().isLocal() || d.linkage() == Linkage.APPENDING
                    || d.name().startsWith("llvm.")) {
                continue;
            }
            String comdat = d.comdat() == null ? null : d.comdat().isEmpty() ? d.name() : d.comdat();
            if (comdat != null) {
                long members = dest.entities().stream().filter(e -> e instanceof GlobalValue o && o.comdat() != null
                        && (o.comdat().isEmpty() ? o.name() : o.comdat()).equals(comdat)).count();
                if (members > 1) {
                    continue; // a comdat of several members is kept as it is (LLVM makes it nodeduplicate)
                }
                d.setComdat(null); // a comdat of one internal member is dropped
                dest.removeComdat(comdat);
            }
            d.internalize();
        }
    }

    /** ModuleLinker's ValuesToLink: definitions to link, not declarations nor unreferenced local/linkonce ones. */
    private List<GlobalValue> valuesToLink() {
        List<GlobalValue> out = new ArrayList<>();
        List<GlobalValue> all = new ArrayList<>(src.globals());
        all.addAll(src.functions());
        all.addAll(src.aliases());
        for (GlobalValue g : all) {
            if (!isDefinition(g) && !(g instanceof GlobalVariable v && v.linkage() == Linkage.APPENDING)) {
                continue;
            }
            GlobalValue existing = g.linkage().isLocal() || !g.hasName() ? null : dest.global(g.name());
            if (options.onlyNeeded()) {
                // appending variables are always linked; the rest only to define what is declared
                if (existing != null && !isDefinition(existing) || g instanceof GlobalVariable v
                        && v.linkage() == Linkage.APPENDING) {
                    out.add(g);
                }
                continue;
            }
            if (existing == null && g.linkage().isDiscardableIfUnused()) {
                continue; // local, linkonce, available_externally: linked when something refers to them
            }
            out.add(g);
        }
        return out;
    }

    private void linkHeader() {
        String[][] pairs = {{"target triple", src.targetTriple(), dest.targetTriple()},
                {"data layout", src.dataLayout(), dest.dataLayout()}};
        if (dest.targetTriple() == null && src.targetTriple() != null) {
            dest.setTargetTriple(src.targetTriple());
        }
        if (dest.dataLayout() == null && src.dataLayout() != null) {
            dest.setDataLayout(src.dataLayout());
        }
        for (String[] p : pairs) {
            if (p[1] != null && p[2] != null && !p[1].equals(p[2])) {
                warnings.add("linking two modules of different " + p[0] + "s: '" + src.fileName() + "' is '" + p[1]
                        + "' whereas '" + dest.fileName() + "' is '" + p[2] + "'");
            }
        }
    }

    /** The destination global for source global {@code g}, linking it in on first use. */
    private GlobalValue resolve(GlobalValue g) {
        if (g.linkage().isLocal() || !g.hasName()) {
            return copy(g, g.hasName() ? dest.uniqueGlobalName(g.name()) : dest.freshGlobalName("__unnamed"));
        }
        GlobalValue existing = dest.global(g.name());
        if (existing == null) {
            return copy(g, g.name());
        }
        if (existing instanceof Function != g instanceof Function) {
            throw new LinkException("@" + g.name() + " is a " + kind(existing) + " in " + dest.fileName() + " but a "
                    + kind(g) + " in " + src.fileName());
        }
        if (g instanceof GlobalVariable sv && sv.linkage() == Linkage.APPENDING) {
            return appendTo(existing, sv);
        }
        cloner.map(g, existing);
        // the weaker unnamed_addr of the two holds (IRMover: none < local_unnamed_addr < unnamed_addr)
        if (g.unnamedAddr().ordinal() < existing.unnamedAddr().ordinal()) {
            existing.setUnnamedAddr(g.unnamedAddr());
        }
        if (linkFromSource(existing, g)) {
            fromSource.add(g.name());
            // llvm-link makes a new global for the definition (where it is first needed) and
            // replaces the old one with it: the global moves there
            dest.moveGlobalToEnd(existing);
            dest.uniqueGlobalName(existing.name()); // its temporary name uses up a suffix, as in LLVM
            if (existing instanceof Function df && g instanceof Function sf) {
                if (!df.functionType().equals(cloner.mapType(sf.functionType()))) {
                    throw new LinkException("@" + g.name() + " has type " + df.functionType() + " in " + dest.fileName()
                            + " but " + sf.functionType() + " in " + src.fileName());
                }
                work.add(() -> {
                    if (!df.isDeclaration()) {
                        df.deleteBody();
                    }
                    cloner.copyHeader(sf, df);
                    cloner.cloneBodyInto(sf, df);
                    linkedFunctions.add(df);
                });
            } else if (existing instanceof GlobalVariable dv && g instanceof GlobalVariable sv) {
                if (!dv.valueType().equals(cloner.mapType(sv.valueType()))) {
                    // a larger common symbol: the variable is made again with the source's type
                    if (dv.hasUses()) {
                        throw new LinkException("@" + g.name() + " has type " + dv.valueType() + " in "
                                + dest.fileName() + " but " + sv.valueType() + " in " + src.fileName());
                    }
                    String name = dv.name();
                    dest.removeGlobal(dv);
                    GlobalVariable nv = cloner.cloneGlobalVariableDeclaration(sv, name);
                    work.add(() -> nv.setInitializer(cloner.mapConstant(sv.initializer())));
                    return nv;
                }
                dv.setLinkage(sv.linkage());
                dv.setAlignment(Math.max(dv.alignment(), sv.alignment()));
                work.add(() -> dv.setInitializer(cloner.mapConstant(sv.initializer())));
            }
        }
        return existing;
    }

    /**
     * IRLinker's appending variables ({@code @llvm.used}, {@code @llvm.compiler.used},
     * {@code @llvm.global_ctors}...): a new array of the destination's elements then the
     * source's, in the old destination variable's place; the old one is removed.
     */
    private GlobalValue appendTo(GlobalValue existing, GlobalVariable sv) {
        if (!(existing instanceof GlobalVariable dv) || dv.linkage() != Linkage.APPENDING) {
            throw new LinkException("cannot link appending variable @" + sv.name() + " with a non-appending global");
        }
        if (!(dv.valueType() instanceof ArrayType da) || !(sv.valueType() instanceof ArrayType sa)
                || !da.element().equals(cloner.mapType(sa.element()))) {
            throw new LinkException("Appending variables with different element types: @" + sv.name());
        }
        if (dv.isConstant() != sv.isConstant()) {
            throw new LinkException("Appending variables linked with different const'ness: @" + sv.name());
        }
        if (dv.hasUses()) {
            throw new LinkException("appending variable @" + dv.name() + " has uses: not linked");
        }
        List<Constant> elements = new ArrayList<>(elementsOf(dv.initializer()));
        // the new variable takes the old one's place: it goes last, then the variables after the old one follow it
        List<GlobalVariable> after = new ArrayList<>(dest.globals().subList(dest.globals().indexOf(dv) + 1,
                dest.globals().size()));
        String name = dv.name();
        dest.removeGlobal(dv);
        ArrayType t = new ArrayType(elements.size() + elementsOf(sv.initializer()).size(), da.element());
        GlobalVariable nv = new GlobalVariable(dest, name, t, dv.addressSpace(), dv.isConstant());
        nv.readHeader(Linkage.APPENDING, dv.visibility(), dv.isDsoLocal(), dv.dllStorage(), dv.unnamedAddr());
        nv.readTail(dv.section(), dv.partition(), dv.comdat(), dv.alignment(), dv.metadata());
        dest.addGlobal(nv);
        nv.headerChanged();
        cloner.map(sv, nv);
        for (GlobalVariable v : after) {
            dest.moveGlobalToEnd(v);
        }
        work.add(() -> {
            elements.addAll(elementsOf(cloner.mapConstant(sv.initializer())));
            nv.setInitializer(elements.isEmpty() ? Constants.zero(t) : new ConstantAggregate(t, elements));
        });
        return nv;
    }

    private static List<Constant> elementsOf(Constant init) {
        if (init instanceof ConstantAggregate a) {
            return a.elements();
        }
        if (init == null || init.type() instanceof ArrayType t && t.count() == 0) {
            return List.of();
        }
        throw new LinkException("appending variable initializer is not a list of elements: " + init.type());
    }

    private GlobalValue copy(GlobalValue g, String name) {
        if (!g.linkage().isLocal() && g.hasName()) {
            fromSource.add(g.name());
        }
        if (g.comdat() != null) {
            String c = g.comdat().isEmpty() ? g.name() : g.comdat();
            String kind = src.comdatKind(c);
            if (kind != null) {
                dest.addComdat(c, kind);
            }
        }
        return switch (g) {
            case Function f -> {
                Function d = dest.addFunction(name, (FunctionType) cloner.mapType(f.functionType()));
                cloner.map(f, d);
                cloner.copyHeader(f, d);
                if (!f.isDeclaration()) {
                    work.add(() -> {
                        cloner.cloneBodyInto(f, d);
                        linkedFunctions.add(d);
                    });
                }
                yield d;
            }
            case GlobalVariable v -> {
                GlobalVariable d = cloner.cloneGlobalVariableDeclaration(v, name);
                if (v.initializer() != null) {
                    work.add(() -> d.setInitializer(cloner.mapConstant(v.initializer())));
                }
                yield d;
            }
            case GlobalAlias a -> {
                GlobalAlias d = new GlobalAlias(dest, name, cloner.mapType(a.valueType()), a.addressSpace(), a.isIfunc());
                d.readHeader(a.linkage(), a.visibility(), a.isDsoLocal(), a.dllStorage(), a.unnamedAddr());
                d.readThreadLocal(a.threadLocal());
                cloner.map(a, d);
                dest.addGlobal(d);
                work.add(() -> d.setTarget(cloner.mapConstant(a.target())));
                yield d;
            }
        };
    }

    /**
     * ModuleLinker::shouldLinkFromSource: whether source definition {@code g} replaces the
     * destination's {@code existing} of the same name (a declaration, a weaker definition, a
     * smaller common symbol); two strong definitions are an error.
     */
    private boolean linkFromSource(GlobalValue existing, GlobalValue g) {
        if (!isDefinition(g)) {
            return false;
        }
        if (!isDefinition(existing)) {
            return true;
        }
        Linkage s = g.linkage();
        Linkage d = existing.linkage();
        if (s == Linkage.COMMON) {
            if (isLinkOnce(d) || isWeak(d)) {
                return true;
            }
            if (d != Linkage.COMMON) {
                return false;
            }
            return allocSize(existing.valueType()) < allocSize(cloner.mapType(g.valueType()));
        }
        if (isWeakForLinker(s)) {
            return isLinkOnce(d) && isWeak(s);
        }
        if (isWeakForLinker(d)) {
            return true;
        }
        if (s == Linkage.AVAILABLE_EXTERNALLY || d == Linkage.AVAILABLE_EXTERNALLY) {
            return d == Linkage.AVAILABLE_EXTERNALLY;
        }
        throw new LinkException("symbol multiply defined: @" + g.name());
    }

    private static boolean isLinkOnce(Linkage l) {
        return l == Linkage.LINKONCE || l == Linkage.LINKONCE_ODR;
    }

    private static boolean isWeak(Linkage l) {
        return l == Linkage.WEAK || l == Linkage.WEAK_ODR;
    }

    private static boolean isWeakForLinker(Linkage l) {
        return isLinkOnce(l) || isWeak(l) || l == Linkage.COMMON || l == Linkage.EXTERN_WEAK;
    }

    /** A type's size in bits, for choosing between common symbols (no padding: only the order matters). */
    private static long allocSize(Type t) {
        return switch (t) {
            case PointerType p -> 64;
            case ArrayType a -> a.count() * allocSize(a.element());
            case StructType st -> st.fields().stream().mapToLong(Linker::allocSize).sum();
            case NamedStructType n -> n.fields().stream().mapToLong(Linker::allocSize).sum();
            case VectorType v -> v.count() * allocSize(v.element());
            default -> Math.max(1, Types.bitWidth(t));
        };
    }

    private static boolean isDefinition(GlobalValue g) {
        return switch (g) {
            case Function f -> !f.isDeclaration();
            case GlobalVariable v -> v.initializer() != null;
            case GlobalAlias a -> true;
        };
    }

    private static String kind(GlobalValue g) {
        return g instanceof Function ? "function" : g instanceof GlobalVariable ? "variable" : "alias";
    }

    // ------------------------------------------------------------------ metadata

    private void linkNamedMetadata() {
        for (MetadataDefinition m : src.metadataDefinitions()) {
            if (!m.isNamed() || m.id().equals("llvm.module.flags")) {
                continue;
            }
            if (!options.keepMetadata() && m.id().startsWith("llvm.dbg")) {
                continue;
            }
            for (String id : m.references()) {
                String mapped = MetadataText.nodeRefs(cloner.mapMetadata("!" + id)).get(0);
                if (!dest.namedMetadata(m.id()).contains(mapped)) {
                    dest.addNamedMetadataOperand(m.id(), mapped);
                }
            }
        }
        for (ModuleFlag f : src.moduleFlags()) {
            ModuleFlag mine = dest.moduleFlag(f.key());
            String value = cloner.mapMetadata(f.value());
            if (mine == null) {
                dest.setModuleFlag(f.behavior(), f.key(), value);
                continue;
            }
            if (mine.value().equals(value)) {
                continue;
            }
            switch (f.behavior()) {
                case ModuleFlag.ERROR -> throw new LinkException("linking module flags '" + f.key()
                        + "': IDs have conflicting values ('" + mine.value() + "' and '" + value + "')");
                case ModuleFlag.OVERRIDE -> dest.setModuleFlag(f.behavior(), f.key(), value);
                case ModuleFlag.MAX, ModuleFlag.MIN -> {
                    BigInteger a = mine.intValue();
                    BigInteger b = new ModuleFlag(f.behavior(), f.key(), value).intValue();
                    if (a != null && b != null && (f.behavior() == ModuleFlag.MAX ? b.compareTo(a) > 0 : b.compareTo(a) < 0)) {
                        dest.setModuleFlag(f.behavior(), f.key(), value);
                    }
                }
                default -> warnings.add("linking module flags '" + f.key() + "': IDs have conflicting values ('"
                        + mine.value() + "' from " + dest.fileName() + " with '" + value + "' from " + src.fileName()
                        + ")");
            }
        }
    }
}
