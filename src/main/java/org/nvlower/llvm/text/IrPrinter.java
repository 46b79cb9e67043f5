package org.nvlower.llvm.text;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.math.BigInteger;
import java.util.List;

import org.nvlower.llvm.ir.AggregateInst;
import org.nvlower.llvm.ir.Argument;
import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.AttributeGroup;
import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.BinaryInst;
import org.nvlower.llvm.ir.BlockAddress;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.CastInst;
import org.nvlower.llvm.ir.CmpInst;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantAggregate;
import org.nvlower.llvm.ir.ConstantExpr;
import org.nvlower.llvm.ir.ConstantFP;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.ConstantKeyword;
import org.nvlower.llvm.ir.ConstantString;
import org.nvlower.llvm.ir.DebugRecord;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.GlobalValue;
import org.nvlower.llvm.ir.InlineAsm;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.InstructionSource;
import org.nvlower.llvm.ir.MemoryInst;
import org.nvlower.llvm.ir.MetadataAttachment;
import org.nvlower.llvm.ir.MetadataValue;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.ModuleEntity;
import org.nvlower.llvm.ir.Names;
import org.nvlower.llvm.ir.NamedStructType;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.PhiInst;
import org.nvlower.llvm.ir.SourceSlice;
import org.nvlower.llvm.ir.StructType;
import org.nvlower.llvm.ir.TrackedValue;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.UnaryInst;
import org.nvlower.llvm.ir.Value;
import org.nvlower.llvm.ir.VectorType;

/**
 * Prints a module. Untouched entities and instructions are copied from the source text; an
 * edited function is printed piece by piece: unchanged instructions verbatim, instructions
 * whose operands changed with just those operands re-spelled, new instructions and
 * declarations in LLVM's canonical style. A function that lost a numbered value is renumbered,
 * and every numbered reference in it re-spelled.
 */
public final class IrPrinter {

    private final String src;
    private final Sink out;

    private IrPrinter(Module module, Sink out) {
        this.src = module.source();
        this.out = out;
    }

    /** The module as text. */
    public static String print(Module module) {
        StringBuilder sb = new StringBuilder(module.source().length() + 256);
        print(module, sb);
        return sb.toString();
    }

    /** Writes the module to {@code out}; an {@link IOException} becomes {@link UncheckedIOException}. */
    public static void print(Module module, Appendable out) {
        Sink sink = out instanceof StringBuilder sb ? new BuilderSink(sb)
                : out instanceof Writer w ? new WriterSink(w) : new AppendableSink(out);
        new IrPrinter(module, sink).printModule(module);
    }

    /**
     * Writes the module as bytes: ISO-8859-1 (one byte per char, so any input bytes read that way
     * come back), or UTF-8. Faster than a {@link Writer} for big modules: source ranges are copied
     * without going through a char encoder when the text allows it.
     */
    public static void print(Module module, OutputStream out, Charset charset) throws IOException {
        boolean oneBytePerChar = charset.equals(StandardCharsets.ISO_8859_1);
        if (!oneBytePerChar) {
            Writer w = new BufferedWriter(new OutputStreamWriter(out, charset), 1 << 16);
            print(module, w);
            w.flush();
            return;
        }
        ByteSink sink = new ByteSink(out);
        try {
            new IrPrinter(module, sink).printModule(module);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        sink.flush();
    }

    // ------------------------------------------------------------------ output

    /** Where text goes; copies ranges of the source without making substrings. */
    private abstract static class Sink {
        char last = '\n';

        abstract void range(String s, int from, int to) throws IOException;

        final void copy(String s, int from, int to) {
            if (to > from) {
                try {
                    range(s, from, to);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                last = s.charAt(to - 1);
            }
        }

        final void write(String s) {
            copy(s, 0, s.length());
        }
    }

    /** Chars below 256 as single bytes, through a 64 KB buffer. */
    private static final class ByteSink extends Sink {
        private final OutputStream out;
        private final byte[] buffer = new byte[1 << 16];
        private int used;

        ByteSink(OutputStream out) {
            this.out = out;
        }

        @Override
        @SuppressWarnings("deprecation")
        void range(String s, int from, int to) throws IOException {
            while (from < to) {
                if (used == buffer.length) {
                    flush();
                }
                int n = Math.min(to - from, buffer.length - used);
                s.getBytes(from, from + n, buffer, used);
                used += n;
                from += n;
            }
        }

        void flush() throws IOException {
            out.write(buffer, 0, used);
            used = 0;
            out.flush();
        }
    }

    private static final class BuilderSink extends Sink {
        private final StringBuilder sb;

        BuilderSink(StringBuilder sb) {
            this.sb = sb;
        }

        @Override
        void range(String s, int from, int to) {
            sb.append(s, from, to);
        }
    }

    private static final class WriterSink extends Sink {
        private final Writer w;

        WriterSink(Writer w) {
            this.w = w;
        }

        @Override
        void range(String s, int from, int to) throws IOException {
            w.write(s, from, to - from);
        }
    }

    private static final class AppendableSink extends Sink {
        private final Appendable a;

        AppendableSink(Appendable a) {
            this.a = a;
        }

        @Override
        void range(String s, int from, int to) throws IOException {
            a.append(s, from, to);
        }
    }

    // ------------------------------------------------------------------ module

    private void printModule(Module module) {
        for (ModuleEntity e : module.entities()) {
            SourceSlice s = e.slice();
            if (s == null) {
                if (out.last != '\n') {
                    out.write("\n");
                }
                out.write("\n");
                out.write(canonicalEntity(e));
                out.write("\n");
            } else if (e instanceof Function f && f.isEdited()) {
                printFunction(f);
            } else {
                out.copy(src, s.start(), s.end());
            }
        }
        out.copy(src, module.trailingStart(), src.length());
    }

    private static String canonicalEntity(ModuleEntity e) {
        if (e instanceof Function f) {
            return declaration(f);
        }
        if (e instanceof AttributeGroup g) {
            return "attributes #" + g.id() + " = { " + String.join(" ", g.attributes()) + " }";
        }
        throw new IllegalStateException("no canonical form for a created " + e.getClass().getSimpleName());
    }

    /** {@code declare R @name(P1, P2)} with the function's attributes, if any. */
    static String declaration(Function f) {
        StringBuilder sb = new StringBuilder("declare ");
        if (!f.linkage().isEmpty()) {
            sb.append(f.linkage()).append(' ');
        }
        if (!f.callingConvention().isEmpty()) {
            sb.append(f.callingConvention()).append(' ');
        }
        sb.append(f.returnType()).append(' ').append(reference(f)).append('(');
        List<Type> params = f.functionType().params();
        for (int i = 0; i < params.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(params.get(i));
        }
        if (f.functionType().varArgs()) {
            sb.append(params.isEmpty() ? "..." : ", ...");
        }
        sb.append(')');
        for (String a : f.attributes()) {
            sb.append(' ').append(a);
        }
        return sb.toString();
    }

    // ------------------------------------------------------------------ functions

    private void printFunction(Function f) {
        boolean renumber = f.needsRenumber();
        if (renumber) {
            f.renumber();
        }
        SourceSlice slice = f.slice();
        out.copy(src, slice.start(), f.bodyStart());
        for (BasicBlock b : f.blocks()) {
            SourceSlice label = b.labelSlice();
            if (label != null) {
                if (renumber && b.labelStart() >= 0) {
                    out.copy(src, label.start(), b.labelStart());
                    out.write(b.hasName() ? Names.quoteIfNeeded(b.name()) : String.valueOf(b.slot()));
                    out.copy(src, b.labelEnd(), label.end());
                } else {
                    out.copy(src, label.start(), label.end());
                }
            }
            for (Instruction inst : b.instructions()) {
                for (DebugRecord r : inst.debugRecords()) {
                    out.copy(src, r.slice().start(), r.slice().end());
                }
                printInstruction(inst, renumber);
            }
        }
        out.copy(src, f.closeStart(), slice.end());
    }

    private void printInstruction(Instruction inst, boolean renumber) {
        InstructionSource s = inst.source();
        if (s == null) {
            if (out.last != '\n') {
                out.write("\n");
            }
            out.write("  ");
            out.write(canonical(inst));
            out.write("\n");
            return;
        }
        if (!inst.isEdited() && !renumber) {
            out.copy(src, s.start(), s.end());
            return;
        }
        int[] spans = IrParser.operandSpans(inst);
        int pos = s.start();
        int defStart = spans[0];
        if (defStart >= 0 && (renumber && !inst.hasName() || inst.hasName()
                && !src.startsWith(reference(inst), defStart))) {
            out.copy(src, pos, defStart);
            out.write(reference(inst));
            pos = spans[1];
        }
        for (int i = 0; i < inst.operandCount(); i++) {
            Value now = inst.operand(i);
            boolean respell = now != inst.originalOperand(i) || renumber && isLocal(now);
            if (respell) {
                out.copy(src, pos, spans[2 + 2 * i]);
                out.write(reference(now));
                pos = spans[3 + 2 * i];
            }
        }
        out.copy(src, pos, s.end());
    }

    private static boolean isLocal(Value v) {
        return v instanceof Instruction || v instanceof Argument || v instanceof BasicBlock;
    }

    // ------------------------------------------------------------------ canonical text

    /** The reference to a value as an operand, without its type: {@code %x}, {@code @f}, {@code 42}. */
    public static String reference(Value v) {
        if (v instanceof GlobalValue g) {
            return "@" + (g.hasName() ? Names.quoteIfNeeded(g.name()) : String.valueOf(g.slot()));
        }
        if (v instanceof TrackedValue t) {
            return "%" + (t.hasName() ? Names.quoteIfNeeded(t.name()) : String.valueOf(t.slot()));
        }
        if (v instanceof Constant c) {
            return constant(c);
        }
        if (v instanceof MetadataValue m) {
            return m.text();
        }
        if (v instanceof InlineAsm a) {
            return a.text();
        }
        throw new IllegalStateException("unknown value " + v);
    }

    private static String typed(Value v) {
        return v.type() + " " + reference(v);
    }

    /** A constant in LLVM's canonical spelling (without its type). */
    public static String constant(Constant c) {
        return switch (c) {
            case ConstantInt i -> i.type().bits() == 1 ? (i.value().signum() == 0 ? "false" : "true")
                    : i.value().toString();
            case ConstantFP f -> FloatLiterals.print(f);
            case ConstantKeyword k -> k.keyword().text();
            case ConstantString s -> "c\"" + s.escaped() + "\"";
            case ConstantAggregate a -> aggregate(a);
            case ConstantExpr e -> expression(e);
            case BlockAddress b -> b.kind() == BlockAddress.Kind.BLOCKADDRESS
                    ? "blockaddress(" + reference(b.global()) + ", " + b.block() + ")"
                    : b.kind().keyword() + " " + reference(b.global());
            case GlobalValue g -> reference(g);
        };
    }

    private static String aggregate(ConstantAggregate a) {
        Type t = a.type();
        boolean packed = t instanceof StructType s && s.packed() || t instanceof NamedStructType n && n.isPacked();
        String open;
        String close;
        if (t instanceof ArrayType) {
            open = "[";
            close = "]";
        } else if (t instanceof VectorType) {
            open = "<";
            close = ">";
        } else {
            open = packed ? "<{ " : "{ ";
            close = packed ? " }>" : " }";
        }
        if (a.elements().isEmpty()) {
            return t instanceof ArrayType ? "[]" : packed ? "<{}>" : "{}";
        }
        StringBuilder sb = new StringBuilder(open);
        for (int i = 0; i < a.elements().size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(typed(a.elements().get(i)));
        }
        return sb.append(close).toString();
    }

    private static String expression(ConstantExpr e) {
        StringBuilder sb = new StringBuilder(e.opcode().keyword());
        for (String f : e.flags()) {
            sb.append(' ').append(f);
        }
        sb.append(" (");
        if (e.opcode() == Opcode.GETELEMENTPTR) {
            sb.append(e.sourceType()).append(", ");
        }
        for (int i = 0; i < e.operands().size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(typed(e.operands().get(i)));
        }
        if (e.opcode().kind() == Opcode.Kind.CAST) {
            sb.append(" to ").append(e.type());
        }
        return sb.append(')').toString();
    }

    /** A created instruction in LLVM's style, without indentation or newline. */
    public static String canonical(Instruction inst) {
        StringBuilder sb = new StringBuilder();
        if (inst.hasResult()) {
            sb.append(reference(inst)).append(" = ");
        }
        switch (inst) {
            case CallInst call -> {
                if (!call.tailKind().isEmpty()) {
                    sb.append(call.tailKind()).append(' ');
                }
                sb.append(call.opcode().keyword());
                flags(sb, inst);
                sb.append(' ').append(call.calleeType().varArgs() ? call.calleeType() : call.calleeType().returnType())
                        .append(' ').append(reference(call.callee())).append('(');
                List<Value> args = call.arguments();
                for (int i = 0; i < args.size(); i++) {
                    sb.append(i == 0 ? "" : ", ").append(typed(args.get(i)));
                }
                sb.append(')');
                if (call.opcode() != Opcode.CALL) {
                    throw new UnsupportedOperationException("printing a created " + call.opcode());
                }
            }
            case BinaryInst bin -> {
                sb.append(bin.opcode().keyword());
                flags(sb, inst);
                sb.append(' ').append(typed(bin.lhs())).append(", ").append(reference(bin.rhs()));
            }
            case CmpInst cmp -> {
                sb.append(cmp.opcode().keyword());
                flags(sb, inst);
                sb.append(' ').append(cmp.predicate()).append(' ').append(typed(cmp.lhs())).append(", ")
                        .append(reference(cmp.rhs()));
            }
            case CastInst cast -> {
                sb.append(cast.opcode().keyword());
                flags(sb, inst);
                sb.append(' ').append(typed(cast.value())).append(" to ").append(cast.destType());
            }
            case UnaryInst un -> {
                sb.append(un.opcode().keyword());
                flags(sb, inst);
                sb.append(' ').append(typed(un.operand(0)));
            }
            case PhiInst phi -> {
                sb.append("phi");
                flags(sb, inst);
                sb.append(' ').append(phi.type());
                for (int i = 0; i < phi.incomingCount(); i++) {
                    sb.append(i == 0 ? " [ " : ", [ ").append(reference(phi.incomingValue(i))).append(", ")
                            .append(reference(phi.incomingBlock(i))).append(" ]");
                }
            }
            case MemoryInst mem when mem.opcode() == Opcode.LOAD -> {
                sb.append("load");
                flags(sb, inst);
                sb.append(' ').append(mem.type()).append(", ").append(typed(mem.operand(0)));
            }
            case MemoryInst mem when mem.opcode() == Opcode.ALLOCA -> sb.append("alloca ").append(mem.elementType());
            case MemoryInst mem when mem.opcode() == Opcode.GETELEMENTPTR -> {
                sb.append("getelementptr");
                flags(sb, inst);
                sb.append(' ').append(mem.elementType());
                for (Value v : mem.operands()) {
                    sb.append(", ").append(typed(v));
                }
            }
            case AggregateInst agg when agg.opcode() == Opcode.EXTRACTVALUE || agg.opcode() == Opcode.INSERTVALUE -> {
                sb.append(agg.opcode().keyword());
                for (int i = 0; i < agg.operandCount(); i++) {
                    sb.append(i == 0 ? " " : ", ").append(typed(agg.operand(i)));
                }
                for (long index : agg.indices()) {
                    sb.append(", ").append(index);
                }
            }
            default -> {
                Opcode op = inst.opcode();
                boolean typedList = op == Opcode.RET || op == Opcode.BR || op == Opcode.STORE || op == Opcode.SELECT
                        || op == Opcode.FREEZE || op == Opcode.EXTRACTELEMENT || op == Opcode.INSERTELEMENT
                        || op == Opcode.SHUFFLEVECTOR || op == Opcode.UNREACHABLE || op == Opcode.RESUME;
                if (!typedList) {
                    throw new UnsupportedOperationException("printing a created " + op);
                }
                sb.append(op.keyword());
                flags(sb, inst);
                if (op == Opcode.RET && inst.operandCount() == 0) {
                    sb.append(" void");
                }
                for (int i = 0; i < inst.operandCount(); i++) {
                    sb.append(i == 0 ? " " : ", ").append(typed(inst.operand(i)));
                }
            }
        }
        for (MetadataAttachment m : inst.metadata()) {
            sb.append(", !").append(m.name()).append(' ').append(m.node());
        }
        return sb.toString();
    }

    private static void flags(StringBuilder sb, Instruction inst) {
        for (String f : inst.flags()) {
            sb.append(' ').append(f);
        }
    }

    /** The hexadecimal spelling of an encoding (used in tests and by stats). */
    static String hex(BigInteger bits) {
        return bits.toString(16);
    }
}
