package org.nvlower.sass;

import static org.nvlower.sass.Emulator.*;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URI;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;

import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

import org.nvlower.softfloat.Env;

/**
 * The {@link Emulator}'s compiled path: a program's flat records (the interpreter's own, operands
 * already resolved to slots) written out as Java source specialised for that program, compiled
 * with the JDK's compiler (javax.tools) and loaded as a hidden class of this package. Registers and
 * predicates become locals (loaded from the emulator's arrays on entry, stored back on every
 * exit, so a run leaves the arrays as the interpreter would), constants and RZ literals, basic
 * blocks the cases of a {@code switch} in a loop that falls through from block to block, and every
 * instruction a call of the same static method the interpreter's switch uses (or the same
 * one-line integer expression), which the JIT inlines. Barriers and the call stack stay in the
 * emulator's arrays; the run returns {@link #OK} or a fault code from which the emulator throws the
 * interpreter's exception.
 *
 * <p>Compilation is done once per program (cached while the program is reachable), in the
 * background: the emulator interprets until the class is ready. Without a system Java compiler
 * (a JRE), or with {@code -Dnvlower.emulator.compile=false}, programs are always interpreted.
 */
final class ProgramCompiler {

    /** A program compiled: runs it once on the emulator's arrays. */
    interface Compiled {
        int run(int[] r, int[] p, int[] barriers, int[] stack, Env env, MufuModel mufu);
    }

    static final int OK = -1;
    static final int F_CALL_OVERFLOW = 1, F_RET_EMPTY = 2, F_BSYNC = 3, F_EXIT_IN_CALL = 4, F_PAST_END = 5;

    /**
     * Generated methods longer than this many bytecode bytes are not compiled by HotSpot (its
     * HugeMethodLimit, 8000): such a program would run slower compiled than interpreted.
     */
    private static final int HUGE_METHOD = 8000;

    static final boolean ENABLED = !"false".equals(System.getProperty("nvlower.emulator.compile"));

    private static final Map<Program, CompletableFuture<Compiled>> CACHE = new WeakHashMap<>();
    private static int serial;

    private ProgramCompiler() {}

    /**
     * The compiled form of the program whose records are {@code code}, started in the background
     * on first request; completes with null when it cannot be had (no compiler, a method too long).
     */
    static CompletableFuture<Compiled> request(Program program, int[] code, int[] regs, int constBase, int predSlots) {
        synchronized (CACHE) {
            CompletableFuture<Compiled> f = CACHE.get(program);
            if (f == null) {
                String source = source(program, code, regs, constBase, predSlots, "P" + (serial++));
                f = CompletableFuture.supplyAsync(() -> compile(source), r -> {
                    Thread t = new Thread(r, "nvlower-emulator-compiler");
                    t.setDaemon(true);
                    t.start();
                });
                CACHE.put(program, f);
            }
            return f;
        }
    }

    /** The compiled form now (compiling in this thread if needed), or null when it cannot be had. */
    static Compiled now(Program program, int[] code, int[] regs, int constBase, int predSlots) {
        return request(program, code, regs, constBase, predSlots).join();
    }

    // ------------------------------------------------------------------ source

    /** Java source of a class {@code name} implementing {@link Compiled} for these records. */
    static String source(Program program, int[] c, int[] regs, int constBase, int predSlots, String name) {
        int n = c.length / S;
        BitSet written = new BitSet();
        BitSet read = new BitSet();
        BitSet predWritten = new BitSet();
        BitSet predRead = new BitSet();
        BitSet leaders = new BitSet();
        leaders.set(0);
        for (int pc = 0; pc < n; pc++) {
            usage(c, pc * S, written, read, predWritten, predRead);
            int o = pc * S;
            switch (c[o + KIND]) {
                case K_BRA, K_JMP -> leaders.set(c[o + AUX + 2]);
                case K_CALL -> {
                    leaders.set(c[o + AUX + 2]);
                    leaders.set(pc + 1);
                }
                default -> { }
            }
        }
        Gen g = new Gen(c, regs, constBase, written, predWritten);
        StringBuilder sb = new StringBuilder();
        sb.append("package org.nvlower.sass;\n\n");
        sb.append("// ").append(program.name().replaceAll("[^A-Za-z0-9_.]", "_")).append('\n');
        sb.append("final class ").append(name).append(" implements ProgramCompiler.Compiled {\n");
        sb.append("  public int run(int[] r, int[] p, int[] bar, int[] stack, org.nvlower.softfloat.Env env, MufuModel mufu) {\n");
        // locals: every register slot read or written that is not a never-written constant (or RZ)
        BitSet locals = new BitSet();
        locals.or(written);
        for (int s = read.nextSetBit(0); s >= 0; s = read.nextSetBit(s + 1)) {
            if (s < constBase) {
                locals.set(s);
            }
        }
        for (int s = locals.nextSetBit(0); s >= 0; s = locals.nextSetBit(s + 1)) {
            sb.append("    int r").append(s).append(" = r[").append(s).append("];\n");
        }
        BitSet predLocals = new BitSet();
        predLocals.or(predRead);
        predLocals.clear(0); // PT reads as the literal 1 unless something writes slot 0 (nothing does)
        predLocals.or(predWritten);
        for (int s = predLocals.nextSetBit(0); s >= 0; s = predLocals.nextSetBit(s + 1)) {
            sb.append("    int p").append(s).append(" = p[").append(s).append("];\n");
        }
        sb.append("    int pc = 0;\n    int sp = 0;\n    int result;\n");
        sb.append("    run: while (true) {\n      switch (pc) {\n");
        for (int pc = 0; pc < n; pc++) {
            if (leaders.get(pc)) {
                sb.append("      case ").append(pc).append(":\n");
            }
            g.instruction(sb, pc);
        }
        if (leaders.get(n)) {
            sb.append("      case ").append(n).append(":\n");
        }
        sb.append("      default:\n");
        sb.append("      }\n");
        sb.append("      result = (").append(F_PAST_END).append(" << 24) | pc;\n      break run;\n");
        sb.append("    }\n");
        for (int s = written.nextSetBit(0); s >= 0; s = written.nextSetBit(s + 1)) {
            sb.append("    r[").append(s).append("] = r").append(s).append(";\n");
        }
        for (int s = predWritten.nextSetBit(0); s >= 0; s = predWritten.nextSetBit(s + 1)) {
            sb.append("    p[").append(s).append("] = p").append(s).append(";\n");
        }
        sb.append("    return result;\n  }\n}\n");
        return sb.toString();
    }

    /** Which register and predicate slots one record reads and writes. */
    private static void usage(int[] c, int o, BitSet w, BitSet rd, BitSet pw, BitSet pr) {
        int kind = c[o + KIND];
        int dst = c[o + DST];
        pr.set(c[o + GUARD]);
        switch (kind) {
            case K_NOP, K_JMP, K_CALL, K_RET, K_BSSY, K_BSYNC, K_EXIT -> { }
            case K_BRA -> pr.set(c[o + AUX]);
            case K_FFMA_RN_PLAIN, K_FFMA_RN, K_FFMA_RN_FTZ, K_FFMA, K_IADD3, K_IMAD, K_IMAD_HI, K_LOP3, K_SHF,
                    K_LEA, K_PRMT -> {
                rd.set(c[o + A]);
                rd.set(c[o + B]);
                rd.set(c[o + C]);
                w.set(dst);
            }
            case K_FMUL_RN_FTZ_PLAIN, K_FMUL_RN, K_FMUL_RN_FTZ, K_FMUL, K_FADD_RN, K_FADD_RN_FTZ, K_FADD, K_FSEL,
                    K_SEL, K_IADD, K_SHR -> {
                rd.set(c[o + A]);
                rd.set(c[o + B]);
                w.set(dst);
            }
            case K_FSETP, K_ISETP, K_FCHK -> {
                rd.set(c[o + A]);
                rd.set(c[o + B]);
            }
            case K_MUFU, K_MOV, K_IABS, K_POPC, K_FLO, K_MOV_LO -> {
                rd.set(c[o + A]);
                w.set(dst);
            }
            case K_MOV_HI -> {
                rd.set(c[o + A] + 1);
                w.set(dst);
            }
            case K_IMAD_WIDE -> {
                rd.set(c[o + A]);
                rd.set(c[o + B]);
                rd.set(c[o + C]);
                rd.set(c[o + C] + 1);
                w.set(dst);
                w.set(dst + 1);
            }
            case K_I2F, K_F2I -> {
                rd.set(c[o + A]);
                rd.set(c[o + A] + 1);
                w.set(dst);
                w.set(dst + 1);
            }
            case K_DFMA_RN, K_DFMA, K_DMUL_RN, K_DMUL, K_DADD_RN, K_DADD, K_DSETP -> {
                for (int i = 0; i < 3; i++) {
                    rd.set(c[o + A + i]);
                    rd.set(c[o + A + i] + 1);
                }
                if (kind != K_DSETP) {
                    w.set(dst);
                    w.set(dst + 1);
                }
            }
            case K_PLOP3 -> { }
            default -> throw new IllegalStateException("bad instruction kind " + kind);
        }
        // predicates: the reads and writes of each kind
        switch (kind) {
            case K_FSETP, K_DSETP, K_ISETP -> {
                pw.set(c[o + AUX + 2]);
                pw.set(c[o + AUX + 3]);
                pr.set(c[o + AUX + 4]);
                if (kind == K_ISETP) {
                    pr.set(c[o + C]);
                }
            }
            case K_FSEL, K_SEL -> pr.set(c[o + AUX]);
            case K_FCHK, K_IMAD_HI, K_IMAD_WIDE -> pw.set(c[o + AUX]);
            case K_IADD3 -> {
                pw.set(c[o + AUX]);
                pw.set(c[o + AUX + 1]);
                pr.set(c[o + AUX + 2]);
                pr.set(c[o + AUX + 4]);
            }
            case K_LOP3 -> {
                pw.set(c[o + AUX + 1]);
                pr.set(c[o + AUX + 2]);
            }
            case K_PLOP3 -> {
                pw.set(c[o + AUX]);
                pw.set(c[o + AUX + 1]);
                pr.set(c[o + AUX + 4]);
                pr.set(c[o + AUX + 6]);
                pr.set(c[o + A]);
            }
            default -> { }
        }
        if (kind == K_IMAD) {
            pr.set(c[o + AUX + 2]);
        }
        if (kind == K_IMAD_HI || kind == K_IMAD_WIDE) {
            pr.set(c[o + AUX + 2]);
        }
    }

    /** Writes one record's statements. */
    private static final class Gen {
        private final int[] c;
        private final int[] regs;
        private final int constBase;
        private final BitSet written;
        private final BitSet predWritten;
        private int o;

        Gen(int[] c, int[] regs, int constBase, BitSet written, BitSet predWritten) {
            this.c = c;
            this.regs = regs;
            this.constBase = constBase;
            this.written = written;
            this.predWritten = predWritten;
        }

        /** A register slot's value: its local, or the literal of a constant no instruction writes. */
        private String reg(int s) {
            if (s >= constBase && !written.get(s)) {
                return "(" + regs[s] + ")";
            }
            return "r" + s;
        }

        private String pv(int s) {
            if (s == 0 && !predWritten.get(0)) {
                return "1";
            }
            return "p" + s;
        }

        /** src(): ((r & and) ^ xor) + add, the neutral parts left out. */
        private String src(int i) {
            String e = masked(i);
            int add = c[o + ADD_A + i];
            return add != 0 ? "(" + e + " + " + add + ")" : e;
        }

        /** usrc(): the source as an unsigned 33-bit quantity. */
        private String usrc(int i) {
            String e = "((" + masked(i) + " & 0xFFFFFFFFL)";
            int add = c[o + ADD_A + i];
            return add != 0 ? e + " + " + add + ")" : e + ")";
        }

        /** (r & and) ^ xor, the neutral parts left out. */
        private String masked(int i) {
            String e = reg(c[o + A + i]);
            int and = c[o + AND_A + i];
            int xor = c[o + XOR_A + i];
            if (and != -1) {
                e = "(" + e + " & " + and + ")";
            }
            return xor != 0 ? "(" + e + " ^ " + xor + ")" : e;
        }

        /** lsrc(): a binary64 source's bits, the high word's modifiers applied. */
        private String lsrc(int i) {
            int s = c[o + A + i];
            String hi = reg(s + 1);
            int and = c[o + AND_A + i];
            int xor = c[o + XOR_A + i];
            if (and != -1) {
                hi = "(" + hi + " & " + and + ")";
            }
            if (xor != 0) {
                hi = "(" + hi + " ^ " + xor + ")";
            }
            return "(((long) " + hi + " << 32) | (" + reg(s) + " & 0xFFFFFFFFL))";
        }

        private String pred(int at) {
            return "((" + pv(c[o + at]) + " ^ " + c[o + at + 1] + ") != 0)";
        }

        private String dst() {
            return "r" + c[o + DST];
        }

        private String dstHi() {
            return "r" + (c[o + DST] + 1);
        }

        private static String fault(int code, int pc) {
            return "result = (" + code + " << 24) | " + pc + "; break run;";
        }

        private void setPredicates(StringBuilder sb, String result) {
            sb.append("boolean res = ").append(result).append("; boolean oth = ").append(pred(AUX + 4)).append("; ");
            int op = c[o + AUX + 1];
            sb.append(pv(c[o + AUX + 2])).append(" = Emulator.combine(").append(op).append(", res, oth) ? 1 : 0; ");
            sb.append(pv(c[o + AUX + 3])).append(" = Emulator.combine(").append(op).append(", !res, oth) ? 1 : 0;");
        }

        void instruction(StringBuilder sb, int pc) {
            o = pc * S;
            int kind = c[o + KIND];
            int mods = c[o + AUX];
            String e = "        ";
            sb.append(e).append("if (").append(pv(c[o + GUARD])).append(" != ").append(c[o + GUARD_NEG])
                    .append(") { // ").append(pc).append('\n').append(e).append("  ");
            switch (kind) {
                case K_NOP -> { }
                case K_FFMA_RN_PLAIN, K_FFMA_RN -> sb.append(dst()).append(" = Emulator.ffmaRn(").append(src(0)).append(", ")
                        .append(src(1)).append(", ").append(src(2)).append(");");
                case K_FMUL_RN_FTZ_PLAIN, K_FMUL_RN_FTZ -> sb.append(dst()).append(" = Emulator.fmulFtz(Emulator.daz(")
                        .append(src(0)).append("), Emulator.daz(").append(src(1)).append("), env);");
                case K_FFMA_RN_FTZ -> sb.append(dst()).append(" = Emulator.ffmaFtz(Emulator.daz(").append(src(0))
                        .append("), Emulator.daz(").append(src(1)).append("), Emulator.daz(").append(src(2)).append("), env);");
                case K_FFMA -> sb.append(dst()).append(" = Emulator.softFloat(").append(mods).append(", 3, ").append(src(0))
                        .append(", ").append(src(1)).append(", ").append(src(2)).append(", env);");
                case K_FMUL_RN -> sb.append(dst()).append(" = Emulator.fmulRn(").append(src(0)).append(", ").append(src(1)).append(");");
                case K_FMUL -> sb.append(dst()).append(" = Emulator.softFloat(").append(mods).append(", 2, ").append(src(0))
                        .append(", ").append(src(1)).append(", 0, env);");
                case K_FADD_RN -> sb.append(dst()).append(" = Emulator.faddRn(").append(src(0)).append(", ").append(src(1)).append(");");
                case K_FADD_RN_FTZ -> sb.append(dst()).append(" = Emulator.faddFtz(Emulator.daz(").append(src(0))
                        .append("), Emulator.daz(").append(src(1)).append("), env);");
                case K_FADD -> sb.append(dst()).append(" = Emulator.softFloat(").append(mods).append(", 1, ").append(src(0))
                        .append(", ").append(src(1)).append(", 0, env);");
                case K_FSETP -> setPredicates(sb, "Emulator.fsetp(" + mods + ", " + (c[o + AUX + 6] != 0) + ", " + src(0)
                        + ", " + src(1) + ")");
                case K_FSEL, K_SEL -> sb.append(dst()).append(" = ").append(pred(AUX)).append(" ? ").append(src(0))
                        .append(" : ").append(src(1)).append(';');
                case K_FCHK -> sb.append(pv(c[o + AUX])).append(" = Fchk.mayBeWrong(").append(src(0)).append(", ")
                        .append(src(1)).append(") ? 1 : 0;");
                case K_MUFU -> sb.append(dst()).append(" = mufu.eval(Mod.MufuFn.").append(MUFU_FNS[mods].name())
                        .append(", ").append(src(0)).append(");");
                case K_I2F -> {
                    int s = c[o + A];
                    String v = Mod.itypeOf(mods).is64()
                            ? "((" + reg(s) + " & 0xFFFFFFFFL) | ((long) " + reg(s + 1) + " << 32))" : src(0);
                    sb.append("long d = Emulator.i2f(").append(mods).append(", ").append(v).append(", env); ");
                    sb.append(dst()).append(" = (int) d;");
                    if (Mod.has(mods, Mod.F64)) {
                        sb.append(' ').append(dstHi()).append(" = (int) (d >>> 32);");
                    }
                }
                case K_F2I -> {
                    sb.append("long d = Emulator.f2i(").append(mods).append(", ")
                            .append(Mod.has(mods, Mod.F64) ? lsrc(0) : src(0)).append(", env); ");
                    sb.append(dst()).append(" = (int) d;");
                    if (Mod.itypeOf(mods).is64()) {
                        sb.append(' ').append(dstHi()).append(" = (int) (d >>> 32);");
                    }
                }
                case K_IADD3 -> {
                    sb.append("long sum = ").append(usrc(0)).append(" + ").append(usrc(1)).append(" + ").append(usrc(2))
                            .append(" + (").append(pred(AUX + 2)).append(" ? 1 : 0) + (").append(pred(AUX + 4))
                            .append(" ? 1 : 0); ");
                    sb.append(dst()).append(" = (int) sum; long carry = sum >>> 32; ");
                    sb.append(pv(c[o + AUX])).append(" = carry >= 1 ? 1 : 0; ");
                    sb.append(pv(c[o + AUX + 1])).append(" = carry >= 2 ? 1 : 0;");
                }
                case K_IADD -> sb.append(dst()).append(" = ").append(src(0)).append(" + ").append(src(1)).append(';');
                case K_IMAD -> sb.append(dst()).append(" = ").append(src(0)).append(" * ").append(src(1)).append(" + ")
                        .append(src(2)).append(" + (").append(pred(AUX + 2)).append(" ? 1 : 0);");
                case K_IMAD_HI -> {
                    sb.append("long hi = Emulator.mulHi(").append(src(0)).append(", ").append(src(1)).append(", ")
                            .append(c[o + AUX + 4] != 0).append("); ");
                    sb.append("long sum = (hi & 0xFFFFFFFFL) + ").append(usrc(2)).append(" + (").append(pred(AUX + 2))
                            .append(" ? 1 : 0); ");
                    sb.append(dst()).append(" = (int) sum; ");
                    sb.append(pv(c[o + AUX])).append(" = (int) ((sum >>> 32) & 1);");
                }
                case K_IMAD_WIDE -> {
                    int cs = c[o + C];
                    sb.append("long prod = Emulator.mulWide(").append(src(0)).append(", ").append(src(1)).append(", ")
                            .append(c[o + AUX + 4] != 0).append("); ");
                    sb.append("long addend = (").append(reg(cs)).append(" & 0xFFFFFFFFL) | ((long) ").append(reg(cs + 1))
                            .append(" << 32); ");
                    sb.append("long sum = prod + addend + (").append(pred(AUX + 2)).append(" ? 1 : 0); ");
                    sb.append(dst()).append(" = (int) sum; ").append(dstHi()).append(" = (int) (sum >>> 32); ");
                    sb.append(pv(c[o + AUX])).append(" = Emulator.wideCarry(sum, prod, addend) ? 1 : 0;");
                }
                case K_ISETP -> {
                    boolean ex = c[o + AUX + 7] != 0;
                    setPredicates(sb, "Emulator.compareInt(" + mods + ", " + (c[o + AUX + 6] != 0) + ", " + ex + ", "
                            + (ex ? pv(c[o + C]) + " != 0" : "false") + ", " + src(0) + ", " + src(1) + ")");
                }
                case K_LOP3 -> {
                    sb.append("int v = Emulator.lut(").append(mods).append(", ").append(src(0)).append(", ").append(src(1))
                            .append(", ").append(src(2)).append("); ");
                    sb.append(dst()).append(" = v; ");
                    sb.append(pv(c[o + AUX + 1])).append(" = (v != 0) || ").append(pred(AUX + 2)).append(" ? 1 : 0;");
                }
                case K_PLOP3 -> {
                    sb.append("int idx = (").append(pred(AUX + 4)).append(" ? 4 : 0) | (").append(pred(AUX + 6))
                            .append(" ? 2 : 0) | (").append(pred(A)).append(" ? 1 : 0); ");
                    sb.append(pv(c[o + AUX])).append(" = (").append(c[o + AUX + 2]).append(" >>> idx) & 1; ");
                    sb.append(pv(c[o + AUX + 1])).append(" = (").append(c[o + AUX + 3]).append(" >>> idx) & 1;");
                }
                case K_SHF -> sb.append(dst()).append(" = Emulator.shf(").append(mods).append(", ").append(src(0))
                        .append(", ").append(src(1)).append(", ").append(src(2)).append(");");
                case K_SHR -> sb.append(dst()).append(" = Emulator.shr(").append(src(0)).append(", ").append(src(1)).append(");");
                case K_LEA -> sb.append(dst()).append(" = (").append(src(0)).append(" << ").append(src(2)).append(") + ")
                        .append(src(1)).append(';');
                case K_MOV -> sb.append(dst()).append(" = ").append(src(0)).append(';');
                case K_IABS -> sb.append(dst()).append(" = Math.abs(").append(src(0)).append(");");
                case K_POPC -> sb.append(dst()).append(" = Integer.bitCount(").append(src(0)).append(");");
                case K_FLO -> sb.append(dst()).append(" = 31 - Integer.numberOfLeadingZeros(").append(src(0)).append(");");
                case K_PRMT -> sb.append(dst()).append(" = Emulator.prmt(").append(src(0)).append(", ").append(src(1))
                        .append(", ").append(src(2)).append(");");
                case K_MOV_LO -> sb.append(dst()).append(" = ").append(reg(c[o + A])).append(';');
                case K_MOV_HI -> sb.append(dst()).append(" = ").append(reg(c[o + A] + 1)).append(';');
                case K_DFMA_RN -> put64(sb, "Emulator.dfmaRn(" + lsrc(0) + ", " + lsrc(1) + ", " + lsrc(2) + ")");
                case K_DMUL_RN -> put64(sb, "Emulator.dmulRn(" + lsrc(0) + ", " + lsrc(1) + ")");
                case K_DADD_RN -> put64(sb, "Emulator.daddRn(" + lsrc(0) + ", " + lsrc(1) + ")");
                case K_DFMA -> put64(sb, "Emulator.softDouble(" + kind + ", " + mods + ", " + lsrc(0) + ", " + lsrc(1)
                        + ", " + lsrc(2) + ", env)");
                case K_DMUL, K_DADD -> put64(sb, "Emulator.softDouble(" + kind + ", " + mods + ", " + lsrc(0) + ", "
                        + lsrc(1) + ", 0, env)");
                case K_DSETP -> setPredicates(sb, "Emulator.compareFloat(" + mods + ", Double.longBitsToDouble(" + lsrc(0)
                        + "), Double.longBitsToDouble(" + lsrc(1) + "))");
                case K_BRA -> sb.append("if ").append(pred(AUX)).append(" { pc = ").append(c[o + AUX + 2])
                        .append("; continue run; }");
                case K_JMP -> sb.append("pc = ").append(c[o + AUX + 2]).append("; continue run;");
                case K_CALL -> sb.append("if (sp == ").append(MAX_CALL_DEPTH).append(") { ").append(fault(F_CALL_OVERFLOW, pc))
                        .append(" } stack[sp++] = ").append(pc + 1).append("; pc = ").append(c[o + AUX + 2])
                        .append("; continue run;");
                case K_RET -> sb.append("if (sp == 0) { ").append(fault(F_RET_EMPTY, pc))
                        .append(" } pc = stack[--sp]; continue run;");
                case K_BSSY -> sb.append("bar[").append(mods).append("] = ").append(c[o + AUX + 2] + 1).append(';');
                case K_BSYNC -> sb.append("if (bar[").append(mods).append("] == 0) { ").append(fault(F_BSYNC, pc))
                        .append(" } bar[").append(mods).append("] = 0;");
                case K_EXIT -> sb.append("if (sp != 0) { ").append(fault(F_EXIT_IN_CALL, pc)).append(" } result = ")
                        .append(OK).append("; break run;");
                default -> throw new IllegalStateException("bad instruction kind " + kind);
            }
            sb.append('\n').append(e).append("}\n");
        }

        private void put64(StringBuilder sb, String value) {
            sb.append("long d = ").append(value).append("; ").append(dst()).append(" = (int) d; ").append(dstHi())
                    .append(" = (int) (d >>> 32);");
        }
    }

    // ------------------------------------------------------------------ javac

    /** Compiles the source and loads its class; null when no compiler is present or the method is too long. */
    private static Compiled compile(String source) {
        long t0 = System.nanoTime();
        try {
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            if (javac == null) {
                return null;
            }
            String name = source.substring(source.indexOf("final class ") + 12, source.indexOf(" implements"));
            StandardJavaFileManager std = javac.getStandardFileManager(null, null, null);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            JavaFileManager fm = new ForwardingJavaFileManager<>(std) {
                @Override
                public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                        FileObject sibling) {
                    return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + ".class"), kind) {
                        @Override
                        public OutputStream openOutputStream() {
                            return bytes;
                        }
                    };
                }
            };
            JavaFileObject unit = new SimpleJavaFileObject(URI.create("mem:///org/nvlower/sass/" + name + ".java"),
                    JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return source;
                }
            };
            List<String> options = List.of("-classpath", classPath(), "-proc:none", "-g:none", "-nowarn",
                    "-XDuseUnsharedTable=true");
            Boolean ok = javac.getTask(null, fm, d -> { }, options, null, List.of(unit)).call();
            fm.close();
            if (!Boolean.TRUE.equals(ok)) {
                throw new IllegalStateException("the generated source does not compile:\n" + source);
            }
            byte[] classFile = bytes.toByteArray();
            if (longestMethod(classFile) > HUGE_METHOD) {
                throw new IllegalStateException("the generated method is longer than HotSpot compiles");
            }
            MethodHandles.Lookup lookup = MethodHandles.lookup().defineHiddenClass(classFile, true);
            if (Boolean.getBoolean("nvlower.emulator.debug")) {
                System.err.printf("nvlower: compiled a program in %.2f s, %d bytes of bytecode%n",
                        (System.nanoTime() - t0) * 1e-9, longestMethod(classFile));
            }
            return (Compiled) lookup.findConstructor(lookup.lookupClass(), MethodType.methodType(void.class)).invoke();
        } catch (Throwable t) {
            if (Boolean.getBoolean("nvlower.emulator.debug")) {
                t.printStackTrace();
            }
            return null;
        }
    }

    /** Where this package's classes and softfloat's come from (a jar or a classes directory). */
    private static String classPath() throws Exception {
        Set<String> paths = new LinkedHashSet<>();
        for (Class<?> k : new Class<?>[] {Emulator.class, Env.class}) {
            paths.add(Path.of(k.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        }
        return String.join(File.pathSeparator, paths);
    }

    /** The longest Code attribute's bytecode length in a class file. */
    static int longestMethod(byte[] b) {
        java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(b);
        in.position(8);
        int cpCount = in.getShort() & 0xFFFF;
        String[] utf8 = new String[cpCount];
        for (int i = 1; i < cpCount; i++) {
            int tag = in.get() & 0xFF;
            switch (tag) {
                case 1 -> {
                    int len = in.getShort() & 0xFFFF;
                    byte[] s = new byte[len];
                    in.get(s);
                    utf8[i] = new String(s, java.nio.charset.StandardCharsets.UTF_8);
                }
                case 3, 4 -> in.position(in.position() + 4);
                case 5, 6 -> {
                    in.position(in.position() + 8);
                    i++;
                }
                case 7, 8, 16, 19, 20 -> in.position(in.position() + 2);
                case 9, 10, 11, 12, 17, 18 -> in.position(in.position() + 4);
                case 15 -> in.position(in.position() + 3);
                default -> throw new IllegalStateException("constant tag " + tag);
            }
        }
        in.position(in.position() + 6);
        int interfaces = in.getShort() & 0xFFFF;
        in.position(in.position() + 2 * interfaces);
        int fields = in.getShort() & 0xFFFF;
        for (int i = 0; i < fields; i++) {
            in.position(in.position() + 6);
            skipAttributes(in);
        }
        int methods = in.getShort() & 0xFFFF;
        int longest = 0;
        for (int i = 0; i < methods; i++) {
            in.position(in.position() + 6);
            int attrs = in.getShort() & 0xFFFF;
            for (int k = 0; k < attrs; k++) {
                String name = utf8[in.getShort() & 0xFFFF];
                int len = in.getInt();
                int next = in.position() + len;
                if ("Code".equals(name)) {
                    in.position(in.position() + 4);
                    longest = Math.max(longest, in.getInt());
                }
                in.position(next);
            }
        }
        return longest;
    }

    private static void skipAttributes(java.nio.ByteBuffer in) {
        int attrs = in.getShort() & 0xFFFF;
        for (int k = 0; k < attrs; k++) {
            in.position(in.position() + 2);
            int len = in.getInt();
            in.position(in.position() + len);
        }
    }
}
