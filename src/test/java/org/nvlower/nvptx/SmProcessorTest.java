package org.nvlower.nvptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The SM processor table against the literal values of seed 2, seed 3 and FACTS.md. */
class SmProcessorTest {

    /** FACTS.md, "SM processor table (45 entries, as named inside cicc 13.0)", in order. */
    static final List<String> FACTS_NAMES = List.of(("sm_20 sm_21 sm_30 sm_32 sm_35 sm_37 sm_50 sm_52 sm_53 sm_60 sm_61 "
            + "sm_62 sm_70 sm_72 sm_73 sm_75 sm_80 sm_82 sm_86 sm_87 sm_88 sm_89 sm_90 sm_90a sm_100 sm_100a sm_100f "
            + "sm_101 sm_101a sm_101f sm_102 sm_102a sm_102f sm_103 sm_103a sm_103f sm_110 sm_110a sm_110f sm_120 "
            + "sm_120a sm_120f sm_121 sm_121a sm_121f").split(" "));

    /** FACTS.md: the compute_XX names cicc accepts on its CLI. */
    static final List<String> FACTS_CLI = Arrays.stream(("20 30 52 70 75 80 86 87 88 89 90 90a 100 100a 100f 103 103a "
            + "103f 110 110a 110f 120 120a 120f 121 121a 121f").split(" ")).map(n -> "compute_" + n).toList();

    /** Seed 2's PTX version codes: 5 sm_20..sm_90 base, 6 sm_90a and sm_100..sm_121 base, 7 their a/f. */
    static final String PTX_CODES = "sm_20=5 sm_21=5 sm_30=5 sm_32=5 sm_35=5 sm_37=5 sm_50=5 sm_52=5 sm_53=5 sm_60=5 "
            + "sm_61=5 sm_62=5 sm_70=5 sm_72=5 sm_73=5 sm_75=5 sm_80=5 sm_82=5 sm_86=5 sm_87=5 sm_88=5 sm_89=5 sm_90=5 "
            + "sm_90a=6 sm_100=6 sm_100a=7 sm_100f=7 sm_101=6 sm_101a=7 sm_101f=7 sm_102=6 sm_102a=7 sm_102f=7 sm_103=6 "
            + "sm_103a=7 sm_103f=7 sm_110=6 sm_110a=7 sm_110f=7 sm_120=6 sm_120a=7 sm_120f=7 sm_121=6 sm_121a=7 sm_121f=7";

    /** Seed 3: MUFU.RCP64H / MUFU.RSQ64H on sm_80+. */
    static final List<String> WITH_64H = List.of(("sm_80 sm_82 sm_86 sm_87 sm_88 sm_89 sm_90 sm_90a sm_100 sm_100a "
            + "sm_100f sm_101 sm_101a sm_101f sm_102 sm_102a sm_102f sm_103 sm_103a sm_103f sm_110 sm_110a sm_110f "
            + "sm_120 sm_120a sm_120f sm_121 sm_121a sm_121f").split(" "));

    /** Seed 3: MUFU.SQRT on sm_89+. */
    static final List<String> WITH_SQRT = WITH_64H.subList(5, WITH_64H.size());

    @Test
    void fortyFiveEntriesInTheFactsOrder() {
        assertEquals(45, SmProcessor.all().size());
        assertEquals(FACTS_NAMES, SmProcessor.all().stream().map(SmProcessor::smName).toList());
    }

    @Test
    void ptxVersionCodesAreTheSeeds() {
        String actual = String.join(" ", SmProcessor.all().stream().map(sm -> sm.smName() + "=" + sm.ptxVersionCode()).toList());
        assertEquals(PTX_CODES, actual);
    }

    @Test
    void seedObservationsOnTheTable() {
        // sm_90a is the only pre-Blackwell SM with PTX version 6.
        assertEquals(List.of("sm_90a"), SmProcessor.all().stream()
                .filter(sm -> sm.number() < 100 && sm.ptxVersionCode() == 6).map(SmProcessor::smName).toList());
        // The f suffix uses the same PTX version as a.
        for (SmProcessor sm : SmProcessor.all()) {
            if (sm.variant() == SmVariant.FORWARD_COMPATIBLE) {
                assertEquals(SmProcessor.byName("sm_" + sm.number() + "a").orElseThrow().ptxVersionCode(), sm.ptxVersionCode());
            }
        }
        assertTrue(SmProcessor.byName("sm_84").isEmpty());
        assertTrue(SmProcessor.byName("sm_85").isEmpty());
        assertTrue(SmProcessor.byName("sm_73").isPresent());
        assertTrue(SmProcessor.byName("sm_88").isPresent());
    }

    @Test
    void variantsFollowTheSuffix() {
        assertEquals(SmVariant.BASE, SmProcessor.SM_90.variant());
        assertEquals(SmVariant.ACCELERATED, SmProcessor.SM_90A.variant());
        assertEquals(SmVariant.FORWARD_COMPATIBLE, SmProcessor.SM_121F.variant());
        assertEquals(30, SmProcessor.all().stream().filter(sm -> sm.variant() == SmVariant.BASE).count());
        assertEquals(8, SmProcessor.all().stream().filter(sm -> sm.variant() == SmVariant.ACCELERATED).count());
        assertEquals(7, SmProcessor.all().stream().filter(sm -> sm.variant() == SmVariant.FORWARD_COMPATIBLE).count());
        for (String name : FACTS_NAMES) {
            SmProcessor sm = SmProcessor.byName(name).orElseThrow();
            SmVariant expected = name.endsWith("a") ? SmVariant.ACCELERATED
                    : name.endsWith("f") ? SmVariant.FORWARD_COMPATIBLE : SmVariant.BASE;
            assertEquals(expected, sm.variant(), name);
        }
    }

    @Test
    void cliAcceptsExactlyTheFactsComputeNames() {
        assertEquals(FACTS_CLI, CompileOptions.cliArchitectures().stream().map(SmProcessor::computeName).toList());
        assertEquals(27, CompileOptions.cliArchitectures().size());
        assertEquals(18, SmProcessor.all().stream().filter(sm -> !sm.acceptedByCli()).count());
    }

    @Test
    void fifteenLegacyArchitecturesAreBackendOnlyForCicc13() {
        // Seed 2: "15 legacy architectures (sm_20 through sm_75) ... no longer accessible through the
        // CLI mapping". cicc 13.0's front end accepts compute_75 and rejects compute_20/30/52/70.
        List<String> legacyNotAccepted = SmProcessor.all().stream()
                .filter(sm -> sm.cliAccess() != SmProcessor.CliAccess.CLI).filter(sm -> sm.number() <= 75)
                .map(SmProcessor::smName).toList();
        assertEquals(15, legacyNotAccepted.size());
        assertEquals(FACTS_NAMES.subList(0, 15), legacyNotAccepted);
        assertEquals(SmProcessor.CliAccess.CLI, SmProcessor.SM_75.cliAccess());
        assertEquals(List.of("sm_20", "sm_30", "sm_52", "sm_70"), SmProcessor.all().stream()
                .filter(sm -> sm.cliAccess() == SmProcessor.CliAccess.CLI_TABLE_ONLY).map(SmProcessor::smName).toList());
    }

    @Test
    void mufuSeedsPerSeed3() {
        for (SmProcessor sm : SmProcessor.all()) {
            assertEquals(WITH_64H.contains(sm.smName()), sm.hasMufuRcp64h(), sm + " RCP64H");
            assertEquals(WITH_64H.contains(sm.smName()), sm.hasMufuRsq64h(), sm + " RSQ64H");
            assertEquals(WITH_SQRT.contains(sm.smName()), sm.hasMufuSqrt(), sm + " MUFU.SQRT");
            assertEquals(WITH_64H.contains(sm.smName()), sm.drsqrtHardwareFlag(), sm + " DRSQRT flag");
        }
        assertEquals("sm_89", WITH_SQRT.get(0));
        assertFalse(SmProcessor.SM_88.hasMufuSqrt());
        assertFalse(SmProcessor.SM_75.hasMufuRcp64h());
    }

    @Test
    void registerFileSizes() {
        // Seed 3: 65,536 registers per SM for sm_50-sm_61, sm_70-sm_89 and sm_100+.
        for (SmProcessor sm : SmProcessor.all()) {
            int expected = switch (sm.smName()) {
                case "sm_20", "sm_21" -> 32_768;
                case "sm_37" -> 131_072;
                default -> 65_536;
            };
            assertEquals(expected, sm.registerFileSize(), sm.smName());
            assertEquals(DdivTier.FULL_UNROLL, sm.ddivTier(), sm.smName());
        }
    }

    @Test
    void ddivTierThresholdsAreStrict() {
        assertEquals(DdivTier.FULL_UNROLL, DdivTier.select(65_536));
        assertEquals(DdivTier.FULL_UNROLL, DdivTier.select(20_480));
        assertEquals(DdivTier.PARTIAL_SPILL, DdivTier.select(20_479));
        assertEquals(DdivTier.PARTIAL_SPILL, DdivTier.select(16_384));
        assertEquals(DdivTier.MINIMAL_REGISTERS, DdivTier.select(16_383));
        assertEquals(DdivTier.MINIMAL_REGISTERS, DdivTier.select(0));
    }

    @Test
    void archValueIsSmTimesTen() {
        assertEquals(200, SmProcessor.SM_20.archValue());
        assertEquals(800, SmProcessor.SM_80.archValue());
        assertEquals(900, SmProcessor.SM_90A.archValue());
        assertEquals(1210, SmProcessor.SM_121F.archValue());
        assertEquals("compute_100f", SmProcessor.SM_100F.computeName());
        assertEquals("sm_100f", SmProcessor.SM_100F.toString());
    }

    @Test
    void float128FromSm100PerFacts() {
        assertFalse(SmProcessor.SM_90A.acceptsFloat128());
        assertTrue(SmProcessor.SM_100.acceptsFloat128());
    }
}
