package org.nvlower.llvm.pass;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.nvlower.diag.InputException;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantFP;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.Constants;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.GlobalAlias;
import org.nvlower.llvm.ir.GlobalValue;
import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.transform.Inliner;
import org.nvlower.llvm.transform.Linker;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.ModuleEntity;
import org.nvlower.llvm.ir.Value;
import org.nvlower.nvptx.DataLayoutVerifier;
import org.nvlower.nvptx.Triples;

/**
 * Links libdevice into a module the way cicc does: only the functions the module calls
 * (transitively, {@code llvm-link --only-needed}), internalized, inlined at their call sites,
 * then {@link NvvmReflect} and {@link ReflectBranchFold}; what the link brought and nothing uses
 * any more (the libdevice bodies, their strings and tables, unused intrinsic declarations) is
 * removed again. A module whose triple or data layout cannot take libdevice is rejected with
 * the target layer's messages.
 */
public final class LibdeviceLink {

    /**
     * What a link did.
     *
     * @param linked    the libdevice functions linked (the module's calls and what they call)
     * @param inlined   calls inlined
     * @param reflect   the reflect run (every reflect call of the module, its own included)
     * @param branchesFolded branches folded after reflect and after inlining
     * @param kept      linked functions still called after inlining (noinline ones)
     */
    public record Result(List<String> linked, int inlined, NvvmReflect.Result reflect, int branchesFolded,
            List<String> kept) {
    }

    private LibdeviceLink() {
    }

    /**
     * Checks that {@code libdevice} may be linked into {@code module}: the module's triple is an
     * NVPTX CUDA triple of libdevice's pointer width and its layout is a valid NVPTX layout that
     * the IR linker accepts next to libdevice's.
     */
    public static void checkCompatible(Module module, Module libdevice) {
        String triple = module.targetTriple();
        String layout = module.dataLayout();
        String what = module.fileName();
        if (triple == null) {
            throw new InputException(what + ": the module has no target triple; libdevice links only into an NVPTX "
                    + "module (target triple = \"nvptx64-nvidia-cuda\")");
        }
        try {
            Triples.validate(triple, false);
        } catch (InputException e) {
            throw new InputException(what + ": " + e.getMessage());
        }
        String libTriple = libdevice.targetTriple();
        if (libTriple != null && Triples.pointerWidth(libTriple) != Triples.pointerWidth(triple)) {
            throw new InputException(what + ": cannot link libdevice (" + libTriple + ", "
                    + Triples.pointerWidth(libTriple) + "-bit pointers) into a module for '" + triple + "' ("
                    + Triples.pointerWidth(triple) + "-bit pointers)");
        }
        try {
            DataLayoutVerifier.verify(layout, triple);
            if (libdevice.dataLayout() != null) {
                DataLayoutVerifier.checkLinkable(layout, libdevice.dataLayout());
            }
        } catch (InputException e) {
            throw new InputException(what + ": " + e.getMessage());
        }
    }

    /** Links, internalizes, reflects, folds and inlines; see the class comment. */
    public static Result run(Module module, Module libdevice, Map<String, Integer> reflectValues) {
        checkCompatible(module, libdevice);
        Set<String> before = new HashSet<>();
        for (ModuleEntity e : module.entities()) {
            if (e instanceof GlobalValue g && g.hasName()) {
                before.add(g.name());
            }
        }
        if (!callsLibdevice(module, libdevice)) {
            NvvmReflect.Result reflect = NvvmReflect.run(module, reflectValues);
            int folded = ReflectBranchFold.run(reflect.functions()).branchesFolded();
            return new Result(List.of(), 0, reflect, folded, List.of());
        }
        Linker.Result link;
        try {
            link = Linker.link(module, libdevice, Linker.Options.ONLY_NEEDED);
        } catch (Linker.LinkException e) {
            throw new InputException(module.fileName() + ": cannot link libdevice: " + e.getMessage());
        }
        List<Function> linked = link.linkedFunctions();
        for (Function f : linked) {
            f.internalize();
        }
        // reflect and fold first: each libdevice body shrinks to its arm once, not at every call site
        NvvmReflect.Result reflect = NvvmReflect.run(module, reflectValues);
        int folded = ReflectBranchFold.run(reflect.functions()).branchesFolded();
        Set<Function> linkedSet = new LinkedHashSet<>(linked);
        int inlined = 0;
        List<Function> receivers = new ArrayList<>();
        for (Function f : calleesFirst(module, linkedSet)) {
            int n = inlineLinkedCalls(f, linkedSet);
            inlined += n;
            if (n > 0 && !linkedSet.contains(f)) {
                receivers.add(f);
            }
        }
        // inlined bodies meet the caller's constants, and end in fall-through branches
        folded += ReflectBranchFold.simplify(receivers).branchesFolded();
        List<String> kept = new ArrayList<>();
        for (Function f : linked) {
            if (f.hasUses()) {
                kept.add(f.name());
            }
        }
        for (Function f : linked) {
            before.remove(f.name()); // a declaration of the module that libdevice defined
        }
        removeUnusedBroughtIn(module, before);
        return new Result(linked.stream().map(Function::name).toList(), inlined, reflect, folded, kept);
    }

    /**
     * The module's functions, callees before callers among the linked ones (a post-order of the
     * call graph), then the module's own: each libdevice body is complete before it is copied.
     */
    private static List<Function> calleesFirst(Module module, Set<Function> linked) {
        List<Function> order = new ArrayList<>();
        Set<Function> visited = new HashSet<>();
        for (Function f : linked) {
            postOrder(f, linked, visited, order);
        }
        for (Function f : module.functions()) {
            if (!f.isDeclaration() && !linked.contains(f)) {
                order.add(f);
            }
        }
        return order;
    }

    private static void postOrder(Function f, Set<Function> linked, Set<Function> visited, List<Function> order) {
        if (!visited.add(f)) {
            return;
        }
        for (Function callee : calleesIn(f, linked)) {
            postOrder(callee, linked, visited, order);
        }
        order.add(f);
    }

    private static Set<Function> calleesIn(Function f, Set<Function> linked) {
        Set<Function> callees = new LinkedHashSet<>();
        f.instructions(CallInst.class).map(CallInst::calledFunction).filter(linked::contains).forEach(callees::add);
        return callees;
    }

    private static int inlineLinkedCalls(Function f, Set<Function> linked) {
        List<CallInst> sites = f.instructions(CallInst.class).filter(c -> linked.contains(c.calledFunction())
                && !Inliner.isNoInline(c) && Inliner.cannotInline(c) == null).toList();
        sites.forEach(Inliner::inline);
        return sites.size();
    }

    /** Whether a declaration of the module has a definition in libdevice (else there is nothing to link). */
    private static boolean callsLibdevice(Module module, Module libdevice) {
        for (Function f : module.functions()) {
            if (f.isDeclaration() && libdevice.global(f.name()) instanceof Function d && !d.isDeclaration()) {
                return true;
            }
        }
        return false;
    }

    /** GlobalDCE over what the link added: unused functions, variables and declarations go, repeatedly. */
    private static void removeUnusedBroughtIn(Module module, Set<String> before) {
        boolean removed = true;
        while (removed) {
            removed = false;
            Set<GlobalValue> referenced = referencedGlobals(module);
            for (ModuleEntity e : new ArrayList<>(module.entities())) {
                if (e instanceof GlobalValue g && !(g instanceof GlobalAlias) && g.hasName() && !before.contains(g.name())
                        && !referenced.contains(g)) {
                    module.removeGlobal(g);
                    removed = true;
                }
            }
        }
    }

    /**
     * The globals something refers to: an instruction operand (directly or inside a constant
     * expression, which tracks no users), another global's initializer, an alias target.
     */
    private static Set<GlobalValue> referencedGlobals(Module module) {
        Set<GlobalValue> refs = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (Function f : module.functions()) {
            if (f.isDeclaration()) {
                continue;
            }
            f.instructions().forEach(i -> {
                for (Value v : i.operands()) {
                    if (v instanceof GlobalValue g) {
                        refs.add(g);
                    } else if (v instanceof Constant c && !(v instanceof ConstantInt) && !(v instanceof ConstantFP)) {
                        refs.addAll(Constants.globals(c));
                    }
                }
            });
        }
        for (GlobalVariable v : module.globals()) {
            if (v.initializer() != null) {
                for (GlobalValue g : Constants.globals(v.initializer())) {
                    if (g != v) {
                        refs.add(g);
                    }
                }
            }
        }
        for (GlobalAlias a : module.aliases()) {
            if (a.target() != null) {
                refs.addAll(Constants.globals(a.target()));
            }
        }
        return refs;
    }
}
