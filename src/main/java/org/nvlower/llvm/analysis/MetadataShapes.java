package org.nvlower.llvm.analysis;

import java.math.BigInteger;
import java.util.List;

import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.MetadataAttachment;
import org.nvlower.llvm.ir.MetadataText;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.Type;

/**
 * The shapes LLVM's verifier requires of instruction attachments ({@code visitRangeMetadata},
 * the {@code !nonnull}/{@code !align} checks of {@code visitLoadInst}, {@code visitProfMetadata}):
 * {@code !range} on a load, call or invoke of integer type, pairs of integers of that type;
 * {@code !nonnull} and {@code !align} on loads of pointers only, {@code !align} one {@code i64} power of two; {@code !prof} branch weights one per
 * successor of a {@code br}/{@code switch}/{@code indirectbr}; {@code !tbaa} (LLVM's
 * {@code TBAAVerifier}, basic shape) only on loads, stores, calls, va_arg, atomicrmw and cmpxchg, and a
 * struct-path access tag (base, access, offset [, constant]) whose base and access are nodes and
 * whose offset is an integer of the width the base type's own offsets use. Returns the message of the first
 * broken rule, or null.
 */
final class MetadataShapes {

    private static final java.util.Set<String> KINDS = java.util.Set.of("range", "nonnull", "align", "prof", "tbaa",
            "fpmath", "dereferenceable", "dereferenceable_or_null", "invariant.group", "annotation");

    private MetadataShapes() {
    }

    static String problem(java.util.Map<String, String> module, Instruction inst, MetadataAttachment a) {
        if (!KINDS.contains(a.name())) {
            return null;
        }
        String body = body(module, a.node());
        return switch (a.name()) {
            case "range" -> range(inst, body);
            case "nonnull" -> inst.opcode() != Opcode.LOAD ? "nonnull applies only to load instructions, use attributes for calls or invokes"
                    : !(inst.type() instanceof PointerType) ? "nonnull applies only to pointer types" : null;
            case "align" -> align(inst, body);
            case "prof" -> prof(inst, body);
            case "tbaa" -> tbaa(module, inst, body);
            case "fpmath" -> fpmath(inst, body);
            case "invariant.group" -> inst.opcode() == Opcode.LOAD || inst.opcode() == Opcode.STORE ? null
                    : "invariant.group metadata is only for loads and stores";
            case "annotation" -> annotation(body);
            default -> dereferenceable(inst, body);
        };
    }

    /**
     * A function's {@code !prof} (LLVM's verifyFunctionMetadata): a node of a name,
     * {@code function_entry_count} or {@code synthetic_function_entry_count}, and an integer.
     */
    static String functionProblem(java.util.Map<String, String> module, MetadataAttachment a) {
        if (!a.name().equals("prof")) {
            return null;
        }
        String body = body(module, a.node());
        List<String> elements = body == null ? null : MetadataText.tupleElements(body);
        if (elements == null) {
            return null;
        }
        if (elements.size() < 2) {
            return "!prof annotations should have no less than 2 operands";
        }
        String name = MetadataText.stringValue(elements.get(0));
        if (name == null) {
            return "expected string with name of the !prof annotation";
        }
        if (!name.equals("function_entry_count") && !name.equals("synthetic_function_entry_count")) {
            return "first operand should be 'function_entry_count' or 'synthetic_function_entry_count'";
        }
        return elements.get(1).matches("i\\d+ -?\\d+") ? null : "expected integer argument to function_entry_count";
    }

    /** {@code !annotation}: a tuple of one or more strings (LLVM's visitAnnotationMetadata). */
    private static String annotation(String body) {
        List<String> elements = body == null ? null : MetadataText.tupleElements(body);
        if (elements == null) {
            return body != null && !body.startsWith("!{") && !body.startsWith("distinct") ? "annotation must be a tuple"
                    : null;
        }
        if (elements.isEmpty()) {
            return "annotation must have at least one operand";
        }
        for (String e : elements) {
            if (MetadataText.stringValue(e) == null) {
                return "operands must be strings";
            }
        }
        return null;
    }

    /** {@code !fpmath}: on a floating-point result, one positive finite {@code float} accuracy. */
    private static String fpmath(Instruction inst, String body) {
        if (!(inst.type().scalarType() instanceof org.nvlower.llvm.ir.FloatType)) {
            return "fpmath requires a floating point result!";
        }
        List<String> elements = body == null ? null : MetadataText.tupleElements(body);
        if (elements == null) {
            return null;
        }
        if (elements.size() != 1) {
            return "fpmath takes one operand!";
        }
        String e = elements.get(0);
        int space = e.indexOf(' ');
        String type = space < 0 ? "" : e.substring(0, space);
        if (!java.util.Set.of("half", "bfloat", "float", "double", "fp128", "x86_fp80", "ppc_fp128").contains(type)) {
            return "invalid fpmath accuracy!";
        }
        if (!type.equals("float")) {
            return "fpmath accuracy must have float type";
        }
        Double v = floatLiteral(e.substring(space + 1).strip());
        if (v == null) {
            return null; // a form not read here: llvm-as judges it
        }
        return v > 0 && !v.isInfinite() && !v.isNaN() ? null : "fpmath accuracy not a positive number!";
    }

    /** A decimal or {@code 0x} (the double's bits) float literal, or null. */
    private static Double floatLiteral(String s) {
        try {
            if (s.startsWith("0x") && s.length() == 18) {
                return Double.longBitsToDouble(Long.parseUnsignedLong(s.substring(2), 16));
            }
            return s.matches("[-+]?\\d+(\\.\\d*)?([eE][-+]?\\d+)?") ? Double.parseDouble(s) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** {@code !dereferenceable}/{@code !dereferenceable_or_null}: a pointer load or inttoptr, one i64. */
    private static String dereferenceable(Instruction inst, String body) {
        if (!(inst.type() instanceof PointerType)) {
            return "dereferenceable, dereferenceable_or_null apply only to pointer types";
        }
        if (inst.opcode() != Opcode.LOAD && inst.opcode() != Opcode.INTTOPTR) {
            return "dereferenceable, dereferenceable_or_null apply only to load and inttoptr instructions, use "
                    + "attributes for calls or invokes";
        }
        List<String> elements = body == null ? null : MetadataText.tupleElements(body);
        if (elements == null) {
            return null;
        }
        if (elements.size() != 1) {
            return "dereferenceable, dereferenceable_or_null take one operand!";
        }
        return elements.get(0).matches("i64 -?\\d+") ? null
                : "dereferenceable, dereferenceable_or_null metadata value must be an i64!";
    }

    private static String range(Instruction inst, String body) {
        if (inst.opcode() != Opcode.LOAD && inst.opcode() != Opcode.CALL && inst.opcode() != Opcode.INVOKE) {
            return "Ranges are only for loads, calls and invokes!";
        }
        List<String> elements = body == null ? null : MetadataText.tupleElements(body);
        if (elements == null) {
            return null; // not read here (a forward or odd reference): llvm-as judges the syntax
        }
        if (elements.isEmpty() || elements.size() % 2 != 0) {
            return "Unfinished range!";
        }
        Type t = inst.type();
        if (!(t instanceof IntegerType it)) {
            return "Range types must match instruction type!";
        }
        for (int i = 0; i < elements.size(); i += 2) {
            BigInteger lo = integer(elements.get(i), it);
            BigInteger hi = integer(elements.get(i + 1), it);
            if (lo == null || hi == null) {
                return "Range types must match instruction type!";
            }
        }
        return null;
    }

    private static String align(Instruction inst, String body) {
        if (inst.opcode() != Opcode.LOAD) {
            return "align applies only to load instructions, use attributes for calls or invokes";
        }
        if (!(inst.type() instanceof PointerType)) {
            return "align applies only to pointer types";
        }
        List<String> elements = body == null ? null : MetadataText.tupleElements(body);
        if (elements == null) {
            return null;
        }
        if (elements.size() != 1) {
            return "align takes one operand!";
        }
        BigInteger v = integer(elements.get(0), IntegerType.of(64));
        if (v == null) {
            return "align metadata value must be an i64!";
        }
        if (v.signum() <= 0 || v.bitCount() != 1) {
            return "align metadata value must be a power of 2!";
        }
        return null;
    }

    private static String prof(Instruction inst, String body) {
        List<String> elements = body == null ? null : MetadataText.tupleElements(body);
        if (elements == null || elements.isEmpty() || !"!\"branch_weights\"".equals(elements.get(0))) {
            return null;
        }
        int expected = switch (inst.opcode()) {
            case BR, SWITCH, INDIRECTBR -> inst.successors().size();
            default -> -1;
        };
        if (expected >= 0 && elements.size() - 1 != expected) {
            return "Wrong number of operands";
        }
        return null;
    }

    private static String tbaa(java.util.Map<String, String> module, Instruction inst, String body) {
        boolean allowed = switch (inst.opcode()) {
            case LOAD, STORE, CALL, VA_ARG, ATOMICRMW, CMPXCHG -> true;
            default -> false;
        };
        if (!allowed) {
            return "This instruction shall not have a TBAA access tag!";
        }
        List<String> tag = body == null ? null : MetadataText.tupleElements(body);
        if (tag == null || tag.isEmpty() || !isNodeRef(tag.get(0))) {
            return null; // the old scalar format, or not read here
        }
        if (tag.size() < 3 || tag.size() > 5) {
            return "Struct tag metadata must have either 3 or 4 operands";
        }
        if (!isNodeRef(tag.get(1))) {
            return "Malformed struct tag metadata: base and access-type should be non-null and point to Metadata nodes";
        }
        if (!tag.get(2).matches("i\\d+ -?\\d+")) {
            return "Offset must be constant integer";
        }
        String base = body(module, tag.get(0));
        List<String> fields = base == null ? null : MetadataText.tupleElements(base);
        if (fields != null && fields.size() >= 3 && fields.get(2).matches("i\\d+ -?\\d+")
                && !fields.get(2).startsWith(tag.get(2).substring(0, tag.get(2).indexOf(' ') + 1))) {
            return "Access bit-width not the same as description bit-width";
        }
        return null;
    }

    private static boolean isNodeRef(String element) {
        return element.length() > 1 && element.charAt(0) == '!' && MetadataText.isNumber(element.substring(1));
    }

    /** {@code i32 7} as a value of {@code t}, or null when it is not an integer of that type. */
    private static BigInteger integer(String element, IntegerType t) {
        String prefix = t + " ";
        if (!element.startsWith(prefix)) {
            return null;
        }
        try {
            return new BigInteger(element.substring(prefix.length()).strip());
        } catch (NumberFormatException e) {
            return null; // true/false, a constant expression: not checked here
        }
    }

    /** The node's body for {@code !N}, the text itself for an inline {@code !{...}}, else null. */
    private static String body(java.util.Map<String, String> module, String node) {
        String n = node.strip();
        if (n.startsWith("!{") || n.startsWith("distinct !{")) {
            return n;
        }
        if (n.length() > 1 && MetadataText.isNumber(n.substring(1))) {
            return module.get(n.substring(1));
        }
        return null;
    }
}
