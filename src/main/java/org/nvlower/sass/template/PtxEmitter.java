package org.nvlower.sass.template;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.nvlower.sass.SassInstruction;
import org.nvlower.sass.Mod;
import org.nvlower.sass.Mod.Cmp;
import org.nvlower.sass.Mod.IntType;
import org.nvlower.sass.SassOpcode;
import org.nvlower.sass.Operand;
import org.nvlower.sass.Program;
import org.nvlower.sass.Reg;
import org.nvlower.sass.Section;

/**
 * A template as PTX ({@code nvlower expand OP --emit ptx}): a {@code .func} with the template's
 * algorithm built from PTX instructions of the same meaning, one or a few per SASS instruction
 * (DFMA -> fma.rn.f64, MUFU.RCP64H -> rcp.approx.ftz.f64 of the high word, LOP3 -> lop3.b32, to a
 * predicate then setp.ne, SHF -> a 64-bit funnel shift, ISETP/DSETP -> setp, CALL/RET of the slow
 * path -> branches, since each slow path has one call site), plus a kernel {@code <name>_kernel}
 * that loads the operands from global memory, runs the .func's body spliced in and stores the
 * result, so that ptxas can compile it and a GPU can run it. 32-bit slots are {@code %r<slot>} (.b32), pairs are packed into
 * {@code .b64} scratch registers around the FP64 instructions.
 *
 * <p>Covered: every template. FCHK is written as nvlower's definition on the exponents, I2F/F2I
 * as cvt with the rounding mode, and carry chains (IADD3/IMAD with carry predicates) as 64-bit
 * adds whose high word gives the carries (PTX has no carry predicates), ISETP.EX as a compare of
 * the high words deferring to the low half's predicate. ptxas does not fold those adds back into
 * its carry chains, so div/rem .u64/.s64 are not translated but written with PTX's 64-bit
 * arithmetic ({@link Int64DivisionPtx}: the same algorithm and values).
 */
public final class PtxEmitter {

    private final Program p;
    private final StringBuilder body = new StringBuilder();
    private final Set<Integer> targets = new HashSet<>();
    private final Map<Integer, Integer> returnPc = new HashMap<>();
    private int scratch64;
    private int scratch32;
    private int maxScratch64;
    private int maxScratch32;

    private PtxEmitter(Program p) {
        this.p = p;
    }

    /**
     * The PTX module text (.version 8.0, .target sm): the .func, then the harness kernel with the
     * .func's body {@link #splice spliced} in where the op is (as ptxas places its own expansion,
     * and as the GPU check and bench kernels run it); or an IllegalArgumentException naming what
     * is not covered.
     */
    public static String emit(Template t, String sm) {
        String function = new PtxEmitter(t.program()).function(t, sm);
        int inputs = t.operands().inputs;
        String type = t.operands().bits == 64 ? "b64" : "b32";
        return function + kernel(name(t), type, inputs, spliceFunction(t, function, inputs == 1 ? List.of("%x0") : List.of("%x0", "%x1"),
                "%x" + inputs));
    }

    /** {@link #emit}'s module with a harness kernel that calls the .func (its parameters and return, as a caller's). */
    public static String emitCalling(Template t, String sm) {
        String function = new PtxEmitter(t.program()).function(t, sm);
        return function + kernel(name(t), t.operands().bits == 64 ? "b64" : "b32", t.operands().inputs, null);
    }

    private static String name(Template t) {
        return "nvlower_" + t.name().replaceAll("[^A-Za-z0-9]", "_");
    }

    /** The module's header and the .func. */
    private String function(Template t, String sm) {
        String name = name(t);
        boolean wide = t.operands().bits == 64;
        String type = wide ? "b64" : "b32";
        int inputs = t.operands().inputs;
        String written = Int64DivisionPtx.body(t.ptxOp());
        if (written != null) {
            return header(t, sm, name, type, inputs) + written + "}\n\n";
        }
        // CALL/RET -> branches: each section's RET returns after the CALL that enters it
        for (int pc = 0; pc < p.code().size(); pc++) {
            SassInstruction in = p.code().get(pc);
            if (in.op() == SassOpcode.CALL) {
                int target = p.labelPc(Operand.index(in.operand(0)));
                returnPc.put(target, pc + 1);
                targets.add(pc + 1);
            }
            if (in.op() == SassOpcode.BRA || in.op() == SassOpcode.JMP || in.op() == SassOpcode.CALL) {
                targets.add(p.labelPc(Operand.index(in.operand(in.op() == SassOpcode.BRA ? 1 : 0))));
            }
        }
        for (int pc = 0; pc < p.code().size(); pc++) {
            if (targets.contains(pc)) {
                body.append("$L_").append(pc).append(":\n");
            }
            scratch32 = 0;
            scratch64 = 0;
            instruction(pc, p.code().get(pc));
        }
        StringBuilder m = new StringBuilder(header(t, sm, name, type, inputs));
        m.append("    .reg .b32 %r<").append(p.slotCount() + 2).append(">;\n");
        m.append("    .reg .pred %p<").append(Math.max(1, p.predCount())).append(">;\n");
        m.append("    .reg .pred %q<4>;\n");
        m.append("    .reg .b64 %d<").append(Math.max(1, maxScratch64)).append(">;\n");
        m.append("    .reg .b32 %s<").append(Math.max(1, maxScratch32)).append(">;\n");
        m.append("    .reg .").append(type).append(" %io;\n");
        List<Reg> ins = p.inputs();
        for (int i = 0; i < inputs; i++) {
            m.append("    ld.param.").append(type).append(" %io, [in").append(i).append("];\n");
            m.append(unpack(ins.get(i), wide));
        }
        m.append(body);
        m.append("$L_exit:\n");
        Reg out = p.outputs().get(0);
        m.append(wide ? "    mov.b64 %io, {%r" + out.id() + ", %r" + (out.id() + 1) + "};\n" : "    mov.b32 %io, %r" + out.id() + ";\n");
        m.append("    st.param.").append(type).append(" [ret], %io;\n    ret;\n}\n\n");
        return m.toString();
    }

    /**
     * The template's .func body as a block to splice into another function where it is needed
     * (what ptxas does with its own expansion; ptxas does not inline a PTX .func, and the call's
     * ABI and the return cost a GPU more than some templates' whole fast path): the same
     * instructions as {@link #emit}'s .func, its registers and labels renamed with the prefix
     * {@code t_} (so that they meet none of the caller's), the parameter loads turned into moves
     * from the registers in {@code inputs}, the result's store into a move to {@code result}, the
     * final {@code ret} dropped. The caller's registers have the .func's parameter types.
     */
    public static String splice(Template t, String sm, List<String> inputs, String result) {
        return spliceFunction(t, new PtxEmitter(t.program()).function(t, sm), inputs, result);
    }

    /** {@link #splice} of the text of the .func ({@link #function}). */
    private static String spliceFunction(Template t, String module, List<String> inputs, String result) {
        int open = module.indexOf("{\n", module.indexOf(".func")) + 2;
        int close = module.indexOf("\n}\n", open);
        String body = module.substring(open, close + 1)
                .replaceAll("%([A-Za-z_][A-Za-z0-9_]*)", "%t_$1")
                .replaceAll("\\$([A-Za-z_][A-Za-z0-9_]*)", "\\$t_$1");
        if (!body.endsWith("    ret;\n") || body.indexOf("ret;") != body.length() - "ret;\n".length()) {
            throw new IllegalStateException(t.name() + ": a .func body returns only at its end");
        }
        body = body.substring(0, body.length() - "    ret;\n".length());
        for (int i = 0; i < inputs.size(); i++) {
            body = body.replaceAll("ld\\.param\\.(\\w+) (%t_\\w+), \\[in" + i + "\\];", "mov.$1 $2, " + inputs.get(i) + ";");
        }
        body = body.replaceAll("st\\.param\\.(\\w+) \\[ret\\], (%t_\\w+);", "mov.$1 " + result + ", $2;");
        if (body.contains(".param")) {
            throw new IllegalStateException(t.name() + ": a parameter of the .func is left in its spliced body");
        }
        return "    {\n" + body + "    }\n";
    }

    /** The module's first lines and the .func's signature, up to its opening brace. */
    private static String header(Template t, String sm, String name, String type, int inputs) {
        StringBuilder m = new StringBuilder();
        // PTX ISA 8.6 introduced sm_100; 8.0 reaches sm_90
        boolean blackwell = sm.matches("sm_1[0-9][0-9].*");
        m.append(".version ").append(blackwell ? "8.6" : "8.0").append("\n.target ").append(sm)
                .append("\n.address_size 64\n\n");
        m.append("// ").append(t.name()).append(": nvlower's template as PTX (nvlower expand ")
                .append(t.ptxOp()).append(" --emit ptx)\n");
        m.append(".visible .func (.param .").append(type).append(" ret) ").append(name).append("(");
        for (int i = 0; i < inputs; i++) {
            m.append(i > 0 ? ", " : "").append(".param .").append(type).append(" in").append(i);
        }
        m.append(")\n{\n");
        return m.toString();
    }

    /** The harness kernel: operands from global memory, the spliced body run (null: the .func called), the result stored after them. */
    private static String kernel(String name, String type, int inputs, String spliced) {
        boolean wide = type.equals("b64");
        StringBuilder m = new StringBuilder();
        m.append(".visible .entry ").append(name).append("_kernel(.param .u64 buf)\n{\n");
        m.append("    .reg .u64 %a;\n    .reg .").append(type).append(" %x<").append(inputs + 1).append(">;\n");
        m.append("    ld.param.u64 %a, [buf];\n    cvta.to.global.u64 %a, %a;\n");
        int bytes = wide ? 8 : 4;
        for (int i = 0; i < inputs; i++) {
            m.append("    ld.global.").append(type).append(" %x").append(i).append(", [%a+").append(i * bytes).append("];\n");
        }
        if (spliced != null) {
            m.append(spliced);
        } else {
            call(m, name, type, inputs);
        }
        m.append("    st.global.").append(type).append(" [%a+").append(inputs * bytes).append("], %x").append(inputs)
                .append(";\n    ret;\n}\n");
        return m.toString();
    }

    private static void call(StringBuilder m, String name, String type, int inputs) {
        m.append("    {\n    .param .").append(type).append(" r;\n");
        for (int i = 0; i < inputs; i++) {
            m.append("    .param .").append(type).append(" i").append(i).append(";\n    st.param.").append(type)
                    .append(" [i").append(i).append("], %x").append(i).append(";\n");
        }
        m.append("    call (r), ").append(name).append(", (");
        for (int i = 0; i < inputs; i++) {
            m.append(i > 0 ? ", " : "").append("i").append(i);
        }
        m.append(");\n    ld.param.").append(type).append(" %x").append(inputs).append(", [r];\n    }\n");
    }

    private static String unpack(Reg r, boolean wide) {
        return wide ? "    mov.b64 {%r" + r.id() + ", %r" + (r.id() + 1) + "}, %io;\n" : "    mov.b32 %r" + r.id() + ", %io;\n";
    }

    // ------------------------------------------------------------------ operands

    private String d64() {
        String s = "%d" + scratch64++;
        maxScratch64 = Math.max(maxScratch64, scratch64);
        return s;
    }

    private String s32() {
        String s = "%s" + scratch32++;
        maxScratch32 = Math.max(maxScratch32, scratch32);
        return s;
    }

    private void line(String guard, String text) {
        body.append("    ").append(guard).append(text).append(";\n");
    }

    /**
     * A jump to target. {@code bra.uni} promises that every active thread of the warp takes it, so it
     * is only said of unguarded jumps: a guarded one diverges whenever the guard does (a divergent
     * bra.uni is undefined behaviour).
     */
    private void jump(String guard, String target) {
        line(guard, (guard.isEmpty() ? "bra.uni " : "bra ") + target);
    }

    private static String pred(int o) {
        if (Operand.isZeroIndex(o)) {
            return Operand.isNegated(o) ? "0" : "1";
        }
        return (Operand.isNegated(o) ? "!" : "") + "%p" + Operand.index(o);
    }

    /** The guard prefix; an instruction guarded by !PT never runs and is not written at all. */
    private static String guard(int o) {
        return Operand.isZeroIndex(o) ? "" : "@" + pred(o) + " ";
    }

    private static boolean neverRuns(int guard) {
        return Operand.isZeroIndex(guard) && Operand.isNegated(guard);
    }

    private static String reg(int o) {
        return Operand.isZeroIndex(o) ? "0" : "%r" + Operand.index(o);
    }

    /** Emits "op dst, src" (src may carry further operands) and returns dst, the scratch register. */
    private String scratch(String g, String op, String dst, String src) {
        line(g, op + " " + dst + ", " + src);
        return dst;
    }

    /** A 32-bit integer source (with -R, ~R, |R| through a scratch register). */
    private String int32(String g, int o) {
        String v = Operand.kind(o) == Operand.IMM ? String.format(Locale.ROOT, "0x%08x", (int) p.constant(Operand.index(o)))
                : reg(o);
        if (Operand.isNot(o)) {
            v = scratch(g, "not.b32", s32(), v);
        }
        if (Operand.isAbs(o)) {
            v = scratch(g, "abs.s32", s32(), v);
        }
        if (Operand.isNegated(o)) {
            v = scratch(g, "neg.s32", s32(), v);
        }
        return v;
    }

    /**
     * A float's 32 bits (a binary32, or a binary64's high word) with -R and |R| as sign-bit
     * operations, as MUFU applies them: exact for NaNs too, where PTX leaves neg.f32's NaN open.
     */
    private String floatBits32(String g, int o) {
        String v = Operand.kind(o) == Operand.IMM ? String.format(Locale.ROOT, "0x%08x", (int) p.constant(Operand.index(o)))
                : reg(o);
        if (Operand.isAbs(o)) {
            v = scratch(g, "and.b32", s32(), v + ", 0x7fffffff");
        }
        if (Operand.isNegated(o)) {
            v = scratch(g, "xor.b32", s32(), v + ", 0x80000000");
        }
        return v;
    }

    /** A binary32 source (sign and absolute value as float modifiers). */
    private String f32(String g, int o) {
        String v = Operand.kind(o) == Operand.IMM ? String.format(Locale.ROOT, "0f%08X", (int) p.constant(Operand.index(o)))
                : Operand.isZeroIndex(o) ? "0f00000000" : reg(o);
        if (Operand.isAbs(o)) {
            v = scratch(g, "abs.f32", s32(), v);
        }
        if (Operand.isNegated(o)) {
            v = scratch(g, "neg.f32", s32(), v);
        }
        return v;
    }

    /** A binary64 source: a pair packed into a .b64 scratch register, or a 0d literal. */
    private String f64(String g, int o) {
        String v;
        if (Operand.kind(o) == Operand.IMM) {
            v = String.format(Locale.ROOT, "0d%016X", p.constant(Operand.index(o)));
        } else if (Operand.isZeroIndex(o)) {
            v = "0d0000000000000000";
        } else {
            v = d64();
            line(g, "mov.b64 " + v + ", {%r" + Operand.index(o) + ", %r" + (Operand.index(o) + 1) + "}");
        }
        if (Operand.isAbs(o)) {
            v = scratch(g, "abs.f64", d64(), v);
        }
        if (Operand.isNegated(o)) {
            v = scratch(g, "neg.f64", d64(), v);
        }
        return v;
    }

    /** A vector element must be a register: immediates and 0 go through a scratch register. */
    private String asReg(String g, String v) {
        if (v.startsWith("%")) {
            return v;
        }
        return scratch(g, "mov.b32", s32(), v);
    }

    private void store64(String g, int dest, String value) {
        int r = Operand.index(dest);
        line(g, "mov.b64 {%r" + r + ", %r" + (r + 1) + "}, " + value);
    }

    private static String cmp(Cmp c) {
        return c.name().toLowerCase(Locale.ROOT);
    }

    private static String setpTail(int mods, int[] ops, int cIndex) {
        int c = ops[cIndex];
        Mod.BoolOp bool = Mod.boolOf(mods);
        if (Operand.isZeroIndex(c) && !Operand.isNegated(c) && bool == Mod.BoolOp.AND) {
            return "";
        }
        return "." + bool.name().toLowerCase(Locale.ROOT);
    }

    private static String setpC(int mods, int[] ops, int cIndex) {
        int c = ops[cIndex];
        if (Operand.isZeroIndex(c) && !Operand.isNegated(c) && Mod.boolOf(mods) == Mod.BoolOp.AND) {
            return "";
        }
        return ", " + pred(c);
    }

    // ------------------------------------------------------------------ instructions

    private void instruction(int pc, SassInstruction in) {
        if (neverRuns(in.guard())) {
            return;
        }
        String g = guard(in.guard());
        int[] o = in.operands();
        int mods = in.mods();
        switch (in.op()) {
            case MOV -> line(g, "mov.b32 " + reg(o[0]) + ", " + int32(g, o[1]));
            case IADD3 -> {
                boolean x = Mod.has(mods, Mod.X);
                if (Operand.isZeroIndex(o[1]) && Operand.isZeroIndex(o[2]) && !x) {
                    String t = s32();
                    line(g, "add.s32 " + t + ", " + int32(g, o[3]) + ", " + int32(g, o[4]));
                    line(g, "add.s32 " + reg(o[0]) + ", " + t + ", " + int32(g, o[5]));
                } else { // the sum in 64 bits: its high word (0, 1 or 2) gives the carries
                    String sum = d64();
                    line(g, "mov.b64 " + sum + ", 0");
                    addOperand(g, sum, o[3]);
                    addOperand(g, sum, o[4]);
                    addOperand(g, sum, o[5]);
                    if (x) {
                        addCarry(g, sum, o[6]);
                        addCarry(g, sum, o[7]);
                    }
                    carriesOut(g, sum, o[0], o[1], o[2]);
                }
            }
            case IMAD -> {
                boolean x = Mod.has(mods, Mod.X);
                String type = Mod.has(mods, Mod.U32) ? "u32 " : "s32 ";
                if (Mod.has(mods, Mod.HI) && !x && Operand.isZeroIndex(o[1])) {
                    line(g, "mad.hi." + type + reg(o[0]) + ", " + int32(g, o[2]) + ", " + int32(g, o[3]) + ", " + int32(g, o[4]));
                } else if (!Mod.has(mods, Mod.HI) && !x && Operand.isZeroIndex(o[1])) {
                    line(g, "mad.lo.u32 " + reg(o[0]) + ", " + int32(g, o[2]) + ", " + int32(g, o[3]) + ", " + int32(g, o[4]));
                } else { // the product word, then c and the carry-in added in 64 bits for the carry-out
                    String word = s32();
                    line(g, "mul." + (Mod.has(mods, Mod.HI) ? "hi." + type : "lo.u32 ") + word + ", " + int32(g, o[2]) + ", "
                            + int32(g, o[3]));
                    String sum = d64();
                    line(g, "cvt.u64.u32 " + sum + ", " + word);
                    addOperand(g, sum, o[4]);
                    if (x) {
                        addCarry(g, sum, o[5]);
                    }
                    // IMAD.HI's carry-out is bit 32 of the sum; IMAD (low word) writes none, as the emulator
                    String lo = s32();
                    String hi = s32();
                    line(g, "mov.b64 {" + lo + ", " + hi + "}, " + sum);
                    if (Mod.has(mods, Mod.HI) && !Operand.isZeroIndex(o[1])) {
                        line(g, "and.b32 " + hi + ", " + hi + ", 1");
                        line(g, "setp.ne.u32 " + pred(o[1]) + ", " + hi + ", 0");
                    }
                    line(g, "mov.b32 " + reg(o[0]) + ", " + lo);
                }
            }
            case IMAD_WIDE -> {
                String prod = d64();
                line(g, "mul.wide." + (Mod.has(mods, Mod.U32) ? "u32 " : "s32 ") + prod + ", " + int32(g, o[2]) + ", "
                        + int32(g, o[3]));
                String addend = Operand.isZeroIndex(o[4]) ? "0" : pair(g, o[4]);
                String sum = d64();
                line(g, "add.u64 " + sum + ", " + prod + ", " + addend);
                if (Mod.has(mods, Mod.X)) {
                    addCarry(g, sum, o[5]);
                }
                if (!Operand.isZeroIndex(o[1])) { // carry out of 64 bits: sum < prod, or sum = prod with an addend
                    line(g, "setp.lt.u64 %q2, " + sum + ", " + prod);
                    line(g, "setp.eq.u64 %q3, " + sum + ", " + prod);
                    line(g, "setp.ne.and.u64 %q3, " + addend + ", 0, %q3");
                    line(g, "or.pred " + pred(o[1]) + ", %q2, %q3");
                }
                store64(g, o[0], sum);
            }
            case LOP3 -> {
                boolean toPredicate = !Operand.isZeroIndex(o[1]);
                if (toPredicate && !(Operand.isZeroIndex(o[6]) && Operand.isNegated(o[6]))) {
                    throw unsupported(in, "LOP3 to a predicate ORed with another");
                }
                String d = Operand.isZeroIndex(o[0]) ? s32() : reg(o[0]);
                line(g, "lop3.b32 " + d + ", " + int32(g, o[2]) + ", " + int32(g, o[3]) + ", " + int32(g, o[4]) + ", "
                        + String.format(Locale.ROOT, "0x%02x", (int) p.constant(Operand.index(o[5]))));
                if (toPredicate) { // LOP3.LUT p, ...: p = (the result != 0)
                    line(g, "setp.ne.u32 " + pred(o[1]) + ", " + d + ", 0");
                }
            }
            case PLOP3 -> {
                // bit (4a + 2b + c) of the LUT
                int lut = (int) p.constant(Operand.index(o[5]));
                String idx = s32();
                String t = s32();
                line(g, "mov.b32 " + idx + ", 0");
                for (int k = 0; k < 3; k++) {
                    String pk = pred(o[2 + k]);
                    if (pk.equals("1") || pk.equals("0")) {
                        if (pk.equals("1")) {
                            line(g, "add.s32 " + idx + ", " + idx + ", " + (4 >> k));
                        }
                        continue;
                    }
                    line(g, "selp.b32 " + t + ", " + (4 >> k) + ", 0, " + pk);
                    line(g, "add.s32 " + idx + ", " + idx + ", " + t);
                }
                line(g, "shr.u32 " + t + ", " + lut + ", " + idx);
                line(g, "and.b32 " + t + ", " + t + ", 1");
                line(g, "setp.ne.u32 " + pred(o[0]) + ", " + t + ", 0");
            }
            case SHF -> {
                IntType t = Mod.itypeOf(mods);
                String v = d64();
                line(g, "mov.b64 " + v + ", {" + asReg(g, int32(g, o[1])) + ", " + asReg(g, int32(g, o[3])) + "}");
                String op = Mod.has(mods, Mod.LEFT) ? "shl.b64 " : t.signed() ? "shr.s64 " : "shr.u64 ";
                line(g, op + v + ", " + v + ", " + int32(g, o[2]));
                String lo = s32();
                String hi = s32();
                line(g, "mov.b64 {" + lo + ", " + hi + "}, " + v);
                line(g, "mov.b32 " + reg(o[0]) + ", " + (Mod.has(mods, Mod.HI) ? hi : lo));
            }
            case LEA -> {
                String t = s32();
                line(g, "shl.b32 " + t + ", " + int32(g, o[1]) + ", " + int32(g, o[3]));
                line(g, "add.s32 " + reg(o[0]) + ", " + t + ", " + int32(g, o[2]));
            }
            case SEL, FSEL -> {
                String a = int32(g, o[1]);
                String b = int32(g, o[2]);
                int q = o[3];
                line(g, "selp.b32 " + reg(o[0]) + ", " + (Operand.isNegated(q) ? b + ", " + a : a + ", " + b) + ", "
                        + pred(Operand.isNegated(q) ? Operand.negate(q) : q));
            }
            case ISETP -> {
                if (Mod.has(mods, Mod.EX)) {
                    isetpEx(g, in, o, mods);
                    return;
                }
                line(g, "setp." + cmp(Mod.cmpOf(mods)) + setpTail(mods, o, 4) + (Mod.has(mods, Mod.U32) ? ".u32 " : ".s32 ")
                        + pred(o[0]) + ", " + int32(g, o[2]) + ", " + int32(g, o[3]) + setpC(mods, o, 4));
            }
            case FSETP -> line(g, "setp." + cmp(Mod.cmpOf(mods)) + setpTail(mods, o, 4)
                    + (Mod.has(mods, Mod.FTZ) ? ".ftz" : "") + ".f32 " + pred(o[0]) + ", " + f32(g, o[2]) + ", "
                    + f32(g, o[3]) + setpC(mods, o, 4));
            case DSETP -> line(g, "setp." + cmp(Mod.cmpOf(mods)) + setpTail(mods, o, 4) + ".f64 " + pred(o[0]) + ", "
                    + f64(g, o[2]) + ", " + f64(g, o[3]) + setpC(mods, o, 4));
            case FFMA, FMUL, FADD -> {
                String rnd = switch (Mod.round(mods)) {
                    case Mod.RZ -> ".rz";
                    case Mod.RM -> ".rm";
                    case Mod.RP -> ".rp";
                    default -> ".rn";
                };
                String ftz = Mod.has(mods, Mod.FTZ) ? ".ftz" : "";
                String name = (in.op() == SassOpcode.FFMA ? "fma" : in.op() == SassOpcode.FMUL ? "mul" : "add") + rnd;
                StringBuilder s = new StringBuilder(name + ftz + ".f32 " + reg(o[0]));
                for (int i = 1; i < o.length; i++) {
                    s.append(", ").append(f32(g, o[i]));
                }
                line(g, s.toString());
            }
            case DFMA, DMUL, DADD -> {
                String name = (in.op() == SassOpcode.DFMA ? "fma" : in.op() == SassOpcode.DMUL ? "mul" : "add")
                        + rounding(mods, "") + ".f64 ";
                StringBuilder s = new StringBuilder();
                for (int i = 1; i < o.length; i++) {
                    s.append(", ").append(f64(g, o[i]));
                }
                String d = d64();
                line(g, name + d + s);
                store64(g, o[0], d);
            }
            case MUFU -> {
                String src = floatBits32(g, o[1]);
                switch (Mod.mufuOf(mods)) {
                    case RCP -> line(g, "rcp.approx.ftz.f32 " + reg(o[0]) + ", " + src);
                    case RSQ -> line(g, "rsqrt.approx.ftz.f32 " + reg(o[0]) + ", " + src);
                    case SQRT -> line(g, "sqrt.approx.ftz.f32 " + reg(o[0]) + ", " + src);
                    case EX2 -> line(g, "ex2.approx.ftz.f32 " + reg(o[0]) + ", " + src);
                    case LG2 -> line(g, "lg2.approx.ftz.f32 " + reg(o[0]) + ", " + src);
                    case TANH -> line(g, "tanh.approx.f32 " + reg(o[0]) + ", " + src);
                    case SIN, COS -> line(g, Mod.mufuOf(mods).name().toLowerCase(Locale.ROOT) + ".approx.ftz.f32 " + reg(o[0])
                            + ", " + revolutionsSource(pc, in));
                    case RCP64H, RSQ64H -> {
                        String v = d64();
                        line(g, "mov.b64 " + v + ", {" + asReg(g, "0") + ", " + asReg(g, src) + "}");
                        line(g, (Mod.mufuOf(mods) == Mod.MufuFn.RCP64H ? "rcp" : "rsqrt") + ".approx.ftz.f64 " + v + ", " + v);
                        String lo = s32();
                        line(g, "mov.b64 {" + lo + ", " + reg(o[0]) + "}, " + v);
                    }
                    default -> throw unsupported(in, "MUFU." + Mod.mufuOf(mods));
                }
            }
            case BRA -> {
                String cond = pred(o[0]);
                String target = "$L_" + p.labelPc(Operand.index(o[1]));
                if (cond.equals("1")) {
                    jump(g, target);
                } else if (g.isEmpty()) {
                    line("@" + cond + " ", "bra " + target);
                } else { // taken when the guard and the condition hold
                    line("", "and.pred %q0, " + pred(in.guard()) + ", " + cond);
                    line("@%q0 ", "bra " + target);
                }
            }
            case CALL -> jump(g, "$L_" + p.labelPc(Operand.index(o[0])));
            case RET -> {
                Section s = p.sectionOf(pc);
                Integer back = returnPc.get(s.start());
                if (back == null) {
                    throw unsupported(in, "RET of a section no CALL enters");
                }
                jump(g, "$L_" + back);
            }
            case EXIT -> jump(g, "$L_exit");
            case FCHK -> fchk(g, o);
            case I2F -> {
                IntType t = Mod.itypeOf(mods);
                String src = t.is64() ? pair(g, o[1]) : int32(g, o[1]);
                String type = t.name().toLowerCase(Locale.ROOT);
                if (Mod.has(mods, Mod.F64)) {
                    String d = d64();
                    line(g, "cvt" + rounding(mods, "") + ".f64." + type + " " + d + ", " + src);
                    store64(g, o[0], d);
                } else {
                    line(g, "cvt" + rounding(mods, "") + ".f32." + type + " " + reg(o[0]) + ", " + src);
                }
            }
            case F2I -> {
                IntType t = Mod.itypeOf(mods);
                String type = t.name().toLowerCase(Locale.ROOT);
                String from = Mod.has(mods, Mod.F64) ? ".f64 " : ".f32 ";
                String src = Mod.has(mods, Mod.F64) ? f64(g, o[1]) : f32(g, o[1]);
                String cvt = "cvt" + rounding(mods, "i") + (Mod.has(mods, Mod.FTZ) ? ".ftz." : ".") + type + from;
                if (t.is64()) {
                    String d = d64();
                    line(g, cvt + d + ", " + src);
                    store64(g, o[0], d);
                } else {
                    line(g, cvt + reg(o[0]) + ", " + src);
                }
            }
            case IABS -> line(g, "abs.s32 " + reg(o[0]) + ", " + int32(g, o[1]));
            case BSSY, BSYNC, NOP -> { }
            default -> throw unsupported(in, in.op().name());
        }
    }

    /**
     * sum += a source of an adder as the emulator (and SASS) adds it: zero-extended, and a negated
     * -x as ~x + 1 in 33 bits, so that -0 carries (2^32), as a subtraction's no-borrow does.
     */
    private void addOperand(String g, String sum, int o) {
        String v = int32(g, o);
        String w = d64();
        line(g, "cvt.u64.u32 " + w + ", " + v);
        line(g, "add.u64 " + sum + ", " + sum + ", " + w);
        if (Operand.isNegated(o)) {
            line(g, "setp.eq.u32 %q2, " + v + ", 0");
            line(g, "selp.u64 " + w + ", 0x100000000, 0, %q2");
            line(g, "add.u64 " + sum + ", " + sum + ", " + w);
        }
    }

    /** sum += 1 when the carry-in predicate holds (PT: always, !PT: never). */
    private void addCarry(String g, String sum, int carry) {
        String c = pred(carry);
        if (c.equals("0")) {
            return;
        }
        if (c.equals("1")) {
            line(g, "add.u64 " + sum + ", " + sum + ", 1");
            return;
        }
        String w = d64();
        line(g, "selp.u64 " + w + ", 1, 0, " + c);
        line(g, "add.u64 " + sum + ", " + sum + ", " + w);
    }

    /** d = the sum's low word; carry-out predicates: high word >= 1 and >= 2 (PT: not written). */
    private void carriesOut(String g, String sum, int d, int carry1, int carry2) {
        String lo = s32();
        String hi = s32();
        line(g, "mov.b64 {" + lo + ", " + hi + "}, " + sum);
        if (!Operand.isZeroIndex(carry1)) {
            line(g, "setp.ge.u32 " + pred(carry1) + ", " + hi + ", 1");
        }
        if (!Operand.isZeroIndex(carry2)) {
            line(g, "setp.ge.u32 " + pred(carry2) + ", " + hi + ", 2");
        }
        line(g, "mov.b32 " + reg(d) + ", " + lo);
    }

    /**
     * ISETP.cmp.EX p, PT, aHi, bHi, PT, low: the high half of a 64-bit compare, the emulator's
     * rule: the strict order of the high words decides, equal high words defer to {@code low}.
     */
    private void isetpEx(String g, SassInstruction in, int[] o, int mods) {
        if (!Operand.isZeroIndex(o[4]) || Operand.isNegated(o[4]) || Mod.boolOf(mods) != Mod.BoolOp.AND) {
            throw unsupported(in, "ISETP.EX combined with a predicate");
        }
        String type = Mod.has(mods, Mod.U32) ? ".u32 " : ".s32 ";
        String a = int32(g, o[2]);
        String b = int32(g, o[3]);
        String low = pred(o[5]);
        if (low.equals("0") || low.equals("1") && Mod.cmpOf(mods) == Cmp.NE) {
            throw unsupported(in, "ISETP.EX with a constant low half");
        }
        String strict = switch (Mod.cmpOf(mods)) {
            case LT, LE -> "lt";
            case GT, GE -> "gt";
            case NE -> "ne";
            case EQ -> null;
            default -> throw unsupported(in, "ISETP.EX." + Mod.cmpOf(mods));
        };
        line(g, "setp.eq" + type + "%q2, " + a + ", " + b);
        if (!low.equals("1")) {
            line(g, "and.pred %q2, %q2, " + low);
        }
        if (strict == null) {
            line(g, "mov.pred " + pred(o[0]) + ", %q2");
        } else if (strict.equals("ne")) { // high words differ, or the low half says so
            line(g, "setp.ne" + type + "%q3, " + a + ", " + b);
            line(g, "or.pred " + pred(o[0]) + ", %q3, " + low);
        } else {
            line(g, "setp." + strict + type + "%q3, " + a + ", " + b);
            line(g, "or.pred " + pred(o[0]) + ", %q3, %q2");
        }
    }

    /** .rn .rz .rm .rp (with {@code suffix} "i": the integer-rounding forms .rni ... of cvt to an integer). */
    private static String rounding(int mods, String suffix) {
        return switch (Mod.round(mods)) {
            case Mod.RZ -> ".rz";
            case Mod.RM -> ".rm";
            case Mod.RP -> ".rp";
            default -> ".rn";
        } + suffix;
    }

    /** A register pair (or a 64-bit immediate) as a .b64 value. */
    private String pair(String g, int o) {
        if (Operand.kind(o) == Operand.IMM) {
            return String.format(Locale.ROOT, "0x%016x", p.constant(Operand.index(o)));
        }
        String v = d64();
        int r = Operand.index(o);
        line(g, "mov.b64 " + v + ", {%r" + r + ", %r" + (r + 1) + "}");
        return v;
    }

    /**
     * FCHK p, a, b as {@link org.nvlower.sass.Fchk} defines it, on the biased exponents: e_a or
     * e_b 0 or 255, e_b >= 253, e_a <= 24, e_a - e_b >= 127 or <= -126.
     */
    /**
     * FCHK (nvlower's definition, {@code Fchk.mayBeWrong}) on the exponent fields in place (f = x &
     * 0x7f800000 = e 2^23), each condition one unsigned compare of a shifted range: e_a <= 24 or
     * e_a = 255 is e_a - 25 >u 229; e_b = 0 or >= 253 is e_b - 1 >u 251; e_a - e_b >= 127 or <= -126
     * is e_a - e_b + 125 >u 251 (its range -130..380 times 2^23 wraps to no value in 0..251 2^23).
     * Nine PTX instructions, eight SASS ones, where the exponents extracted took twelve.
     */
    private void fchk(String g, int[] o) {
        String fa = s32();
        String fb = s32();
        String x = s32();
        line(g, "and.b32 " + fa + ", " + int32(g, o[1]) + ", 0x7f800000");
        line(g, "and.b32 " + fb + ", " + int32(g, o[2]) + ", 0x7f800000");
        String p = "%q1";
        line(g, "sub.s32 " + x + ", " + fa + ", 0x0c800000");
        line(g, "setp.gt.u32 " + p + ", " + x + ", 0x72800000");
        line(g, "sub.s32 " + x + ", " + fb + ", 0x00800000");
        line(g, "setp.gt.or.u32 " + p + ", " + x + ", 0x7d800000, " + p);
        line(g, "sub.s32 " + x + ", " + fa + ", " + fb);
        line(g, "add.s32 " + x + ", " + x + ", 0x3e800000");
        line(g, "setp.gt.or.u32 " + pred(o[0]) + ", " + x + ", 0x7d800000, " + p);
    }

    /**
     * PTX has no instruction for MUFU.SIN/COS of an argument in revolutions, but sin/cos.approx.f32
     * is exactly FMUL.RZ by 1/(2 pi) (the float 0x3e22f983) and the MUFU (ptxas's listing, .ftz or
     * not): a MUFU.SIN/COS right after that FMUL of its source is written as the PTX instruction of
     * the FMUL's own source (the FMUL, written before it, is then unused).
     */
    private String revolutionsSource(int pc, SassInstruction in) {
        SassInstruction mul = pc > 0 ? p.code().get(pc - 1) : null;
        if (mul == null || mul.op() != SassOpcode.FMUL || mul.isGuarded() || Mod.round(mul.mods()) != Mod.RZ
                || Operand.index(mul.operand(0)) != Operand.index(in.operand(1)) || Operand.kind(mul.operand(2)) != Operand.IMM
                || (int) p.constant(Operand.index(mul.operand(2))) != Float.floatToRawIntBits(Fp32Transcendental.INV_2PI)
                || Operand.tag(in.operand(1)) != Operand.SRC || in.isGuarded()) {
            throw unsupported(in, "MUFU." + Mod.mufuOf(in.mods()) + " not right after FMUL.RZ of its source by 1/(2 pi)");
        }
        return f32("", mul.operand(1));
    }

    private IllegalArgumentException unsupported(SassInstruction in, String what) {
        return new IllegalArgumentException(p.name() + ": no PTX form for " + what + " (" + in.op() + ")");
    }
}
