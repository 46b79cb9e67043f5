package org.nvlower.llvm.ir;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The keyword attributes of LLVM 14 and 19 (their {@code AttrKind} enumerations, Attributes.inc):
 * each version's order, in which LLVM keeps the attributes of one set (enum attributes, then type,
 * then integer ones, each by name), and the facts the verifier asks of a name.
 */
public final class AttributeNames {

    /** LLVM 14's AttrKind order (Attributes.inc). */
    public static final List<String> ORDER_14 = List.of("alwaysinline", "argmemonly", "builtin", "cold",
            "convergent", "disable_sanitizer_instrumentation", "hot", "immarg", "inreg", "inaccessiblememonly",
            "inaccessiblemem_or_argmemonly", "inlinehint", "jumptable", "minsize", "mustprogress", "naked", "nest",
            "noalias", "nobuiltin", "nocallback", "nocapture", "nocf_check", "noduplicate", "nofree",
            "noimplicitfloat", "noinline", "nomerge", "noprofile", "norecurse", "noredzone", "noreturn",
            "nosanitize_coverage", "nosync", "noundef", "nounwind", "nonlazybind", "nonnull", "null_pointer_is_valid",
            "optforfuzzing", "optsize", "optnone", "readnone", "readonly", "returned", "returns_twice", "signext",
            "safestack", "sanitize_address", "sanitize_hwaddress", "sanitize_memtag", "sanitize_memory",
            "sanitize_thread", "shadowcallstack", "speculatable", "speculative_load_hardening", "ssp", "sspreq",
            "sspstrong", "strictfp", "swiftasync", "swifterror", "swiftself", "uwtable", "willreturn", "writeonly",
            "zeroext", "byref", "byval", "elementtype", "inalloca", "preallocated", "sret", "align", "allocsize",
            "dereferenceable", "dereferenceable_or_null", "alignstack", "vscale_range");

    /** LLVM 19's AttrKind order (Attributes.inc). */
    public static final List<String> ORDER_19 = List.of("allocalign", "allocptr", "alwaysinline", "builtin", "cold",
            "convergent", "coro_only_destroy_when_complete", "dead_on_unwind", "disable_sanitizer_instrumentation",
            "fn_ret_thunk_extern", "hot", "hybrid_patchable", "immarg", "inreg", "inlinehint", "jumptable", "minsize",
            "mustprogress", "naked", "nest", "noalias", "nobuiltin", "nocallback", "nocapture", "nocf_check",
            "noduplicate", "nofree", "noimplicitfloat", "noinline", "nomerge", "noprofile", "norecurse", "noredzone",
            "noreturn", "nosanitize_bounds", "nosanitize_coverage", "nosync", "noundef", "nounwind", "nonlazybind",
            "nonnull", "null_pointer_is_valid", "optforfuzzing", "optdebug", "optsize", "optnone",
            "presplitcoroutine", "readnone", "readonly", "returned", "returns_twice", "signext", "safestack",
            "sanitize_address", "sanitize_hwaddress", "sanitize_memtag", "sanitize_memory",
            "sanitize_numerical_stability", "sanitize_thread", "shadowcallstack", "skipprofile", "speculatable",
            "speculative_load_hardening", "ssp", "sspreq", "sspstrong", "strictfp", "swiftasync", "swifterror",
            "swiftself", "willreturn", "writable", "writeonly", "zeroext", "byref", "byval", "elementtype",
            "inalloca", "preallocated", "sret", "align", "allockind", "allocsize", "dereferenceable",
            "dereferenceable_or_null", "memory", "nofpclass", "alignstack", "uwtable", "vscale_range", "range",
            "initializes");

    /** The integer attributes of both versions (LLVM 19 made uwtable, memory, nofpclass and allockind integers too). */
    private static final Set<String> INTEGER_IN_BOTH = Set.of("align", "allocsize", "dereferenceable",
            "dereferenceable_or_null", "alignstack", "vscale_range");

    private static final Set<String> EXISTING = new HashSet<>();

    static {
        EXISTING.addAll(ORDER_14);
        EXISTING.addAll(ORDER_19);
    }

    private AttributeNames() {
    }

    /** Whether {@code name} is a keyword attribute of LLVM 14 or 19 ({@code Attribute::isExistingAttribute}). */
    public static boolean isExisting(String name) {
        return EXISTING.contains(name);
    }

    /** Whether {@code name} takes an integer in LLVM 14 and in 19 ({@code Attribute::isIntAttrKind}). */
    public static boolean isIntegerInBoth(String name) {
        return INTEGER_IN_BOTH.contains(name);
    }
}
