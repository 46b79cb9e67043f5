package org.nvlower.ptx;

import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.nvlower.ptx.Statement.Block;
import org.nvlower.ptx.Statement.Directive;
import org.nvlower.ptx.Statement.Instruction;
import org.nvlower.ptx.Statement.Label;
import org.nvlower.ptx.Statement.Variable;

/**
 * Writes a {@link PtxModule} in one canonical layout, close to nvcc's: the header, a blank line
 * before each item, a tab before each statement, a space and a tab between an opcode (or a
 * register declaration's type) and its operands, {@code ", "} between operands. Comments are not
 * kept. Reading the printed text gives the same model, and printing that gives the same text.
 */
public final class PtxPrinter {

    private PtxPrinter() {}

    public static String print(PtxModule m) {
        return print(m, i -> null);
    }

    /**
     * The module with each instruction for which {@code replace} gives text printed as that text
     * instead (lines as they are, no indentation added); instructions it gives null for print as usual.
     */
    public static String print(PtxModule m, Function<Instruction, String> replace) {
        StringBuilder sb = new StringBuilder();
        sb.append(".version ").append(m.version()).append('\n');
        sb.append(".target ").append(String.join(", ", m.target())).append('\n');
        sb.append(".address_size ").append(m.addressSize()).append('\n');
        for (PtxModule.Item item : m.items()) {
            sb.append('\n');
            switch (item) {
                case PtxFunction f -> function(sb, f, replace);
                case Variable v -> sb.append(variable(v)).append(";\n");
                case Directive d -> sb.append(directive(d)).append('\n');
            }
        }
        return sb.toString();
    }

    private static void function(StringBuilder sb, PtxFunction f, Function<Instruction, String> replace) {
        if (f.linkage() != null) {
            sb.append(f.linkage()).append(' ');
        }
        sb.append(f.entry() ? ".entry " : ".func ");
        if (!f.returns().isEmpty()) {
            sb.append('(').append(f.returns().stream().map(PtxPrinter::variable).collect(Collectors.joining(", ")))
                    .append(") ");
        }
        sb.append(f.name());
        if (!f.params().isEmpty()) {
            sb.append("(\n");
            List<Variable> ps = f.params();
            for (int i = 0; i < ps.size(); i++) {
                sb.append('\t').append(variable(ps.get(i))).append(i + 1 < ps.size() ? ",\n" : "\n");
            }
            sb.append(')');
        } else if (f.entry()) {
            sb.append("()");
        }
        for (Directive d : f.attributes()) {
            sb.append('\n').append(directive(d));
        }
        if (f.isDeclaration()) {
            sb.append(";\n");
            return;
        }
        sb.append("\n{\n");
        body(sb, f.body(), replace);
        sb.append("}\n");
    }

    private static void body(StringBuilder sb, List<Statement> body, Function<Instruction, String> replace) {
        for (Statement s : body) {
            switch (s) {
                case Label l -> sb.append(l.name()).append(":\n");
                case Variable v -> sb.append('\t').append(variable(v)).append(";\n");
                case Directive d -> sb.append('\t').append(directive(d)).append('\n');
                case Instruction i -> {
                    String text = replace.apply(i);
                    sb.append(text != null ? text : "\t" + instruction(i) + "\n");
                }
                case Block b -> {
                    sb.append("\t{\n");
                    body(sb, b.body(), replace);
                    sb.append("\t}\n");
                }
            }
        }
    }

    /** One instruction, without indentation: {@code @%p1 bra \t$L__BB0_2;}. */
    public static String instruction(Instruction i) {
        StringBuilder sb = new StringBuilder();
        if (i.guard() != null) {
            sb.append('@').append(i.guard().negated() ? "!" : "").append(i.guard().predicate()).append(' ');
        }
        sb.append(i.opcode());
        if (!i.operands().isEmpty()) {
            sb.append(" \t").append(operands(i.operands()));
        }
        return sb.append(';').toString();
    }

    private static String operands(List<PtxOperand> ops) {
        return ops.stream().map(PtxPrinter::operand).collect(Collectors.joining(", "));
    }

    public static String operand(PtxOperand o) {
        return switch (o) {
            case PtxOperand.Name n -> n.name();
            case PtxOperand.Not n -> "!" + n.name();
            case PtxOperand.PredicatePair p -> p.first() + "|" + p.second();
            case PtxOperand.Immediate im -> im.text();
            case PtxOperand.Address a -> "[" + a.base() + (a.offset() == 0 ? "" : "+" + a.offset()) + "]";
            case PtxOperand.Vector v -> "{" + operands(v.elements()) + "}";
            case PtxOperand.Group g -> "(" + operands(g.elements()) + ")";
        };
    }

    private static String variable(Variable v) {
        StringBuilder sb = new StringBuilder();
        if (v.linkage() != null) {
            sb.append(v.linkage()).append(' ');
        }
        sb.append(v.space());
        for (String q : v.qualifiers()) {
            sb.append(' ').append(q);
        }
        sb.append(' ').append(v.type()).append(v.space().equals(".reg") ? " \t" : " ").append(v.name());
        if (v.count() >= 0) {
            sb.append('<').append(v.count()).append('>');
        }
        for (long d : v.dims()) {
            sb.append('[').append(d < 0 ? "" : Long.toString(d)).append(']');
        }
        if (v.initializer() != null) {
            sb.append(" = ").append(v.initializer());
        }
        return sb.toString();
    }

    private static String directive(Directive d) {
        return d.name() + (d.text().isEmpty() ? "" : (d.name().equals(".loc") || d.name().equals(".file") ? "\t" : " ")
                + d.text()) + (d.semicolon() ? ";" : "");
    }
}
