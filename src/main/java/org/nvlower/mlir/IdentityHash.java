package org.nvlower.mlir;

/**
 * Hash codes for the IR's identity objects (values, operations, blocks), kept in a field:
 * passes and the printer map them by identity, and {@link System#identityHashCode} costs far
 * more than a field read on the first call for each object. Equality stays identity.
 */
final class IdentityHash {

    private static int seed;

    private IdentityHash() {
    }

    /** The next hash: a Weyl sequence spreads consecutive objects over the table (a racing
     * increment only repeats a value, which a hash may do). */
    static int next() {
        return seed += 0x9E3779B9;
    }
}
