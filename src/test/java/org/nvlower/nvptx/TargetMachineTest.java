package org.nvlower.nvptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.nvlower.diag.InputException;

/** Seed 2, "Dual-Path Target Initialization": both paths, the lookup, options, features, reflect map. */
class TargetMachineTest {

    static TargetMachine cli(String... args) {
        return TargetMachine.fromCommandLine(List.of(args));
    }

    @Test
    void cliPathDefaults() {
        TargetMachine tm = cli();
        assertEquals("nvptx64-nvidia-cuda", tm.triple());
        assertEquals("sm_75", tm.cpu());
        assertEquals("+fma-level=1,+prec-divf32=3,+prec-sqrtf32=1", tm.features());
        assertEquals(new TargetOptions(0, 1, 8, 3, 1), tm.options());
        assertEquals(DataLayoutTest.SEED_64, tm.dataLayout());
        assertEquals(64, tm.pointerWidth());
        assertEquals("standard", tm.createdBy());
    }

    @Test
    void featureStringOrderAndValues() {
        assertEquals("+sharedmem32bitptr,+fma-level=2,+prec-divf32=2,+prec-sqrtf32=0",
                cli("-nvptx-short-ptr", "-fma=2", "-ftz=1", "-prec-div=1", "-prec-sqrt=0").features());
        assertEquals("+sharedmem32bitptr,+fma-level=0,+prec-divf32=1,+prec-sqrtf32=1",
                cli("-nvptx-32-bit-smem", "-fma=0", "-prec-div=0").features());
        assertEquals("+fma-level=1,+prec-divf32=0,+prec-sqrtf32=0",
                cli("-ftz=1", "-prec_div=0", "-prec_sqrt=0", "-fmad=1", "-fast-math").features());
        // The knobs of the same name override the options.
        assertEquals("+fma-level=2,+prec-divf32=0,+prec-sqrtf32=0",
                cli("-nvptx-fma-level=2", "-nvptx-prec-divf32=0", "-nvptx-prec-sqrtf32=0").features());
    }

    @Test
    void pointerWidthAndSharedMemoryPickTripleAndLayout() {
        TargetMachine shared = cli("-nvptx-short-ptr");
        assertEquals(DataLayoutTest.SEED_64_SHARED, shared.dataLayout());
        assertTrue(shared.sharedMem32BitPointers());
        TargetMachine m32 = cli("-m32");
        assertEquals("nvptx-nvidia-cuda", m32.triple());
        assertEquals(DataLayoutTest.SEED_32, m32.dataLayout());
        assertEquals(32, m32.pointerWidth());
        // In 32-bit mode every pointer is 32-bit already: no +sharedmem32bitptr, the one 32-bit layout.
        TargetMachine m32shared = cli("-m32", "-nvptx-short-ptr");
        assertEquals("+fma-level=1,+prec-divf32=3,+prec-sqrtf32=1", m32shared.features());
        assertEquals(DataLayoutTest.SEED_32, m32shared.dataLayout());
        assertFalse(m32shared.sharedMem32BitPointers());
    }

    @Test
    void optLevelReachesTargetOptions() {
        for (int opt = 0; opt <= 3; opt++) {
            assertEquals(new TargetOptions(0, TargetOptions.RELOC_PIC, 8, opt, 1), cli("-opt=" + opt).options());
        }
        assertEquals(1, TargetOptions.RELOC_PIC);
        assertEquals(8, TargetOptions.CODE_MODEL);
        assertEquals(1, TargetOptions.THREAD_MODEL_POSIX);
    }

    @Test
    void pipelinePathDerivesTheTripleFromTheLayoutsPointerSize() {
        CompileOptions o = CompileOptions.parse("-arch=compute_80");
        TargetMachine tm64 = TargetMachine.forModule(DataLayoutTest.SEED_64, o, TargetRegistry.standard());
        assertEquals("nvptx64-nvidia-cuda", tm64.triple());
        TargetMachine tm32 = TargetMachine.forModule(DataLayoutTest.SEED_32, o, TargetRegistry.standard());
        assertEquals("nvptx-nvidia-cuda", tm32.triple());
        assertEquals(32, tm32.compileOptions().pointerWidth());
        TargetMachine shared = TargetMachine.forModule(DataLayoutTest.SEED_64_SHARED, o, TargetRegistry.standard());
        assertEquals("+sharedmem32bitptr,+fma-level=1,+prec-divf32=3,+prec-sqrtf32=1", shared.features());
        // libdevice's short-form layout states no pointer size: LLVM's default, 64 bits.
        TargetMachine libdevice = TargetMachine.forModule(DataLayout.LINKER_SHORT_FORM, o, TargetRegistry.standard());
        assertEquals("nvptx64-nvidia-cuda", libdevice.triple());
        assertEquals(DataLayoutTest.SEED_64, libdevice.dataLayout());
    }

    @Test
    void bothPathsConverge() {
        for (String[] args : List.of(new String[] {"-arch=compute_80"}, new String[] {"-m32", "-arch=sm_90a", "-ftz=1"},
                new String[] {"-nvptx-short-ptr", "-opt=1", "-prec-div=0"})) {
            TargetMachine viaCli = cli(args);
            TargetMachine viaPipeline = TargetMachine.forModule(viaCli.dataLayout(), viaCli.compileOptions(),
                    TargetRegistry.standard());
            assertEquals(viaCli, viaPipeline, String.join(" ", args));
        }
    }

    @Test
    void pipelinePathVerifiesTheLayout() {
        CompileOptions o = CompileOptions.DEFAULTS;
        assertEquals("Empty target data layout, must exist", assertThrows(InputException.class,
                () -> TargetMachine.forModule("", o, TargetRegistry.standard())).getMessage());
        assertTrue(assertThrows(InputException.class, () -> TargetMachine.forModule("e-p:16:16", o,
                TargetRegistry.standard())).getMessage().contains("Example valid data layout:"));
    }

    @Test
    void failedLookupOnBothPaths() {
        TargetRegistry none = TargetRegistry.empty();
        assertEquals("Failed to locate nvptx target: no target registered for triple 'nvptx64-nvidia-cuda'",
                assertThrows(InputException.class, () -> TargetMachine.fromOptions(CompileOptions.DEFAULTS, none)).getMessage());
        assertEquals("Failed to locate nvptx target: no target registered for triple 'nvptx-nvidia-cuda'",
                assertThrows(InputException.class, () -> TargetMachine.forModule(DataLayoutTest.SEED_32,
                        CompileOptions.DEFAULTS, none)).getMessage());
        assertEquals("Failed to locate nvptx target: CPU 'sm_81' is not in the SM processor table",
                assertThrows(InputException.class, () -> TargetRegistry.standard().lookupTarget("nvptx64", "sm_81")).getMessage());
        assertEquals("nvptx64", TargetRegistry.standard().lookupTarget("nvptx64", "sm_80").arch());
        assertEquals("nvptx", TargetRegistry.standard().lookupTarget("nvptx-nvidia-cuda", "sm_20").arch());
    }

    @Test
    void extensionHookIsUsedByThePipelinePathOnly() {
        TargetRegistry extended = TargetRegistry.standard().withExtension("nvptx64",
                standard -> standard.withFeatures(standard.features() + ",+ext", "ext"));
        CompileOptions o = CompileOptions.parse("-arch=compute_100a");
        TargetMachine pipeline = TargetMachine.forModule(DataLayoutTest.SEED_64, o, extended);
        assertEquals("ext", pipeline.createdBy());
        assertEquals("+fma-level=1,+prec-divf32=3,+prec-sqrtf32=1,+ext", pipeline.features());
        assertEquals("standard", TargetMachine.fromOptions(o, extended).createdBy());
        // The hook sits on nvptx64 only.
        assertEquals("standard", TargetMachine.forModule(DataLayoutTest.SEED_32, o, extended).createdBy());
        assertThrows(IllegalArgumentException.class, () -> TargetRegistry.empty().withExtension("nvptx64", s -> s));
    }

    @Test
    void reflectMapOfTheOptions() {
        assertEquals(Map.of("__CUDA_ARCH", 800, "__CUDA_FTZ", 0, "__CUDA_PREC_DIV", 1, "__CUDA_PREC_SQRT", 1),
                cli("-arch=compute_80").reflectMap());
        assertEquals(List.of("__CUDA_ARCH", "__CUDA_FTZ", "__CUDA_PREC_DIV", "__CUDA_PREC_SQRT"),
                List.copyOf(cli().reflectMap().keySet()));
        TargetMachine fast = cli("-arch=sm_90a", "-ftz=1", "-prec_div=0", "-prec_sqrt=0", "-fast-math");
        assertEquals(List.of(900, 1, 0, 0), List.copyOf(fast.reflectMap().values()));
        assertEquals(1210, cli("-arch=compute_121f").reflect("__CUDA_ARCH"));
        // NVVMReflect: an unknown string folds to 0.
        assertEquals(0, cli().reflect("__CUDA_UNKNOWN"));
        // Knobs change features, not the reflect values.
        assertEquals(1, cli("-nvptx-prec-divf32=0").reflect("__CUDA_PREC_DIV"));
        assertThrows(UnsupportedOperationException.class, () -> cli().reflectMap().put("x", 1));
    }

    @Test
    void capabilitiesOtherSystemsQuery() {
        TargetMachine sm80 = cli("-arch=compute_80");
        assertEquals(PrecDivF32.RN, sm80.fp32Division());
        assertEquals(PrecSqrtF32.RN, sm80.fp32Sqrt());
        assertEquals(DdivTier.FULL_UNROLL, sm80.ddivTier());
        assertTrue(sm80.sm().hasMufuRcp64h());
        assertFalse(sm80.sm().hasMufuSqrt());
        assertTrue(cli("-arch=compute_89").sm().hasMufuSqrt());
        assertFalse(cli("-arch=compute_75").sm().drsqrtHardwareFlag());
    }

    @Test
    void recordRejectsAnUnknownCpu() {
        assertThrows(IllegalArgumentException.class, () -> new TargetMachine("nvptx64-nvidia-cuda", "sm_81", "",
                TargetOptions.nvptx(3), DataLayoutTest.SEED_64, CompileOptions.DEFAULTS, "standard"));
    }
}
