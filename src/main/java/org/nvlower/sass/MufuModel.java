package org.nvlower.sass;

import org.nvlower.sass.Mod.MufuFn;

/**
 * What MUFU returns: a pluggable model of the hardware approximation, a function of the input
 * alone (as the hardware's tables are). Every model gives {@link Mufu#special} exactly and
 * otherwise one of {@link Mufu#candidates}, the outputs within the documented bound:
 * {@link #exact()} the correctly rounded value, {@link #bounded} a seeded pseudo-random admissible
 * output, {@link #adversarial} always an extreme of the bound (the lowest, the highest, or either
 * chosen per input), and {@link Enumerating} the k-th admissible output, so that a sweep over k
 * runs a template under every MUFU inside the bound.
 */
public interface MufuModel {

    int eval(MufuFn fn, int x);

    String name();

    /** Which extreme an adversarial model picks. */
    enum Extreme { LOW, HIGH, MIXED }

    static MufuModel exact() {
        return Exact.INSTANCE;
    }

    static MufuModel bounded(long seed) {
        return new Bounded(seed);
    }

    static MufuModel adversarial(Extreme which, long seed) {
        return new Adversarial(which, seed);
    }

    /**
     * The model named {@code spec}: exact, bounded, adversarial (either extreme per input),
     * adversarial-low, adversarial-high; seeded models use {@code seed}.
     */
    static MufuModel byName(String spec, long seed) {
        return switch (spec) {
            case "exact" -> exact();
            case "bounded" -> bounded(seed);
            case "adversarial" -> adversarial(Extreme.MIXED, seed);
            case "adversarial-low" -> adversarial(Extreme.LOW, seed);
            case "adversarial-high" -> adversarial(Extreme.HIGH, seed);
            default -> throw new IllegalArgumentException("unknown MUFU model '" + spec
                    + "' (expected exact, bounded, adversarial, adversarial-low or adversarial-high)");
        };
    }

    /** A 64-bit mix of the seed, the function and the input (splitmix64's finalizer). */
    static long hash(long seed, MufuFn fn, int x) {
        long z = seed + 0x9E3779B97F4A7C15L * (((long) fn.ordinal() << 32) ^ (x & 0xFFFFFFFFL) ^ 0x5DEECE66DL);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The correctly rounded reference. */
    final class Exact implements MufuModel {
        static final Exact INSTANCE = new Exact();

        @Override
        public int eval(MufuFn fn, int x) {
            return Mufu.exact(fn, x);
        }

        @Override
        public String name() {
            return "exact";
        }
    }

    /** A pseudo-random admissible output, the same for the same seed and input. */
    final class Bounded implements MufuModel {
        private final long seed;
        private final int[] buffer = new int[16];

        Bounded(long seed) {
            this.seed = seed;
        }

        @Override
        public int eval(MufuFn fn, int x) {
            int n = Mufu.candidates(fn, x, buffer);
            return buffer[(int) Long.remainderUnsigned(hash(seed, fn, x), n)];
        }

        @Override
        public String name() {
            return "bounded(seed " + seed + ")";
        }
    }

    /** Always the lowest or the highest admissible output. */
    final class Adversarial implements MufuModel {
        private final Extreme which;
        private final long seed;
        private final int[] buffer = new int[16];

        Adversarial(Extreme which, long seed) {
            this.which = which;
            this.seed = seed;
        }

        @Override
        public int eval(MufuFn fn, int x) {
            int n = Mufu.candidates(fn, x, buffer);
            boolean high = switch (which) {
                case LOW -> false;
                case HIGH -> true;
                case MIXED -> (hash(seed, fn, x) & 1) != 0;
            };
            return buffer[high ? n - 1 : 0];
        }

        @Override
        public String name() {
            return switch (which) {
                case LOW -> "adversarial-low";
                case HIGH -> "adversarial-high";
                case MIXED -> "adversarial(seed " + seed + ")";
            };
        }
    }

    /**
     * The admissible output number {@code choice} (the last one when there are fewer): running
     * a template with choice = 0 .. {@link #choices(Program)} - 1 covers every MUFU output inside the
     * bound for each MUFU the template executes (all of them for a template with one MUFU).
     */
    final class Enumerating implements MufuModel {
        /** More than RCP, RSQ, SQRT, RCP64H and RSQ64H have admissible outputs (RSQ: at most 5). */
        public static final int MAX_CHOICES = 6;

        /**
         * How many choices cover fn's outputs: {@link #MAX_CHOICES}, 7 for TANH (a subset), or 9 for EX2, LG2, SIN and COS,
         * whose candidates are the floats within 4 of the rounded value (for LG2 near 1 and SIN/COS,
         * absolute bounds, a subset of the admissible outputs: docs/templates.md).
         */
        public static int choices(MufuFn fn) {
            return switch (fn) {
                case EX2, LG2, SIN, COS -> 9;
                case TANH -> 7; // the ends of its 2^-11 bound, halfway points, the rounded value and its neighbours
                default -> MAX_CHOICES;
            };
        }

        /** The choices that cover every MUFU of a program (the most any of its MUFU functions needs). */
        public static int choices(Program p) {
            int n = 1;
            for (SassInstruction in : p.code()) {
                if (in.op() == SassOpcode.MUFU) {
                    n = Math.max(n, choices(Mod.mufuOf(in.mods())));
                }
            }
            return n;
        }
        private final int[] buffer = new int[16];
        public int choice;

        @Override
        public int eval(MufuFn fn, int x) {
            int n = Mufu.candidates(fn, x, buffer);
            return buffer[Math.min(choice, n - 1)];
        }

        @Override
        public String name() {
            return "every output in the bound";
        }
    }
}
