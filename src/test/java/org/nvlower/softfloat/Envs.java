package org.nvlower.softfloat;

/** Environments for the property tests: the fast path's settings, and the general path's copy of them. */
final class Envs {

    private Envs() {}

    /** An environment with these settings and no flags. */
    static Env of(Specialization spec, boolean ftz, boolean daz) {
        Env e = new Env(spec);
        e.ftz = ftz;
        e.daz = daz;
        return e;
    }

    /** A fresh environment with e's specialization, ftz and daz, and no flags: the other side of a comparison. */
    static Env sameSettings(Env e) {
        return of(e.specialization, e.ftz, e.daz);
    }
}
