package org.nvlower.verify.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.nvlower.sass.Fchk;
import org.nvlower.sass.MufuModel;
import org.nvlower.sass.Pred;
import org.nvlower.sass.ProgramBuilder;
import org.nvlower.sass.Reg;
import org.nvlower.sass.Reg.RegClass;
import org.nvlower.sass.template.PtxEmitter;
import org.nvlower.sass.template.Template;
import org.nvlower.sass.template.TemplateKey;
import org.nvlower.verify.sass.SassOp;

/**
 * FCHK as PtxEmitter writes it (compares on the exponent fields in place) equals nvlower's
 * definition ({@link Fchk#mayBeWrong}) for every pair of exponent fields, 256 x 256, with
 * significands and signs varied: FCHK depends on the exponents alone. Run in the PTX interpreter.
 */
class PtxFchkTest {

    @Test
    void everyExponentPairAgreesWithTheDefinition() {
        ProgramBuilder b = new ProgramBuilder("div.rn.f32");
        Reg a = b.input("a", RegClass.R32);
        Reg d = b.input("b", RegClass.R32);
        Reg r = b.output("r", RegClass.R32);
        Pred p = b.pred();
        b.fchk(p, a.op(), d.op());
        b.sel(r, b.imm(1), b.imm(0), p.op());
        b.exit();
        Template t = new Template(TemplateKey.valueOf("div.rn.f32"), "div.rn.f32", Template.Operands.F32_BINARY, false, 1, -1, b.build());
        TemplatePtx ptx = TemplatePtx.of(SassOp.of(TemplateKey.valueOf("div.rn.f32")), PtxEmitter.emit(t, "sm_90"));
        MufuModel exact = MufuModel.exact();
        int[] significands = {0, 0x7FFFFF, 0x2AAAAB, 1};
        for (int ea = 0; ea < 256; ea++) {
            for (int eb = 0; eb < 256; eb++) {
                int k = (ea * 256 + eb) & 3;
                int x = (k & 1) << 31 | ea << 23 | significands[k];
                int y = (k >> 1) << 31 | eb << 23 | significands[3 - k];
                long got = ptx.run(x & 0xFFFFFFFFL, y & 0xFFFFFFFFL, exact);
                assertEquals(Fchk.mayBeWrong(x, y) ? 1 : 0, got, "e_a " + ea + ", e_b " + eb);
            }
        }
    }
}
