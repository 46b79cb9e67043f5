package org.nvlower.llvm.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.nvlower.diag.InputException;

/** The fuzzer's own machinery, checked with fake subjects (no parser involved). */
class FuzzerTest {

    static final List<String> SEEDS = List.of(
            "define i32 @f(i32 %x) {\nentry:\n  %y = add nsw i32 %x, 1\n  ret i32 %y\n}\n",
            "@g = global [2 x i8] c\"ab\", align 1\n!0 = !{i32 1}\n");
    static final List<String> DONORS = List.of("declare void @d()", "  br label %entry");

    /** Set after each test so that the fake hangs' abandoned threads end instead of burning a core. */
    private static volatile boolean released;

    private static void spinUntilReleased() {
        while (!released) {
            Thread.onSpinWait();
        }
    }

    @org.junit.jupiter.api.BeforeEach
    void hold() {
        released = false;
    }

    @org.junit.jupiter.api.AfterEach
    void release() {
        released = true;
    }

    @Test
    void inputsAreAFunctionOfSeedAndIndexAlone() {
        Fuzzer a = new Fuzzer(SEEDS, DONORS, 7, 1000);
        Fuzzer b = new Fuzzer(SEEDS, DONORS, 7, 1000);
        Fuzzer c = new Fuzzer(SEEDS, DONORS, 8, 1000);
        int differ = 0;
        for (long i = 0; i < 200; i++) {
            assertEquals(a.input(i), b.input(i));
            if (!a.input(i).equals(c.input(i))) {
                differ++;
            }
        }
        assertTrue(differ > 150, "another seed gives other inputs: " + differ);
    }

    @Test
    void everyMutationUsuallyChangesItsInput() {
        for (Mutation m : Mutation.values()) {
            SplittableRandom rnd = new SplittableRandom(m.ordinal());
            int changed = 0;
            for (int i = 0; i < 200; i++) {
                if (!m.apply(SEEDS.get(0), rnd, DONORS).equals(SEEDS.get(0))) {
                    changed++;
                }
            }
            assertTrue(changed >= 150, m + " changed only " + changed + " of 200");
        }
    }

    @Test
    void truncationAndSpliceDoWhatTheySay() {
        SplittableRandom rnd = new SplittableRandom(1);
        String seed = SEEDS.get(0);
        for (int i = 0; i < 50; i++) {
            assertTrue(seed.startsWith(Mutation.TRUNCATE.apply(seed, rnd, DONORS)));
            String spliced = Mutation.LINE_SPLICE.apply(seed, rnd, DONORS);
            assertTrue(DONORS.stream().anyMatch(d -> spliced.contains(d + "\n")), spliced);
            assertEquals(seed.length(), spliced.length() - DONORS.stream().filter(spliced::contains).findFirst().orElseThrow().length() - 1);
        }
    }

    @Test
    void classifiesCleanRejectionsCrashesMismatchesAndHangs() {
        Fuzzer f = new Fuzzer(SEEDS, DONORS, 3, 300);
        String hang = f.input(17);
        String crash = f.input(42);
        String mismatch = f.input(60);
        Fuzzer.Subject subject = in -> {
            if (in.equals(hang)) {
                spinUntilReleased();
            }
            if (in.equals(crash)) {
                throw new IllegalStateException("boom");
            }
            if (in.equals(mismatch)) {
                throw new Fuzzer.Mismatch("printed text differs");
            }
            if (in.length() % 2 == 0) {
                throw new InputException("even");
            }
        };
        Fuzzer.Report r = f.run(subject, 0, 100, 10);
        assertEquals(100, r.inputs());
        Map<Fuzzer.Verdict, Long> first = r.findings().stream()
                .collect(Collectors.toMap(x -> x.outcome().verdict(), Fuzzer.Finding::index));
        assertEquals(Map.of(Fuzzer.Verdict.HANG, 17L, Fuzzer.Verdict.CRASH, 42L, Fuzzer.Verdict.MISMATCH, 60L), first);
        long even = java.util.stream.LongStream.range(0, 100).mapToObj(f::input)
                .filter(in -> !in.equals(hang) && !in.equals(crash) && !in.equals(mismatch))
                .filter(in -> in.length() % 2 == 0).count();
        assertEquals(even, r.rejected());
        assertEquals(100 - 3 - even, r.accepted(), "no input lost after the abandoned worker");
        assertTrue(r.findings().stream().filter(x -> x.outcome().verdict() == Fuzzer.Verdict.CRASH)
                .allMatch(x -> x.outcome().signature().startsWith("java.lang.IllegalStateException")));
    }

    @Test
    void minimizationKeepsTheFailureAndDropsTheRest() {
        String big = "line one\nline two has NEEDLE here\nline three\nline four also HAY\nfive\n";
        String small = Fuzzer.minimize(big, s -> s.contains("NEEDLE") && s.contains("HAY"));
        assertTrue(small.contains("NEEDLE") && small.contains("HAY"), small);
        assertEquals("NEEDLEHAY".length(), small.length(), small);
        assertNotEquals(big, small);
    }

    @Test
    void aSingleHangIsCaughtByTheTimeout() {
        Fuzzer.Outcome o = Fuzzer.classifyWithTimeout(in -> spinUntilReleased(), "x", 200);
        assertEquals(Fuzzer.Verdict.HANG, o.verdict());
        assertEquals(Fuzzer.Verdict.ACCEPTED, Fuzzer.classifyWithTimeout(in -> {}, "x", 1000).verdict());
    }
}
