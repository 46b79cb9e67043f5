package org.nvlower.nvptx;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.SequencedMap;

/**
 * The TargetMachine: the one configuration every nvlower system consults. cicc builds it on two
 * paths (seed 2, "Dual-Path Target Initialization") that converge on one registry lookup:
 * <ul>
 * <li>{@link #fromOptions} is the CLI path: the triple comes from {@code -m64}/{@code -m32} and
 *     the shared-memory pointer mode from {@code -nvptx-short-ptr}/{@code -nvptx-32-bit-smem};</li>
 * <li>{@link #forModule} is the pipeline path: the triple comes from the pointer size of a
 *     module's data layout, the shared-memory mode from its {@code p3} entry, and an extension hook
 *     on the target replaces the standard creation.</li>
 * </ul>
 *
 * @param triple         {@code nvptx64-nvidia-cuda} or {@code nvptx-nvidia-cuda}
 * @param cpu            the SM name, {@code sm_80}
 * @param features       {@code +sharedmem32bitptr} when applicable, then {@code +fma-level=N,+prec-divf32=N,+prec-sqrtf32=N}
 * @param options        the TargetOptions
 * @param dataLayout     the layout of every module written for this machine
 * @param compileOptions the cicc options it was built from
 * @param createdBy      {@code "standard"}, or the name an extension hook gives
 */
public record TargetMachine(String triple, String cpu, String features, TargetOptions options, String dataLayout,
        CompileOptions compileOptions, String createdBy) {

    public TargetMachine {
        Objects.requireNonNull(triple, "triple");
        Objects.requireNonNull(compileOptions, "compileOptions");
        if (SmProcessor.byName(cpu).isEmpty()) {
            throw new IllegalArgumentException("CPU not in the SM processor table: " + cpu);
        }
    }

    /** The CLI path with the standard registry: cicc's options as given on its command line. */
    public static TargetMachine fromCommandLine(List<String> args) {
        return fromOptions(CompileOptions.parse(args), TargetRegistry.standard());
    }

    /** The CLI path with the standard registry, e.g. {@code fromCommandLine("-arch=compute_80", "-ftz=1")}. */
    public static TargetMachine fromCommandLine(String... args) {
        return fromCommandLine(List.of(args));
    }

    /** The CLI path: the triple from the pointer width of the options. */
    public static TargetMachine fromOptions(CompileOptions options, TargetRegistry registry) {
        boolean shared32 = options.sharedMem32BitPointers() && options.pointerWidth() == 64;
        return create(options.pointerWidth(), shared32, options, registry, false);
    }

    /**
     * The pipeline path: the triple from the pointer size (address space 0) of the module's data
     * layout, which the NVVM verifier checks first; an extension hook on the target is honoured.
     * The layout's pointer width wins over {@code -m32}/{@code -m64} in the options.
     */
    public static TargetMachine forModule(String moduleDataLayout, CompileOptions options, TargetRegistry registry) {
        DataLayout layout = DataLayoutVerifier.verify(moduleDataLayout);
        int width = layout.pointerSizeInBits(0);
        boolean shared32 = width == 64 && layout.pointerSizeInBits(3) == 32;
        return create(width, shared32, options.withPointerWidth(width), registry, true);
    }

    /** Both paths end here: one lookup, then the standard creation or the target's extension hook. */
    private static TargetMachine create(int pointerWidth, boolean shared32, CompileOptions options,
            TargetRegistry registry, boolean pipelinePath) {
        String triple = Triples.forPointerWidth(pointerWidth);
        String cpu = options.sm().smName();
        TargetRegistry.Target target = registry.lookupTarget(triple, cpu);
        TargetMachine standard = new TargetMachine(triple, cpu, featureString(shared32, options),
                TargetOptions.nvptx(options.optLevel()), DataLayout.nvptx(pointerWidth, shared32), options, "standard");
        if (pipelinePath && target.extension().isPresent()) {
            return target.extension().get().create(standard);
        }
        return standard;
    }

    /**
     * The feature string: {@code +sharedmem32bitptr} first when shared memory uses 32-bit pointers
     * in 64-bit mode, then the three math features. (cicc's code appends ",+fma-level=..." even to
     * an empty string; nvlower writes no empty leading element, which LLVM's parser skips anyway.)
     */
    static String featureString(boolean shared32, CompileOptions options) {
        List<String> features = new ArrayList<>();
        if (shared32) {
            features.add("+sharedmem32bitptr");
        }
        features.add("+fma-level=" + options.fmaFeatureLevel());
        features.add("+prec-divf32=" + options.precDivf32Level());
        features.add("+prec-sqrtf32=" + options.precSqrtf32Level());
        return String.join(",", features);
    }

    /** A copy with other features and a creator name (for extension hooks). */
    public TargetMachine withFeatures(String newFeatures, String newCreatedBy) {
        return new TargetMachine(triple, cpu, newFeatures, options, dataLayout, compileOptions, newCreatedBy);
    }

    public SmProcessor sm() {
        return SmProcessor.byName(cpu).orElseThrow();
    }

    public int pointerWidth() {
        return DataLayout.parse(dataLayout).pointerSizeInBits(0);
    }

    /** Whether shared memory (address space 3) uses 32-bit pointers in this machine's layout. */
    public boolean sharedMem32BitPointers() {
        return features.contains("+sharedmem32bitptr");
    }

    /**
     * The values {@code __nvvm_reflect} folds to, for the NVVMReflect pass: {@code __CUDA_ARCH}
     * (SM x 10), {@code __CUDA_FTZ}, {@code __CUDA_PREC_DIV}, {@code __CUDA_PREC_SQRT}, in that
     * order, straight from the cicc options (knobs change backend features, not these). Any other
     * key folds to 0, as NVVMReflect does with an unknown string.
     */
    public SequencedMap<String, Integer> reflectMap() {
        SequencedMap<String, Integer> map = new LinkedHashMap<>();
        map.put("__CUDA_ARCH", sm().archValue());
        map.put("__CUDA_FTZ", compileOptions.ftz() ? 1 : 0);
        map.put("__CUDA_PREC_DIV", compileOptions.precDiv());
        map.put("__CUDA_PREC_SQRT", compileOptions.precSqrt());
        return Collections.unmodifiableSequencedMap(map);
    }

    /** The value {@code __nvvm_reflect(key)} folds to: the map's, or 0 for an unknown key. */
    public int reflect(String key) {
        return reflectMap().getOrDefault(key, 0);
    }

    /** The FP32 division template that runs ({@code +prec-divf32} and {@code -ftz}). */
    public PrecDivF32 fp32Division() {
        return compileOptions.fp32Division();
    }

    /** The FP32 square root instruction ({@code +prec-sqrtf32} and {@code -ftz}). */
    public PrecSqrtF32 fp32Sqrt() {
        return compileOptions.fp32Sqrt();
    }

    /** The DDIV template tier for this SM's register file. */
    public DdivTier ddivTier() {
        return sm().ddivTier();
    }

    public Subtarget subtarget() {
        return Subtarget.of(this);
    }

    public CostModel costModel() {
        return new CostModel(this);
    }
}
