package org.nvlower.llvm.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/**
 * The brief fuzz run of the suite: 20,000 mutated inputs (fixtures and libdevice slices, see
 * {@link Mutation}) must each either print back byte for byte or be rejected with an
 * InputException; no other exception, no hang (2 s per input). bench/ir-fuzz runs the long version.
 */
class FuzzTest {

    static final long INPUTS = 20_000;

    @Test
    void mutatedInputsRoundTripOrAreRejectedCleanly() {
        Optional<String> libdevice = Corpus.libdevice();
        List<String> seeds = FuzzSeeds.seeds(libdevice, 24);
        Fuzzer fuzzer = new Fuzzer(seeds, FuzzSeeds.donors(seeds, libdevice), FuzzSeeds.SEED, 2000);
        Fuzzer.Report r = fuzzer.run(FuzzSeeds.ROUND_TRIP, 0, INPUTS, 20);
        System.out.printf("fuzz: %,d inputs (%,d accepted, %,d rejected), %.1f MB, %.1f s, %,.0f inputs/s, %d findings%n",
                r.inputs(), r.accepted(), r.rejected(), r.bytes() / 1e6, r.seconds(), r.inputsPerSecond(), r.findings().size());
        String findings = r.findings().stream()
                .map(f -> "input #" + f.index() + " (" + f.occurrences() + "x): " + f.outcome().verdict() + " "
                        + f.outcome().signature() + "\n  " + f.outcome().detail())
                .collect(Collectors.joining("\n"));
        assertEquals(List.of(), r.findings().stream().map(f -> f.index()).toList(),
                "findings (replay one with: bench/ir-fuzz --replay INDEX --seed " + FuzzSeeds.SEED + "):\n" + findings);
        assertEquals(INPUTS, r.inputs());
        assertTrue(r.accepted() > INPUTS / 50, "some mutants are still valid IR: " + r.accepted());
        assertTrue(r.rejected() > INPUTS / 5, "most mutants are rejected: " + r.rejected());
    }
}
