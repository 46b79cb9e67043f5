package org.nvlower.sass.template;

import org.nvlower.sass.Label;
import org.nvlower.sass.Path;
import org.nvlower.sass.Pred;
import org.nvlower.sass.ProgramBuilder;

/**
 * The FP64 templates' glue after a fast path: unless {@code outside}, a branch past CALL to the
 * slow path, then EXIT; the slow path opens its own section {@code __nvlower_<op>_slowpath} (the
 * caller emits it and its RET).
 */
final class SlowPathCall {

    private SlowPathCall() {}

    static void emit(ProgramBuilder b, Pred outside, String ptxOp) {
        Label done = b.label();
        Label slow = b.label();
        b.path(Path.GLUE);
        b.bra(outside.not(), done);
        b.call(slow);
        b.place(done);
        b.exit();
        b.path(Path.SLOW);
        b.section("__nvlower_" + ptxOp.replace('.', '_') + "_slowpath");
        b.place(slow);
    }
}
