package org.nvlower.llvm.analysis;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.nvlower.llvm.ir.BlockAddress;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantAggregate;
import org.nvlower.llvm.ir.ConstantExpr;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.GlobalAlias;
import org.nvlower.llvm.ir.GlobalValue;
import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.ModuleEntity;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.Value;
import org.nvlower.llvm.ir.VerbatimEntity;

/**
 * What LLParser's {@code sortUseListOrder} checks against a value's uses, for the module-level
 * {@code uselistorder} directives that name a global ({@code uselistorder i32* @g, { 1, 0 }}; the
 * parser keeps them as text and has checked the index list itself): the global has uses, more
 * than one, and exactly as many as indexes. The uses are LLVM's at the directive: operands of the
 * instructions of the functions above it, of the initializers, aliasees and resolvers above it,
 * and of each distinct constant expression or aggregate there (LLVM uniques constants: one user
 * however often it is written; a cast to the same type folded away); metadata is not a use.
 * Directives on constants or constant expressions are not checked, nor globals a personality,
 * prefix or prologue names (kept as text). LLVM 19 reads typed pointers as opaque and folds their
 * bitcasts: it can count more uses than LLVM 14, whose count is this one.
 */
final class UseListOrderRules {

    private UseListOrderRules() {
    }

    /** A problem and the directive's offset in the source. */
    record Found(String message, int offset) {
    }

    /** {@code uselistorder TYPE @name, { indexes }}: the type holds no '@' (a constant expression does). */
    private static final Pattern DIRECTIVE = Pattern.compile(
            "(?m)^[ \\t]*uselistorder[ \\t]+[^@;\\n]+?[ \\t]+@(\"[^\"\\\\]*\"|[-a-zA-Z$._0-9]+)[ \\t]*,[ \\t]*\\{([^}]*)\\}");

    static List<Found> check(Module module) {
        List<Found> found = new ArrayList<>();
        if (module.source() == null) {
            return found;
        }
        List<ModuleEntity> above = new ArrayList<>();
        for (ModuleEntity e : module.entities()) {
            if (e instanceof VerbatimEntity v && v.keyword().equals("uselistorder")) {
                String text = module.source().substring(v.slice().start(), v.slice().end());
                Matcher m = DIRECTIVE.matcher(text);
                if (m.find()) {
                    String message = problem(module, m.group(1), m.group(2).split(",").length, above);
                    if (message != null) {
                        found.add(new Found(message, v.slice().start() + m.start()));
                    }
                }
            }
            above.add(e);
        }
        return found;
    }

    private static String problem(Module module, String name, int indexes, List<ModuleEntity> above) {
        String plain = name.startsWith("\"") ? name.substring(1, name.length() - 1) : name;
        GlobalValue g = plain.matches("\\d+") ? module.numberedGlobal(Integer.parseInt(plain)) : module.global(plain);
        if (g != null && inFunctionHeaderText(g, above)) {
            return null; // a personality, prefix or prologue is kept as text: its uses are not counted here
        }
        int uses = g == null ? 0 : uses(g, above);
        if (uses == 0) {
            return "value has no uses";
        }
        if (uses == 1) {
            return "value only has one use";
        }
        return uses == indexes ? null : "wrong number of indexes, expected " + uses;
    }

    private static boolean inFunctionHeaderText(GlobalValue g, List<ModuleEntity> entities) {
        String ref = "@" + g.name();
        for (ModuleEntity e : entities) {
            if (e instanceof Function f) {
                for (String text : new String[] {f.personality(), f.prefixData(), f.prologueData()}) {
                    if (text != null && text.contains(ref)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** The uses of {@code g} by what {@code entities} hold. */
    private static int uses(GlobalValue g, List<ModuleEntity> entities) {
        int n = 0;
        Set<Constant> constants = new LinkedHashSet<>(); // distinct, as LLVM's uniqued constants
        for (ModuleEntity e : entities) {
            if (e instanceof Function f && !f.isDeclaration()) {
                for (var it = f.instructions().iterator(); it.hasNext();) {
                    for (Value v : it.next().operands()) {
                        n += folded(v) == g ? 1 : 0;
                        collect(v, constants);
                    }
                }
            } else if (e instanceof GlobalVariable v && v.initializer() != null) {
                n += folded(v.initializer()) == g ? 1 : 0;
                collect(v.initializer(), constants);
            } else if (e instanceof GlobalAlias a && a.target() != null) {
                n += folded(a.target()) == g ? 1 : 0;
                collect(a.target(), constants);
            }
        }
        for (Constant c : constants) {
            for (Constant op : operands(c)) {
                n += folded(op) == g ? 1 : 0;
            }
        }
        return n;
    }

    /** A cast to its operand's own type ({@code bitcast (ptr @g to ptr)}) is its operand: LLVM folds it away. */
    private static Value folded(Value v) {
        while (v instanceof ConstantExpr e && e.opcode().kind() == Opcode.Kind.CAST && e.operands().size() == 1
                && e.operands().get(0).type().equals(e.type())) {
            v = e.operands().get(0);
        }
        return v;
    }

    /** {@code v} and the constants inside it that have operands. */
    private static void collect(Value v, Set<Constant> into) {
        v = folded(v);
        if (v instanceof GlobalValue || !(v instanceof Constant c) || operands(c).isEmpty() || !into.add(c)) {
            return;
        }
        for (Constant op : operands(c)) {
            collect(op, into);
        }
    }

    private static List<? extends Constant> operands(Constant c) {
        return switch (c) {
            case ConstantExpr e -> e.operands();
            case ConstantAggregate a -> a.elements();
            case BlockAddress b -> b.global() == null ? List.of() : List.of(b.global());
            default -> List.of();
        };
    }
}
