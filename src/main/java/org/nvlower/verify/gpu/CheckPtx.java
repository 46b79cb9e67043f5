package org.nvlower.verify.gpu;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.nvlower.sass.template.PtxEmitter;

/**
 * The PTX module of an op's GPU check: the template's PTX ({@code nvlower expand OP --emit ptx},
 * its .func and harness kernel) followed by the entries that generate the operands on the GPU and
 * use them. The operand generator is the case space of the CPU harness written in PTX
 * ({@link org.nvlower.verify.sass.CaseSet}: edge, random, exhaustive, binades; constant divisions:
 * {@link org.nvlower.verify.sass.ConstantDivisionCheck}'s dividends): case i of (op, set, seed)
 * is the same on both. The hard set, built by searches the GPU has no business repeating, comes
 * from the host in a buffer (set {@link GpuCases#BUFFER}).
 *
 * <p>Entries (every parameter .u64): {@code nvlower_operands(i, seed, set, tab, tabn, out)} writes
 * case i's operands to out[0..1] (the generator alone, for the PTX interpreter's check);
 * {@code nvlower_check(from, count, seed, set, tab, tabn, out, cap)} runs cases from..from+count-1,
 * counts differences between the template and the native instruction in out[0] (values), out[1]
 * (both NaN, other bits), out[2] (division by zero) and records up to cap of them at out[8 + 5k]:
 * (i, a, b, template's result, native result), their number in out[3], and the cases run in out[4]
 * (each thread adds its iterations, so a launch that skipped cases shows), and in out[5] the cases
 * where the template spliced into the kernel ({@link PtxEmitter#splice}) differs from the template called;
 * {@code nvlower_bench_gen/_template/_inline/_native(from, count, seed, set, tab, tabn, sink, magic)}: the
 * generator alone, with the template called, spliced, or the native instruction, each on {@link #BENCH_REPEATS}
 * operands a, a+1, ... per case; results folded into one word, stored only when it equals magic (so
 * that nothing is dead code).
 */
public final class CheckPtx {

    /** splitmix64's constants as {@code Generators.mix} uses them. */
    private static final long SEED_MUL = 0x9E3779B97F4A7C15L;
    private static final long INDEX_MUL = 0xD1B54A32D192ED03L;
    private static final long WORD_MUL = 0x8CB92BA72F3D8DD7L;
    private static final long MIX1 = 0xBF58476D1CE4E5B9L;
    private static final long MIX2 = 0x94D049BB133111EBL;

    /** The words of a record of the check entry, and where records start. */
    public static final int RECORD_WORDS = 5;
    public static final int RECORDS_AT = 8;
    /** Operations per generated case in the bench entries. */
    public static final int BENCH_REPEATS = 32;
    /** The word of the check entry's counters where the threads add the cases they ran. */
    public static final int EXECUTED_AT = 4;
    /** The word where the check entry counts the cases whose spliced template differs from the called one. */
    public static final int INLINE_DIFFERS_AT = 5;

    private final GpuOp op;
    private final String sm;
    private final StringBuilder b = new StringBuilder();
    private int temp;
    private int label;

    private CheckPtx(GpuOp op, String sm) {
        this.op = op;
        this.sm = sm;
    }

    /** The module for op, for the SM given (sm_80 runs on every later GPU through the driver's JIT). */
    public static String module(GpuOp op, String sm) {
        String template = PtxEmitter.emit(op.template(), sm);
        return template + "\n// nvlower's GPU check of " + op.name() + ": generated operands, the template, the native "
                + op.ptxOp() + "\n" + new CheckPtx(op, sm).entries();
    }

    /**
     * The operand generator's entry alone (nvlower_operands, the same text as in {@link #module}) in
     * a module of its own: what the PTX interpreter runs to prove it equal to the CPU case space.
     */
    public static String operandsModule(GpuOp op, String sm) {
        CheckPtx c = new CheckPtx(op, sm);
        c.operandsEntry();
        return ".version 8.0\n.target " + sm + "\n.address_size 64\n\n" + c.b;
    }

    private String entries() {
        operandsEntry();
        oneEntry();
        for (String mode : new String[] {"check", "bench_gen", "bench_template", "bench_inline", "bench_native"}) {
            loopEntry(mode);
        }
        return b.toString();
    }

    // ------------------------------------------------------------------ entries

    private void head(String name, String... params) {
        temp = 0;
        b.append(".visible .entry nvlower_").append(name).append("(");
        for (int k = 0; k < params.length; k++) {
            b.append(k > 0 ? ", " : "").append(".param .u64 p_").append(params[k]);
        }
        b.append(")\n{\n");
        b.append("    .reg .b64 %g<96>;\n    .reg .b32 %w<16>;\n    .reg .b16 %h<3>;\n    .reg .pred %c<8>;\n");
        b.append("    .reg .b64 %seed, %sc, %i, %j, %set, %tab, %tabn, %opa, %opb, %out, %from, %count, %cap, %stride, %acc, %rt, %ri, %rn;\n");
        for (String p : params) {
            String reg = switch (p) {
                case "magic" -> "%cap";
                case "sink" -> "%out";
                default -> "%" + p;
            };
            ins("ld.param.u64 " + reg + ", [p_" + p + "]");
        }
        ins("cvta.to.global.u64 %tab, %tab");
        ins("cvta.to.global.u64 %out, %out");
        if (List.of(params).contains("seed")) {
            ins("mul.lo.u64 %sc, %seed, " + hex(SEED_MUL));
        }
    }

    private void operandsEntry() {
        head("operands", "i", "seed", "set", "tab", "tabn", "out");
        ins("mov.u64 %j, 0");
        generator();
        ins("st.global.u64 [%out], %opa");
        ins("st.global.u64 [%out+8], %opb");
        b.append("    ret;\n}\n\n");
    }

    /**
     * nvlower_one(tab, out): operands tab[0..1]; out[0] = the template's result, out[1] = the native
     * one's, out[2] = the spliced template's.
     */
    private void oneEntry() {
        head("one", "tab", "out");
        ins("ld.global.u64 %opa, [%tab]");
        ins("ld.global.u64 %opb, [%tab+8]");
        template();
        nativeOp();
        inlineTemplate("%ri");
        ins("st.global.u64 [%out], %rt");
        ins("st.global.u64 [%out+8], %rn");
        ins("st.global.u64 [%out+16], %ri");
        b.append("    ret;\n}\n\n");
    }

    private void loopEntry(String mode) {
        boolean check = mode.equals("check");
        head(mode, "from", "count", "seed", "set", "tab", "tabn", check ? "out" : "sink", check ? "cap" : "magic");
        ins("mov.u32 %w0, %ctaid.x");
        ins("mov.u32 %w1, %ntid.x");
        ins("mov.u32 %w2, %tid.x");
        ins("mul.wide.u32 %j, %w0, %w1");
        ins("cvt.u64.u32 %g0, %w2");
        ins("add.u64 %j, %j, %g0");
        ins("mov.u32 %w3, %nctaid.x");
        ins("mul.wide.u32 %stride, %w3, %w1");
        ins("mov.u64 %acc, 0");
        b.append("$LOOP:\n");
        ins("setp.ge.u64 %c0, %j, %count");
        ins("@%c0 bra $END");
        ins("add.u64 %i, %from, %j");
        generator();
        switch (mode) {
            case "check" -> {
                template();
                nativeOp();
                compare();
                ins("add.u64 %acc, %acc, 1");
                inlineTemplate("%ri");
                ins("setp.ne.u64 %c7, %ri, %rt");
                ins("@%c7 atom.global.add.u64 " + g() + ", [%out+" + 8 * INLINE_DIFFERS_AT + "], 1");
            }
            default -> benchRepeats(mode);
        }
        ins("add.u64 %j, %j, %stride");
        ins("bra $LOOP");
        b.append("$END:\n");
        if (check) {
            ins("atom.global.add.u64 %g0, [%out+" + 8 * EXECUTED_AT + "], %acc");
        } else {
            ins("setp.ne.u64 %c0, %acc, %cap");
            ins("@%c0 bra $DONE");
            ins("st.global.u64 [%out], %acc");
            b.append("$DONE:\n");
        }
        b.append("    ret;\n}\n\n");
    }

    /**
     * The bench entries' work per generated case: {@link #BENCH_REPEATS} operations on a, a+1, ...
     * (with b), so that the operation, not the operand generator, dominates each kernel's time; the
     * generator's entry does the same steps without the operation.
     */
    private void benchRepeats(String mode) {
        String again = newLabel();
        ins("mov.u32 %w15, " + BENCH_REPEATS);
        b.append(again).append(":\n");
        ins("add.u64 %opa, %opa, 1");
        switch (mode) {
            case "bench_gen" -> ins("xor.b64 %acc, %acc, %opa");
            case "bench_template" -> {
                template();
                ins("xor.b64 %acc, %acc, %rt");
            }
            case "bench_inline" -> {
                inlineTemplate("%ri");
                ins("xor.b64 %acc, %acc, %ri");
            }
            default -> {
                nativeOp();
                ins("xor.b64 %acc, %acc, %rn");
            }
        }
        ins("sub.u32 %w15, %w15, 1");
        ins("setp.ne.u32 %c7, %w15, 0");
        ins("@%c7 bra.uni " + again);
        ins("xor.b64 %acc, %acc, %opb");
    }

    /**
     * into = the template's result (zero-extended when 32-bit), the .func's body spliced here
     * ({@link PtxEmitter#splice}), as ptxas places its own expansion where the instruction is
     * (ptxas does not inline a .func); at most one splice per entry (its labels are the .func's).
     */
    private void inlineTemplate(String into) {
        boolean wide = op.bits() == 64;
        List<String> in = new ArrayList<>();
        for (int k = 0; k < op.inputs(); k++) {
            String word = k == 0 ? "%opa" : "%opb";
            if (wide) {
                in.add(word);
            } else {
                ins("cvt.u32.u64 %w" + (4 + k) + ", " + word);
                in.add("%w" + (4 + k));
            }
        }
        b.append(PtxEmitter.splice(op.template(), sm, in, wide ? into : "%w6"));
        if (!wide) {
            ins("cvt.u64.u32 " + into + ", %w6");
            lowHalf(into);
        }
    }

    /** %rt = the template's result (zero-extended when 32-bit). */
    private void template() {
        boolean wide = op.bits() == 64;
        String t = wide ? "b64" : "b32";
        b.append("    {\n    .param .").append(t).append(" r;\n");
        String[] in = {"%opa", "%opb"};
        for (int k = 0; k < op.inputs(); k++) {
            b.append("    .param .").append(t).append(" i").append(k).append(";\n");
            if (wide) {
                ins("st.param.b64 [i" + k + "], " + in[k]);
            } else {
                ins("cvt.u32.u64 %w" + (4 + k) + ", " + in[k]);
                ins("st.param.b32 [i" + k + "], %w" + (4 + k));
            }
        }
        ins("call (r), " + op.function() + ", (" + (op.inputs() == 1 ? "i0" : "i0, i1") + ")");
        if (wide) {
            ins("ld.param.b64 %rt, [r]");
        } else {
            ins("ld.param.b32 %w6, [r]");
            ins("cvt.u64.u32 %rt, %w6");
            lowHalf("%rt");
        }
        b.append("    }\n");
    }

    /** %rn = the native instruction's result. */
    /** r &= 0xFFFF for the 16-bit ops, whose templates leave the high half of the result's register undefined. */
    private void lowHalf(String r) {
        if (op.bits() == 16) {
            ins("and.b64 " + r + ", " + r + ", 0xFFFF");
        }
    }

    private void nativeOp() {
        if (op.bits() == 64) {
            ins(op.nativeInstruction("%rn", "%opa", "%opb").replace(";", ""));
        } else if (op.bits() == 16) {
            ins("cvt.u16.u64 %h0, %opa");
            ins("cvt.u16.u64 %h1, %opb");
            ins(op.nativeInstruction("%h2", "%h0", "%h1").replace(";", ""));
            ins("cvt.u64.u16 %rn, %h2");
        } else {
            ins("cvt.u32.u64 %w4, %opa");
            ins("cvt.u32.u64 %w5, %opb");
            ins(op.nativeInstruction("%w7", "%w4", "%w5").replace(";", ""));
            ins("cvt.u64.u32 %rn, %w7");
        }
    }

    private void compare() {
        String next = newLabel();
        ins("setp.eq.u64 %c1, %rt, %rn");
        ins("@%c1 bra " + next);
        String kind = g();
        ins("mov.u64 " + kind + ", 0");
        if (op.isFloat()) {
            long mask = op.bits() == 64 ? Long.MAX_VALUE : 0x7FFFFFFFL;
            long inf = op.bits() == 64 ? 0x7FF0000000000000L : 0x7F800000L;
            String x = g();
            ins("and.b64 " + x + ", %rt, " + hex(mask));
            ins("setp.gt.u64 %c2, " + x + ", " + hex(inf));
            ins("and.b64 " + x + ", %rn, " + hex(mask));
            ins("setp.gt.and.u64 %c2, " + x + ", " + hex(inf) + ", %c2");
            ins("@%c2 mov.u64 " + kind + ", 8");
        } else if (op.dividesByOperand()) {
            String y = g();
            ins("and.b64 " + y + ", %opb, " + hex(op.mask()));
            ins("setp.eq.u64 %c2, " + y + ", 0");
            ins("@%c2 mov.u64 " + kind + ", 16");
        }
        String at = g();
        ins("add.u64 " + at + ", %out, " + kind);
        ins("atom.global.add.u64 " + g() + ", [" + at + "], 1");
        String slot = g();
        ins("atom.global.add.u64 " + slot + ", [%out+24], 1");
        ins("setp.ge.u64 %c3, " + slot + ", %cap");
        ins("@%c3 bra " + next);
        String rec = g();
        ins("mad.lo.u64 " + rec + ", " + slot + ", " + (8 * RECORD_WORDS) + ", %out");
        ins("st.global.u64 [" + rec + "+" + (8 * RECORDS_AT) + "], %i");
        ins("st.global.u64 [" + rec + "+" + (8 * RECORDS_AT + 8) + "], %opa");
        ins("st.global.u64 [" + rec + "+" + (8 * RECORDS_AT + 16) + "], %opb");
        ins("st.global.u64 [" + rec + "+" + (8 * RECORDS_AT + 24) + "], %rt");
        ins("st.global.u64 [" + rec + "+" + (8 * RECORDS_AT + 32) + "], %rn");
        b.append(next).append(":\n");
    }

    // ------------------------------------------------------------------ the case space

    /** %opa, %opb = case (%set, %seed, %i) of op; %j: the index within the host buffer (set BUFFER). */
    private void generator() {
        String done = newLabel();
        ins("mov.u64 %opa, 0");
        ins("mov.u64 %opb, 0");
        String[] sets = {"EDGE", "RANDOM", "BUFFER", "EXHAUSTIVE", "BINADES"};
        String[] labels = new String[sets.length];
        for (int k = 0; k < sets.length; k++) {
            labels[k] = newLabel();
            ins("setp.eq.u64 %c0, %set, " + k);
            ins("@%c0 bra " + labels[k]);
        }
        ins("bra " + done);
        for (int k = 0; k < sets.length; k++) {
            b.append(labels[k]).append(":\n");
            switch (k) {
                case GpuCases.EDGE -> edge();
                case GpuCases.RANDOM -> random();
                case GpuCases.BUFFER -> {
                    String at = g();
                    ins("shl.b64 " + at + ", %j, 4");
                    ins("add.u64 " + at + ", " + at + ", %tab");
                    ins("ld.global.u64 %opa, [" + at + "]");
                    ins("ld.global.u64 %opb, [" + at + "+8]");
                }
                case GpuCases.EXHAUSTIVE -> exhaustive();
                default -> binades();
            }
            ins("bra " + done);
        }
        b.append(done).append(":\n");
    }

    private void edge() {
        if (op.inputs() == 1) {
            load("%opa", "%i");
        } else {
            String x = g();
            String y = g();
            ins("div.u64 " + x + ", %i, %tabn");
            ins("rem.u64 " + y + ", %i, %tabn");
            load("%opa", x);
            load("%opb", y);
        }
    }

    private void load(String dst, String index) {
        String at = g();
        ins("shl.b64 " + at + ", " + index + ", 3");
        ins("add.u64 " + at + ", " + at + ", %tab");
        ins("ld.global.u64 " + dst + ", [" + at + "]");
    }

    private void exhaustive() {
        if (op.isFloat() && op.bits() == 64) { // rcp/rsqrt.approx.ftz.f64: high word i, the seeded low word of CaseSet
            String lo = g();
            mix(lo, 0);
            ins("and.b64 " + lo + ", " + lo + ", 0xFFFFFFFF");
            ins("shl.b64 %opa, %i, 32");
            ins("or.b64 %opa, %opa, " + lo);
        } else if (op.isFloat()) {
            ins("and.b64 %opa, %i, 0xFFFFFFFF");
        } else if (op.divisor() != null) { // every 16-bit dividend
            if (op.signed()) {
                ins("shl.b64 %opa, %i, 48");
                ins("shr.s64 %opa, %opa, 48");
            } else {
                ins("mov.u64 %opa, %i");
            }
        } else if (op.signed()) {
            ins("shr.u64 %opa, %i, 16");
            ins("shl.b64 %opa, %opa, 48");
            ins("shr.s64 %opa, %opa, 48");
            ins("shl.b64 %opb, %i, 48");
            ins("shr.s64 %opb, %opb, 48");
        } else {
            ins("shr.u64 %opa, %i, 16");
            ins("and.b64 %opa, %opa, 0xFFFF");
            ins("and.b64 %opb, %i, 0xFFFF");
        }
    }

    private void binades() {
        if (op.ptxOp().startsWith("rcp")) {
            String x = g();
            ins("and.b64 %opa, %i, 0x7FFFFF");
            ins("shr.u64 " + x + ", %i, 23");
            ins("shl.b64 " + x + ", " + x + ", 31");
            ins("or.b64 %opa, %opa, " + x);
            ins("or.b64 %opa, %opa, 0x3F800000");
        } else {
            ins("add.u64 %opa, %i, 0x3F800000");
        }
    }

    private void random() {
        if (op.divisor() != null) {
            mix("%opa", (int) (long) op.divisor());
        } else if (!op.isFloat()) {
            integer("%opa", 1);
            integer("%opb", 2);
        } else if (op.bits() == 32) {
            random32();
        } else {
            random64();
        }
    }

    /** d = Generators.mix(seed, i, k). */
    private void mix(String d, int k) {
        String u = g();
        ins("mad.lo.u64 " + d + ", %i, " + hex(INDEX_MUL) + ", %sc");
        ins("add.u64 " + d + ", " + d + ", " + hex(k * WORD_MUL));
        ins("shr.u64 " + u + ", " + d + ", 30");
        ins("xor.b64 " + d + ", " + d + ", " + u);
        ins("mul.lo.u64 " + d + ", " + d + ", " + hex(MIX1));
        ins("shr.u64 " + u + ", " + d + ", 27");
        ins("xor.b64 " + d + ", " + d + ", " + u);
        ins("mul.lo.u64 " + d + ", " + d + ", " + hex(MIX2));
        ins("shr.u64 " + u + ", " + d + ", 31");
        ins("xor.b64 " + d + ", " + d + ", " + u);
    }

    /** Generators.integer: a random integer of a uniformly random bit length, negated half of the time when signed. */
    private void integer(String d, int k) {
        String h = g();
        String len = g();
        mix(h, k);
        ins("shr.u64 " + len + ", " + h + ", 57");
        ins("rem.u64 " + len + ", " + len + ", " + op.bits());
        String n = g();
        ins("mov.u64 " + n + ", 63");
        ins("sub.u64 " + len + ", " + n + ", " + len); // 64 - (1 + len)
        ins("cvt.u32.u64 %w8, " + len);
        mix(d, k + 8);
        ins("shr.u64 " + d + ", " + d + ", %w8");
        if (op.signed()) {
            String x = g();
            ifBit(x, h, 1, true, "neg.s64 " + d + ", " + d);
        }
        if (op.bits() == 32) {
            ins("and.b64 " + d + ", " + d + ", 0xFFFFFFFF");
        }
    }

    /** x = h & bit, then the instruction predicated on x being nonzero ({@code set}) or zero. */
    private void ifBit(String x, String h, int bit, boolean set, String instruction) {
        ins("and.b64 " + x + ", " + h + ", " + bit);
        ins("setp." + (set ? "ne" : "eq") + ".u64 %c4, " + x + ", 0");
        ins("@%c4 " + instruction);
    }

    /** Generators.random for binary32 ops. */
    private void random32() {
        String h = g();
        String near = newLabel();
        String end = newLabel();
        mix(h, 0);
        String x = g();
        ifBit(x, h, 1, true, "bra " + near);
        ins("shr.u64 %opa, " + h + ", 32");
        if (op.inputs() == 2) {
            String m = g();
            mix(m, 1);
            ins("and.b64 " + m + ", " + m + ", 1");
            ins("and.b64 %opb, " + h + ", 0xFFFFFFFE");
            ins("or.b64 %opb, %opb, " + m);
        }
        ins("bra " + end);
        b.append(near).append(":\n");
        String ea = g();
        mix(ea, 2);
        ins("shr.u64 " + ea + ", " + ea + ", 56");
        ins("rem.u64 " + ea + ", " + ea + ", 254");
        ins("add.u64 " + ea + ", " + ea + ", 1");
        floatBits(32, "%opa", 4, ea);
        if (op.inputs() == 2) {
            String eb = g();
            mix(eb, 3);
            ins("shr.u64 " + eb + ", " + eb + ", 57");
            ins("rem.u64 " + eb + ", " + eb + ", 81");
            ins("add.s64 " + eb + ", " + eb + ", " + ea);
            ins("sub.s64 " + eb + ", " + eb + ", 40");
            clamp(eb, 254);
            floatBits(32, "%opb", 5, eb);
        } else {
            ifBit(x, h, 2, false, "and.b64 %opa, %opa, 0x7FFFFFFF");
        }
        b.append(end).append(":\n");
    }

    /** Fp64Cases.random. */
    private void random64() {
        String h = g();
        String near = newLabel();
        String end = newLabel();
        mix(h, 0);
        String x = g();
        ifBit(x, h, 1, true, "bra " + near);
        mix("%opa", 1);
        if (op.inputs() == 2) {
            mix("%opb", 2);
        }
        ins("bra " + end);
        b.append(near).append(":\n");
        String ea = g();
        mix(ea, 3);
        ins("rem.u64 " + ea + ", " + ea + ", 2046");
        ins("add.u64 " + ea + ", " + ea + ", 1");
        floatBits(64, "%opa", 5, ea);
        if (op.inputs() == 2) {
            String eb = g();
            mix(eb, 4);
            ins("rem.u64 " + eb + ", " + eb + ", 121");
            ins("add.s64 " + eb + ", " + eb + ", " + ea);
            ins("sub.s64 " + eb + ", " + eb + ", 60");
            clamp(eb, 2046);
            floatBits(64, "%opb", 6, eb);
        } else {
            ifBit(x, h, 2, false, "and.b64 %opa, %opa, " + hex(Long.MAX_VALUE));
        }
        b.append(end).append(":\n");
    }

    /** v = max(1, min(top, v)), signed. */
    private void clamp(String v, int top) {
        ins("setp.gt.s64 %c5, " + v + ", " + top);
        ins("selp.b64 " + v + ", " + top + ", " + v + ", %c5");
        ins("setp.lt.s64 %c5, " + v + ", 1");
        ins("selp.b64 " + v + ", 1, " + v + ", %c5");
    }

    /**
     * Generators.floatBits / Fp64Cases.bits of h = mix(k) with biased exponent e: a random sign and
     * a significand all-ones but one bit, one bit, or random.
     */
    private void floatBits(int width, String d, int k, String e) {
        boolean wide = width == 64;
        int fracBits = wide ? 52 : 23;
        long frac = (1L << fracBits) - 1;
        String h = g();
        String sel = g();
        String q = g();
        String bit = g();
        String f = g();
        String s = g();
        mix(h, k);
        ins("shr.u64 " + sel + ", " + h + ", " + (wide ? 62 : 60));
        if (!wide) {
            ins("and.b64 " + sel + ", " + sel + ", 3");
        }
        ins("shr.u64 " + q + ", " + h + ", 40");
        ins("rem.u64 " + q + ", " + q + ", " + fracBits);
        ins("cvt.u32.u64 %w9, " + q);
        ins("mov.u64 " + bit + ", 1");
        ins("shl.b64 " + bit + ", " + bit + ", %w9");
        ins("and.b64 " + f + ", " + h + ", " + hex(frac));
        ins("setp.eq.u64 %c6, " + sel + ", 0");
        ins("@%c6 xor.b64 " + f + ", " + bit + ", " + hex(frac));
        ins("setp.eq.u64 %c6, " + sel + ", 1");
        ins("@%c6 mov.u64 " + f + ", " + bit);
        ins("shr.u64 " + s + ", " + h + ", " + (wide ? 61 : 59));
        ins("and.b64 " + s + ", " + s + ", 1");
        ins("shl.b64 " + s + ", " + s + ", " + (width - 1));
        ins("shl.b64 " + d + ", " + e + ", " + fracBits);
        ins("or.b64 " + d + ", " + d + ", " + s);
        ins("or.b64 " + d + ", " + d + ", " + f);
    }

    // ------------------------------------------------------------------ text

    private String g() {
        if (temp >= 95) {
            throw new IllegalStateException("the check kernel ran out of temporaries");
        }
        return "%g" + (++temp);
    }

    private String newLabel() {
        return "$G_" + (label++);
    }

    private void ins(String text) {
        b.append("    ").append(text).append(";\n");
    }

    private static String hex(long v) {
        return String.format(Locale.ROOT, "0x%016X", v);
    }
}
