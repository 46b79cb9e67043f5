package org.nvlower.pipeline;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

import org.nvlower.diag.InputException;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.pass.LibdeviceLink;
import org.nvlower.llvm.pass.Lower128;
import org.nvlower.llvm.pass.MathCallFolder;
import org.nvlower.llvm.pass.MemoryCleanup;
import org.nvlower.llvm.pass.NvvmReflect;
import org.nvlower.llvm.pass.ReflectBranchFold;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.math.MathToLibdevice;
import org.nvlower.mlir.text.MlirParser;
import org.nvlower.mlir.translate.LlvmTranslation;
import org.nvlower.nvptx.TargetMachine;

/**
 * The whole math chain of seed 4, MLIR to lowered LLVM IR:
 * <ol>
 * <li>MLIR: {@link MathToLibdevice} turns math/arith operations into libdevice calls, and
 *     {@link LlvmTranslation} makes the LLVM module for the target (an LLVM IR input starts at 2);</li>
 * <li>{@link MathCallFolder}: calls with constant arguments become constants (before libdevice,
 *     whose bodies would hide the name);</li>
 * <li>{@link LibdeviceLink}: only when the module calls libdevice; it reflects and folds too
 *     ({@link NvvmReflect}, {@link ReflectBranchFold});</li>
 * <li>the folder again on what inlining exposed (constant intrinsic calls), and constant folding;</li>
 * <li>{@link MemoryCleanup};</li>
 * <li>the 128-bit lowering ({@link Lower128}).</li>
 * </ol>
 * The pipeline holds no logic a pass could own: it orders the passes and records what each did.
 */
public final class MathPipeline {

    /**
     * What the chain is given.
     *
     * @param target    the TargetMachine of the cicc options
     * @param ftzGiven  whether the options said {@code -ftz} (else the module's nvvm-reflect-ftz flag may)
     * @param overrides {@code -R KEY=VALUE}
     * @param libdevice where libdevice is, or null for the CUDA installation's
     * @param linkRuntime whether the last stage links the fp128/i128 runtime bodies the module calls
     *                  (fp128 then carried as i128), so that stock LLVM compiles the result alone
     */
    public record Settings(TargetMachine target, boolean ftzGiven, Map<String, Integer> overrides, Path libdevice,
            boolean linkRuntime) {
        public Settings {
            Objects.requireNonNull(target, "target");
            overrides = Map.copyOf(overrides);
        }

        public Settings(TargetMachine target, boolean ftzGiven, Map<String, Integer> overrides, Path libdevice) {
            this(target, ftzGiven, overrides, libdevice, false);
        }
    }

    /** One pass run: its name and what it did, in words. */
    public record Stage(String name, String summary) {
    }

    /** The compiled module and the stages that ran. */
    public record Result(Module module, List<Stage> stages) {
    }

    private MathPipeline() {
    }

    /** MLIR text through the whole chain. */
    public static Result compileMlir(String fileName, String text, Settings settings) {
        return compileMlir(fileName, text, settings, () -> Libdevice.load(settings.libdevice() != null
                ? settings.libdevice() : Libdevice.defaultPath()));
    }

    /** As {@link #compileMlir(String, String, Settings)}, libdevice coming from {@code libdevice} (read only when needed). */
    public static Result compileMlir(String fileName, String text, Settings settings, Supplier<Module> libdevice) {
        List<Stage> stages = new ArrayList<>();
        Operation mlir = MlirParser.parse(fileName, text);
        MathToLibdevice.Result lowered = MathToLibdevice.run(mlir);
        stages.add(new Stage("mathlower", lowered.lowered() + " operation(s) to libdevice calls"
                + (lowered.skipped().isEmpty() ? "" : ", " + lowered.skipped().size() + " left")));
        Module module = LlvmTranslation.translate(mlir, settings.target(), fileName);
        stages.add(new Stage("translate", module.functions().stream().filter(f -> !f.isDeclaration()).count()
                + " function(s) in LLVM IR for " + settings.target().cpu()));
        stages.addAll(compile(module, settings, libdevice).stages());
        return new Result(module, stages);
    }

    /** An LLVM module through the chain from the folder on; the module is changed in place. */
    public static Result compile(Module module, Settings settings) {
        return compile(module, settings, () -> Libdevice.load(settings.libdevice() != null ? settings.libdevice()
                : Libdevice.defaultPath()));
    }

    /** As {@link #compile(Module, Settings)}, libdevice coming from {@code libdevice} (read only when needed). */
    public static Result compile(Module module, Settings settings, Supplier<Module> libdevice) {
        List<Stage> stages = new ArrayList<>();
        Map<String, Integer> values = NvvmReflect.values(settings.target(), module, !settings.ftzGiven(), settings.overrides());
        MathCallFolder.Result early = MathCallFolder.run(module, values);
        stages.add(new Stage("fold", early.folded() + " call(s) with constant arguments folded" + names(early)));
        if (callsLibdevice(module)) {
            LibdeviceLink.Result link = LibdeviceLink.run(module, libdevice.get(), values);
            stages.add(new Stage("link-libdevice", link.linked().size() + " function(s) linked, " + link.inlined()
                    + " call(s) inlined"));
            stages.add(reflectStage(link.reflect(), values, link.branchesFolded()));
        } else {
            NvvmReflect.Result reflect = NvvmReflect.run(module, values);
            int branches = ReflectBranchFold.run(reflect.functions()).branchesFolded();
            stages.add(reflectStage(reflect, values, branches));
        }
        int late = 0;
        for (int round = 0; round < 4; round++) {
            MathCallFolder.Result r = MathCallFolder.run(module, values);
            if (r.folded() == 0) {
                break;
            }
            late += r.folded();
            ReflectBranchFold.run(r.changed());
        }
        stages.add(new Stage("fold", late + " constant intrinsic call(s) folded after inlining"));
        MemoryCleanup.Result clean = MemoryCleanup.run(module);
        stages.add(new Stage("memory-cleanup", clean.loadsRemoved() + " load(s) and " + clean.storesRemoved()
                + " store(s) removed"));
        stages.add(lower128(module, settings.linkRuntime()));
        return new Result(module, stages);
    }

    private static String names(MathCallFolder.Result r) {
        return r.byName().isEmpty() ? "" : " (" + String.join(", ", r.byName().keySet()) + ")";
    }

    private static Stage reflectStage(NvvmReflect.Result r, Map<String, Integer> values, int branches) {
        List<String> keys = new ArrayList<>();
        r.keys().forEach((k, n) -> keys.add(k + "=" + values.getOrDefault(k, 0) + " x" + n));
        return new Stage("reflect", r.folded() + " __nvvm_reflect call(s) folded" + (keys.isEmpty() ? "" : " ("
                + String.join(", ", keys) + ")") + ", " + branches + " branch(es) folded");
    }

    /** Whether the module declares a libdevice function ({@code __nv_*}) it calls. */
    static boolean callsLibdevice(Module module) {
        for (Function f : module.functions()) {
            if (f.isDeclaration() && f.name().startsWith("__nv_") && f.hasUses()) {
                return true;
            }
        }
        return false;
    }

    /** The 128-bit lowering: every fp128/i128 operation NVPTX cannot select becomes a runtime call. */
    static Stage lower128(Module module, boolean linkRuntime) {
        Lower128.Result r = Lower128.run(module, linkRuntime ? Lower128.Options.SELF_CONTAINED : Lower128.Options.DEFAULT);
        return new Stage("lower128", r.calls() + " runtime call(s), " + r.folded() + " constant(s) folded"
                + (r.functions().isEmpty() ? "" : " (" + r.functions().size() + " __nv_* function(s))"));
    }
}
