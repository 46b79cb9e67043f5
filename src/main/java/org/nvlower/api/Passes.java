package org.nvlower.api;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.pass.LibdeviceLink;
import org.nvlower.llvm.pass.Lower128;
import org.nvlower.llvm.pass.MathCallFolder;
import org.nvlower.llvm.pass.NvvmReflect;
import org.nvlower.llvm.pass.ReflectBranchFold;
import org.nvlower.llvm.runtime.RuntimeFunction;
import org.nvlower.mlir.MlirVersion;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.math.MathToLibdevice;
import org.nvlower.mlir.text.MlirParser;
import org.nvlower.mlir.text.MlirPrinter;
import org.nvlower.pipeline.Libdevice;
import org.nvlower.pipeline.MathPipeline;

/**
 * nvlower's passes, each on its own and the whole chain. A pass changes the module it is given in
 * place and returns what it did; it never prints. Options come from {@link CiccOptions}.
 *
 * <pre>{@code
 * CiccOptions o = CiccOptions.parse("-arch=sm_80", "-ftz=1").withRuntimeLinked(true);
 * Module m = LlvmIr.read(Path.of("kernel.ll"));
 * Passes.reflect(m, o);                              // __nvvm_reflect folded, dead arms removed
 * Passes.linkLibdevice(m, Passes.loadLibdevice(o), o);
 * Passes.lower128(m, o);                             // fp128/i128 ops -> __nv_* runtime calls (+ bodies)
 * // or all of it: Passes.compile(m, o)
 * }</pre>
 */
public final class Passes {

    private Passes() {
    }

    /**
     * What {@link #reflect} did.
     *
     * @param callsFolded    {@code __nvvm_reflect} calls replaced by their value
     * @param keys           each key met and how many calls asked for it
     * @param branchesFolded conditional branches that became unconditional
     * @param blocksRemoved  blocks no longer reached, deleted
     */
    public record ReflectResult(int callsFolded, Map<String, Integer> keys, int branchesFolded, int blocksRemoved) {
    }

    /**
     * What {@link #linkLibdevice} did.
     *
     * @param linked         the libdevice functions linked (the module's calls and what they call)
     * @param inlined        calls inlined
     * @param reflectFolded  {@code __nvvm_reflect} calls folded (libdevice's and the module's)
     * @param branchesFolded branches folded after reflection and inlining
     */
    public record LinkResult(List<String> linked, int inlined, int reflectFolded, int branchesFolded) {
    }

    /**
     * What {@link #fold} did.
     *
     * @param folded calls with constant arguments replaced by their (correctly rounded or exact) value
     * @param byName how many calls of each function were folded
     */
    public record FoldResult(int folded, Map<String, Integer> byName) {
    }

    /**
     * What {@link #lower128} did.
     *
     * @param calls            fp128/i128 operations that became runtime calls
     * @param constantsFolded  128-bit constant operations folded instead
     * @param runtimeFunctions the {@code __nv_*} runtime functions the module now calls
     */
    public record Lower128Result(int calls, int constantsFolded, List<String> runtimeFunctions) {
    }

    /**
     * What {@link #mathToLibdevice} made.
     *
     * @param mlir    the MLIR text with math/arith operations replaced by libdevice calls (MLIR 19 syntax)
     * @param lowered operations replaced
     * @param skipped operations left as they were, each with the reason
     */
    public record MathLowering(String mlir, int lowered, List<String> skipped) {
    }

    /**
     * One stage of {@link #compile}: its name ({@code fold}, {@code link-libdevice}, {@code reflect},
     * {@code memory-cleanup}, {@code lower128}; {@code mathlower} and {@code translate} from MLIR) and
     * what it did in words.
     */
    public record Stage(String name, String summary) {
    }

    /** The result of {@link #compile}: the lowered module and the stages in order. */
    public record Compilation(Module module, List<Stage> stages) {
    }

    /**
     * NVVMReflect: folds every {@code __nvvm_reflect("KEY")} to the options' value, then the
     * now-constant compares, branches, selects and phis, and deletes blocks no longer reached.
     */
    public static ReflectResult reflect(Module module, CiccOptions options) {
        return reflect(module, options, true);
    }

    /** As {@link #reflect(Module, CiccOptions)}; without {@code foldBranches} only the calls are replaced. */
    public static ReflectResult reflect(Module module, CiccOptions options, boolean foldBranches) {
        return Failures.guard(() -> {
            NvvmReflect.Result r = NvvmReflect.run(module, options.reflectValues(module));
            if (!foldBranches) {
                return new ReflectResult(r.folded(), Map.copyOf(r.keys()), 0, 0);
            }
            ReflectBranchFold.Result f = ReflectBranchFold.run(r.functions());
            return new ReflectResult(r.folded(), Map.copyOf(r.keys()), f.branchesFolded(), f.blocksRemoved());
        });
    }

    /**
     * libdevice as the options say: {@link CiccOptions#libdevice()}, else the CUDA installation's
     * ({@code $CUDA_HOME}, else {@code /usr/local/cuda}, {@code nvvm/libdevice/libdevice.10.bc}),
     * read natively. Load it once and link it into any number of modules.
     *
     * @throws NvlowerException when it is not found or does not read
     */
    public static Module loadLibdevice(CiccOptions options) {
        return Failures.guard(() -> Libdevice.load(options.libdevice().orElseGet(Libdevice::defaultPath)));
    }

    /**
     * Links the libdevice functions the module calls, internalized and inlined, then reflects and
     * folds as cicc does; what the link brought and nothing uses is removed. {@code libdevice} is
     * not changed.
     *
     * @throws NvlowerException when the module's triple or data layout cannot take libdevice
     */
    public static LinkResult linkLibdevice(Module module, Module libdevice, CiccOptions options) {
        return Failures.guard(() -> {
            LibdeviceLink.Result r = LibdeviceLink.run(module, libdevice, options.reflectValues(module));
            return new LinkResult(r.linked(), r.inlined(), r.reflect().folded(), r.branchesFolded());
        });
    }

    /** Folds calls to libdevice and math intrinsics whose arguments are constants, by name. */
    public static FoldResult fold(Module module, CiccOptions options) {
        return Failures.guard(() -> {
            MathCallFolder.Result r = MathCallFolder.run(module, options.reflectValues(module));
            return new FoldResult(r.folded(), Map.copyOf(r.byName()));
        });
    }

    /**
     * The 128-bit lowering: every fp128/i128 operation NVPTX cannot select becomes a call of an
     * {@code __nv_*} runtime function; with {@link CiccOptions#runtimeLinked()} their bodies are
     * linked in (fp128 carried as i128), so that stock {@code llc} compiles the module alone.
     *
     * @throws NvlowerException for an operation it cannot lower
     */
    public static Lower128Result lower128(Module module, CiccOptions options) {
        return Failures.guard(() -> {
            Lower128.Result r = Lower128.run(module, options.runtimeLinked() ? Lower128.Options.SELF_CONTAINED
                    : Lower128.Options.DEFAULT);
            return new Lower128Result(r.calls(), r.folded(),
                    r.functions().stream().map(RuntimeFunction::symbol).sorted().toList());
        });
    }

    /**
     * MathToLibdevice on MLIR text: {@code math.*} and {@code arith.*} operations on f32/f64 become
     * {@code func.call}s of the libdevice functions mlir-opt's {@code convert-math-to-libdevice}
     * would choose.
     *
     * @throws NvlowerException with the position of a parse error
     */
    public static MathLowering mathToLibdevice(String fileName, String mlirText) {
        return Failures.guard(() -> {
            Operation op = MlirParser.parse(fileName, mlirText);
            MathToLibdevice.Result r = MathToLibdevice.run(op);
            return new MathLowering(MlirPrinter.print(op, MlirVersion.MLIR_19), r.lowered(),
                    r.skipped().stream().map(s -> s.op().name() + ": " + s.reason()).toList());
        });
    }

    /**
     * The whole chain of {@code nvlower compile} on an LLVM module, in place: calls with constant
     * arguments folded, libdevice linked (only when the module calls it; loaded as
     * {@link #loadLibdevice} does), reflected, branches folded, folded again, memory cleaned up,
     * 128-bit operations lowered.
     */
    public static Compilation compile(Module module, CiccOptions options) {
        return compile(module, options, () -> loadLibdevice(options));
    }

    /** As {@link #compile(Module, CiccOptions)}, libdevice from {@code libdevice} (asked only when needed). */
    public static Compilation compile(Module module, CiccOptions options, Supplier<Module> libdevice) {
        return Failures.guard(() -> result(MathPipeline.compile(module, settings(options), libdevice)));
    }

    /** MLIR text through the whole chain: MathToLibdevice, translation to LLVM IR, then as {@link #compile}. */
    public static Compilation compileMlir(String fileName, String mlirText, CiccOptions options) {
        return Failures.guard(() -> result(MathPipeline.compileMlir(fileName, mlirText, settings(options),
                () -> loadLibdevice(options))));
    }

    private static MathPipeline.Settings settings(CiccOptions o) {
        Path lib = o.libdevice().orElse(null);
        return new MathPipeline.Settings(o.target(), o.ftzGiven(), o.reflectOverrides(), lib, o.runtimeLinked());
    }

    private static Compilation result(MathPipeline.Result r) {
        return new Compilation(r.module(), r.stages().stream().map(s -> new Stage(s.name(), s.summary())).toList());
    }
}
