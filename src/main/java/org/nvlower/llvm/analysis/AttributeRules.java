package org.nvlower.llvm.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.nvlower.llvm.ir.Attribute;
import org.nvlower.llvm.ir.AttributeSet;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.UnnamedAddr;
import org.nvlower.llvm.ir.VectorType;

/**
 * LLVM's attribute rules (LLVM 14's {@code Verifier::verifyFunctionAttrs} and
 * {@code verifyParameterAttrs}, and the parser's "does not apply to" checks): which position an
 * attribute may take (function, return value, parameter), which types it applies to, which
 * attributes exclude each other, and the rules over all parameters of one function or call
 * (one {@code sret}, on the first or second parameter; one {@code nest}, one {@code returned};
 * {@code inalloca} last). The messages are LLVM's.
 */
final class AttributeRules {

    private AttributeRules() {
    }

    /** Attributes of the function only (LLVM's parser: "this attribute does not apply to parameters"). */
    static final Set<String> FUNCTION_ONLY = Set.of("alwaysinline", "noinline", "nounwind", "noreturn", "optsize",
            "optnone", "minsize", "norecurse", "willreturn", "mustprogress", "cold", "hot", "uwtable", "ssp", "sspreq",
            "sspstrong", "nobuiltin", "builtin", "convergent", "inlinehint", "naked", "noduplicate", "nosync",
            "argmemonly", "inaccessiblememonly", "inaccessiblemem_or_argmemonly", "speculatable", "returns_twice",
            "sanitize_address", "sanitize_memory", "sanitize_thread", "sanitize_hwaddress", "sanitize_memtag",
            "safestack", "strictfp", "jumptable", "noimplicitfloat", "nonlazybind", "noredzone", "nocf_check",
            "shadowcallstack", "nomerge", "null_pointer_is_valid", "noprofile", "allocsize", "vscale_range",
            "speculative_load_hardening", "disable_sanitizer_instrumentation", "nocallback", "memory", "allockind",
            "fn_ret_thunk_extern", "presplitcoroutine", "noinline_asm");

    /** Attributes of parameters only (LLVM's parser: "this attribute does not apply to functions/return values"). */
    static final Set<String> PARAMETER_ONLY = Set.of("byval", "byref", "sret", "inalloca", "preallocated", "nest",
            "nocapture", "returned", "swifterror", "swiftself", "swiftasync", "immarg", "elementtype");

    /** Parameter attributes that may not be on a return value either. */
    private static final Set<String> NOT_ON_RETURN = Set.of("readnone", "readonly", "writeonly", "nofree",
            "alignstack");

    /** Attributes that may not be on a function (LLVM's parser). */
    private static final Set<String> NOT_ON_FUNCTION = Set.of("noalias", "nonnull", "dereferenceable",
            "dereferenceable_or_null", "zeroext", "signext", "inreg", "noundef");

    /** Attributes that need a pointer (or a vector of pointers for some), as LLVM's AttributeFuncs::typeIncompatible. */
    private static final Set<String> POINTER_ONLY = Set.of("noalias", "nocapture", "nonnull", "readnone", "readonly",
            "writeonly", "align", "dereferenceable", "dereferenceable_or_null", "byval", "byref", "sret", "inalloca",
            "preallocated", "nest", "swifterror", "swiftself", "swiftasync", "nofree");

    /** Attributes that need an integer. */
    private static final Set<String> INTEGER_ONLY = Set.of("zeroext", "signext");

    /** At most one of these on one position. */
    private static final List<String> PASSING = List.of("byval", "inalloca", "preallocated", "inreg", "nest", "byref",
            "sret");

    private static final String[][] EXCLUSIVE_PAIRS = {
        {"readnone", "readonly"}, {"readnone", "writeonly"}, {"readonly", "writeonly"},
        {"zeroext", "signext"}, {"noinline", "alwaysinline"}, {"readnone", "inaccessiblememonly"},
        {"readnone", "argmemonly"}, {"readnone", "inaccessiblemem_or_argmemonly"},
        {"inaccessiblememonly", "argmemonly"},
    };

    /** Where an attribute set stands. */
    enum Position { FUNCTION, RETURN, PARAMETER }

    /** The problems of one position's attributes on a value of {@code type} (null for the function). */
    static List<String> check(AttributeSet attributes, Position position, Type type) {
        List<String> problems = new ArrayList<>();
        for (Attribute a : attributes.attributes()) {
            if (a instanceof Attribute.Str) {
                continue;
            }
            String n = a.name();
            switch (position) {
                case PARAMETER -> {
                    if (FUNCTION_ONLY.contains(n)) {
                        problems.add("this attribute does not apply to parameters ('" + n + "')");
                    } else if (POINTER_ONLY.contains(n) && !isPointer(type) || INTEGER_ONLY.contains(n) && !isInteger(type)) {
                        problems.add("Attribute '" + a.print(false) + "' applied to incompatible type!");
                    }
                }
                case RETURN -> {
                    if (FUNCTION_ONLY.contains(n) || PARAMETER_ONLY.contains(n) || NOT_ON_RETURN.contains(n)) {
                        problems.add("this attribute does not apply to return values ('" + n + "')");
                    } else if (POINTER_ONLY.contains(n) && !isPointer(type) || INTEGER_ONLY.contains(n) && !isInteger(type)) {
                        problems.add("Attribute '" + a.print(false) + "' applied to incompatible type!");
                    }
                }
                case FUNCTION -> {
                    // preallocated(T) is also a function attribute (on a call only of llvm.call.preallocated.arg)
                    if ((PARAMETER_ONLY.contains(n) || NOT_ON_FUNCTION.contains(n)) && !n.equals("preallocated")) {
                        problems.add("this attribute does not apply to functions ('" + n + "')");
                    }
                }
            }
        }
        int passing = 0;
        for (String p : PASSING) {
            if (attributes.has(p)) {
                passing++;
            }
        }
        if (passing > 1) {
            problems.add("Attributes 'byval', 'inalloca', 'preallocated', 'inreg', 'nest', 'byref', and 'sret' are "
                    + "incompatible!");
        }
        for (String[] pair : EXCLUSIVE_PAIRS) {
            if (attributes.has(pair[0]) && attributes.has(pair[1]) && isWord(attributes, pair[0])
                    && isWord(attributes, pair[1])) {
                problems.add("Attributes '" + pair[0] + " and " + pair[1] + "' are incompatible!");
            }
        }
        if (attributes.get("align") instanceof Attribute.Int align && Long.bitCount(align.value()) != 1) {
            problems.add("alignment is not a power of two");
        }
        if (attributes.has("noundef") && type != null && type.isVoid()) {
            problems.add("Attribute 'noundef' applied to incompatible type!");
        }
        if (position == Position.FUNCTION && attributes.get("vscale_range") instanceof Attribute.WithArgs v) {
            String[] bounds = v.arguments().split(",");
            if (bounds[0].strip().matches("\\d{1,9}") && (bounds.length == 1 || bounds[1].strip().matches("\\d{1,9}"))) {
                int min = Integer.parseInt(bounds[0].strip());
                int max = bounds.length == 1 ? min : Integer.parseInt(bounds[1].strip());
                if (min == 0) {
                    problems.add("'vscale_range' minimum must be greater than 0");
                } else if (max != 0 && min > max) {
                    problems.add("'vscale_range' minimum cannot be greater than maximum");
                }
            }
        }
        if (attributes.get("swifterror") != null && type instanceof PointerType p && !p.isOpaque()
                && !(p.pointee() instanceof PointerType)) {
            problems.add("Attribute 'swifterror' only applies to parameters with pointer to pointer type!");
        }
        return problems;
    }

    /**
     * The rules on a function's own attributes that call sites do not share: {@code builtin} only
     * on a call site, {@code jumptable} needs {@code unnamed_addr}, {@code allocsize} names integer
     * parameters in range, two distinct ones.
     */
    static List<String> checkDefinition(AttributeSet attributes, FunctionType type, UnnamedAddr unnamedAddr) {
        List<String> problems = new ArrayList<>();
        if (attributes.has("builtin")) {
            problems.add("Attribute 'builtin' can only be applied to a callsite.");
        }
        if (attributes.has("jumptable") && unnamedAddr != UnnamedAddr.GLOBAL) {
            problems.add("Attribute 'jumptable' requires 'unnamed_addr'");
        }
        if (attributes.get("allocsize") instanceof Attribute.WithArgs a) {
            String[] args = a.arguments().split(",");
            String[] names = {"element size", "number of elements"};
            for (int i = 0; i < args.length && i < 2; i++) {
                String n = args[i].strip();
                if (!n.matches("\\d{1,9}")) {
                    break; // the parser's syntax
                }
                int index = Integer.parseInt(n);
                if (index >= type.params().size()) {
                    problems.add("'allocsize' " + names[i] + " argument is out of bounds");
                    break;
                }
                if (!(type.params().get(index) instanceof IntegerType)) {
                    problems.add("'allocsize' " + names[i] + " argument must refer to an integer parameter");
                    break;
                }
            }
            if (args.length == 2 && args[0].strip().equals(args[1].strip())) {
                problems.add("'allocsize' indices can't refer to the same parameter");
            }
        }
        return problems;
    }

    private static boolean isWord(AttributeSet attributes, String name) {
        return !(attributes.get(name) instanceof Attribute.Str);
    }

    /**
     * The rules over all parameters of a function or call: {@code params} are the parameter
     * attribute sets and {@code types} their types, {@code returnType} the return type.
     */
    static List<String> checkParameters(List<AttributeSet> params, List<Type> types, Type returnType, boolean intrinsic) {
        return checkParameters(params, types, returnType, intrinsic, params.size(), false);
    }

    /**
     * The same for a call whose callee type has {@code fixed} parameters: the arguments past them
     * (a variadic call's) follow LLVM's varargs rules instead (no {@code sret}, except through a
     * statepoint, which checks its wrapped callee's; {@code inalloca} only on the last argument).
     */
    static List<String> checkParameters(List<AttributeSet> params, List<Type> types, Type returnType, boolean intrinsic,
            int fixed, boolean statepoint) {
        List<String> problems = new ArrayList<>();
        int sret = 0;
        int swiftself = 0;
        int swiftasync = 0;
        int swifterror = 0;
        int nest = 0;
        int returned = 0;
        for (int i = 0; i < params.size(); i++) {
            AttributeSet a = params.get(i);
            if (i >= fixed) {
                if (a.has("nest") && ++nest == 2) {
                    problems.add("More than one parameter has attribute nest!");
                }
                if (a.has("returned") && ++returned == 2) {
                    problems.add("More than one parameter has attribute returned!");
                }
                if (a.has("sret") && !statepoint) {
                    problems.add("Attribute 'sret' cannot be used for vararg call arguments!");
                }
                if (a.has("inalloca") && i != params.size() - 1) {
                    problems.add("inalloca isn't on the last argument!");
                }
                continue;
            }
            if (a.has("sret")) {
                sret++;
                if (sret == 1 && i > 1) {
                    problems.add("Attribute 'sret' is not on first or second parameter!");
                }
            }
            if (a.has("swiftself") && ++swiftself == 2) {
                problems.add("Cannot have multiple 'swiftself' parameters!");
            }
            if (a.has("swiftasync") && ++swiftasync == 2) {
                problems.add("Cannot have multiple 'swiftasync' parameters!");
            }
            if (a.has("swifterror") && ++swifterror == 2) {
                problems.add("Cannot have multiple 'swifterror' parameters!");
            }
            if (a.has("nest") && ++nest == 2) {
                problems.add("More than one parameter has attribute nest!");
            }
            if (a.has("returned")) {
                if (++returned == 2) {
                    problems.add("More than one parameter has attribute returned!");
                }
                Type t = types.get(i);
                if (!t.equals(returnType) && !(t instanceof PointerType && returnType instanceof PointerType)) {
                    problems.add("Incompatible argument and return types for 'returned' attribute");
                }
            }
            if (a.has("inalloca") && i != fixed - 1) {
                problems.add("inalloca isn't on the last parameter!");
            }
            if (a.has("immarg") && !intrinsic) {
                problems.add("immarg attribute only applies to intrinsics");
            }
            if (a.has("elementtype") && !intrinsic) {
                problems.add("Attribute 'elementtype' can only be applied to intrinsics and inline asm.");
            }
        }
        if (sret > 1) {
            problems.add("Cannot have multiple 'sret' parameters!");
        }
        return problems;
    }

    private static boolean isPointer(Type t) {
        return t instanceof PointerType || t instanceof VectorType v && v.element() instanceof PointerType;
    }

    private static boolean isInteger(Type t) {
        return t instanceof IntegerType || t instanceof VectorType v && v.element() instanceof IntegerType;
    }
}
