package org.nvlower.llvm.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The suite's short run of {@link PassFuzz} (issue 24 item 5): the seeds themselves, then {@link #MUTANTS}
 * mutants of them (clang 14 and 19 output: C++ with exceptions at -O2 -g, CUDA device code at -O2 -g,
 * C with calls left to inline; 4 libdevice functions; the fixtures only in the long run) through
 * inline, link, lower128, reflect, fold and compile; every output must be valid IR for each LLVM
 * that accepted the input. {@code bench/ir-pass-fuzz} is the long run.
 */
class PassFuzzTest {

    static final long MUTANTS = Long.getLong("nvlower.passfuzz", 100);

    /** A few builds, so that making the seeds stays quick. */
    static final List<PassFuzz.Build> BUILDS = List.of(
            new PassFuzz.Build(14, "device-math.cu", concat(PassFuzz.CUDA, "-O2", "-g")),
            new PassFuzz.Build(14, "eh.cpp", concat(PassFuzz.HOST, "-O2", "-g")),
            new PassFuzz.Build(14, "inline-me.c", PassFuzz.INLINABLE_C),
            new PassFuzz.Build(19, "debug-arglist.cpp", PassFuzz.INLINABLE_CPP));

    /** Work for fold (and compile's folder): libdevice calls with constant arguments, a branch on the result. */
    static final String CONSTANT_CALLS = """
            target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
            target triple = "nvptx64-nvidia-cuda"

            declare float @__nv_sinf(float)
            declare double @__nv_pow(double, double)

            define float @k(float %x) {
              %s = call float @__nv_sinf(float 5.000000e-01)
              %p = call double @__nv_pow(double 2.000000e+00, double 1.000000e+01)
              %c = fcmp olt double %p, 1.000000e+03
              br i1 %c, label %small, label %large

            small:
              ret float %s

            large:
              %y = fadd float %x, %s
              ret float %y
            }
            """;

    @TempDir
    Path work;

    @Test
    void passOutputsAreValid() {
        List<PassFuzz.Llvm> llvms = PassFuzz.llvms(work);
        Assumptions.assumeFalse(llvms.isEmpty(), "llvm-link of LLVM 14 or 19 is absent");
        List<String> seeds = new java.util.ArrayList<>(PassFuzz.seeds(BUILDS, 4, false));
        seeds.add(CONSTANT_CALLS);
        PassFuzz fuzz = new PassFuzz(new Fuzzer(seeds, FuzzSeeds.donors(seeds, java.util.Optional.empty()), FuzzSeeds.SEED, 5000),
                llvms, work, Path.of("target", "pass-fuzz-findings"));
        PassFuzz.Report seedRun = new PassFuzz.Report();
        fuzz.runSeeds(seeds, 2, seedRun);
        System.out.print("pass fuzz, the " + seeds.size() + " seeds unmutated: " + seedRun.summary());
        assertEquals(seeds.size(), seedRun.valid, "every seed is valid IR");
        for (PassFuzz.Pass p : PassFuzz.Pass.values()) {
            assertTrue(seedRun.passes.get(p).checked > 0, p + " changed no seed: its outputs went unchecked");
        }
        assertEquals(0, seedRun.findings(), "pass crashes or invalid outputs on the seeds");
        PassFuzz.Report r = new PassFuzz.Report();
        fuzz.run(0, MUTANTS, (int) MUTANTS, 2, r, x -> { });
        System.out.print("pass fuzz: " + r.summary());
        assertTrue(r.valid > 0, "no valid mutant: the run checked nothing");
        for (PassFuzz.Tally t : r.passes.values()) {
            assertEquals(List.of(), t.examples, "pass crashes or invalid outputs");
        }
        assertEquals(0, r.findings());
    }

    private static List<String> concat(List<String> a, String... b) {
        return java.util.stream.Stream.concat(a.stream(), java.util.stream.Stream.of(b)).toList();
    }
}
