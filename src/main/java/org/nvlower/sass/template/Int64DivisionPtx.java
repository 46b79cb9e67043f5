package org.nvlower.sass.template;

/**
 * The 64-bit integer division templates (div/rem .u64/.s64) as PTX written with PTX's own 64-bit
 * arithmetic, so that ptxas builds its carry chains itself: {@link PtxEmitter}'s word-by-word
 * translation has no carry predicates and turns every IADD3/IMAD carry into 64-bit adds of
 * zero-extended words and compares, which ptxas does not fold back (about 3x ptxas's own SASS,
 * docs/PERFORMANCE.md).
 *
 * <p>The same algorithm and the same intermediate values as {@link IntDivision}'s SASS: when both
 * operands' high words are zero, the 32-bit division (MUFU.RCP seed, one Newton step, two
 * corrections); else the reciprocal r ~ 2^64 / b from the float seed (cvt.rp.f32.u64,
 * rcp.approx.ftz.f32, + 0x1ffffffe, cvt.rzi.u64.f32), two steps r += mulhi(r, -(r b)) (the SASS's
 * IMAD.HI/IMAD.WIDE chain is exactly the 128-bit product's high word), q = mulhi(a, r), and two
 * corrections of q against the remainder a - q b. Signed ops divide the magnitudes and give the
 * quotient the sign of a ^ b, the remainder a's. Division by zero gives all ones, as ptxas's.
 */
final class Int64DivisionPtx {

    private Int64DivisionPtx() {}

    /** The .func body for op (div.u64, rem.u64, div.s64, rem.s64), or null for any other op. */
    static String body(String op) {
        boolean signed;
        boolean rem;
        switch (op) {
            case "div.u64" -> { signed = false; rem = false; }
            case "rem.u64" -> { signed = false; rem = true; }
            case "div.s64" -> { signed = true; rem = false; }
            case "rem.s64" -> { signed = true; rem = true; }
            default -> { return null; }
        }
        StringBuilder s = new StringBuilder();
        s.append("""
                    .reg .b64 %a, %b, %q, %t, %r, %e, %h;
                    .reg .b32 %a32, %b32, %f, %x, %n, %q32, %t32;
                    .reg .pred %p<4>;
                    ld.param.b64 %a, [in0];
                    ld.param.b64 %b, [in1];
                """);
        if (signed) {
            // h: the result's sign, a ^ b's for the quotient, a's for the remainder
            s.append(rem ? "    mov.b64 %h, %a;\n" : "    xor.b64 %h, %a, %b;\n");
            s.append("""
                        abs.s64 %a, %a;
                        abs.s64 %b, %b;
                    """);
        }
        s.append("""
                    or.b64 %t, %a, %b;
                    setp.gt.u64 %p0, %t, 0xffffffff;
                    @%p0 bra $WIDE;
                    cvt.u32.u64 %a32, %a;
                    cvt.u32.u64 %b32, %b;
                    cvt.rp.f32.u32 %f, %b32;
                    rcp.approx.ftz.f32 %f, %f;
                    add.s32 %f, %f, 0x0ffffffe;
                    cvt.rzi.ftz.u32.f32 %x, %f;
                    neg.s32 %n, %b32;
                    mul.lo.u32 %t32, %n, %x;
                    mad.hi.u32 %x, %x, %t32, %x;
                    mul.hi.u32 %q32, %x, %a32;
                    mad.lo.u32 %t32, %q32, %n, %a32;
                    setp.ge.u32 %p1, %t32, %b32;
                    @%p1 sub.u32 %t32, %t32, %b32;
                    @%p1 add.u32 %q32, %q32, 1;
                    setp.ge.u32 %p1, %t32, %b32;
                    @%p1 sub.u32 %t32, %t32, %b32;
                    @%p1 add.u32 %q32, %q32, 1;
                    cvt.u64.u32 %q, %q32;
                    cvt.u64.u32 %t, %t32;
                    bra.uni $DONE;
                $WIDE:
                    cvt.rp.f32.u64 %f, %b;
                    rcp.approx.ftz.f32 %f, %f;
                    add.s32 %f, %f, 0x1ffffffe;
                    cvt.rzi.u64.f32 %r, %f;
                    mul.lo.u64 %e, %r, %b;
                    neg.s64 %e, %e;
                    mul.hi.u64 %e, %r, %e;
                    add.u64 %r, %r, %e;
                    mul.lo.u64 %e, %r, %b;
                    neg.s64 %e, %e;
                    mul.hi.u64 %e, %r, %e;
                    add.u64 %r, %r, %e;
                    mul.hi.u64 %q, %a, %r;
                    mul.lo.u64 %t, %q, %b;
                    sub.u64 %t, %a, %t;
                    setp.ge.u64 %p1, %t, %b;
                    @%p1 sub.u64 %t, %t, %b;
                    @%p1 add.u64 %q, %q, 1;
                    setp.ge.u64 %p1, %t, %b;
                    @%p1 sub.u64 %t, %t, %b;
                    @%p1 add.u64 %q, %q, 1;
                $DONE:
                """);
        String result = rem ? "%t" : "%q";
        if (signed) {
            s.append("    setp.lt.s64 %p2, %h, 0;\n");
            s.append("    neg.s64 %r, ").append(result).append(";\n");
            s.append("    selp.b64 ").append(result).append(", %r, ").append(result).append(", %p2;\n");
        }
        s.append("    setp.eq.u64 %p3, %b, 0;\n");
        s.append("    selp.b64 ").append(result).append(", -1, ").append(result).append(", %p3;\n");
        s.append("    st.param.b64 [ret], ").append(result).append(";\n    ret;\n");
        return s.toString();
    }
}
