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
    /** State spaces of module-level declarations ({@code .tex}: the texture space of PTX before 1.5). */
    private static final Set<String> MODULE_SPACES = Set.of(".global", ".const", ".shared", ".local", ".reg", ".tex");
    /**
     * Directives kept as their text up to the {@code ;}: {@code .alias}, {@code .pragma} at module
     * level; in a body (after a label) the indirect call and branch tables.
     */
    private static final Set<String> OPAQUE_DIRECTIVES = Set.of(".alias", ".pragma", ".callprototype", ".calltargets",
            ".branchtargets");
    /** What may follow a function declaration that old nvcc wrote without its ';'. */
    private static final Set<String> ITEM_STARTS = Set.of(".visible", ".extern", ".weak", ".common", ".entry", ".func",
            ".global", ".const", ".shared", ".local", ".reg", ".tex", ".file", ".loc", ".section", ".alias", ".pragma");

    private final PtxLexer lexer;
    private final List<Token> tokens;
    private int pos;

    /** Module-level variables and, while a function is read, its registers, labels and uses. */
    private final List<Variable> moduleVariables = new ArrayList<>();
    private final List<PtxModule.Item> pendingItems = new ArrayList<>();
    private List<Variable> registers;
    /** The innermost '{ }' being read: labels are scoped to their block, as ptxas scopes them. */
    private LabelScope scope;
    private List<Token> registerUses;
    private List<LabelUse> labelUses;
    /** Every label of the function being read, in any block. */
    private Set<String> allLabels;

    /**
     * A block's labels. A label is visible in its block and the blocks inside it, and an inner
     * block may define a name again (inline asm expanded twice defines its labels once per copy).
     */
    private record LabelScope(LabelScope outer, Set<String> labels) {
        LabelScope(LabelScope outer) {
            this(outer, new HashSet<>());
        }

        boolean sees(String label) {
            for (LabelScope s = this; s != null; s = s.outer) {
                if (s.labels.contains(label)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** A label named as a branch target, with the block it is named in. */
    private record LabelUse(Token token, LabelScope scope) {}

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
        if (version.text().matches("\\d+\\.\\d+") && !version.text().matches("\\d{1,2}\\.\\d{1,2}")) {
            throw error(version, "unknown PTX version " + version.text());
        }
        if (!version.text().matches("\\d+\\.\\d+")) {
            throw error(version, "expected a version number MAJOR.MINOR, got '" + version.text() + "'");
        }
        expect(".target", "expected '.target' after '.version'");
        List<String> target = new ArrayList<>();
        Token sm = expect(Kind.WORD, "expected a target such as sm_80");
        target.add(sm.text());
        while (accept(",")) {
            target.add(expect(Kind.WORD, "expected a target option").text());
        }
        String problem = PtxTargets.check(version.text(), target);
        if (problem != null) {
            throw error(sm, problem);
        }
        int addressSize = 0; // none: PTX before 2.3 has no .address_size (32-bit, or 64 by nvcc's -m64)
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
            items.addAll(pendingItems);
            pendingItems.clear();
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
        if (t.kind() == Kind.WORD && MODULE_SPACES.contains(t.text())) {
            Variable v = variable(linkage, false);
            moduleVariables.add(v);
            if (!peek().is(",")) {
                expect(";", "expected ';' after the declaration");
                return v;
            }
            // .global .texref a, b; is two declarations: the first kept as an item, the rest after it
            List<Variable> more = new ArrayList<>();
            while (accept(",")) {
                Token name = expect(Kind.WORD, "expected another name in the declaration");
                more.add(new Variable(linkage, v.space(), v.qualifiers(), v.type(), name.text(), count(), List.of(), null));
            }
            expect(";", "expected ';' after the declaration");
            moduleVariables.addAll(more);
            pendingItems.addAll(more);
            return v;
        }
        if (linkage == null && t.is(".section")) {
            return section();
        }
        if (linkage == null && t.kind() == Kind.WORD && OPAQUE_DIRECTIVES.contains(t.text())) {
            return opaque();
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
        if (accept(";") || !entry && !peek().is("{") && (peek().kind() == Kind.EOF
                || peek().kind() == Kind.WORD && ITEM_STARTS.contains(peek().text()))) {
            return new PtxFunction(linkage, entry, returns, name, params, attributes, null);
        }
        Token open = expect("{", "expected '{' or ';' after the signature of " + name);
        registers = new ArrayList<>(moduleVariables);
        registers.addAll(returns);
        registers.addAll(params);
        scope = new LabelScope(null);
        allLabels = new HashSet<>();
        registerUses = new ArrayList<>();
        labelUses = new ArrayList<>();
        List<Statement> body = block(open);
        for (Token use : registerUses) {
            if (!declared(use.text())) {
                throw error(use, "register '" + use.text() + "' is not declared");
            }
        }
        for (LabelUse use : labelUses) {
            if (!use.scope().sees(use.token().text())) {
                throw error(use.token(), "branch target '" + use.token().text() + "' is not a label of " + name
                        + (allLabels.contains(use.token().text()) ? " visible here (it is defined in a '{ }' block that"
                                + " does not enclose the branch)" : ""));
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
                LabelScope outer = scope;
                scope = new LabelScope(outer);
                body.add(new Block(block(next())));
                scope = outer;
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
            } else if (t.kind() == Kind.WORD && OPAQUE_DIRECTIVES.contains(t.text())) {
                body.add(opaque());
            } else if (t.kind() == Kind.WORD && t.text().startsWith(".")) {
                throw error(t, "unknown or misplaced directive '" + t.text() + "'");
            } else if (t.kind() == Kind.WORD && !t.text().startsWith("%") && tokens.get(pos + 1).is(":")) {
                next();
                next();
                allLabels.add(t.text());
                if (!scope.labels().add(t.text())) {
                    throw error(t, "label '" + t.text() + "' is defined twice in one block");
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
            } else if (q.text().matches("\\.v[248]|\\.ptr|\\.global|\\.const|\\.shared|\\.local|\\.shared::\\w+")) {
                qualifiers.add(q.text());
            } else if (q.is(".attribute") && peek().is("(")) {
                qualifiers.add(q.text() + parenthesised());
            } else {
                throw error(q, "unknown qualifier or type '" + q.text() + "' in a " + space + " declaration");
            }
        }
        Token type = expect(Kind.WORD, "expected a type such as .b32 in the " + space + " declaration");
        if (!PtxOpcodes.TYPES.contains(type.text())) {
            throw error(type, "expected a type such as .b32 in the " + space + " declaration, got '" + type.text() + "'");
        }
        if (peek().is(".ptr") && !qualifiers.contains(".ptr")) {
            // a kernel parameter's pointer attributes, after its type: .param .u64 .ptr .global .align 4 p
            qualifiers.add(next().text());
            if (peek().kind() == Kind.WORD && peek().text().matches("\\.global|\\.const|\\.shared|\\.local")) {
                qualifiers.add(next().text());
            }
            if (accept(".align")) {
                qualifiers.add(".align " + parseCount(expect(Kind.NUMBER, "expected the alignment in bytes")));
            }
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

    /** {@code (.managed)}, {@code (.unified(0x1, 0x2))}: a parenthesised attribute list, as its words without spaces. */
    private String parenthesised() {
        StringBuilder sb = new StringBuilder();
        int depth = 0;
        do {
            Token t = next();
            if (t.kind() == Kind.EOF || t.is(";")) {
                throw error(t, "expected ')' to close the attribute");
            }
            depth += t.is("(") ? 1 : t.is(")") ? -1 : 0;
            sb.append(t.is(",") ? ", " : t.text());
        } while (depth > 0);
        return sb.toString();
    }

    /**
     * An initializer's text in canonical spacing, up to the ';': {@code {1, 2, {3, 4}}}, {@code -1},
     * {@code 0f3F800000}, {@code generic(bias)+4}.
     */
    private String initializer() {
        StringBuilder sb = new StringBuilder();
        int depth = 0;
        boolean afterValue = false; // two values in a row are two initializers without a ','
        while (depth > 0 || sb.isEmpty() || !peek().is(";")) {
            Token t = next();
            if (t.kind() == Kind.EOF || t.is(";")) {
                throw error(t, depth == 0 ? "expected an initializer value" : "'{' of the initializer is never closed");
            }
            boolean value = !(t.is("{") || t.is("}") || t.is(",") || t.is("(") || t.is(")") || t.is("+") || t.is("-") || t.is("="));
            if (afterValue && value) {
                throw error(t, "expected ',', an operator or ';' in the initializer, got '" + t.text() + "'");
            }
            afterValue = value || t.is(")");
            if (t.is("{")) {
                depth++;
            } else if (t.is("}")) {
                depth--;
            }
            sb.append(t.is(",") ? ", " : t.text());
        }
        return sb.toString();
    }

    private Instruction instruction() {
        Guard guard = null;
        if (accept("@")) {
            boolean negated = accept("!");
            Token p = expect(Kind.WORD, "expected a predicate register after '@'");
            if (p.text().startsWith(".")) {
                throw error(p, "expected a predicate register after '@', got '" + p.text() + "'");
            }
            registerUses.add(p); // %p1, or a name such as p (ptxas takes both)
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
        if (peek().is("[") && bracketHasComma()) {
            next();
            List<PtxOperand> elements = new ArrayList<>();
            do {
                elements.add(operand(base));
            } while (accept(","));
            expect("]", "expected ',' or ']' after the operands in '[ ]'");
            return new PtxOperand.Bracket(elements);
        }
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
                labelUses.add(new LabelUse(t, scope));
            }
            if ((peek().is("+") || peek().is("-")) && !base.equals("bra")) {
                // an address expression as an operand: mov.u64 %rd1, table+4; st.u64 [p], temp + 1
                boolean minus = next().is("-");
                if (!minus && accept("-")) {
                    minus = true;
                }
                Token n = expect(Kind.NUMBER, "expected an offset");
                long offset = parseLong(n) * (minus ? -1 : 1);
                return new PtxOperand.Name(t.text() + (offset < 0 ? "" : "+") + offset);
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

    /** Whether the '[' at the current token holds a ',' before its ']' (a texture or surface operand). */
    private boolean bracketHasComma() {
        int depth = 0;
        for (int k = pos; k < tokens.size(); k++) {
            Token t = tokens.get(k);
            if (t.is("[") || t.is("{") || t.is("(")) {
                depth++;
            } else if (t.is("]") || t.is("}") || t.is(")")) {
                if (--depth == 0) {
                    return false;
                }
            } else if (t.is(",") && depth == 1) {
                return true;
            } else if (t.is(";") || t.kind() == Kind.EOF) {
                return false;
            }
        }
        return false;
    }

    /** A directive kept as its words up to and with the ';' ({@code .callprototype (.param .b32 _) _ ();}). */
    private Directive opaque() {
        Token name = next();
        StringBuilder text = new StringBuilder();
        Token prev = null;
        while (!peek().is(";")) {
            Token t = next();
            if (t.kind() == Kind.EOF) {
                throw error(name, "expected ';' to end " + name.text());
            }
            if (prev != null && !t.is(",") && !t.is(")") && !t.is("]") && !prev.is("(") && !prev.is("[")) {
                text.append(' ');
            }
            text.append(t.text());
            prev = t;
        }
        next();
        return new Directive(name.text(), text.toString(), true);
    }

    /**
     * A {@code .section NAME { ... }} (the DWARF sections of -lineinfo and -G builds: debug
     * information for the debugger, nothing a kernel runs): kept as its text, printed back as it was.
     */
    private Directive section() {
        Token name = next();
        Token first = peek();
        Token t;
        int depth = 0;
        do {
            t = next();
            if (t.kind() == Kind.EOF) {
                throw error(name, "'.section' is never closed with '}'");
            }
            if (t.is("{")) {
                depth++;
            } else if (t.is("}")) {
                depth--;
            }
        } while (depth > 0 || !t.is("}"));
        return new Directive(name.text(), lexer.text(first.offset(), t.offset() + 1), false);
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
