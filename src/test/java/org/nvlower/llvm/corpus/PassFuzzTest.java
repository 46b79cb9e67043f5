package org.nvlower.llvm.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The suite's short run of {@link PassFuzz} (issue 24 item 5): {@link #MUTANTS} mutants of clang 14
 * and 19 output (C++ with exceptions at -O2 -g, CUDA device code) and libdevice functions through
 * inline, link, lower128, reflect, fold and compile; every output must be valid IR for each LLVM
 * that accepted the input. {@code bench/ir-pass-fuzz} is the long run.
 */
class PassFuzzTest {

    static final long MUTANTS = Long.getLong("nvlower.passfuzz", 300);

    /** A few builds, so that making the seeds stays quick. */
    static final List<PassFuzz.Build> BUILDS = List.of(
            new PassFuzz.Build(14, "device-math.cu", concat(PassFuzz.CUDA, "-O2", "-g")),
            new PassFuzz.Build(14, "eh.cpp", concat(PassFuzz.HOST, "-O2", "-g")),
            new PassFuzz.Build(14, "inline-me.c", PassFuzz.INLINABLE_C),
            new PassFuzz.Build(19, "debug-arglist.cpp", PassFuzz.INLINABLE_CPP),
            new PassFuzz.Build(19, "eh.cpp", concat(PassFuzz.HOST, "-O0", "-g")),
            new PassFuzz.Build(19, "device-math.cu", concat(PassFuzz.CUDA, "-O2")));

    @TempDir
    Path work;

    @Test
    void passOutputsAreValid() {
        List<PassFuzz.Llvm> llvms = PassFuzz.llvms(work);
        Assumptions.assumeFalse(llvms.isEmpty(), "llvm-link of LLVM 14 or 19 is absent");
        List<String> seeds = PassFuzz.seeds(BUILDS, 8);
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
