package org.nvlower.verify.ptx;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.nvlower.ptx.Operand;
import org.nvlower.ptx.PtxFunction;
import org.nvlower.ptx.PtxPrinter;
import org.nvlower.ptx.Statement;
import org.nvlower.ptx.Statement.Instruction;

/**
 * Runs one thread of a kernel over a byte-addressed global memory: the integer, memory and
 * control-flow instructions nvcc's small kernels use (ld/st .param/.global with vectors, cvta,
 * mov, add/sub/mul(.lo/.hi/.wide)/mad.lo, and/or/xor/not/shl/shr, cvt between integer types, setp
 * on integers, selp, bra, ret), and each math instruction through a {@link MathUnit} (a template
 * in the emulator, or the oracle). Anything else is refused: the run is a check, not a simulator.
 */
final class PtxThread {

    /** Computes a math instruction: its PTX op and its source values (32 or 64 bits each). */
    interface MathUnit {
        long compute(Instruction in, long[] sources);
    }

    private final PtxFunction function;
    private final List<Statement> code;
    private final Map<String, Integer> labels = new HashMap<>();
    private final Map<String, Long> regs = new HashMap<>();
    private final Map<String, Long> params;
    private final Map<Long, Byte> memory;
    private final Function<String, Long> special;
    private final MathUnit math;
    int mathRuns;

    PtxThread(PtxFunction function, Map<String, Long> params, Map<Long, Byte> memory, Function<String, Long> special,
            MathUnit math) {
        this.function = function;
        this.code = function.body();
        for (int i = 0; i < code.size(); i++) {
            if (code.get(i) instanceof Statement.Label l) {
                labels.put(l.name(), i);
            }
        }
        this.params = params;
        this.memory = memory;
        this.special = special;
        this.math = math;
    }

    void run() {
        int pc = 0;
        for (int steps = 0; pc < code.size(); steps++) {
            if (steps > 1_000_000) {
                throw new IllegalStateException(function.name() + ": more than 10^6 steps");
            }
            if (!(code.get(pc) instanceof Instruction in)) {
                if (code.get(pc) instanceof Statement.Block) {
                    throw unsupported(null, "a { } block");
                }
                pc++;
                continue;
            }
            pc++;
            if (in.guard() != null && (reg(in.guard().predicate()) != 0) == in.guard().negated()) {
                continue;
            }
            String base = in.base();
            if (base.equals("ret") || base.equals("exit")) {
                return;
            }
            if (base.equals("bra")) {
                pc = labels.get(((Operand.Name) in.operands().get(0)).name());
                continue;
            }
            execute(in);
        }
    }

    private void execute(Instruction in) {
        String[] parts = in.opcode().split("\\.");
        String type = parts[parts.length - 1];
        int bits = type.matches("[bsuf](8|16|32|64)") ? Integer.parseInt(type.substring(1)) : type.equals("pred") ? 1 : 0;
        if (bits == 0) {
            throw unsupported(in, null);
        }
        boolean signed = type.charAt(0) == 's';
        List<Operand> ops = in.operands();
        if (org.nvlower.ptx.PtxOpcodes.MATH.contains(in.opcode())) {
            long[] sources = new long[ops.size() - 1];
            for (int k = 1; k < ops.size(); k++) {
                sources[k - 1] = value(ops.get(k), bits, false);
            }
            mathRuns++;
            write(ops.get(0), math.compute(in, sources), bits);
            return;
        }
        switch (in.base()) {
            case "ld" -> {
                Operand.Address a = (Operand.Address) ops.get(1);
                if (in.opcode().startsWith("ld.param.")) {
                    write(ops.get(0), params.get(a.base()), bits);
                    return;
                }
                long address = reg(a.base()) + a.offset();
                List<Operand> dst = ops.get(0) instanceof Operand.Vector v ? v.elements() : List.of(ops.get(0));
                for (int k = 0; k < dst.size(); k++) {
                    write(dst.get(k), load(address + (long) k * bits / 8, bits / 8), bits);
                }
            }
            case "st" -> {
                Operand.Address a = (Operand.Address) ops.get(0);
                long address = reg(a.base()) + a.offset();
                List<Operand> src = ops.get(1) instanceof Operand.Vector v ? v.elements() : List.of(ops.get(1));
                for (int k = 0; k < src.size(); k++) {
                    store(address + (long) k * bits / 8, value(src.get(k), bits, false), bits / 8);
                }
            }
            case "cvta", "mov" -> write(ops.get(0), value(ops.get(1), bits, false), bits);
            case "cvt" -> {
                String from = parts[parts.length - 1];
                String to = parts[parts.length - 2];
                if (from.startsWith("f") || to.startsWith("f")) {
                    throw unsupported(in, "float conversions");
                }
                long v = value(ops.get(1), Integer.parseInt(from.substring(1)), from.charAt(0) == 's');
                write(ops.get(0), v, Integer.parseInt(to.substring(1)));
            }
            case "setp" -> {
                long a = value(ops.get(1), bits, signed);
                long b = value(ops.get(2), bits, signed);
                if (type.startsWith("f") || ops.size() != 3) {
                    throw unsupported(in, "float or combined compares");
                }
                int c = signed ? Long.compare(a, b) : Long.compareUnsigned(a, b);
                boolean r = switch (parts[1]) {
                    case "eq" -> c == 0;
                    case "ne" -> c != 0;
                    case "lt", "lo" -> c < 0;
                    case "le", "ls" -> c <= 0;
                    case "gt", "hi" -> c > 0;
                    case "ge", "hs" -> c >= 0;
                    default -> throw unsupported(in, "compare ." + parts[1]);
                };
                write(ops.get(0), r ? 1 : 0, 1);
            }
            case "selp" -> write(ops.get(0), value(ops.get(3), 1, false) != 0 ? value(ops.get(1), bits, false)
                    : value(ops.get(2), bits, false), bits);
            default -> integer(in, parts, bits, signed);
        }
    }

    private void integer(Instruction in, String[] parts, int bits, boolean signed) {
        if (parts[parts.length - 1].startsWith("f")) {
            throw unsupported(in, "float arithmetic");
        }
        List<Operand> ops = in.operands();
        long a = value(ops.get(1), bits, signed);
        long b = ops.size() > 2 ? value(ops.get(2), bits, signed) : 0;
        String mode = parts.length > 2 ? parts[1] : "";
        long r = switch (in.base()) {
            case "add" -> a + b;
            case "sub" -> a - b;
            case "mul" -> switch (mode) {
                case "wide" -> {
                    write(ops.get(0), a * b, 2 * bits);
                    yield Long.MIN_VALUE; // written
                }
                case "hi" -> bits == 32 ? (signed ? a * b >> 32 : a * b >>> 32) : signed ? Math.multiplyHigh(a, b) : Math.unsignedMultiplyHigh(a, b);
                default -> a * b;
            };
            case "mad" -> {
                if (!mode.equals("lo")) {
                    throw unsupported(in, "mad." + mode);
                }
                yield a * b + value(ops.get(3), bits, signed);
            }
            case "and" -> a & b;
            case "or" -> a | b;
            case "xor" -> a ^ b;
            case "not" -> ~a;
            case "neg" -> -a;
            case "shl" -> b >= bits ? 0 : a << b;
            case "shr" -> {
                long n = Math.min(b & 0xFFFFFFFFL, bits);
                yield signed ? (n >= bits ? a >> (bits - 1) : a >> n) : n >= bits ? 0 : a >>> n;
            }
            default -> throw unsupported(in, null);
        };
        if (!(in.base().equals("mul") && mode.equals("wide"))) {
            write(ops.get(0), r, bits);
        }
    }

    /** An operand's value: {@code bits} wide, sign- or zero-extended to 64 bits. */
    private long value(Operand o, int bits, boolean signed) {
        long v = switch (o) {
            case Operand.Name n -> {
                Long s = special.apply(n.name());
                yield s != null ? s : reg(n.name());
            }
            case Operand.Immediate im -> immediate(im.text());
            default -> throw new IllegalStateException("operand " + PtxPrinter.operand(o) + " has no value");
        };
        if (bits >= 64) {
            return v;
        }
        long mask = (1L << bits) - 1;
        v &= mask;
        return signed && (v >>> (bits - 1)) != 0 ? v | ~mask : v;
    }

    private static long immediate(String text) {
        String t = text.endsWith("U") ? text.substring(0, text.length() - 1) : text;
        boolean minus = t.startsWith("-");
        if (minus) {
            t = t.substring(1);
        }
        long v;
        if (t.length() > 2 && t.charAt(0) == '0' && "xXfFdD".indexOf(t.charAt(1)) >= 0) {
            v = Long.parseUnsignedLong(t.substring(2), 16);
        } else {
            v = Long.parseUnsignedLong(t);
        }
        return minus ? -v : v;
    }

    private long reg(String name) {
        Long v = regs.get(name);
        if (v == null) {
            throw new IllegalStateException(function.name() + ": " + name + " read before it is written");
        }
        return v;
    }

    private void write(Operand o, long value, int bits) {
        String name = ((Operand.Name) o).name();
        regs.put(name, bits >= 64 ? value : value & ((1L << bits) - 1));
    }

    private long load(long address, int bytes) {
        long v = 0;
        for (int i = bytes - 1; i >= 0; i--) {
            Byte b = memory.get(address + i);
            if (b == null) {
                throw new IllegalStateException(function.name() + ": load from unmapped address 0x"
                        + Long.toHexString(address + i));
            }
            v = v << 8 | (b & 0xFF);
        }
        return v;
    }

    private void store(long address, long value, int bytes) {
        for (int i = 0; i < bytes; i++) {
            if (!memory.containsKey(address + i)) {
                throw new IllegalStateException(function.name() + ": store to unmapped address 0x"
                        + Long.toHexString(address + i));
            }
            memory.put(address + i, (byte) (value >>> (8 * i)));
        }
    }

    private UnsupportedOperationException unsupported(Instruction in, String what) {
        return new UnsupportedOperationException(function.name() + ": " + (in == null ? "" : "'"
                + PtxPrinter.instruction(in) + "'") + " is not run" + (what == null ? "" : " (" + what + ")"));
    }
}
