package org.nvlower.ptx;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.nvlower.diag.InputException;
import org.nvlower.ptx.PtxLexer.Kind;
import org.nvlower.ptx.PtxLexer.Token;
import org.nvlower.ptx.Statement.Block;
import org.nvlower.ptx.Statement.Directive;
import org.nvlower.ptx.Statement.Guard;
import org.nvlower.ptx.Statement.Instruction;
import org.nvlower.ptx.Statement.Label;
import org.nvlower.ptx.Statement.Variable;

/**
 * Reads the PTX subset into a {@link PtxModule}. Checks what a malformed kernel gets wrong
 * before ptxas would: the header, the declarations' syntax, the operand counts of the
 * instructions the subset models ({@link PtxOpcodes}), registers used but not declared, branch
 * targets that are not labels of the function. Instructions outside the subset are kept as
 * they are. Every error is an {@link InputException} at {@code FILE:LINE:COL}.
 */
public final class PtxReader {

    /** Line directives: they end at the line's end, without a semicolon. */
    private static final Set<String> LINE_DIRECTIVES = Set.of(".loc", ".file");
    /** Directives between a function's signature and its body. */
    private static final Set<String> FUNCTION_ATTRIBUTES = Set.of(".maxntid", ".reqntid", ".minnctapersm",
            ".maxnctapersm", ".maxnreg", ".noreturn", ".pragma", ".explicitcluster", ".reqnctapercluster",
            ".maxclusterrank");
    private static final Set<String> LINKAGES = Set.of(".visible", ".extern", ".weak", ".common");

    private final PtxLexer lexer;
    private final List<Token> tokens;
    private int pos;

    /** Module-level variables and, while a function is read, its registers, labels and uses. */
    private final List<Variable> moduleVariables = new ArrayList<>();
    private List<Variable> registers;
    private Set<String> labels;
    private List<Token> registerUses;
    private List<Token> labelUses;

    private PtxReader(String file, String text) {
        this.lexer = new PtxLexer(file, text);
        this.tokens = lexer.tokens();
    }

    /** Reads {@code text}; {@code file} names it in error messages. */
    public static PtxModule read(String file, String text) {
        return new PtxReader(file, text).module();
    }

    private PtxModule module() {
        expect(".version", "expected '.version' at the start of a PTX module");
        Token version = expect(Kind.NUMBER, "expected a version number such as 8.0");
        if (!version.text().matches("\\d+\\.\\d+")) {
            throw error(version, "expected a version number MAJOR.MINOR, got '" + version.text() + "'");
        }
        expect(".target", "expected '.target' after '.version'");
        List<String> target = new ArrayList<>();
        target.add(expect(Kind.WORD, "expected a target such as sm_80").text());
        while (accept(",")) {
            target.add(expect(Kind.WORD, "expected a target option").text());
        }
        int addressSize = 64;
        if (peek().is(".address_size")) {
            next();
            Token size = expect(Kind.NUMBER, "expected 32 or 64");
            if (!size.text().equals("32") && !size.text().equals("64")) {
                throw error(size, "address size must be 32 or 64, got " + size.text());
            }
            addressSize = Integer.parseInt(size.text());
        }
        List<PtxModule.Item> items = new ArrayList<>();
        while (peek().kind() != Kind.EOF) {
            items.add(item());
        }
        return new PtxModule(version.text(), target, addressSize, items);
    }

    private PtxModule.Item item() {
        Token t = peek();
        if (t.kind() == Kind.WORD && LINE_DIRECTIVES.contains(t.text())) {
            return lineDirective();
        }
        String linkage = null;
        if (t.kind() == Kind.WORD && LINKAGES.contains(t.text())) {
            linkage = next().text();
            t = peek();
        }
        if (t.is(".entry") || t.is(".func")) {
            return function(linkage);
        }
        if (t.kind() == Kind.WORD && (t.is(".global") || t.is(".const") || t.is(".shared"))) {
            Variable v = variable(linkage, false);
            expect(";", "expected ';' after the declaration");
            moduleVariables.add(v);
            return v;
        }
        throw error(t, t.kind() == Kind.WORD && t.text().startsWith(".")
                ? "unknown or misplaced directive '" + t.text() + "'"
                : "expected a function or variable declaration, got " + describe(t));
    }

    private PtxFunction function(String linkage) {
        boolean entry = next().is(".entry");
        List<Variable> returns = List.of();
        if (!entry && peek().is("(")) {
            returns = params();
        }
        String name = expect(Kind.WORD, "expected the function's name").text();
        List<Variable> params = peek().is("(") ? params() : List.of();
        List<Directive> attributes = new ArrayList<>();
        while (peek().kind() == Kind.WORD && FUNCTION_ATTRIBUTES.contains(peek().text())) {
            attributes.add(attribute());
        }
        if (accept(";")) {
            return new PtxFunction(linkage, entry, returns, name, params, attributes, null);
        }
        Token open = expect("{", "expected '{' or ';' after the signature of " + name);
        registers = new ArrayList<>(moduleVariables);
        registers.addAll(returns);
        registers.addAll(params);
        labels = new HashSet<>();
        registerUses = new ArrayList<>();
        labelUses = new ArrayList<>();
        List<Statement> body = block(open);
        for (Token use : registerUses) {
            if (!declared(use.text())) {
                throw error(use, "register '" + use.text() + "' is not declared");
            }
        }
        for (Token use : labelUses) {
            if (!labels.contains(use.text())) {
                throw error(use, "branch target '" + use.text() + "' is not a label of " + name);
            }
        }
        return new PtxFunction(linkage, entry, returns, name, params, attributes, body);
    }

    /** Whether {@code reg} is a special register or declared: by name, or as {@code %r7} of a range {@code %r<N>}. */
    private boolean declared(String reg) {
        int end = reg.length();
        while (end > 0 && Character.isDigit(reg.charAt(end - 1))) {
            end--;
        }
        String stem = reg.substring(0, end);
        for (Variable v : registers) {
            if (v.count() < 0 ? v.name().equals(reg) : v.name().equals(stem) && v.declares(reg)) {
                return true;
            }
        }
        return PtxOpcodes.isSpecialRegister(reg);
    }

    private List<Variable> params() {
        expect("(", "expected '('");
        List<Variable> out = new ArrayList<>();
        if (accept(")")) {
            return out;
        }
        do {
            Token t = peek();
            if (!t.is(".param") && !t.is(".reg")) {
                throw error(t, "expected '.param' or '.reg' in a parameter list, got " + describe(t));
            }
            out.add(variable(null, true));
        } while (accept(","));
        expect(")", "expected ',' or ')' in the parameter list");
        return out;
    }

    private Directive attribute() {
        String name = next().text();
        StringBuilder text = new StringBuilder();
        while (peek().kind() == Kind.NUMBER || peek().kind() == Kind.STRING || peek().is(",")) {
            Token t = next();
            text.append(t.is(",") ? ", " : t.text());
        }
        boolean semicolon = name.equals(".pragma") && accept(";");
        return new Directive(name, text.toString(), semicolon);
    }

    /** The statements up to the '}' matching {@code open}. */
    private List<Statement> block(Token open) {
        List<Statement> body = new ArrayList<>();
        while (true) {
            Token t = peek();
            if (t.kind() == Kind.EOF) {
                throw error(open, "'{' is never closed");
            }
            if (accept("}")) {
                return body;
            }
            if (t.is("{")) {
                body.add(new Block(block(next())));
            } else if (t.kind() == Kind.WORD && LINE_DIRECTIVES.contains(t.text())) {
                body.add(lineDirective());
            } else if (t.kind() == Kind.WORD && PtxOpcodes.SPACES.contains(t.text())) {
                Variable v = variable(null, false);
                body.add(v);
                registers.add(v);
                while (accept(",")) {
                    Token name = expect(Kind.WORD, "expected another name in the declaration");
                    Variable more = new Variable(null, v.space(), v.qualifiers(), v.type(), name.text(), count(),
                            List.of(), null);
                    body.add(more);
                    registers.add(more);
                }
                expect(";", "expected ';' after the declaration");
            } else if (t.is(".pragma")) {
                next();
                Token s = expect(Kind.STRING, "expected a string after .pragma");
                expect(";", "expected ';' after .pragma");
                body.add(new Directive(".pragma", s.text(), true));
            } else if (t.kind() == Kind.WORD && t.text().startsWith(".")) {
                throw error(t, "unknown or misplaced directive '" + t.text() + "'");
            } else if (t.kind() == Kind.WORD && !t.text().startsWith("%") && tokens.get(pos + 1).is(":")) {
                next();
                next();
                if (!labels.add(t.text())) {
                    throw error(t, "label '" + t.text() + "' is defined twice");
                }
                body.add(new Label(t.text()));
            } else {
                body.add(instruction());
            }
        }
    }

    private Directive lineDirective() {
        Token name = next();
        StringBuilder text = new StringBuilder();
        while (peek().kind() != Kind.EOF && !peek().lineStart()) {
            Token t = next();
            text.append(text.isEmpty() || t.is(",") ? "" : " ").append(t.text());
        }
        return new Directive(name.text(), text.toString(), false);
    }

    /** A {@code <N>} register count after a declared name, or -1. */
    private int count() {
        if (!accept("<")) {
            return -1;
        }
        Token n = expect(Kind.NUMBER, "expected the number of registers");
        int count = parseCount(n);
        expect(">", "expected '>'");
        return count;
    }

    private int parseCount(Token n) {
        try {
            return Integer.parseInt(n.text());
        } catch (NumberFormatException e) {
            throw error(n, "expected a decimal count, got '" + n.text() + "'");
        }
    }

    /** {@code SPACE QUALIFIERS TYPE NAME [<N>] [DIMS] [= INIT]}, without the ';'. */
    private Variable variable(String linkage, boolean param) {
        String space = next().text();
        List<String> qualifiers = new ArrayList<>();
        while (peek().kind() == Kind.WORD && peek().text().startsWith(".") && !PtxOpcodes.TYPES.contains(peek().text())) {
            Token q = next();
            if (q.is(".align")) {
                qualifiers.add(".align " + parseCount(expect(Kind.NUMBER, "expected the alignment in bytes")));
            } else if (q.text().matches("\\.v[248]|\\.ptr|\\.global|\\.const|\\.shared|\\.local")) {
                qualifiers.add(q.text());
            } else {
                throw error(q, "unknown qualifier or type '" + q.text() + "' in a " + space + " declaration");
            }
        }
        Token type = expect(Kind.WORD, "expected a type such as .b32 in the " + space + " declaration");
        if (!PtxOpcodes.TYPES.contains(type.text())) {
            throw error(type, "expected a type such as .b32 in the " + space + " declaration, got '" + type.text() + "'");
        }
        Token name = expect(Kind.WORD, "expected a name after the type");
        if (name.text().startsWith(".")) {
            throw error(name, "expected a name after the type, got '" + name.text() + "'");
        }
        int count = count();
        if (count >= 0 && !space.equals(".reg")) {
            throw error(name, "a range of names <N> is only allowed in .reg declarations");
        }
        List<Long> dims = new ArrayList<>();
        while (accept("[")) {
            if (accept("]")) {
                dims.add(-1L);
            } else {
                dims.add((long) parseCount(expect(Kind.NUMBER, "expected an array size")));
                expect("]", "expected ']'");
            }
        }
        String init = null;
        if (!param && accept("=")) {
            init = initializer();
        }
        return new Variable(linkage, space, qualifiers, type.text(), name.text(), count, dims, init);
    }

    /** An initializer's text in canonical spacing: {@code {1, 2, {3, 4}}}, {@code -1}, {@code 0f3F800000}. */
    private String initializer() {
        StringBuilder sb = new StringBuilder();
        int depth = 0;
        do {
            Token t = next();
            if (t.kind() == Kind.EOF || t.is(";")) {
                throw error(t, depth == 0 ? "expected an initializer value" : "'{' of the initializer is never closed");
            }
            if (t.is("{")) {
                depth++;
            } else if (t.is("}")) {
                depth--;
            }
            sb.append(t.is(",") ? ", " : t.text());
        } while (depth > 0 || sb.toString().equals("-"));
        return sb.toString();
    }

    private Instruction instruction() {
        Guard guard = null;
        if (accept("@")) {
            boolean negated = accept("!");
            Token p = expect(Kind.WORD, "expected a predicate register after '@'");
            if (!p.text().startsWith("%")) {
                throw error(p, "expected a predicate register after '@', got '" + p.text() + "'");
            }
            registerUses.add(p);
            guard = new Guard(negated, p.text());
        }
        Token op = peek();
        if (op.kind() != Kind.WORD || op.text().startsWith("%") || op.text().startsWith(".")
                || op.text().startsWith("$")) {
            throw error(op, "expected an instruction, got " + describe(op));
        }
        next();
        String base = op.text().contains(".") ? op.text().substring(0, op.text().indexOf('.')) : op.text();
        if (peek().is("}") || peek().kind() == Kind.EOF) {
            throw error(peek(), "expected ';' after '" + op.text() + "', got " + describe(peek()));
        }
        List<PtxOperand> operands = new ArrayList<>();
        if (!peek().is(";")) {
            do {
                operands.add(operand(base));
            } while (accept(","));
        }
        Token end = peek();
        if (!accept(";")) {
            throw error(end, "expected ',' or ';' after an operand, got " + describe(end));
        }
        PtxOpcodes.Arity arity = PtxOpcodes.arity(base);
        if (arity != null && (operands.size() < arity.min() || operands.size() > arity.max())) {
            String want = arity.min() == arity.max() ? Integer.toString(arity.min()) : arity.min() + " to " + arity.max();
            throw error(op, "'" + op.text() + "' takes " + want + " operands, got " + operands.size());
        }
        if (arity != null && arity.min() > 1 && op.text().indexOf('.') < 0) {
            throw error(op, "'" + op.text() + "' needs a type, e.g. " + base + ".s32");
        }
        return new Instruction(guard, op.text(), operands);
    }

    private PtxOperand operand(String base) {
        Token t = peek();
        if (accept("[")) {
            Token b = next();
            if (b.kind() != Kind.WORD && b.kind() != Kind.NUMBER) {
                throw error(b, "expected a register, a name or an address inside '[ ]', got " + describe(b));
            }
            if (b.text().startsWith("%")) {
                registerUses.add(b);
            }
            long offset = 0;
            if (peek().is("+") || peek().is("-")) {
                boolean minus = next().is("-");
                if (!minus && accept("-")) {
                    minus = true;
                }
                Token n = expect(Kind.NUMBER, "expected an offset");
                offset = parseLong(n) * (minus ? -1 : 1);
            }
            expect("]", "expected ']' after the address");
            return new PtxOperand.Address(b.text(), offset);
        }
        if (accept("{")) {
            List<PtxOperand> elements = new ArrayList<>();
            do {
                elements.add(operand(base));
            } while (accept(","));
            expect("}", "expected ',' or '}' in the vector");
            return new PtxOperand.Vector(elements);
        }
        if (accept("(")) {
            List<PtxOperand> elements = new ArrayList<>();
            if (!accept(")")) {
                do {
                    elements.add(operand(base));
                } while (accept(","));
                expect(")", "expected ',' or ')' in the list");
            }
            return new PtxOperand.Group(elements);
        }
        if (accept("!")) {
            Token p = expect(Kind.WORD, "expected a predicate after '!'");
            registerUses.add(p);
            return new PtxOperand.Not(p.text());
        }
        if (t.is("-") || t.kind() == Kind.NUMBER) {
            next();
            if (t.is("-")) {
                Token n = expect(Kind.NUMBER, "expected a number after '-'");
                return new PtxOperand.Immediate("-" + n.text());
            }
            return new PtxOperand.Immediate(t.text());
        }
        if (t.kind() == Kind.WORD && !t.text().startsWith(".")) {
            next();
            if (t.text().startsWith("%")) {
                registerUses.add(t);
            } else if (base.equals("bra")) {
                labelUses.add(t);
            }
            if (accept("|")) {
                Token second = expect(Kind.WORD, "expected a second predicate after '|'");
                registerUses.add(second);
                return new PtxOperand.PredicatePair(t.text(), second.text());
            }
            return new PtxOperand.Name(t.text());
        }
        throw error(t, "expected an operand, got " + describe(t));
    }

    private long parseLong(Token n) {
        try {
            String s = n.text().endsWith("U") ? n.text().substring(0, n.text().length() - 1) : n.text();
            return s.startsWith("0x") || s.startsWith("0X") ? Long.parseUnsignedLong(s.substring(2), 16) : Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw error(n, "expected an integer offset, got '" + n.text() + "'");
        }
    }

    // --- tokens

    private Token peek() {
        return tokens.get(pos);
    }

    private Token next() {
        Token t = tokens.get(pos);
        if (t.kind() != Kind.EOF) {
            pos++;
        }
        return t;
    }

    private boolean accept(String s) {
        if (peek().is(s)) {
            pos++;
            return true;
        }
        return false;
    }

    private Token expect(String s, String message) {
        Token t = peek();
        if (!t.is(s)) {
            throw error(t, message + ", got " + describe(t));
        }
        return next();
    }

    private Token expect(Kind kind, String message) {
        Token t = peek();
        if (t.kind() != kind) {
            throw error(t, message + ", got " + describe(t));
        }
        return next();
    }

    private static String describe(Token t) {
        return switch (t.kind()) {
            case EOF -> "the end of the input";
            case STRING -> "a string";
            default -> "'" + t.text() + "'";
        };
    }

    private InputException error(Token t, String message) {
        return lexer.error(t.offset(), message);
    }
}
