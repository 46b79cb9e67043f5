package org.nvlower.verify.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;
import org.nvlower.sass.Emulator;
import org.nvlower.sass.Mod.MufuFn;
import org.nvlower.sass.MufuModel;
import org.nvlower.sass.SassOpcode;
import org.nvlower.sass.Operand;
import org.nvlower.sass.ProgramBuilder;
import org.nvlower.sass.Reg;
import org.nvlower.sass.Reg.RegClass;
import org.nvlower.sass.template.PtxEmitter;
import org.nvlower.sass.template.Template;
import org.nvlower.verify.sass.SassOp;

/**
 * PtxEmitter on what no template uses yet: a MUFU source with -|R| (a float sign operation, so
 * NaNs and zeros keep every other bit) and an instruction guarded by !PT (never runs). The PTX is
 * run in the interpreter and compared with the emulator on the same program.
 */
class PtxEmitterModifiersTest {

    @Test
    void mufuSourceModifiersAndNeverRunningGuardMatchTheEmulator() {
        ProgramBuilder b = new ProgramBuilder("rcp.rn.f32");
        Reg x = b.input("x", RegClass.R32);
        Reg r = b.output("r", RegClass.R32);
        b.mufu(MufuFn.RCP, r, x.negAbs());
        b.emitGuarded(Operand.NOT_PT, SassOpcode.MOV, 0, Operand.dest(r.id()), b.imm(0x12345678));
        b.exit();
        Template t = new Template("rcp.rn.f32", Template.Operands.F32_UNARY, false, 1, -1, b.build());
        String ptx = PtxEmitter.emit(t, "sm_90");
        assertFalse(ptx.contains("%never"), ptx);
        assertFalse(ptx.contains("0x12345678"), "the !PT instruction is not written:\n" + ptx);

        TemplatePtx run = TemplatePtx.of(SassOp.of("rcp.rn.f32"), ptx);
        MufuModel exact = MufuModel.exact();
        Emulator emulator = new Emulator(t.program(), exact);
        int[] inputs = {0x3f800000, 0xbf800000, 0x40490fdb, 0x00000000, 0x80000000, 0x7f800000, 0xff800000,
            0x7fc00001, 0xffc00001, 0x7f800001, 0x00000001, 0x80400000, 0x7f7fffff};
        for (int a : inputs) {
            int expected = emulator.run(a);
            assertEquals(expected, (int) run.run(a & 0xffffffffL, 0, exact),
                    () -> String.format("rcp(-|0x%08x|)%n%s", a, ptx));
        }
    }
}
