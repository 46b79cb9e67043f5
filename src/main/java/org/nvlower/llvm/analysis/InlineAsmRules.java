package org.nvlower.llvm.analysis;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.InlineAsm;
import org.nvlower.llvm.ir.PointerType;

/**
 * Rules of a call of inline assembly, from its constraint string (LLVM's
 * {@code InlineAsm::ConstraintInfo::Parse} and {@code Verifier::verifyInlineAsmCall}): a clobber
 * {@code ~} is followed by a braced register, a brace is closed; each constraint that takes an
 * argument (an input, or an indirect output {@code =*}) takes the next one, which for an indirect
 * ({@code *}) constraint is a pointer with an {@code elementtype} attribute, and otherwise has no
 * {@code elementtype}. The count of outputs and inputs against the type is not checked.
 */
final class InlineAsmRules {

    private InlineAsmRules() {
    }

    /** The constraint string: the last quoted string of {@code asm ... "code", "constraints"}. */
    private static final Pattern CONSTRAINTS = Pattern.compile("\"([^\"]*)\"\\s*$");

    /** The problem of {@code call}, whose callee is {@code asm}, or null. */
    static String problem(CallInst call, InlineAsm asm) {
        Matcher m = CONSTRAINTS.matcher(asm.text());
        if (!m.find() || m.group(1).isEmpty()) {
            return null;
        }
        int arg = 0;
        for (String c : m.group(1).split(",", -1)) {
            if (c.startsWith("~")) {
                if (c.length() < 2 || c.charAt(1) != '{' || c.indexOf('}') < 0) {
                    return "invalid type for inline asm constraint string";
                }
                continue;
            }
            if (c.indexOf('{') >= 0 && c.indexOf('}', c.indexOf('{')) < 0) {
                return "invalid type for inline asm constraint string";
            }
            boolean output = c.startsWith("=");
            String rest = output ? c.substring(1) : c;
            boolean indirect = rest.startsWith("*");
            if (output && !indirect || c.startsWith("!")) {
                continue; // a returned output, or a label (LLVM 16's callbr): no argument
            }
            if (arg >= call.arguments().size()) {
                return null; // the counts are not checked here
            }
            boolean elementType = call.detail().paramAttributes(arg).has("elementtype");
            if (indirect) {
                if (!(call.argument(arg).type() instanceof PointerType)) {
                    return "Operand for indirect constraint must have pointer type";
                }
                if (!elementType) {
                    return "Operand for indirect constraint must have elementtype attribute";
                }
            } else if (elementType) {
                return "Elementtype attribute can only be applied for indirect constraints";
            }
            arg++;
        }
        return null;
    }
}
