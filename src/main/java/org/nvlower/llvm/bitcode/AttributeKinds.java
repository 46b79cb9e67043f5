package org.nvlower.llvm.bitcode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.nvlower.llvm.ir.Attribute;
import org.nvlower.llvm.ir.AttributeNames;

/**
 * The attribute kinds as bitcode numbers them (ATTR_KIND_*, LLVMBitCodes.h), and the order in
 * which LLVM keeps (and prints) the attributes of one set: enum attributes, then type, then
 * integer ones, each by the name of their TableGen record, then string attributes by key. The
 * order changed between LLVM 14 and 19 (new kinds, uwtable became an integer), so both are tables.
 */
final class AttributeKinds {

    /** Keyword of each ATTR_KIND code; index = code. */
    private static final String[] KEYWORDS = {null, "align", "alwaysinline", "byval", "inlinehint", "inreg",
            "minsize", "naked", "nest", "noalias", "nobuiltin", "nocapture", "noduplicate", "noimplicitfloat",
            "noinline", "nonlazybind", "noredzone", "noreturn", "nounwind", "optsize", "readnone", "readonly",
            "returned", "returns_twice", "signext", "alignstack", "ssp", "sspreq", "sspstrong", "sret",
            "sanitize_address", "sanitize_thread", "sanitize_memory", "uwtable", "zeroext", "builtin", "cold",
            "optnone", "inalloca", "nonnull", "jumptable", "dereferenceable", "dereferenceable_or_null",
            "convergent", "safestack", "argmemonly", "swiftself", "swifterror", "norecurse", "inaccessiblememonly",
            "inaccessiblemem_or_argmemonly", "allocsize", "writeonly", "speculatable", "strictfp",
            "sanitize_hwaddress", "nocf_check", "optforfuzzing", "shadowcallstack", "speculative_load_hardening",
            "immarg", "willreturn", "nofree", "nosync", "sanitize_memtag", "preallocated", "nomerge",
            "null_pointer_is_valid", "noundef", "byref", "mustprogress", "nocallback", "hot", "noprofile",
            "vscale_range", "swiftasync", "nosanitize_coverage", "elementtype", "disable_sanitizer_instrumentation",
            "nosanitize_bounds", "allocalign", "allocptr", "allockind", "presplitcoroutine", "fn_ret_thunk_extern",
            "skipprofile", "memory", "nofpclass", "optdebug", "writable", "coro_only_destroy_when_complete",
            "dead_on_unwind", "range", "sanitize_numerical_stability", "initializes", "hybrid_patchable"};

    private static final Map<String, Integer> RANK_14 = rank(AttributeNames.ORDER_14);
    private static final Map<String, Integer> RANK_19 = rank(AttributeNames.ORDER_19);

    private AttributeKinds() {
    }

    private static Map<String, Integer> rank(List<String> order) {
        Map<String, Integer> m = new HashMap<>();
        for (int i = 0; i < order.size(); i++) {
            m.put(order.get(i), i);
        }
        return m;
    }

    /** The keyword of bitcode attribute kind {@code code}, or null when unknown. */
    static String keyword(long code) {
        return code > 0 && code < KEYWORDS.length ? KEYWORDS[(int) code] : null;
    }

    /** The attributes in the order LLVM {@code llvm19} (else 14) keeps them. */
    static List<Attribute> sorted(List<Attribute> attributes, boolean llvm19) {
        Map<String, Integer> rank = llvm19 ? RANK_19 : RANK_14;
        List<Attribute> list = new ArrayList<>(attributes);
        Comparator<Attribute> order = Comparator.comparingInt(a -> a instanceof Attribute.Str ? Integer.MAX_VALUE
                : rank.getOrDefault(a.name(), Integer.MAX_VALUE - 1));
        Collections.sort(list, order.thenComparing(a -> a instanceof Attribute.Str ? a.name() : ""));
        return list;
    }
}
