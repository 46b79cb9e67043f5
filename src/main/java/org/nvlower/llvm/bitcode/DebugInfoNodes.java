package org.nvlower.llvm.bitcode;

import java.util.ArrayList;
import java.util.List;

/**
 * The specialized debug-info metadata records ({@code !DILocation(...)}, ...): which are
 * numbered, which nodes they refer to, and their text as llvm-dis writes it.
 */
final class DebugInfoNodes {

    static final int LOCATION = 7;

    private DebugInfoNodes() {
    }

    static boolean isDebugRecord(int code) {
        return code == LOCATION || code >= 12 && code <= 34 || code == 37 || code >= 40 && code <= 45;
    }

    /** DIExpression and DIArgList are printed inline; every other node gets a number. */
    static boolean isNumbered(MetadataTable.MdDebug d) {
        return d.code() != 29;
    }

    /** The metadata ids a node refers to, in operand order. */
    static List<Long> references(MetadataTable.MdDebug d) {
        List<Long> refs = new ArrayList<>();
        long[] o = d.ops();
        if (d.code() == LOCATION) {
            refs.add(o[3]);
            if (o[4] != 0) {
                refs.add(o[4] - 1);
            }
            return refs;
        }
        throw new IllegalArgumentException("debug-info metadata record " + d.code() + " is not supported yet");
    }

    static String print(MetadataTable.MdDebug d, MetadataNumbering n) {
        long[] o = d.ops();
        StringBuilder sb = new StringBuilder(d.distinct() ? "distinct " : "");
        if (d.code() == LOCATION) {
            sb.append("!DILocation(line: ").append(o[1]);
            if (o[2] != 0) {
                sb.append(", column: ").append(o[2]);
            }
            sb.append(", scope: ").append(n.reference(o[3]));
            if (o[4] != 0) {
                sb.append(", inlinedAt: ").append(n.reference(o[4] - 1));
            }
            if (o.length > 5 && o[5] != 0) {
                sb.append(", isImplicitCode: true");
            }
            return sb.append(')').toString();
        }
        throw new IllegalArgumentException("debug-info metadata record " + d.code() + " is not supported yet");
    }
}
