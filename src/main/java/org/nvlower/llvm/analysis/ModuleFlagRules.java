package org.nvlower.llvm.analysis;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import org.nvlower.llvm.ir.MetadataDefinition;
import org.nvlower.llvm.ir.MetadataText;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.ModuleFlag;

/**
 * LLVM's rules on {@code !llvm.module.flags} (LLVM 14's {@code Verifier::visitModuleFlag} and
 * {@code visitModuleFlags}): each entry is a triple (behavior, key, value) with an integer
 * behavior LLVM knows (Min, 8, only from LLVM 15: accepted in opaque-pointer modules), a string
 * key; the value fits the behavior (Require: a pair whose first element is a string; Append and
 * AppendUnique: a node; Max and Min: an integer); keys are unique except for Require flags, and a
 * Require names a flag that is present; {@code wchar_size} is an integer. Messages are LLVM's.
 */
final class ModuleFlagRules {

    private ModuleFlagRules() {
    }

    private static final Pattern INTEGER = Pattern.compile("i\\d+ (-?\\d+|true|false)");

    static List<String> check(Module module) {
        List<String> problems = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        List<String[]> requirements = new ArrayList<>();
        int maxBehavior = module.opaquePointers() ? ModuleFlag.MIN : ModuleFlag.MAX;
        for (String id : module.namedMetadata("llvm.module.flags")) {
            MetadataDefinition node = module.metadata(id);
            List<String> e = node == null ? null : MetadataText.tupleElements(node.body());
            String where = " (!" + id + ")";
            if (e == null) {
                continue; // an undefined node is reported with the metadata references
            }
            if (e.size() != 3) {
                problems.add("incorrect number of operands in module flag" + where);
                continue;
            }
            if (!INTEGER.matcher(e.get(0)).matches()) {
                problems.add("invalid behavior operand in module flag (expected constant integer)" + where);
                continue;
            }
            long behavior = Long.parseLong(e.get(0).substring(e.get(0).indexOf(' ') + 1));
            if (behavior < ModuleFlag.ERROR || behavior > maxBehavior) {
                problems.add("invalid behavior operand in module flag (unexpected constant)" + where);
                continue;
            }
            String key = MetadataText.stringValue(e.get(1));
            if (key == null) {
                problems.add("invalid ID operand in module flag (expected metadata string)" + where);
                continue;
            }
            String value = e.get(2);
            if (behavior == ModuleFlag.REQUIRE) {
                List<String> pair = tupleOf(module, value);
                if (pair == null || pair.size() != 2) {
                    problems.add("invalid value for 'require' module flag (expected metadata pair)" + where);
                    continue;
                }
                if (MetadataText.stringValue(pair.get(0)) == null) {
                    problems.add("invalid value for 'require' module flag (first value operand should be a string)"
                            + where);
                    continue;
                }
                requirements.add(new String[] {MetadataText.stringValue(pair.get(0)), id});
            } else {
                if (!keys.add(key)) {
                    problems.add("module flag identifiers must be unique (or of 'require' type)" + where);
                }
                if ((behavior == ModuleFlag.APPEND || behavior == ModuleFlag.APPEND_UNIQUE)
                        && !isNode(module, value)) {
                    problems.add("invalid value for 'append'-type module flag (expected a metadata node)" + where);
                }
                if ((behavior == ModuleFlag.MAX || behavior == ModuleFlag.MIN) && !INTEGER.matcher(value).matches()) {
                    problems.add("invalid value for '" + (behavior == ModuleFlag.MAX ? "max" : "min")
                            + "' module flag (expected constant integer)" + where);
                }
            }
            if (key.equals("wchar_size") && !INTEGER.matcher(value).matches()) {
                problems.add("wchar_size metadata requires constant integer argument" + where);
            }
            if (key.equals("SemanticInterposition") && !INTEGER.matcher(value).matches()) {
                problems.add("SemanticInterposition metadata requires constant integer argument" + where);
            }
        }
        for (String[] r : requirements) {
            if (!keys.contains(r[0])) {
                problems.add("invalid requirement on flag, flag is not present in module (!" + r[1] + ")");
            }
        }
        return problems;
    }

    /**
     * {@code !llvm.ident} (LLVM's visitModuleIdents): each operand a node of one string. The same
     * shape for {@code !llvm.commandline}.
     */
    static List<String> checkIdent(Module module) {
        List<String> problems = new ArrayList<>();
        for (String list : List.of("llvm.ident", "llvm.commandline")) {
            for (String id : module.namedMetadata(list)) {
                MetadataDefinition node = module.metadata(id);
                List<String> e = node == null ? null : MetadataText.tupleElements(node.body());
                if (e == null) {
                    continue;
                }
                if (e.size() != 1) {
                    problems.add("incorrect number of operands in " + list + " metadata (!" + id + ")");
                } else if (MetadataText.stringValue(e.get(0)) == null) {
                    problems.add("invalid value for " + list + " metadata entry operand(the operand should be a string) (!"
                            + id + ")");
                }
            }
        }
        return problems;
    }

    private static boolean isNode(Module module, String value) {
        return value.startsWith("!{") || value.startsWith("distinct !{") || value.startsWith("!")
                && !value.startsWith("!\"") && value.length() > 1 && module.metadata(value.substring(1)) != null;
    }

    /** The elements of a node value, written inline ({@code !{...}}) or as {@code !N}; null when not a node. */
    private static List<String> tupleOf(Module module, String value) {
        if (value.startsWith("!{") || value.startsWith("distinct !{")) {
            return MetadataText.tupleElements(value);
        }
        if (value.startsWith("!") && !value.startsWith("!\"") && value.length() > 1) {
            MetadataDefinition d = module.metadata(value.substring(1));
            return d == null ? null : MetadataText.tupleElements(d.body());
        }
        return null;
    }
}
