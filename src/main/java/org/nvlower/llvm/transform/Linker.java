package org.nvlower.llvm.transform;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.ModuleFlag;
import org.nvlower.llvm.ir.GlobalAlias;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.Linkage;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.MetadataText;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.MetadataDefinition;
import org.nvlower.llvm.ir.GlobalValue;
import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantAggregate;
import org.nvlower.llvm.ir.ConstantExpr;
import org.nvlower.llvm.ir.Constants;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.UnnamedAddr;
import org.nvlower.llvm.ir.Value;
import org.nvlower.llvm.ir.Visibility;
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
    /** Where a comdat's members come from (ModuleLinker's LinkFrom). */
    private enum From { DEST, SOURCE, BOTH }

    /** The choice for each source comdat (ModuleLinker::getComdatResult). */
    private final Map<String, From> comdatFrom = new HashMap<>();
    /** The source's linkonce members of each comdat: linked with a member that is (LazyComdatMembers). */
    private final Map<String, List<GlobalValue>> lazyComdatMembers = new HashMap<>();
    /** ModuleLinker's ValuesToLink: the source definitions to link, then those linked lazily. */
    private final Set<GlobalValue> toLink = new LinkedHashSet<>();
    /** Private copies of nodeduplicate comdat variables that lost symbol resolution (kept for their content). */
    private final List<GlobalVariable> preserved = new ArrayList<>();

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
        chooseComdats();
        linkHeader();
        // as llvm-link (IRMover): each value to link in source order (variables, functions, aliases)
        // is mapped with everything it pulls in before the next; bodies pulled in are copied last
        // first (the mapper's worklist is a stack). New globals are added as they are first needed.
        List<GlobalValue> order = valuesToLink();
        for (int i = 0; i < order.size(); i++) {
            cloner.mapValue(order.get(i));
            while (!work.isEmpty()) {
                work.pollLast().run();
            }
        }
        // then the variables take their source order (IRLinker::run's final reordering: every
        // source variable maps to its destination, the one of the same name when it was not linked)
        List<GlobalVariable> sources = new ArrayList<>(src.globals());
        sources.addAll(preserved);
        for (GlobalVariable v : sources) {
            if (v.linkage() == Linkage.APPENDING) {
                continue;
            }
            Value d = cloner.mapped(v);
            if (d == null) {
                d = linkedTo(v);
            }
            if (d instanceof GlobalVariable dv && dv.module() == dest && dest.globals().contains(dv)) {
                dest.moveGlobalToEnd(dv);
            }
        }
        linkNamedMetadata();
        if (options.internalize()) {
            internalize(toLink);
        }
    }

    /**
     * llvm-link's {@code --internalize}: the definitions linked from this source become internal
     * (InternalizePass: not declarations, available_externally, dllexport, what {@code llvm.used}
     * names, {@code llvm.*}); a comdat only when none of its members stays visible, then dropped if
     * it has one member, else made {@code nodeduplicate}.
     */
    private void internalize(Set<GlobalValue> linked) {
        // InternalizePass keeps what llvm.used names (not llvm.compiler.used)
        Set<GlobalValue> used = new java.util.HashSet<>();
        if (dest.global("llvm.used") instanceof GlobalVariable u && u.initializer() != null) {
            used.addAll(Constants.globals(u.initializer()));
        }
        // ModuleLinker's Internalize set: the values it links, comdat members and lazily linked ones included
        Set<String> names = new HashSet<>();
        for (GlobalValue g : linked) {
            if (g.hasName() && !g.linkage().isLocal()) {
                names.add(g.name());
            }
        }
        java.util.function.Predicate<GlobalValue> preserve = g -> !isDefinition(g)
                || g.linkage() == Linkage.AVAILABLE_EXTERNALLY || "dllexport".equals(g.dllStorage())
                || g instanceof GlobalVariable v && v.isExternallyInitialized()
                || !g.linkage().isLocal() && (used.contains(g) || g.name().startsWith("llvm.") || !g.hasName()
                        || !names.contains(g.name()));
        // a comdat is internalized only when none of its members must stay visible
        List<GlobalValue> all = new ArrayList<>(dest.functions());
        all.addAll(dest.globals());
        all.addAll(dest.aliases());
        Map<String, Integer> size = new HashMap<>();
        Set<String> external = new HashSet<>();
        for (GlobalValue g : all) {
            String c = comdatName(g);
            if (c != null) {
                size.merge(c, 1, Integer::sum);
                if (preserve.test(g)) {
                    external.add(c);
                }
            }
        }
        for (GlobalValue g : all) {
            String c = comdatName(g);
            if (c != null) {
                if (external.contains(c)) {
                    continue;
                }
                if (!(g instanceof GlobalAlias)) {
                    if (size.get(c) == 1) {
                        g.setComdat(null); // a comdat of one member that is not visible is dropped
                        dest.removeComdat(c);
                    } else {
                        dest.setComdatKind(c, "nodeduplicate"); // kept to group the sections
                    }
                }
                if (g.linkage().isLocal()) {
                    continue;
                }
            } else if (g.linkage().isLocal() || preserve.test(g)) {
                continue;
            }
            g.internalize();
        }
    }

    /**
     * ModuleLinker::linkIfNeeded over the source's variables, functions and aliases: the definitions
     * to link (not declarations, not unreferenced local, linkonce or available_externally ones, not
     * members of a comdat the destination keeps), with the attributes a symbol and its destination
     * share merged; then the other linkonce members of their comdats.
     */
    private List<GlobalValue> valuesToLink() {
        List<GlobalValue> all = new ArrayList<>(src.globals());
        all.addAll(src.functions());
        all.addAll(src.aliases());
        for (GlobalValue g : all) {
            if (g.linkage() == Linkage.LINKONCE || g.linkage() == Linkage.LINKONCE_ODR) {
                String c = comdatName(g);
                if (c != null) {
                    lazyComdatMembers.computeIfAbsent(c, k -> new ArrayList<>()).add(g);
                }
            }
        }
        List<GlobalValue> clones = new ArrayList<>();
        for (GlobalValue g : all) {
            GlobalValue dgv = linkedTo(g);
            boolean appending = g instanceof GlobalVariable v && v.linkage() == Linkage.APPENDING;
            if (options.onlyNeeded() && !appending && (dgv == null || isDefinition(dgv))) {
                continue; // only what the destination declares (appending variables always)
            }
            if (dgv != null && !g.linkage().isLocal() && !appending) {
                mergeSymbolAttributes(dgv, g);
            }
            if (dgv == null && g.linkage().isDiscardableIfUnused()) {
                continue; // local, linkonce, available_externally: linked when something refers to them
            }
            if (!isDefinition(g) && !appending) {
                continue;
            }
            String c = comdatName(g);
            From from = c == null ? From.SOURCE : comdatFrom.getOrDefault(c, From.SOURCE);
            if (from == From.DEST) {
                continue; // the destination's members of this comdat stay
            }
            boolean fromSource = dgv == null || appending || linkFromSource(dgv, g);
            if (dgv != null && from == From.BOTH) {
                clones.add(fromSource ? dgv : g);
            }
            if (fromSource) {
                toLink.add(g);
            }
        }
        for (GlobalValue g : clones) {
            preserveNoDeduplicate(g);
        }
        List<GlobalValue> order = new ArrayList<>(toLink);
        for (int i = 0; i < order.size(); i++) {
            String c = comdatName(order.get(i));
            for (GlobalValue member : c == null ? List.<GlobalValue>of() : lazyComdatMembers.getOrDefault(c, List.of())) {
                GlobalValue dgv = linkedTo(member);
                if ((dgv == null || linkFromSource(dgv, member)) && toLink.add(member)) {
                    order.add(member);
                }
            }
        }
        return order;
    }

    /**
     * A variable of a nodeduplicate comdat that symbol resolution did not pick keeps its content
     * as an unnamed private variable of the comdat (its bytes may be used by other members).
     */
    private void preserveNoDeduplicate(GlobalValue g) {
        if (!(g instanceof GlobalVariable v)) {
            throw new LinkException("linking '" + g.name() + "': non-variables in comdat nodeduplicate are not handled");
        }
        GlobalVariable copy = new GlobalVariable(v.module(), "", v.valueType(), v.addressSpace(), v.isConstant());
        copy.readHeader(Linkage.PRIVATE, Visibility.DEFAULT, true, v.dllStorage(), v.unnamedAddr());
        copy.readTail(v.section(), v.partition(), comdatName(v), v.alignment(), List.of());
        copy.readVariableDetails(v.threadLocal(), v.isExternallyInitialized(), v.codeModel(), v.attributeGroups(),
                v.otherWords(), v.inlineAttributes());
        copy.readInitializer(v.initializer());
        if (v.module() == dest) {
            dest.addGlobal(copy);
            copy.headerChanged();
        } else {
            preserved.add(copy); // a source variable: linked like the others (the copy is not added to the source)
            toLink.add(copy);
        }
    }

    /** ModuleLinker::linkIfNeeded's merges for a symbol defined or declared on both sides. */
    private void mergeSymbolAttributes(GlobalValue d, GlobalValue g) {
        if (d instanceof GlobalVariable dv && g instanceof GlobalVariable sv) {
            if (!isDefinition(dv) && !isDefinition(sv) && (!dv.isConstant() || !sv.isConstant())) {
                dv.setConstant(false);
            }
            if (dv.linkage() == Linkage.COMMON && sv.linkage() == Linkage.COMMON) {
                dv.setAlignment(Math.max(dv.alignment(), sv.alignment()));
            }
        }
        Visibility v = minVisibility(d.visibility(), g.visibility());
        if (v != d.visibility()) {
            d.setVisibility(v);
        }
        if (g.unnamedAddr().ordinal() < d.unnamedAddr().ordinal()) {
            d.setUnnamedAddr(g.unnamedAddr());
        }
    }

    private static Visibility minVisibility(Visibility a, Visibility b) {
        if (a == Visibility.HIDDEN || b == Visibility.HIDDEN) {
            return Visibility.HIDDEN;
        }
        return a == Visibility.PROTECTED || b == Visibility.PROTECTED ? Visibility.PROTECTED : Visibility.DEFAULT;
    }

    /** ModuleLinker::getLinkedToGlobal: the destination's non-local global of a non-local source global's name. */
    private GlobalValue linkedTo(GlobalValue g) {
        if (!g.hasName() || g.linkage().isLocal()) {
            return null;
        }
        GlobalValue d = dest.global(g.name());
        return d == null || d.linkage().isLocal() ? null : d;
    }

    /** The comdat {@code g} is in ({@code comdat} alone names its own), or null. */
    private static String comdatName(GlobalValue g) {
        return g.comdat() == null ? null : g.comdat().isEmpty() ? g.name() : g.comdat();
    }

    /**
     * IRMover::shouldLink: whether a reference to source global {@code g} links its definition
     * (else it maps to {@code existing}, or to a new declaration). Linkonce and
     * available_externally definitions (any, with {@code --only-needed}) are linked when first
     * referenced, with the linkonce members of their comdat (ModuleLinker::addLazyFor).
     */
    private boolean shouldLink(GlobalValue existing, GlobalValue g) {
        if (toLink.contains(g) || g.linkage().isLocal()) {
            return true;
        }
        if (existing != null && isDefinition(existing) && existing.linkage() != Linkage.AVAILABLE_EXTERNALLY) {
            return false;
        }
        if (!isDefinition(g)) {
            return false;
        }
        if (!isLinkOnce(g.linkage()) && g.linkage() != Linkage.AVAILABLE_EXTERNALLY && !options.onlyNeeded()) {
            return false;
        }
        toLink.add(g);
        String c = comdatName(g);
        for (GlobalValue member : c == null ? List.<GlobalValue>of() : lazyComdatMembers.getOrDefault(c, List.of())) {
            GlobalValue dgv = linkedTo(member);
            if ((dgv == null || linkFromSource(dgv, member)) && toLink.add(member)) {
                work.add(() -> cloner.mapValue(member));
            }
        }
        return true;
    }

    // ------------------------------------------------------------------ comdats

    /**
     * ModuleLinker's comdat resolution: for each source comdat, the resulting selection kind and
     * whose members are linked; the destination's members of a comdat the source replaces are
     * dropped (erased when unused, else made declarations).
     */
    private void chooseComdats() {
        Set<String> replaced = new LinkedHashSet<>();
        for (Map.Entry<String, String> c : src.comdats().entrySet()) {
            String dstKind = dest.comdatKind(c.getKey());
            From from = dstKind == null ? From.SOURCE : resolveComdat(c.getKey(), kind(c.getValue()), kind(dstKind));
            comdatFrom.put(c.getKey(), from);
            if (from == From.SOURCE && dstKind != null) {
                replaced.add(c.getKey());
            }
        }
        if (replaced.isEmpty()) {
            return;
        }
        List<GlobalValue> members = new ArrayList<>(dest.aliases()); // aliases first, as LLVM
        members.addAll(dest.globals());
        members.addAll(dest.functions());
        for (GlobalValue g : members) {
            if (comdatName(g) != null && replaced.contains(comdatName(g))) {
                dropReplacedMember(g);
            }
        }
    }

    /** {@code noduplicates} is LLVM 12's spelling of {@code nodeduplicate}. */
    private static String kind(String k) {
        return k.equals("noduplicates") ? "nodeduplicate" : k;
    }

    private From resolveComdat(String name, String srcKind, String dstKind) {
        boolean anyOrLargest = (dstKind.equals("any") || dstKind.equals("largest"))
                && (srcKind.equals("any") || srcKind.equals("largest"));
        String result;
        if (anyOrLargest) {
            result = dstKind.equals("largest") || srcKind.equals("largest") ? "largest" : "any";
        } else if (srcKind.equals(dstKind)) {
            result = dstKind;
        } else {
            throw new LinkException("Linking COMDATs named '" + name + "': invalid selection kinds!");
        }
        switch (result) {
            case "any":
                return From.DEST;
            case "nodeduplicate":
                return From.BOTH;
            default:
                break;
        }
        GlobalVariable dv = comdatLeader(dest, name);
        GlobalVariable sv = comdatLeader(src, name);
        long dstSize = new AllocSize(dest.dataLayout()).of(dv.valueType());
        long srcSize = new AllocSize(src.dataLayout()).of(sv.valueType());
        return switch (result) {
            case "exactmatch" -> {
                if (!sameInitializer(dv, sv)) {
                    throw new LinkException("Linking COMDATs named '" + name + "': ExactMatch violated!");
                }
                yield From.DEST;
            }
            case "largest" -> srcSize > dstSize ? From.SOURCE : From.DEST;
            case "samesize" -> {
                if (srcSize != dstSize) {
                    throw new LinkException("Linking COMDATs named '" + name + "': SameSize violated!");
                }
                yield From.DEST;
            }
            default -> throw new LinkException("Linking COMDATs named '" + name + "': unknown selection kind " + result);
        };
    }

    /** The variable that names the comdat (through an alias), whose size the data-dependent kinds compare. */
    private static GlobalVariable comdatLeader(Module m, String name) {
        GlobalValue g = m.global(name);
        for (int depth = 0; g instanceof GlobalAlias a && depth < 16; depth++) {
            List<GlobalValue> target = a.target() == null ? List.of() : Constants.globals(a.target());
            if (target.isEmpty()) {
                throw new LinkException("Linking COMDATs named '" + name + "': COMDAT key involves incomputable alias size.");
            }
            g = target.get(0);
        }
        if (!(g instanceof GlobalVariable v)) {
            throw new LinkException("Linking COMDATs named '" + name + "': GlobalVariable required for data dependent selection!");
        }
        return v;
    }

    /** LLVM compares the uniqued constants: equal values of one type, naming no global (each module's are its own). */
    private static boolean sameInitializer(GlobalVariable a, GlobalVariable b) {
        Constant x = a.initializer();
        Constant y = b.initializer();
        return x != null && y != null && Constants.globals(x).isEmpty() && Constants.globals(y).isEmpty() && x.equals(y);
    }

    /** ModuleLinker::dropReplacedComdat: an unused member goes, a used one becomes a declaration. */
    private void dropReplacedMember(GlobalValue g) {
        if (!isUsed(g)) {
            dest.removeGlobal(g);
            return;
        }
        switch (g) {
            case Function f -> {
                f.deleteBody();
                f.setLinkage(Linkage.EXTERNAL);
                f.setComdat(null);
            }
            case GlobalVariable v -> {
                v.setInitializer(null);
                v.setComdat(null);
            }
            case GlobalAlias a -> {
                String name = a.name();
                a.setName(dest.uniqueGlobalName(name));
                GlobalValue decl;
                if (a.valueType() instanceof FunctionType ft) {
                    decl = dest.addFunction(name, ft);
                } else {
                    GlobalVariable v = new GlobalVariable(dest, name, a.valueType(), a.addressSpace(), false);
                    dest.addGlobal(v);
                    decl = v;
                }
                a.replaceAllUsesWith(decl);
                if (!isUsed(a)) {
                    dest.removeGlobal(a);
                }
            }
        }
    }

    /** Used by an instruction, an initializer, an alias or metadata of the destination. */
    private boolean isUsed(GlobalValue g) {
        if (g.hasUses()) {
            return true;
        }
        for (GlobalVariable v : dest.globals()) {
            if (v != g && v.initializer() != null && Constants.refersTo(v.initializer(), g)) {
                return true;
            }
        }
        for (GlobalAlias a : dest.aliases()) {
            if (a != g && a.target() != null && Constants.refersTo(a.target(), g)) {
                return true;
            }
        }
        // LLVM does not count metadata as a use, but nvlower's metadata is text: a reference must stay valid
        return g.hasName() && dest.metadataDefinitions().stream().anyMatch(m -> MetadataText.globalRefs(m.body()).contains(g.name()));
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

    /**
     * IRLinker::linkGlobalValueProto: the destination global for source global {@code g}, on its
     * first use: its definition linked when {@link #shouldLink}, else the destination's global of
     * that name, else a new declaration.
     */
    private GlobalValue resolve(GlobalValue g) {
        if (g.linkage().isLocal() || !g.hasName()) {
            return copy(g, g.hasName() ? dest.uniqueGlobalName(g.name()) : "", true);
        }
        GlobalValue existing = dest.global(g.name());
        if (existing != null && existing.linkage().isLocal()) {
            // not linked to: the new global's name clashes (a suffix used up), then the local one
            // gives up its name (IRMover's forceRenaming: another suffix)
            dest.uniqueGlobalName(g.name());
            existing.setName(dest.uniqueGlobalName(g.name()));
            existing = null;
        }
        boolean appending = g instanceof GlobalVariable sv && sv.linkage() == Linkage.APPENDING;
        if (existing == null) {
            return appending ? appendTo(null, (GlobalVariable) g) : copy(g, g.name(), shouldLink(null, g));
        }
        if (existing instanceof Function != g instanceof Function) {
            throw new LinkException("@" + g.name() + " is a " + kind(existing) + " in " + dest.fileName() + " but a "
                    + kind(g) + " in " + src.fileName());
        }
        if (appending) {
            return appendTo(existing, (GlobalVariable) g);
        }
        boolean link = shouldLink(existing, g);
        cloner.map(g, existing);
        if (!link) {
            return existing;
        }
        Visibility visibility = existing.visibility();
        UnnamedAddr unnamedAddr = existing.unnamedAddr();
        // llvm-link makes a new global for the definition (where it is first needed) and
        // replaces the old one with it: the global moves there
        dest.moveGlobalToEnd(existing);
        // as in LLVM, the new global's name clashes and the old one is renamed before it goes: two suffixes used up
        dest.uniqueGlobalName(existing.name());
        dest.uniqueGlobalName(existing.name());
        noteComdat(g);
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
                keepMerged(df, visibility, unnamedAddr);
                cloner.cloneBodyInto(sf, df);
                linkedFunctions.add(df);
            });
        } else if (existing instanceof GlobalVariable dv && g instanceof GlobalVariable sv) {
            if (!dv.valueType().equals(cloner.mapType(sv.valueType()))) {
                // a larger common symbol or comdat leader: the variable is made again with the source's
                // type, and what used the old one uses the new one (through a bitcast for typed pointers)
                String name = dv.name();
                long align = Math.max(dv.alignment(), sv.alignment());
                dv.setName(dest.freshGlobalName(name + ".replaced"));
                GlobalVariable nv = cloner.cloneGlobalVariableDeclaration(sv, name);
                replaceGlobal(dv, nv);
                dest.removeGlobal(dv);
                if (sv.linkage() == Linkage.COMMON) {
                    nv.setAlignment(align);
                }
                keepMerged(nv, visibility, unnamedAddr);
                work.add(() -> nv.setInitializer(cloner.mapConstant(sv.initializer())));
                return nv;
            }
            dv.setLinkage(sv.linkage());
            dv.setAlignment(sv.linkage() == Linkage.COMMON ? Math.max(dv.alignment(), sv.alignment()) : sv.alignment());
            dv.setComdat(sv.comdat());
            dv.setConstant(sv.isConstant());
            work.add(() -> dv.setInitializer(cloner.mapConstant(sv.initializer())));
        }
        return existing;
    }

    /** The visibility and unnamed_addr merged before the definition replaced the destination's (linkIfNeeded). */
    private static void keepMerged(GlobalValue g, Visibility visibility, UnnamedAddr unnamedAddr) {
        Visibility v = minVisibility(visibility, g.visibility());
        if (v != g.visibility()) {
            g.setVisibility(v);
        }
        if (unnamedAddr.ordinal() < g.unnamedAddr().ordinal()) {
            g.setUnnamedAddr(unnamedAddr);
        }
    }

    /** Every use of {@code old} (instructions, initializers, aliases) becomes {@code by}, cast to old's type where they differ. */
    private void replaceGlobal(GlobalValue old, GlobalValue by) {
        Constant as = old.type().equals(by.type()) ? by : Constants.cast(Opcode.BITCAST, by, old.type());
        old.replaceAllUsesWith(as);
        for (GlobalVariable v : dest.globals()) {
            if (v.initializer() != null && Constants.refersTo(v.initializer(), old)) {
                v.setInitializer(substitute(v.initializer(), old, by));
            }
        }
        for (GlobalAlias a : dest.aliases()) {
            if (a.target() != null && Constants.refersTo(a.target(), old)) {
                a.setTarget(substitute(a.target(), old, by));
            }
        }
    }

    /** {@code c} with {@code old} replaced by {@code by}; a bitcast of old becomes a bitcast of by (or by itself). */
    private static Constant substitute(Constant c, GlobalValue old, GlobalValue by) {
        if (c == old) {
            return old.type().equals(by.type()) ? by : Constants.cast(Opcode.BITCAST, by, old.type());
        }
        return switch (c) {
            case ConstantExpr e when e.opcode() == Opcode.BITCAST && e.operands().get(0) == old ->
                    e.type().equals(by.type()) ? by : Constants.cast(Opcode.BITCAST, by, e.type());
            case ConstantExpr e -> {
                List<Constant> ops = e.operands().stream().map(o -> substitute(o, old, by)).toList();
                yield ops.equals(e.operands()) ? e : new ConstantExpr(e.opcode(), e.flags(), e.type(), e.sourceType(), ops,
                        e.inrangeOperand());
            }
            case ConstantAggregate a -> {
                List<Constant> elements = a.elements().stream().map(o -> substitute(o, old, by)).toList();
                yield elements.equals(a.elements()) ? a : new ConstantAggregate(a.type(), elements);
            }
            default -> c;
        };
    }

    /** A linked member brings its comdat, with its selection kind (IRMover sets the kind on the destination's). */
    private void noteComdat(GlobalValue g) {
        String c = comdatName(g);
        String kind = c == null ? null : src.comdatKind(c);
        if (kind != null) {
            dest.addComdat(c, kind);
            dest.setComdatKind(c, kind);
        }
    }

    /**
     * IRLinker's appending variables ({@code @llvm.used}, {@code @llvm.compiler.used},
     * {@code @llvm.global_ctors}...): a new array of the destination's elements then the
     * source's, in the old destination variable's place; the old one is removed.
     */
    private GlobalValue appendTo(GlobalValue existing, GlobalVariable sv) {
        GlobalVariable dv = null;
        if (existing != null) {
            if (!(existing instanceof GlobalVariable v) || v.linkage() != Linkage.APPENDING) {
                throw new LinkException("cannot link appending variable @" + sv.name() + " with a non-appending global");
            }
            dv = v;
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
        }
        if (!(sv.valueType() instanceof ArrayType sa)) {
            throw new LinkException("appending variable @" + sv.name() + " is not an array");
        }
        List<Constant> elements = new ArrayList<>(dv == null ? List.of() : elementsOf(dv.initializer()));
        List<Constant> sourceElements = linkedStructors(sv);
        ArrayType t = new ArrayType(elements.size() + sourceElements.size(), cloner.mapType(sa.element()));
        GlobalVariable nv;
        if (dv == null) {
            nv = new GlobalVariable(dest, sv.name(), t, sv.addressSpace(), sv.isConstant());
            nv.readHeader(Linkage.APPENDING, sv.visibility(), sv.isDsoLocal(), sv.dllStorage(), sv.unnamedAddr());
            nv.readTail(sv.section(), sv.partition(), null, sv.alignment(), cloner.mapAttachments(sv.metadata()));
            dest.addGlobal(nv);
        } else {
            // the new variable takes the old one's place: it goes last, then the variables after the old one follow it
            List<GlobalVariable> after = new ArrayList<>(dest.globals().subList(dest.globals().indexOf(dv) + 1,
                    dest.globals().size()));
            String name = dv.name();
            dest.uniqueGlobalName(name); // the old one is renamed before it goes (IRMover's forceRenaming)
            dest.removeGlobal(dv);
            nv = new GlobalVariable(dest, name, t, dv.addressSpace(), dv.isConstant());
            nv.readHeader(Linkage.APPENDING, dv.visibility(), dv.isDsoLocal(), dv.dllStorage(), dv.unnamedAddr());
            nv.readTail(dv.section(), dv.partition(), dv.comdat(), dv.alignment(), dv.metadata());
            dest.addGlobal(nv);
            for (GlobalVariable v : after) {
                dest.moveGlobalToEnd(v);
            }
        }
        nv.headerChanged();
        cloner.map(sv, nv);
        GlobalVariable made = nv;
        work.add(() -> {
            for (Constant c : sourceElements) {
                elements.add(cloner.mapConstant(c));
            }
            made.setInitializer(elements.isEmpty() ? Constants.zero(t) : new ConstantAggregate(t, elements));
        });
        return nv;
    }

    /**
     * The source's elements of an appending variable; of {@code llvm.global_ctors}/{@code dtors}
     * those whose key (third field) is a global that is not linked are left out, as IRLinker does
     * (a constructor keyed on a comdat member the destination keeps).
     */
    private List<Constant> linkedStructors(GlobalVariable sv) {
        List<Constant> out = new ArrayList<>(elementsOf(sv.initializer()));
        if (!sv.name().equals("llvm.global_ctors") && !sv.name().equals("llvm.global_dtors")) {
            return out;
        }
        out.removeIf(e -> {
            if (!(e instanceof ConstantAggregate s) || s.elements().size() != 3) {
                return false;
            }
            Constant key = s.elements().get(2);
            while (key instanceof ConstantExpr x && x.opcode().kind() == Opcode.Kind.CAST) {
                key = x.operands().get(0);
            }
            return key instanceof GlobalValue k && !shouldLink(linkedTo(k), k);
        });
        return out;
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

    /**
     * IRLinker::copyGlobalValueProto: a new destination global for {@code g}, its definition
     * linked when {@code definition}, else an external declaration (no comdat, no initializer).
     */
    private GlobalValue copy(GlobalValue g, String name, boolean definition) {
        if (definition) {
            noteComdat(g);
        }
        GlobalValue out = switch (g) {
            case Function f -> {
                Function d = dest.addFunction(name.isEmpty() ? dest.freshGlobalName("__unnamed") : name,
                        (FunctionType) cloner.mapType(f.functionType()));
                cloner.map(f, d);
                cloner.copyHeader(f, d);
                if (!f.isDeclaration() && definition) {
                    work.add(() -> {
                        cloner.cloneBodyInto(f, d);
                        linkedFunctions.add(d);
                    });
                } else if (!f.isDeclaration()) {
                    d.readFunctionHeader(d.callingConvention(), d.returnAttributes(), d.inlineAttributes(),
                            d.attributeGroups(), d.gc(), null, null, null); // no personality, prefix, prologue
                }
                yield d;
            }
            case GlobalVariable v -> {
                GlobalVariable d = cloner.cloneGlobalVariableDeclaration(v, name);
                if (v.initializer() != null && definition) {
                    work.add(() -> d.setInitializer(cloner.mapConstant(v.initializer())));
                }
                yield d;
            }
            case GlobalAlias a when !definition -> {
                GlobalValue d;
                if (a.valueType() instanceof FunctionType ft) {
                    d = dest.addFunction(name, (FunctionType) cloner.mapType(ft));
                } else {
                    GlobalVariable v = new GlobalVariable(dest, name, cloner.mapType(a.valueType()), a.addressSpace(), false);
                    v.readVariableDetails(a.threadLocal(), false, null, List.of(), List.of(), v.inlineAttributes());
                    dest.addGlobal(v);
                    d = v;
                }
                cloner.map(a, d);
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
        if (!definition && !(g instanceof GlobalAlias)) {
            // a declaration: external (or extern_weak), outside any comdat
            out.setLinkage(g.linkage() == Linkage.EXTERN_WEAK ? Linkage.EXTERN_WEAK : Linkage.EXTERNAL);
            out.setComdat(null);
        }
        return out;
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
            AllocSize size = new AllocSize(dest.dataLayout());
            return size.of(existing.valueType()) < size.of(cloner.mapType(g.valueType()));
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
