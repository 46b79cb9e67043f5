package org.nvlower.sass.template;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.nvlower.sass.Emulator;
import org.nvlower.sass.Fchk;
import org.nvlower.sass.MufuModel;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.softfloat.F32;
import org.nvlower.verify.sass.CaseSet;
import org.nvlower.verify.sass.SassOp;

/**
 * FCHK's definition by exhaustive search over exponent pairs: for every pair of exponent fields
 * (0..255 each), div.rn.f32's fast path alone runs on a set of significand pairs (quotients next
 * to a midpoint, all-ones and power-of-two significands, random) under the exact MUFU and both
 * extremes of its bound. Sound: every wrong result has FCHK set. Necessary: each of FCHK's
 * exponent conditions but one contains a pair where the fast path does go wrong (so none can be
 * dropped); the exception, subnormal quotients, is conservative by choice (see the test).
 * {@code -Dnvlower.fchk.significands=N} runs N significand pairs per exponent pair (default 6).
 */
class FchkTest {

    static final int SIGNIFICANDS = Integer.getInteger("nvlower.fchk.significands", 6);

    @Test
    void fchkFlagsEveryExponentPairWhereTheFastPathCanBeWrongAndNoMore() {
        List<long[]> sigs = new ArrayList<>();
        SassOp op = SassOp.of(TemplateKey.valueOf("div.rn.f32"));
        long[] pair = new long[2];
        for (int i = 0; sigs.size() < SIGNIFICANDS; i++) {
            CaseSet.HARD.operands(op, 0, i * 8L, pair); // category 0: quotients next to a 24-bit midpoint
            sigs.add(new long[] {pair[0] & 0x807FFFFFL, pair[1] & 0x807FFFFFL});
            if (sigs.size() < SIGNIFICANDS) {
                sigs.add(new long[] {0x7FFFFF, 0x7FFFFF});
            }
            if (sigs.size() < SIGNIFICANDS) {
                sigs.add(new long[] {0, 0x7FFFFF});
            }
        }
        SplittableRandom r = new SplittableRandom(3);
        Env env = Env.ptx(false);
        MufuModel[] models = {MufuModel.exact(), MufuModel.adversarial(MufuModel.Extreme.LOW, 0),
            MufuModel.adversarial(MufuModel.Extreme.HIGH, 0)};
        Emulator[] ems = new Emulator[models.length];
        for (int m = 0; m < models.length; m++) {
            ems[m] = new Emulator(Fp32Division.divRnFastPathOnly(), models[m]);
        }
        boolean[][] wrong = new boolean[256][256];
        long unflaggedWrong = 0;
        String example = "";
        for (int ea = 0; ea < 256; ea++) {
            for (int eb = 0; eb < 256; eb++) {
                for (long[] s : sigs) {
                    int a = (int) (s[0] | ((long) ea << 23)) ^ (r.nextBoolean() ? 0x80000000 : 0);
                    int b = (int) (s[1] | ((long) eb << 23));
                    int want = F32.div(a, b, RoundingMode.NEAR_EVEN, env);
                    for (Emulator em : ems) {
                        int got = em.run(a, b);
                        if (got != want) {
                            wrong[ea][eb] = true;
                            if (!Fchk.mayBeWrong(a, b)) {
                                unflaggedWrong++;
                                example = Integer.toHexString(a) + " / " + Integer.toHexString(b) + " under "
                                        + em.mufu().name();
                            }
                        }
                    }
                }
            }
        }
        if (Boolean.getBoolean("nvlower.fchk.diagnose")) {
            StringBuilder sb = new StringBuilder("wrong exponent differences (25 <= e_a, e_b <= 252):");
            for (int d = -260; d <= 260; d++) {
                boolean any = false;
                for (int eb = 1; eb <= 252; eb++) {
                    int ea = eb + d;
                    any |= ea >= 25 && ea <= 254 && wrong[ea][eb];
                }
                if (any) {
                    sb.append(' ').append(d);
                }
            }
            StringBuilder eas = new StringBuilder("wrong e_a with e_a - e_b = 0:");
            for (int ea = 1; ea < 64; ea++) {
                if (wrong[ea][ea]) {
                    eas.append(' ').append(ea);
                }
            }
            System.out.println(sb + "\n" + eas);
        }
        assertTrue(unflaggedWrong == 0, "sound: the fast path was wrong " + unflaggedWrong + " times unflagged, e.g. " + example);
        // necessary: each condition's region holds a pair where the fast path is wrong
        assertTrue(anyWrong(wrong, (ea, eb) -> ea == 0), "a zero or subnormal a");
        assertTrue(anyWrong(wrong, (ea, eb) -> eb == 0), "a zero or subnormal b");
        assertTrue(anyWrong(wrong, (ea, eb) -> ea == 255 || eb == 255), "infinities and NaNs");
        assertTrue(anyWrong(wrong, (ea, eb) -> ea > 0 && ea < 255 && eb >= 253 && eb < 255 && ea - eb > -126
                && ea - eb < 127 && ea > 24), "e_b >= 253");
        assertTrue(anyWrong(wrong, (ea, eb) -> eb > 0 && eb < 253 && ea - eb == 127), "e_a - e_b = 127 exactly");
        // e_a - e_b <= -126 (a quotient that may be subnormal) is conservative: the search finds no
        // failure there (the non-FTZ FFMAs round onto the subnormal grid), but nvlower sends those
        // quotients to the slow path's exact subnormal packing rather than rely on it unproven.
        assertTrue(anyWrong(wrong, (ea, eb) -> ea > 0 && ea <= 24 && eb > 0 && eb < 253 && ea - eb > -126), "e_a <= 24");
    }

    private interface Region {
        boolean contains(int ea, int eb);
    }

    private static boolean anyWrong(boolean[][] wrong, Region region) {
        for (int ea = 0; ea < 256; ea++) {
            for (int eb = 0; eb < 256; eb++) {
                if (region.contains(ea, eb) && wrong[ea][eb]) {
                    return true;
                }
            }
        }
        return false;
    }
}
