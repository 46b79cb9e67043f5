package org.nvlower.verify.bench;

import java.util.HashMap;
import java.util.Map;

import org.nvlower.llvm.transform.Cloner;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.GlobalValue;
import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.ModuleEntity;

/**
 * The cloning benchmark's workload: {@code copies} copies of every definition of a module cloned
 * into one new module, each copy's symbols suffixed {@code .cK} (declarations shared), as
 * llvm-link does with renamed copies of the same file.
 */
public final class CloneCopies {

    private CloneCopies() {
    }

    public static Module build(Module source, int copies) {
        source.materializeAll();
        Module dest = Module.create(source.fileName() + ".copies", source.opaquePointers());
        if (source.targetTriple() != null) {
            dest.setTargetTriple(source.targetTriple());
        }
        if (source.dataLayout() != null) {
            dest.setDataLayout(source.dataLayout());
        }
        Map<String, GlobalValue> shared = new HashMap<>();
        for (int k = 1; k <= copies; k++) {
            String suffix = ".c" + k;
            Map<GlobalValue, GlobalValue> copy = new HashMap<>();
            Cloner[] cloner = new Cloner[1];
            cloner[0] = new Cloner(source, dest, Cloner.Options.KEEP_METADATA, g -> resolve(g, suffix, dest, shared, copy, cloner[0]));
            for (ModuleEntity e : source.entities()) {
                if (e instanceof Function f && !f.isDeclaration() || e instanceof GlobalVariable v && v.initializer() != null) {
                    cloner[0].mapValue((GlobalValue) e);
                }
            }
        }
        return dest;
    }

    private static GlobalValue resolve(GlobalValue g, String suffix, Module dest, Map<String, GlobalValue> shared,
            Map<GlobalValue, GlobalValue> copy, Cloner cloner) {
        GlobalValue done = copy.get(g);
        if (done != null) {
            return done;
        }
        GlobalValue result;
        if (g instanceof Function f && f.isDeclaration()) {
            result = shared.computeIfAbsent(f.name(), n -> {
                Function d = dest.addFunction(n, (org.nvlower.llvm.ir.FunctionType) cloner.mapType(f.functionType()));
                cloner.copyHeader(f, d);
                return d;
            });
        } else if (g instanceof Function f) {
            Function d = dest.addFunction(f.name() + suffix, (org.nvlower.llvm.ir.FunctionType) cloner.mapType(f.functionType()));
            copy.put(g, d);
            cloner.map(f, d);
            cloner.copyHeader(f, d);
            cloner.cloneBodyInto(f, d);
            return d;
        } else {
            GlobalVariable d = cloner.cloneGlobalVariableDeclaration((GlobalVariable) g, g.name() + suffix);
            copy.put(g, d);
            GlobalVariable src = (GlobalVariable) g;
            if (src.initializer() != null) {
                d.setInitializer(cloner.mapConstant(src.initializer()));
            }
            return d;
        }
        copy.put(g, result);
        return result;
    }
}
