package org.nvlower.llvm.text;

import java.util.Set;

/**
 * The words that may follow the parameter list of a {@code define} or {@code declare}: function
 * attributes (LLVM 14 and the later spellings clang emits) and the header's own keywords. Any
 * other word ends the header there, as in llvm-as ("expected '{' in function body" for a
 * definition, "expected top-level entity" after a declaration).
 */
final class FunctionAttributes {

    private static final Set<String> HEADER_WORDS = Set.of(
            // header keywords
            "unnamed_addr", "local_unnamed_addr", "section", "partition", "comdat", "align", "gc",
            // function attributes
            "alignstack", "allocalign", "allockind", "allocsize", "alwaysinline", "argmemonly", "builtin", "cold",
            "convergent", "coro_elide_safe", "coro_only_destroy_when_complete", "disable_sanitizer_instrumentation",
            "fn_ret_thunk_extern", "hot", "hybrid_patchable", "inaccessiblemem_or_argmemonly",
            "inaccessiblememonly", "inlinehint", "jumptable", "memory", "minsize", "mustprogress", "naked",
            "nobuiltin", "nocallback", "nocf_check", "noduplicate", "nofree", "noimplicitfloat", "noinline",
            "nomerge", "nonlazybind", "noprofile", "norecurse", "noredzone", "noreturn", "nosanitize_bounds",
            "nosanitize_coverage", "nosync", "nounwind", "null_pointer_is_valid", "optdebug", "optforfuzzing",
            "optnone", "optsize", "preallocated", "presplitcoroutine", "readnone", "readonly", "returns_twice", "safestack",
            "sanitize_address", "sanitize_hwaddress", "sanitize_memory", "sanitize_memtag",
            "sanitize_numerical_stability", "sanitize_realtime", "sanitize_realtime_blocking",
            "sanitize_thread", "sanitize_type", "shadowcallstack", "skipprofile", "speculatable",
            "speculative_load_hardening", "ssp", "sspreq", "sspstrong", "strictfp", "uwtable", "vscale_range",
            "willreturn", "writeonly",
            // return and parameter attributes that some producers repeat after the parameters
            "noundef", "nonnull", "noalias", "zeroext", "signext", "inreg", "dereferenceable",
            "dereferenceable_or_null", "range", "nofpclass");

    private FunctionAttributes() {
    }

    static boolean isHeaderWord(String word) {
        return HEADER_WORDS.contains(word);
    }

    /** Whether {@code word} continues a call's function attributes (LLParser reads them as a header's). */
    static boolean isCallSiteWord(String word) {
        return HEADER_WORDS.contains(word) && !KEYWORDS.contains(word);
    }

    /** Attributes of parameters and return values that llvm-as refuses in a function's attribute group. */
    private static final Set<String> PARAMETER_ONLY = Set.of("allocalign", "allocptr", "byref", "byval",
            "captures", "dead_on_unwind", "dereferenceable", "dereferenceable_or_null", "elementtype", "immarg",
            "inalloca", "initializes", "inreg", "nest", "noalias", "nocapture", "nofpclass", "nonnull", "noundef",
            "range", "returned", "signext", "sret", "swiftasync", "swifterror", "swiftself",
            "writable", "zeroext");

    /** Header keywords that are not attributes. */
    private static final Set<String> KEYWORDS = Set.of("unnamed_addr", "local_unnamed_addr", "section", "partition",
            "comdat", "gc");

    /** Whether {@code word} is a function attribute (may stand in an attribute group). */
    static boolean isFunctionAttribute(String word) {
        return HEADER_WORDS.contains(word) && !KEYWORDS.contains(word) && !PARAMETER_ONLY.contains(word)
                || word.equals("nocallback") || word.equals("nofree") || word.equals("readnone");
    }

    /** Whether {@code word} is an attribute of a parameter, a return value or a call (LLParser's attribute keywords). */
    static boolean isAttributeWord(String word) {
        return isCallSiteWord(word) || PARAMETER_ONLY.contains(word);
    }

    static boolean isParameterAttribute(String word) {
        return PARAMETER_ONLY.contains(word);
    }
}
