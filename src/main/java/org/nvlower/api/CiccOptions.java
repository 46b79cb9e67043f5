package org.nvlower.api;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.pass.NvvmReflect;
import org.nvlower.nvptx.CompileOptions;
import org.nvlower.nvptx.TargetMachine;

/**
 * The options of a compilation, built from cicc's own options ({@code -arch=sm_90 -ftz=1
 * -prec-div=0 ...}, parsed as cicc parses them) plus what the passes need beyond them:
 * {@code __nvvm_reflect} overrides, where libdevice is, and whether the fp128/i128 runtime bodies
 * are linked into the lowered module. Immutable; each {@code with} method returns a copy.
 *
 * <pre>{@code
 * CiccOptions o = CiccOptions.parse("-arch=sm_80", "-ftz=1")
 *         .withReflect("__MY_KEY", 2)
 *         .withRuntimeLinked(true);
 * o.arch();   // "sm_80"
 * o.ftz();    // true
 * }</pre>
 *
 * <p>Reflect values, lowest priority first: the target's ({@code __CUDA_ARCH}, {@code __CUDA_FTZ},
 * {@code __CUDA_PREC_DIV}, {@code __CUDA_PREC_SQRT}), then the module's {@code nvvm-reflect-ftz}
 * flag when the options did not say {@code -ftz}, then {@link #withReflect}; unknown keys fold to 0.
 */
public final class CiccOptions {

    private final List<String> args;
    private final TargetMachine target;
    private final Map<String, Integer> reflect;
    private final Path libdevice;
    private final boolean runtimeLinked;

    private CiccOptions(List<String> args, TargetMachine target, Map<String, Integer> reflect, Path libdevice,
            boolean runtimeLinked) {
        this.args = List.copyOf(args);
        this.target = target;
        this.reflect = Map.copyOf(reflect);
        this.libdevice = libdevice;
        this.runtimeLinked = runtimeLinked;
    }

    /**
     * cicc's options as on its command line, e.g. {@code parse("-arch=compute_80", "-prec-div=0")}.
     *
     * @throws NvlowerException for an unknown option or value
     */
    public static CiccOptions parse(String... args) {
        return parse(List.of(args));
    }

    /** As {@link #parse(String...)}. */
    public static CiccOptions parse(List<String> args) {
        return Failures.guard(() -> new CiccOptions(args, TargetMachine.fromCommandLine(args), Map.of(), null, false));
    }

    /** nvcc 13.0's defaults (sm_75, -ftz=0, -prec-div=1, -prec-sqrt=1, -fma=1, -opt=3). */
    public static CiccOptions defaults() {
        return parse();
    }

    /** A copy in which {@code __nvvm_reflect("key")} folds to {@code value}, over anything else. */
    public CiccOptions withReflect(String key, int value) {
        Map<String, Integer> m = new LinkedHashMap<>(reflect);
        m.put(key, value);
        return new CiccOptions(args, target, m, libdevice, runtimeLinked);
    }

    /** A copy that reads libdevice from {@code path} (bitcode or text IR) instead of the CUDA installation's. */
    public CiccOptions withLibdevice(Path path) {
        return new CiccOptions(args, target, reflect, path, runtimeLinked);
    }

    /**
     * A copy whose 128-bit lowering links the bodies of the runtime functions the module calls
     * (fp128 then carried as i128), so that stock {@code llc} compiles the result alone.
     */
    public CiccOptions withRuntimeLinked(boolean linked) {
        return new CiccOptions(args, target, reflect, libdevice, linked);
    }

    /** The cicc options as given. */
    public List<String> args() {
        return args;
    }

    /** The SM, e.g. {@code sm_80}. */
    public String arch() {
        return target.cpu();
    }

    /** {@code -ftz}. */
    public boolean ftz() {
        return options().ftz();
    }

    /** {@code -prec-div}: 0 or 1. */
    public int precDiv() {
        return options().precDiv();
    }

    /** {@code -prec-sqrt}: 0 or 1. */
    public int precSqrt() {
        return options().precSqrt();
    }

    /** {@code -fma}: 0 off, 1 on, 2 aggressive. */
    public int fmaLevel() {
        return options().fmaLevel();
    }

    /** {@code -opt}: 0 to 3. */
    public int optLevel() {
        return options().optLevel();
    }

    /** The target triple, {@code nvptx64-nvidia-cuda} (or {@code nvptx-nvidia-cuda} with {@code -m32}). */
    public String triple() {
        return target.triple();
    }

    /** The data layout of modules written for this target. */
    public String dataLayout() {
        return target.dataLayout();
    }

    /** The reflect overrides ({@link #withReflect}). */
    public Map<String, Integer> reflectOverrides() {
        return reflect;
    }

    /** The libdevice file named by {@link #withLibdevice}, if any. */
    public Optional<Path> libdevice() {
        return Optional.ofNullable(libdevice);
    }

    /** Whether the 128-bit lowering links the runtime bodies ({@link #withRuntimeLinked}). */
    public boolean runtimeLinked() {
        return runtimeLinked;
    }

    /** The value each {@code __nvvm_reflect} key folds to in {@code module} (keys not listed fold to 0). */
    public Map<String, Integer> reflectValues(Module module) {
        return NvvmReflect.values(target, module, !ftzGiven(), reflect);
    }

    @Override
    public String toString() {
        return String.join(" ", args) + (reflect.isEmpty() ? "" : " " + reflect);
    }

    TargetMachine target() {
        return target;
    }

    boolean ftzGiven() {
        return args.stream().anyMatch(a -> a.equals("-ftz") || a.startsWith("-ftz="));
    }

    private CompileOptions options() {
        return target.compileOptions();
    }
}
