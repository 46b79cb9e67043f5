package org.nvlower.mlir;

/**
 * The IR's identity objects (values, operations, blocks): equal only to themselves, with the hash
 * code kept in a field: passes and the printer map them by identity, and
 * {@link System#identityHashCode} costs far more than a field read on the first call for each object.
 */
abstract class IdentityHashed {

    private static int seed;

    private final int hash = next();

    /** The next hash: a Weyl sequence spreads consecutive objects over the table (a racing
     * increment only repeats a value, which a hash may do). */
    private static int next() {
        return seed += 0x9E3779B9;
    }

    @Override
    public final boolean equals(Object o) {
        return this == o;
    }

    @Override
    public final int hashCode() {
        return hash;
    }
}
