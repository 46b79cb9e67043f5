package org.nvlower.sass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.nvlower.sass.Reg.RegClass;
import org.nvlower.sass.VRegDesc.Category;
import org.nvlower.sass.template.Template;
import org.nvlower.sass.template.Templates;

/** The ISA model, the builder, the printer and the register allocation. */
class ProgramTest {

    @Test
    void operandsUseTheSeedsTags() {
        assertEquals(0x90, Operand.tag(Operand.dest(5)));
        assertEquals(0x10, Operand.tag(Operand.src(5)));
        assertEquals(0x90, Operand.tag(Operand.negate(Operand.src(5)))); // negated source, as the seed says
        assertEquals(0x20, Operand.tag(Operand.imm(3)));
        assertEquals(0x60, Operand.tag(Operand.label(2)));
        assertEquals(5, Operand.index(Operand.dest(5)));
        assertEquals(0x122, SassOpcode.DFMA.seedId());
        assertEquals(0x02, SassOpcode.IADD.seedId());
        assertEquals(0x3C, SassOpcode.MUFU.seedId());
        assertEquals(0x110, SassOpcode.IADD3.seedId());
        assertEquals(-1, SassOpcode.FCHK.seedId());
    }

    @Test
    void builderKeepsTheDescriptorTableAndChecksLabels() {
        ProgramBuilder b = new ProgramBuilder("t");
        Reg in = b.input("x", RegClass.R32);
        Reg out = b.output("y", RegClass.R64);
        Reg tmp = b.temp("t");
        b.mov(Operand.PT, tmp, in.op());
        b.mov(Operand.PT, out.lo(), tmp.op());
        b.mov(Operand.PT, out.hi(), Operand.RZ);
        b.exit();
        Program p = b.build();
        List<VRegDesc> table = p.vregs();
        assertEquals(List.of(Category.INPUT, Category.OUTPUT, Category.TEMP), table.stream().map(VRegDesc::category).toList());
        assertEquals(List.of(false, true, true), table.stream().map(VRegDesc::templateOwned).toList());
        assertEquals(4, p.slotCount() - 1, "x, the pair y, t");
        ProgramBuilder bad = new ProgramBuilder("bad");
        Label l = bad.label();
        bad.bra(Operand.PT, l);
        assertThrows(IllegalStateException.class, bad::build);
        ProgramBuilder twice = new ProgramBuilder("twice");
        Label m = twice.label();
        twice.place(m);
        assertThrows(IllegalStateException.class, () -> twice.place(m));
        assertThrows(IllegalArgumentException.class, () -> new SassInstruction(SassOpcode.FFMA, 0, Operand.PT, new int[2], Path.FAST));
    }

    @Test
    void printerWritesNvdisasmStyle() {
        assertEquals("1.84467440737095516160e+19", Printer.floatImmediate(Float.floatToRawIntBits(0x1p64f)));
        assertEquals("2.32830643653869628906e-10", Printer.floatImmediate(Float.floatToRawIntBits(0x1p-32f)));
        assertEquals("1", Printer.floatImmediate(0x3F800000));
        assertEquals("0.5", Printer.floatImmediate(0x3F000000));
        assertEquals("16777216", Printer.floatImmediate(0x4B800000));
        assertEquals("+INF", Printer.floatImmediate(0x7F800000));
        assertEquals("-QNAN", Printer.floatImmediate(0xFFC00000));
        assertEquals("-0x40", Printer.intImmediate(-64, true));
        assertEquals("0xffffffc0", Printer.intImmediate(-64, false));
        String listing = Printer.listing(Templates.require("div.u32").program());
        String[] lines = listing.split("\n");
        assertEquals("div.u32:", lines[0]);
        assertTrue(lines[1].matches("        /\\*0000\\*/ {19}I2F\\.U32\\.RP R\\d+, R\\d+ ;"), lines[1]);
        assertTrue(listing.contains("              @!P"), listing);
        assertTrue(listing.contains("F2I.FTZ.U32.TRUNC.NTZ"), listing);
        assertTrue(listing.contains("IMAD.HI.U32"), listing);
    }

    /** The listing's registers compute what the virtual ones do: each template run both ways. */
    @Test
    void allocatedRegistersComputeTheSameAsVirtualOnes() {
        SplittableRandom r = new SplittableRandom(5);
        for (String op : Templates.names()) {
            Template t = Templates.require(op);
            Program virtual = t.program();
            Program physical = allocated(virtual);
            Emulator a = new Emulator(virtual, MufuModel.exact());
            Emulator b = new Emulator(physical, MufuModel.exact());
            int words = virtual.inputs().stream().mapToInt(x -> x.cls() == RegClass.R64 ? 2 : 1).sum();
            int outWords = virtual.outputs().stream().mapToInt(x -> x.cls() == RegClass.R64 ? 2 : 1).sum();
            for (int i = 0; i < 3000; i++) {
                for (int w = 0; w < words; w++) {
                    int v = r.nextInt() >> r.nextInt(32);
                    a.setInput(w, v);
                    b.setInput(w, v);
                }
                a.execute();
                b.execute();
                for (int w = 0; w < outWords; w++) {
                    assertEquals(a.output(w), b.output(w), op);
                }
            }
            assertTrue(t.registers() <= 32, op + " uses " + t.registers() + " registers");
        }
    }

    /** The program with every register renamed to its physical one (slot = register + 1). */
    static Program allocated(Program p) {
        RegisterAllocation alloc = RegisterAllocation.of(p);
        List<SassInstruction> code = new ArrayList<>();
        for (SassInstruction in : p.code()) {
            int[] ops = in.operands();
            String layout = in.op().layout();
            for (int i = 0; i < ops.length; i++) {
                char k = layout.charAt(i);
                if ((k == 'd' || k == 's') && Operand.kind(ops[i]) == Operand.SRC && !Operand.isZeroIndex(ops[i])) {
                    int phys = alloc.register(Operand.index(ops[i])) + 1;
                    ops[i] = (ops[i] & ~Operand.ZERO_INDEX) | phys;
                }
            }
            code.add(new SassInstruction(in.op(), in.mods(), in.guard(), ops, in.path()));
        }
        List<VRegDesc> regs = new ArrayList<>();
        for (int k = 1; k <= alloc.registerCount(); k++) {
            regs.add(new VRegDesc(k, RegClass.R32, Category.TEMP, true, "R" + (k - 1)));
        }
        List<Reg> ins = p.inputs().stream().map(x -> new Reg(alloc.register(x.id()) + 1, x.cls())).toList();
        List<Reg> outs = p.outputs().stream().map(x -> new Reg(alloc.register(x.id()) + 1, x.cls())).toList();
        int[] labels = new int[p.labelCount()];
        for (int l = 0; l < labels.length; l++) {
            labels[l] = p.labelPc(l);
        }
        long[] pool = new long[p.constantCount()];
        for (int i = 0; i < pool.length; i++) {
            pool[i] = p.constant(i);
        }
        assertFalse(ins.stream().anyMatch(x -> x.id() <= 0));
        return new Program(p.name() + " (allocated)", code, p.sections(), labels, regs, alloc.registerCount() + 1,
                p.predCount(), p.barrierCount(), pool, ins, outs);
    }
}
