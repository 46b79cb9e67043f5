package org.nvlower.llvm.text;

import java.util.ArrayList;
import java.util.List;

import org.nvlower.llvm.ir.Opcode;

/**
 * The words of textual IR the parser compares against, in an open-addressing table keyed by the
 * hash the lexer computes while scanning, so that reading a keyword allocates nothing and its
 * string (with its cached hash) is shared.
 */
final class Keywords {

    private static final String[] TABLE = new String[2048];

    static {
        List<String> words = new ArrayList<>(List.of(
                "void", "half", "bfloat", "float", "double", "x86_fp80", "fp128", "ppc_fp128", "label", "metadata",
                "token", "x86_mmx", "x86_amx", "ptr", "target", "opaque", "addrspace", "x", "vscale", "to", "type",
                "true", "false", "null", "none", "undef", "poison", "zeroinitializer", "blockaddress",
                "dso_local_equivalent", "no_cfi", "asm", "splat", "define", "declare", "global", "constant", "alias",
                "ifunc", "attributes", "source_filename", "datalayout", "triple", "module", "comdat", "distinct",
                "nuw", "nsw", "exact", "disjoint", "nneg", "samesign", "inbounds", "nusw", "inrange", "fast", "nnan",
                "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "tail", "musttail", "notail", "volatile",
                "atomic", "syncscope", "unordered", "monotonic", "acquire", "release", "acq_rel", "seq_cst", "weak",
                "align", "within", "from", "unwind", "caller", "cleanup", "catch", "filter", "inalloca",
                "swifterror", "private", "internal", "external", "extern_weak", "linkonce_odr", "weak_odr",
                "dso_local", "local_unnamed_addr", "unnamed_addr", "noundef", "nonnull", "noalias", "nocapture",
                "readonly", "readnone", "writeonly", "signext", "zeroext", "immarg", "returned", "byval", "sret",
                "dereferenceable", "captures", "range", "hidden", "protected", "default", "section",
                "personality", "prefix", "prologue", "gc", "uselistorder", "uselistorder_bb",
                "eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle", "oeq", "ogt", "oge", "olt",
                "ole", "one", "ord", "uno", "ueq", "une", "xchg", "add", "sub", "and", "nand", "or", "xor", "max",
                "min", "umax", "umin", "fadd", "fsub", "fmax", "fmin"));
        for (int bits : new int[] {1, 8, 16, 32, 64, 128}) {
            words.add("i" + bits);
        }
        for (Opcode op : Opcode.values()) {
            words.add(op.keyword());
        }
        for (String w : words) {
            int h = w.hashCode();
            int i = h & (TABLE.length - 1);
            while (TABLE[i] != null && !TABLE[i].equals(w)) {
                i = (i + 1) & (TABLE.length - 1);
            }
            TABLE[i] = w;
        }
    }

    private Keywords() {
    }

    /** The keyword spelled by {@code src[start, end)} whose String hash is {@code hash}, or null. */
    static String lookup(String src, int start, int end, int hash) {
        int len = end - start;
        for (int i = hash & (TABLE.length - 1); TABLE[i] != null; i = (i + 1) & (TABLE.length - 1)) {
            String k = TABLE[i];
            if (k.length() == len && k.hashCode() == hash && src.startsWith(k, start)) {
                return k;
            }
        }
        return null;
    }
}
