package org.nvlower.nvptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nvlower.diag.InputException;

/** cicc's options (seed 2, "Path 1"), nvcc 13.0's defaults and every error message. */
class CompileOptionsTest {

    private static String error(String... args) {
        return assertThrows(InputException.class, () -> CompileOptions.parse(args)).getMessage();
    }

    @Test
    void defaultsAreWhatNvcc13Passes() {
        // nvcc -dryrun: "-arch compute_75 -m64 -ftz=0 -prec_div=1 -prec_sqrt=1 -fmad=1"
        CompileOptions o = CompileOptions.parse();
        assertEquals(SmProcessor.SM_75, o.sm());
        assertEquals(3, o.optLevel());
        assertFalse(o.ftz());
        assertEquals(1, o.fmaLevel());
        assertEquals(1, o.precDiv());
        assertEquals(1, o.precSqrt());
        assertFalse(o.fastMath());
        assertFalse(o.deviceC());
        assertEquals(64, o.pointerWidth());
        assertFalse(o.sharedMem32BitPointers());
        assertEquals(CompileOptions.DEFAULTS, o);
        assertEquals(o, CompileOptions.parse("-arch", "compute_75", "-m64", "-ftz=0", "-prec_div=1", "-prec_sqrt=1", "-fmad=1"));
    }

    @Test
    void everyOptionParses() {
        CompileOptions o = CompileOptions.parse("-arch=compute_90a", "-opt=2", "-ftz=1", "-fma=2", "-prec-div=0",
                "-prec-sqrt=0", "-fast-math", "--device-c", "-m32");
        assertEquals(SmProcessor.SM_90A, o.sm());
        assertEquals(2, o.optLevel());
        assertTrue(o.ftz());
        assertEquals(2, o.fmaLevel());
        assertEquals(0, o.precDiv());
        assertEquals(0, o.precSqrt());
        assertTrue(o.fastMath());
        assertTrue(o.deviceC());
        assertEquals(32, o.pointerWidth());
    }

    @Test
    void archSpellings() {
        assertEquals(SmProcessor.SM_80, CompileOptions.parse("-arch=sm_80").sm());
        assertEquals(SmProcessor.SM_80, CompileOptions.parse("-arch", "sm_80").sm());
        assertEquals(SmProcessor.SM_121F, CompileOptions.parse("-arch=compute_121f").sm());
        assertEquals(SmProcessor.SM_20, CompileOptions.parse("-arch=compute_20").sm());
        assertEquals(SmProcessor.SM_80, CompileOptions.parse("-arch=compute_80", "-arch=sm_80").sm());
    }

    @Test
    void sharedMemoryFlagsAreKnobs() {
        assertTrue(CompileOptions.parse("-nvptx-short-ptr").sharedMem32BitPointers());
        assertTrue(CompileOptions.parse("-nvptx-32-bit-smem").sharedMem32BitPointers());
        assertTrue(CompileOptions.parse("-nvptx-32-bit-smem=true").sharedMem32BitPointers());
        assertFalse(CompileOptions.parse("-nvptx-short-ptr=0").sharedMem32BitPointers());
    }

    @Test
    void archErrors() {
        String allowed = "allowed: compute_20 compute_30 compute_52 compute_70 compute_75 compute_80 compute_86 "
                + "compute_87 compute_88 compute_89 compute_90 compute_90a compute_100 compute_100a compute_100f "
                + "compute_103 compute_103a compute_103f compute_110 compute_110a compute_110f compute_120 "
                + "compute_120a compute_120f compute_121 compute_121a compute_121f (or the same names with sm_)";
        assertEquals("-arch=compute_81: unknown architecture; " + allowed, error("-arch=compute_81"));
        assertEquals("-arch=80: unknown architecture; " + allowed, error("-arch=80"));
        assertEquals("-arch=sm_35: sm_35 is only in the backend's processor table, not accepted on the command line; "
                + allowed, error("-arch=sm_35"));
        assertEquals("-arch=compute_101a: sm_101a is only in the backend's processor table, not accepted on the "
                + "command line; " + allowed, error("-arch=compute_101a"));
        assertEquals("-arch needs a value; " + allowed, error("-arch"));
        assertEquals("-arch needs a value; " + allowed, error("-arch="));
        assertEquals("-arch given twice with different values (compute_80 and compute_90)",
                error("-arch=compute_80", "-arch=sm_90"));
    }

    @Test
    void numericOptionErrors() {
        assertEquals("-opt=4: 4 is out of range; allowed values: 0, 1, 2, 3", error("-opt=4"));
        assertEquals("-opt=x: 'x' is not a number; allowed values: 0, 1, 2, 3", error("-opt=x"));
        assertEquals("-opt needs a value: -opt=N with N one of 0, 1, 2, 3", error("-opt"));
        assertEquals("-ftz=2: 2 is out of range; allowed values: 0, 1", error("-ftz=2"));
        assertEquals("-fma=3: 3 is out of range; allowed values: 0, 1, 2", error("-fma=3"));
        assertEquals("-fmad=2: 2 is out of range; allowed values: 0, 1", error("-fmad=2"));
        assertEquals("-prec-div=2: 2 is out of range; allowed values: 0, 1", error("-prec-div=2"));
        assertEquals("-prec_div=-1: -1 is out of range; allowed values: 0, 1", error("-prec_div=-1"));
        assertEquals("-prec-sqrt=2: 2 is out of range; allowed values: 0, 1", error("-prec-sqrt=2"));
        assertEquals("-prec-sqrt needs a value: -prec-sqrt=N with N one of 0, 1", error("-prec-sqrt="));
    }

    @Test
    void conflictingRepeatsAreErrorsAndEqualRepeatsAreNot() {
        assertEquals("Cannot specify multiple -llcO# (-opt=2 and -opt=3)", error("-opt=2", "-opt=3"));
        assertEquals("-ftz given twice with different values (0 and 1)", error("-ftz=0", "-ftz=1"));
        assertEquals("-prec_div given twice with different values (1 and 0)", error("-prec-div=1", "-prec_div=0"));
        assertEquals("-fmad given twice with different values (2 and 1)", error("-fma=2", "-fmad=1"));
        assertEquals("-m32 conflicts with -m64: choose one pointer width (-m64 or -m32)", error("-m64", "-m32"));
        assertEquals("-nvptx-short-ptr given twice with different values (true and false)",
                error("-nvptx-short-ptr", "-nvptx-short-ptr=0"));
        assertEquals(2, CompileOptions.parse("-opt=2", "-opt=2").optLevel());
        assertEquals(32, CompileOptions.parse("-m32", "-m32").pointerWidth());
    }

    @Test
    void flagsTakeNoValue() {
        assertEquals("--device-c=1: --device-c takes no value", error("--device-c=1"));
        assertEquals("-m64=1: -m64 takes no value", error("-m64=1"));
    }

    @Test
    void unknownOptionsSuggestTheNearestName() {
        String options = " (options: -arch=compute_XX -opt=N -ftz=N -fma=N -prec-div=N -prec-sqrt=N -fast-math"
                + " --device-c -m64 -m32, or a knob as -name=value)";
        assertEquals("unknown option '-prec-dvi=1'; did you mean '-prec-div'?" + options, error("-prec-dvi=1"));
        assertEquals("unknown option '-nvptx-short-pt'; did you mean '-nvptx-short-ptr'?" + options, error("-nvptx-short-pt"));
        assertEquals("unknown option '-zzzzzzzzzzzzzzzz'" + options, error("-zzzzzzzzzzzzzzzz"));
        assertEquals("unknown option 'kernel.cu'" + options, error("kernel.cu"));
    }

    @Test
    void knobValuesGoThroughTheKnobParser() {
        CompileOptions o = CompileOptions.parse("-reg-target-adjust=-10", "-usedessa=1");
        assertEquals(-10, o.knobs().value(Knob.REG_TARGET_ADJUST));
        assertEquals(1, o.knobs().value(Knob.USEDESSA));
        assertEquals("-reg-target-adjust=11: 11 is out of range; allowed: an integer in -10..10", error("-reg-target-adjust=11"));
    }

    /** FP32 division measured with nvcc 13.0 (-ptx, sm_80) and the seed's +prec-divf32 levels. */
    @Test
    void fp32DivisionVariantFromTheOptions() {
        assertEquals("div.rn.f32", CompileOptions.parse("-prec-div=1", "-ftz=0").fp32Division().ptx());
        assertEquals("div.rn.ftz.f32", CompileOptions.parse("-prec-div=1", "-ftz=1").fp32Division().ptx());
        assertEquals("div.full.f32", CompileOptions.parse("-prec-div=0", "-ftz=0").fp32Division().ptx());
        assertEquals("div.full.ftz.f32", CompileOptions.parse("-prec-div=0", "-ftz=1").fp32Division().ptx());
        // nvcc -use_fast_math passes "-ftz=1 -prec_div=0 -prec_sqrt=0 -fmad=1 -fast-math".
        CompileOptions fast = CompileOptions.parse("-ftz=1", "-prec_div=0", "-prec_sqrt=0", "-fmad=1", "-fast-math");
        assertEquals("div.approx.ftz.f32", fast.fp32Division().ptx());
        assertEquals("sqrt.approx.ftz.f32", fast.fp32Sqrt().ptx());
        assertEquals(0, fast.precDivf32Level());
        assertEquals(3, CompileOptions.parse("-prec-div=1").precDivf32Level());
        assertEquals(2, CompileOptions.parse("-prec-div=1", "-ftz=1").precDivf32Level());
        assertEquals(1, CompileOptions.parse("-prec-div=0").precDivf32Level());
        // -fast-math does not override -prec-div=1.
        assertEquals("div.rn.f32", CompileOptions.parse("-fast-math").fp32Division().ptx());
        assertEquals("sqrt.rn.f32", CompileOptions.parse().fp32Sqrt().ptx());
        assertEquals("sqrt.rn.ftz.f32", CompileOptions.parse("-ftz=1").fp32Sqrt().ptx());
    }

    @Test
    void mathKnobsOverrideTheFeatureLevels() {
        CompileOptions o = CompileOptions.parse("-nvptx-prec-divf32=0", "-nvptx-prec-sqrtf32=0", "-nvptx-fma-level=2");
        assertEquals(0, o.precDivf32Level());
        assertEquals("div.approx.f32", o.fp32Division().ptx());
        assertEquals("sqrt.approx.f32", o.fp32Sqrt().ptx());
        assertEquals(2, o.fmaFeatureLevel());
        assertEquals(1, o.precDiv());
        assertEquals("div.rn.ftz.f32", CompileOptions.parse("-nvptx-prec-divf32=2").fp32Division().ptx());
        assertEquals("div.rn.f32", CompileOptions.parse("-nvptx-prec-divf32=3", "-ftz=1").fp32Division().ptx());
        assertEquals("-nvptx-prec-divf32=4: 4 is out of range; allowed: an integer in 0..3", error("-nvptx-prec-divf32=4"));
    }

    /** Seed 2: +prec-divf32 "0=approx, 1=full, 2=IEEE+ftz, 3=IEEE compliant". */
    @Test
    void precDivf32LevelsAreTheSeeds() {
        assertEquals("div.approx.f32", PrecDivF32.select(0, false).ptx());
        assertEquals("div.full.f32", PrecDivF32.select(1, false).ptx());
        assertEquals("div.rn.ftz.f32", PrecDivF32.select(2, false).ptx());
        assertEquals("div.rn.f32", PrecDivF32.select(3, true).ptx());
        assertTrue(PrecDivF32.select(2, false).ftz());
        assertFalse(PrecDivF32.select(3, true).ftz());
        assertTrue(PrecDivF32.RN.ieee());
        assertFalse(PrecDivF32.FULL_FTZ.ieee());
        assertThrows(IllegalArgumentException.class, () -> PrecDivF32.select(4, false));
        // +prec-sqrtf32: "0=approx (rsqrt.approx), 1=rn (sqrt.rn)".
        assertEquals("sqrt.approx.f32", PrecSqrtF32.select(0, false).ptx());
        assertEquals("sqrt.rn.f32", PrecSqrtF32.select(1, false).ptx());
        assertThrows(IllegalArgumentException.class, () -> PrecSqrtF32.select(2, false));
    }
}
