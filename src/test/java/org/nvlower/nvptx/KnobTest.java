package org.nvlower.nvptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.nvlower.diag.InputException;

/** The knob registry against seed 2's five knob tables, row by row. */
class KnobTest {

    /** Seed 2's rows: name | type | default ("--" where the seed gives none) | description. */
    static final String SEED_ROWS = """
            nvptx-sched4reg|bool|--|Schedule for register pressure
            nvptx-fma-level|int|--|FMA contraction level
            nvptx-prec-divf32|int|--|F32 division precision
            nvptx-prec-sqrtf32|int|--|Sqrt precision
            nvptx-approx-log2f32|bool|--|Use lg2.approx for log2
            nvptx-force-min-byval-param-align|bool|--|Force 4-byte byval alignment
            nvptx-normalize-select|bool|--|Override shouldNormalizeToSelectSequence
            enable-bfi64|bool|--|Enable 64-bit BFI instructions
            nvptx-short-ptr|bool|--|32-bit pointers for const/local/shared
            nvptx-32-bit-smem|bool|--|32-bit shared memory pointers
            nvptx-enable-machine-sink|bool|--|Enable Machine Sinking
            enable-new-nvvm-remat|bool|true|Enable new rematerialization
            nv-disable-remat|bool|false|Disable all remat passes
            nv-disable-mem2reg|bool|false|Disable MI Mem2Reg pass
            nv-disable-scev-cgp|bool|false|Disable SCEV address mode opt
            disable-nvptx-load-store-vectorizer|bool|false|Disable load/store vectorizer
            disable-nvptx-require-structured-cfg|bool|false|Turn off structured CFG requirement
            nvptx-exit-on-unreachable|bool|true|Lower unreachable as exit
            nvptx-early-byval-copy|bool|--|Copy byval args early
            enable-nvvm-peephole|bool|true|Enable NVVM Peephole Optimizer
            lower-func-args|bool|true|Lower large aggregate params
            enable-sink|bool|true|Enable Sinking
            disable-post-opt|bool|false|Disable LLVM IR opts post-opt
            usedessa|int|2|Select deSSA method
            ldg|bool|true|Load Global Constant Transform
            print-isel-input|bool|false|Print LLVM IR input to isel
            no-reg-target-nvptxremat|bool|false|Only old remat without reg targets
            disable-set-array-alignment|bool|false|Disable alignment enhancements
            nvptx-lower-global-ctor-dtor|bool|--|Lower GPU ctor/dtors to globals
            fca-size|int|8|Max size of first-class aggregates (bytes)
            reg-target-adjust|int|0|Register pressure target adjustment
            pred-target-adjust|int|0|Predicate register target adjustment
            remat-load-param|bool|--|Support remating const ld.param not in NVVM IR
            cta-reconfig-aware-rpa|bool|--|CTA reconfiguration-aware register pressure analysis
            unroll-assumed-size|int|4|Assumed size for unknown local array types
            enable-loop-peeling|bool|--|Enable loop peeling
            enable-256-bit-load-store|bool|--|Enable 256-bit vector loads/stores
            ias-param-always-point-to-global|bool|--|Parameters always point to global memory
            ias-strong-global-assumptions|bool|--|Strong global memory assumptions
            ias-wmma-memory-space-opt|bool|--|Memory Space Optimization for WMMA
            costmodel-reduxcost|bool|--|Recognize reduction patterns
            cache-line-size|int|--|Cache line size for cost model
            min-page-size|int|--|Minimum page size
            predictable-branch-threshold|float|--|Threshold for predictable branch cost
            """;

    @Test
    void everySeedRowIsRegisteredWithItsTypeDefaultAndDescription() {
        List<String> names = new ArrayList<>();
        for (String row : SEED_ROWS.strip().split("\n")) {
            String[] f = row.split("\\|");
            names.add(f[0]);
            Knob knob = Knob.byName(f[0]).orElseThrow(() -> new AssertionError("missing knob " + f[0]));
            assertEquals(f[1].toUpperCase(), knob.type().name(), f[0]);
            if (!f[2].equals("--")) {
                assertEquals(f[2], String.valueOf(knob.defaultValue()), f[0]);
            }
            assertTrue(knob.description().startsWith(f[3]), f[0] + ": " + knob.description());
        }
        assertEquals(44, names.size());
        assertEquals(names, Knob.all().stream().map(Knob::knobName).toList());
    }

    @Test
    void groupsHaveTheSeedsSizes() {
        assertEquals(8, Knob.all().stream().filter(k -> k.group() == Knob.Group.MATH).count());
        assertEquals(21, Knob.all().stream().filter(k -> k.group() == Knob.Group.BACKEND).count());
        assertEquals(5, Knob.all().stream().filter(k -> k.group() == Knob.Group.REGISTER_PRESSURE).count());
        assertEquals(6, Knob.all().stream().filter(k -> k.group() == Knob.Group.EXTENSION).count());
        assertEquals(4, Knob.all().stream().filter(k -> k.group() == Knob.Group.COST_MODEL).count());
    }

    /** The defaults nvlower chose where the seed says "--" (docs/target.md gives the reasons). */
    @Test
    void chosenDefaults() {
        for (Knob k : Knob.all()) {
            if (k.type() == Knob.Type.BOOL) {
                assertTrue(k.defaultValue() instanceof Boolean, k.knobName());
            }
        }
        assertEquals(false, Knob.NVPTX_SHORT_PTR.defaultValue());
        assertEquals(false, Knob.NVPTX_SCHED4REG.defaultValue());
        assertNull(Knob.NVPTX_FMA_LEVEL.defaultValue());
        assertNull(Knob.NVPTX_PREC_DIVF32.defaultValue());
        assertNull(Knob.NVPTX_PREC_SQRTF32.defaultValue());
        assertEquals(0, Knob.CACHE_LINE_SIZE.defaultValue());
        assertEquals(0, Knob.MIN_PAGE_SIZE.defaultValue());
        assertEquals(99.0, Knob.PREDICTABLE_BRANCH_THRESHOLD.defaultValue());
    }

    @Test
    void rangesOfTheSeed() {
        // reg-target-adjust and pred-target-adjust: "range -10..+10".
        for (Knob k : List.of(Knob.REG_TARGET_ADJUST, Knob.PRED_TARGET_ADJUST)) {
            assertEquals(-10, k.parse("-10"));
            assertEquals(10, k.parse("+10"));
            assertEquals("-" + k.knobName() + "=11: 11 is out of range; allowed: an integer in -10..10",
                    assertThrows(InputException.class, () -> k.parse("11")).getMessage());
            assertEquals("-" + k.knobName() + "=-11: -11 is out of range; allowed: an integer in -10..10",
                    assertThrows(InputException.class, () -> k.parse("-11")).getMessage());
        }
        // The feature levels: fma 0..2, prec-divf32 0..3, prec-sqrtf32 0..1.
        assertEquals(2, Knob.NVPTX_FMA_LEVEL.parse("2"));
        assertThrows(InputException.class, () -> Knob.NVPTX_FMA_LEVEL.parse("3"));
        assertEquals(3, Knob.NVPTX_PREC_DIVF32.parse("3"));
        assertThrows(InputException.class, () -> Knob.NVPTX_PREC_SQRTF32.parse("2"));
        assertEquals("-usedessa=99999999999: 99999999999 is out of range; allowed: an integer >= 0",
                assertThrows(InputException.class, () -> Knob.USEDESSA.parse("99999999999")).getMessage());
    }

    @Test
    void valueParsing() {
        assertEquals(true, Knob.LDG.parse(null));
        assertEquals(true, Knob.LDG.parse("true"));
        assertEquals(true, Knob.LDG.parse("1"));
        assertEquals(false, Knob.LDG.parse("false"));
        assertEquals(false, Knob.LDG.parse("0"));
        assertEquals("-ldg=yes: 'yes' is not a boolean; allowed: true, false, 1, 0",
                assertThrows(InputException.class, () -> Knob.LDG.parse("yes")).getMessage());
        assertEquals("-fca-size=big: 'big' is not an integer; allowed: an integer >= 0",
                assertThrows(InputException.class, () -> Knob.FCA_SIZE.parse("big")).getMessage());
        assertEquals("-fca-size: a value is required; allowed: an integer >= 0",
                assertThrows(InputException.class, () -> Knob.FCA_SIZE.parse(null)).getMessage());
        assertEquals(12.5, Knob.PREDICTABLE_BRANCH_THRESHOLD.parse("12.5"));
        assertEquals("-predictable-branch-threshold=101: 101 is out of range; allowed: a number in 0..100",
                assertThrows(InputException.class, () -> Knob.PREDICTABLE_BRANCH_THRESHOLD.parse("101")).getMessage());
        assertEquals("-predictable-branch-threshold=NaN: 'NaN' is not a number; allowed: a number in 0..100",
                assertThrows(InputException.class, () -> Knob.PREDICTABLE_BRANCH_THRESHOLD.parse("NaN")).getMessage());
        assertEquals("-predictable-branch-threshold=x: 'x' is not a number; allowed: a number in 0..100",
                assertThrows(InputException.class, () -> Knob.PREDICTABLE_BRANCH_THRESHOLD.parse("x")).getMessage());
        for (String notPlainDecimal : List.of("50f", "0x1p5", " 5", "Infinity", "1e", ".")) {
            assertThrows(InputException.class, () -> Knob.PREDICTABLE_BRANCH_THRESHOLD.parse(notPlainDecimal),
                    notPlainDecimal);
        }
        assertEquals(50.0, Knob.PREDICTABLE_BRANCH_THRESHOLD.parse("5e1"));
        assertEquals(0.5, Knob.PREDICTABLE_BRANCH_THRESHOLD.parse(".5"));
    }

    @Test
    void unknownKnobGetsDidYouMean() {
        assertEquals("unknown knob 'nvptx-prec-divf'; did you mean 'nvptx-prec-divf32'?",
                assertThrows(InputException.class, () -> Knob.lookup("nvptx-prec-divf")).getMessage());
        assertEquals("unknown knob 'enable-sinks'; did you mean 'enable-sink'?",
                assertThrows(InputException.class, () -> Knob.lookup("enable-sinks")).getMessage());
        assertEquals("unknown knob 'qqqqqqqqqqqq'",
                assertThrows(InputException.class, () -> Knob.lookup("qqqqqqqqqqqq")).getMessage());
    }

    @Test
    void settingsKeepExplicitValuesAndRejectConflicts() {
        KnobSettings s = KnobSettings.NONE.with("fca-size=16").with("ldg=false").with("nvptx-short-ptr");
        assertEquals(16, s.value(Knob.FCA_SIZE));
        assertEquals(false, s.bool(Knob.LDG));
        assertEquals(true, s.bool(Knob.NVPTX_SHORT_PTR));
        assertEquals(true, s.bool(Knob.ENABLE_SINK));
        assertEquals(List.of(Knob.NVPTX_SHORT_PTR, Knob.LDG, Knob.FCA_SIZE), List.copyOf(s.explicitValues().keySet()));
        assertEquals(s, s.with("fca-size=16"));
        assertEquals("-fca-size given twice with different values (16 and 8)",
                assertThrows(InputException.class, () -> s.with("fca-size=8")).getMessage());
        assertTrue(KnobSettings.NONE.explicit(Knob.FCA_SIZE).isEmpty());
    }
}
