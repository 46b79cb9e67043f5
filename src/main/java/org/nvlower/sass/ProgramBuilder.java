package org.nvlower.sass;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.nvlower.sass.Mod.BoolOp;
import org.nvlower.sass.Mod.Cmp;
import org.nvlower.sass.Mod.ImadHint;
import org.nvlower.sass.Mod.IntType;
import org.nvlower.sass.Mod.MufuFn;
import org.nvlower.sass.Reg.RegClass;
import org.nvlower.sass.VRegDesc.Category;

/**
 * Builds a {@link Program}: virtual registers from a descriptor table (input, output or
 * temporary; template-owned), predicates, labels, convergence barriers, named sections, and
 * instructions. The emission primitives mirror the templates seed's: {@link #emit} (standard,
 * sub_9314F0), {@link #emitGuarded} (extended: predicated, more operands, sub_934630),
 * {@link #emitBranch} (branches with label resolution, sub_935130), {@link #emitWide} (MUFU,
 * sub_9352C0), {@link #emitFp} (single-source, sub_92E800), {@link #emitPair} (register pairs,
 * sub_92E720) and {@link #emitBarrier} (convergence barriers, sub_92E1B0); the typed helpers
 * below (ffma, isetp, ...) are one-line uses of them.
 */
public final class ProgramBuilder {

    private final String name;
    private final List<SassInstruction> code = new ArrayList<>();
    private final List<Section> sections = new ArrayList<>();
    private String sectionName;
    private int sectionStart;
    private final List<Integer> labelPcs = new ArrayList<>();
    private final List<VRegDesc> vregs = new ArrayList<>();
    private int nextSlot = 1;
    private int predCount;
    private int barrierCount;
    private final List<Long> constants = new ArrayList<>();
    private final Map<Long, Integer> constantIndex = new HashMap<>();
    private final List<Reg> inputs = new ArrayList<>();
    private final List<Reg> outputs = new ArrayList<>();
    private Path path = Path.FAST;

    public ProgramBuilder(String name) {
        this.name = name;
        this.sectionName = name;
    }

    // ------------------------------------------------------------------ registers and names

    private Reg alloc(String regName, RegClass cls, Category category, boolean templateOwned) {
        Reg r = new Reg(nextSlot, cls);
        nextSlot += cls.slots;
        vregs.add(new VRegDesc(r.id(), cls, category, templateOwned, regName));
        return r;
    }

    /** An operand of the PTX instruction the template expands (not template-owned). */
    public Reg input(String regName, RegClass cls) {
        Reg r = alloc(regName, cls, Category.INPUT, false);
        inputs.add(r);
        return r;
    }

    /** A result register (the seed's category 0), template-owned. */
    public Reg output(String regName, RegClass cls) {
        Reg r = alloc(regName, cls, Category.OUTPUT, true);
        outputs.add(r);
        return r;
    }

    /** A temporary (the seed's category 1), template-owned. */
    public Reg temp(String regName, RegClass cls) {
        return alloc(regName, cls, Category.TEMP, true);
    }

    public Reg temp(String regName) {
        return temp(regName, RegClass.R32);
    }

    public Pred pred() {
        return new Pred(predCount++);
    }

    public int barrier() {
        return Operand.barrier(barrierCount++);
    }

    public Label label() {
        labelPcs.add(-1);
        return new Label(labelPcs.size() - 1);
    }

    /** An immediate: a constant-pool entry (64 bits; 32-bit instructions use the low word). */
    public int imm(long value) {
        Integer i = constantIndex.get(value);
        if (i == null) {
            i = constants.size();
            constants.add(value);
            constantIndex.put(value, i);
        }
        return Operand.imm(i);
    }

    public int imm(int value) {
        return imm(value & 0xFFFFFFFFL);
    }

    public int f32(float value) {
        return imm(Float.floatToRawIntBits(value));
    }

    public int f64(double value) {
        return imm(Double.doubleToRawLongBits(value));
    }

    // ------------------------------------------------------------------ structure

    /** Tags the instructions emitted from now on (fast path, slow path, glue). */
    public void path(Path p) {
        this.path = p;
    }

    /** Ends the current section and starts a new one named {@code sectionName} (a call target). */
    public Label section(String newName) {
        closeSection();
        sectionName = newName;
        sectionStart = code.size();
        Label l = label();
        place(l);
        return l;
    }

    private void closeSection() {
        sections.add(new Section(sectionName, sectionStart, code.size()));
    }

    public void place(Label l) {
        if (labelPcs.get(l.id()) != -1) {
            throw new IllegalStateException("label placed twice");
        }
        labelPcs.set(l.id(), code.size());
    }

    public Program build() {
        closeSection();
        int[] pcs = new int[labelPcs.size()];
        for (int i = 0; i < pcs.length; i++) {
            if (labelPcs.get(i) < 0) {
                throw new IllegalStateException(name + ": label " + i + " never placed");
            }
            pcs[i] = labelPcs.get(i);
        }
        long[] pool = constants.stream().mapToLong(Long::longValue).toArray();
        return new Program(name, code, sections, pcs, vregs, nextSlot, predCount, barrierCount, pool, inputs, outputs);
    }

    // ------------------------------------------------------------------ the seed's emission primitives

    private static int dest(Object d) {
        if (d instanceof Reg r) {
            return Operand.dest(r.id());
        }
        if (d instanceof Pred p) {
            return Operand.pred(p.id());
        }
        return (Integer) d;
    }

    /** Standard emission: opcode, modifiers, operands in layout order (sub_9314F0). */
    public void emit(SassOpcode op, int mods, int... operands) {
        emitGuarded(Operand.PT, op, mods, operands);
    }

    /** Extended emission: a guard predicate and any number of operands (sub_934630). */
    public void emitGuarded(int guard, SassOpcode op, int mods, int... operands) {
        code.add(new SassInstruction(op, mods, guard, operands, path));
    }

    /** Branch emission with label resolution: BRA (taken when guard and cond hold), JMP, CALL (sub_935130). */
    public void emitBranch(int guard, SassOpcode op, int cond, Label target) {
        switch (op) {
            case BRA -> emitGuarded(guard, op, 0, cond, target.op());
            case JMP, CALL -> emitGuarded(guard, op, 0, target.op());
            default -> throw new IllegalArgumentException(op + " is not a branch");
        }
    }

    /** Wide emission: MUFU with its sub-function (sub_9352C0). */
    public void emitWide(int guard, MufuFn fn, Reg d, int src) {
        emitGuarded(guard, SassOpcode.MUFU, Mod.mufu(fn), Operand.dest(d.id()), src);
    }

    /** Single-source emission: MOV, IABS, POPC, FLO, I2F, F2I with a 32-bit destination (sub_92E800). */
    public void emitFp(int guard, SassOpcode op, int mods, Reg d, int src) {
        emitGuarded(guard, op, mods, Operand.dest(d.id()), src);
    }

    /** Register-pair emission: a single-source opcode with a 64-bit destination (sub_92E720). */
    public void emitPair(int guard, SassOpcode op, int mods, Reg pair, int src) {
        if (pair.cls() != RegClass.R64) {
            throw new IllegalArgumentException("emitPair needs a register pair");
        }
        emitGuarded(guard, op, mods, Operand.dest(pair.id()), src);
    }

    /** Convergence barriers: BSSY b, label (the reconvergence point) and BSYNC b (sub_92E1B0). */
    public void emitBarrier(SassOpcode op, int barrier, Label target) {
        if (op == SassOpcode.BSSY) {
            emit(op, 0, barrier, target.op());
        } else if (op == SassOpcode.BSYNC) {
            emit(op, 0, barrier);
        } else {
            throw new IllegalArgumentException(op + " is not a barrier opcode");
        }
    }

    // ------------------------------------------------------------------ typed helpers

    public void ffma(Reg d, int a, int b, int c) {
        ffma(Operand.PT, 0, d, a, b, c);
    }

    public void ffma(int guard, int mods, Reg d, int a, int b, int c) {
        emitGuarded(guard, SassOpcode.FFMA, mods, dest(d), a, b, c);
    }

    public void fmul(int mods, Reg d, int a, int b) {
        fmul(Operand.PT, mods, d, a, b);
    }

    public void fmul(int guard, int mods, Reg d, int a, int b) {
        emitGuarded(guard, SassOpcode.FMUL, mods, dest(d), a, b);
    }

    public void fadd(int guard, int mods, Reg d, int a, int b) {
        emitGuarded(guard, SassOpcode.FADD, mods, dest(d), a, b);
    }

    /** FSETP.cmp.bool p, q, a, b, c: p = (a cmp b) bool c; q = !(a cmp b) bool c. */
    public void fsetp(Cmp cmp, int mods, Pred p, int a, int b) {
        emit(SassOpcode.FSETP, mods | Mod.cmp(cmp) | Mod.bool(BoolOp.AND), p.op(), Operand.PT, a, b, Operand.PT);
    }

    /** DSETP.cmp.bool p, PT, a, b, c: p = (a cmp b) bool c on binary64 pairs. */
    public void dsetp(Cmp cmp, BoolOp op, Pred p, int a, int b, int c) {
        emit(SassOpcode.DSETP, Mod.cmp(cmp) | Mod.bool(op), p.op(), Operand.PT, a, b, c);
    }

    public void dsetp(Cmp cmp, Pred p, int a, int b) {
        dsetp(cmp, BoolOp.AND, p, a, b, Operand.PT);
    }

    public void dfma(int guard, Reg d, int a, int b, int c) {
        emitGuarded(guard, SassOpcode.DFMA, 0, dest(d), a, b, c);
    }

    /** DFMA with {@code mods} (a rounding mode). */
    public void dfma(int guard, int mods, Reg d, int a, int b, int c) {
        emitGuarded(guard, SassOpcode.DFMA, mods, dest(d), a, b, c);
    }

    /** DMUL with {@code mods} (a rounding mode). */
    public void dmul(int guard, int mods, Reg d, int a, int b) {
        emitGuarded(guard, SassOpcode.DMUL, mods, dest(d), a, b);
    }

    public void dfma(Reg d, int a, int b, int c) {
        dfma(Operand.PT, d, a, b, c);
    }

    public void dmul(int guard, Reg d, int a, int b) {
        emitGuarded(guard, SassOpcode.DMUL, 0, dest(d), a, b);
    }

    public void dmul(Reg d, int a, int b) {
        dmul(Operand.PT, d, a, b);
    }

    public void dadd(int guard, Reg d, int a, int b) {
        emitGuarded(guard, SassOpcode.DADD, 0, dest(d), a, b);
    }

    public void fsel(Reg d, int a, int b, int p) {
        emit(SassOpcode.FSEL, 0, dest(d), a, b, p);
    }

    public void fchk(Pred p, int a, int b) {
        emit(SassOpcode.FCHK, 0, p.op(), a, b);
    }

    public void mufu(MufuFn fn, Reg d, int src) {
        emitWide(Operand.PT, fn, d, src);
    }

    public void isetp(Cmp cmp, int mods, Pred p, int a, int b) {
        isetp(cmp, mods, BoolOp.AND, p, a, b, Operand.PT);
    }

    /** ISETP.cmp[.U32].bool p, PT, a, b, c. */
    public void isetp(Cmp cmp, int mods, BoolOp op, Pred p, int a, int b, int c) {
        emit(SassOpcode.ISETP, mods | Mod.cmp(cmp) | Mod.bool(op), p.op(), Operand.PT, a, b, c, Operand.PT);
    }

    /** ISETP.cmp.U32.AND.EX p, PT, aHi, bHi, PT, low: the high half of a 64-bit compare. */
    public void isetpEx(Cmp cmp, int mods, Pred p, int aHi, int bHi, int low) {
        emit(SassOpcode.ISETP, mods | Mod.EX | Mod.cmp(cmp) | Mod.bool(BoolOp.AND), p.op(), Operand.PT, aHi, bHi,
                Operand.PT, low);
    }

    /** IADD3 d, a, b, c (no carries). */
    public void iadd3(Reg d, int a, int b, int c) {
        iadd3(Operand.PT, d, Operand.PT, a, b, c);
    }

    public void iadd3(int guard, Reg d, int a, int b, int c) {
        iadd3(guard, d, Operand.PT, a, b, c);
    }

    /** IADD3 d, carryOut, a, b, c. */
    public void iadd3(int guard, Reg d, int carryOut, int a, int b, int c) {
        emitGuarded(guard, SassOpcode.IADD3, 0, dest(d), carryOut, Operand.PT, a, b, c, Operand.NOT_PT, Operand.NOT_PT);
    }

    /** IADD3.X d, [carryOut,] a, b, c, carryIn1, carryIn2. */
    public void iadd3x(Reg d, int carryOut, int a, int b, int c, int carryIn1, int carryIn2) {
        emit(SassOpcode.IADD3, Mod.X, dest(d), carryOut, Operand.PT, a, b, c, carryIn1, carryIn2);
    }

    /** IMAD d, a, b, c with a spelling hint (.MOV, .IADD, .SHL). */
    public void imad(int guard, int mods, ImadHint hint, Reg d, int a, int b, int c) {
        emitGuarded(guard, SassOpcode.IMAD, mods | Mod.hint(hint), dest(d), Operand.PT, a, b, c, Operand.NOT_PT);
    }

    public void imad(Reg d, int a, int b, int c) {
        imad(Operand.PT, 0, ImadHint.NONE, d, a, b, c);
    }

    /** IMAD.HI.U32 d, [carryOut,] a, b, c: the high word of a*b, plus c. */
    public void imadHi(Reg d, int carryOut, int a, int b, int c) {
        emit(SassOpcode.IMAD, Mod.HI | Mod.U32, dest(d), carryOut, a, b, c, Operand.NOT_PT);
    }

    /** IMAD.X d, a, b, c, carryIn. */
    public void imadX(Reg d, int a, int b, int c, int carryIn) {
        emit(SassOpcode.IMAD, Mod.X, dest(d), Operand.PT, a, b, c, carryIn);
    }

    /** IMAD.WIDE.U32 pair, [carryOut,] a, b, cPair: the 64-bit a*b + c. */
    public void imadWide(Reg pair, int carryOut, int a, int b, int cPair) {
        emit(SassOpcode.IMAD_WIDE, Mod.U32, dest(pair), carryOut, a, b, cPair, Operand.NOT_PT);
    }

    public void mov(int guard, Reg d, int src) {
        emitFp(guard, SassOpcode.MOV, 0, d, src);
    }

    /** IMAD.MOV.U32 d, RZ, RZ, src: the move ptxas writes as an IMAD. */
    public void imadMov(int guard, Reg d, int src) {
        imad(guard, Mod.U32, ImadHint.MOV, d, Operand.RZ, Operand.RZ, src);
    }

    public void sel(Reg d, int a, int b, int p) {
        emit(SassOpcode.SEL, 0, dest(d), a, b, p);
    }

    /** LOP3.LUT d, a, b, c, lut, !PT. */
    public void lop3(int guard, Reg d, int a, int b, int c, int lut) {
        emitGuarded(guard, SassOpcode.LOP3, 0, dest(d), Operand.PT, a, b, c, imm(lut), Operand.NOT_PT);
    }

    /** LOP3.LUT p, RZ, a, b, c, lut, !PT: p = (lut(a, b, c) != 0). */
    public void lop3p(Pred p, int a, int b, int c, int lut) {
        emit(SassOpcode.LOP3, 0, Operand.dest(Operand.ZERO_INDEX), p.op(), a, b, c, imm(lut), Operand.NOT_PT);
    }

    /** PLOP3.LUT p, PT, a, b, c, lut, 0x0. */
    public void plop3(Pred p, int a, int b, int c, int lut) {
        emit(SassOpcode.PLOP3, 0, p.op(), Operand.PT, a, b, c, imm(lut), imm(0));
    }

    /** SHF.{L,R}.{type}[.HI] d, lo, shift, hi. */
    public void shf(boolean left, IntType type, boolean hi, Reg d, int lo, int shift, int hiSrc) {
        emit(SassOpcode.SHF, (left ? Mod.LEFT : 0) | Mod.itype(type) | (hi ? Mod.HI : 0), dest(d), lo, shift, hiSrc);
    }

    /** LEA d, a, b, shift: (a << shift) + b. */
    public void lea(Reg d, int a, int b, int shift) {
        emit(SassOpcode.LEA, 0, dest(d), a, b, imm(shift));
    }

    public void i2f(IntType from, int rounding, Reg d, int src) {
        emitFp(Operand.PT, SassOpcode.I2F, Mod.itype(from) | rounding, d, src);
    }

    /** F2I[.FTZ].{type}.{rounding}[.NTZ]; a 64-bit type writes a pair. */
    public void f2i(IntType to, int mods, Reg d, int src) {
        emitGuarded(Operand.PT, SassOpcode.F2I, Mod.itype(to) | mods, dest(d), src);
    }

    public void iabs(Reg d, int src) {
        emitFp(Operand.PT, SassOpcode.IABS, 0, d, src);
    }

    public void bra(int guard, Label target) {
        emitBranch(guard, SassOpcode.BRA, Operand.PT, target);
    }

    public void call(Label target) {
        emitBranch(Operand.PT, SassOpcode.CALL, Operand.PT, target);
    }

    public void ret() {
        emit(SassOpcode.RET, 0);
    }

    public void exit() {
        emit(SassOpcode.EXIT, 0);
    }

    public String name() {
        return name;
    }
}
