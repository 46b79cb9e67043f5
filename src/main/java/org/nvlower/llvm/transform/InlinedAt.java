package org.nvlower.llvm.transform;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.DebugRecord;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.MetadataAttachment;
import org.nvlower.llvm.ir.MetadataDefinition;
import org.nvlower.llvm.ir.MetadataText;
import org.nvlower.llvm.ir.Module;

/**
 * The debug locations of inlined code, as LLVM's InlineFunction builds them (fixupLineNumbers,
 * DebugLoc::appendInlinedAt): the call's location becomes a new distinct {@code DILocation}
 * (the inlined-at node); every location of the inlined instructions and debug records gets it
 * at the end of its {@code inlinedAt:} chain (a location already inlined once has its chain
 * rebuilt as distinct nodes ending there); the locations themselves are new uniqued nodes. An
 * inlined instruction without a location gets the call's when the callee has no debug info.
 * Without a location on the call nothing changes, as in LLVM.
 */
final class InlinedAt {

    private static final Pattern INLINED_AT = Pattern.compile(",\\s*inlinedAt:\\s*!(\\d+)");
    private static final Pattern SCOPE = Pattern.compile("scope:\\s*!\\d+");

    private final Module module;
    private final String callSite;
    /** Source location node to its inlined copy (and a chain node to its rebuilt one). */
    private final Map<String, String> locations = new HashMap<>();
    private final Map<String, String> chain = new HashMap<>();
    private final Map<String, String> loops = new HashMap<>();

    private InlinedAt(Module module, String callSite) {
        this.module = module;
        this.callSite = callSite;
    }

    /** Rewrites the locations of {@code body}, inlined at a call whose {@code !dbg} was {@code callLocation}. */
    static void apply(Module module, String callLocation, List<BasicBlock> body, boolean calleeHasDebugInfo) {
        String callId = nodeId(callLocation);
        if (callId == null) {
            return;
        }
        MetadataDefinition call = module.metadata(callId);
        if (call == null || !isLocation(call.body())) {
            return;
        }
        String inlinedAtNode = module.addMetadataNode("distinct " + undistinct(call.body()));
        InlinedAt at = new InlinedAt(module, inlinedAtNode);
        for (BasicBlock b : body) {
            for (Instruction inst : b.instructions()) {
                MetadataAttachment dbg = inst.metadata("dbg");
                if (dbg != null) {
                    inst.setMetadata("dbg", at.inlined(dbg.node()));
                } else if (!calleeHasDebugInfo) {
                    inst.setMetadata("dbg", "!" + callId);
                }
                MetadataAttachment loop = inst.metadata("llvm.loop");
                if (loop != null) {
                    inst.setMetadata("llvm.loop", at.loop(loop.node()));
                }
                if (!inst.debugRecords().isEmpty()) {
                    List<DebugRecord> records = inst.debugRecords().stream().map(at::inlined).toList();
                    if (!records.equals(inst.debugRecords())) {
                        inst.setDebugRecords(records);
                    }
                }
            }
        }
    }

    /**
     * A copy of loop metadata {@code ref} whose locations (the loop's start and end) are inlined
     * (LLVM's updateLoopMetadataDebugLocations): the loop node is distinct and names itself first.
     */
    private String loop(String ref) {
        String id = nodeId(ref);
        MetadataDefinition def = id == null ? null : module.metadata(id);
        List<String> elements = def == null ? null : MetadataText.tupleElements(def.body());
        if (elements == null || elements.isEmpty() || !elements.get(0).equals("!" + id)) {
            return ref;
        }
        String done = loops.get(id);
        if (done != null) {
            return done;
        }
        List<String> moved = new java.util.ArrayList<>();
        boolean changed = false;
        for (String e : elements.subList(1, elements.size())) {
            String m = inlined(e);
            changed |= !m.equals(e);
            moved.add(m);
        }
        if (!changed) {
            return ref;
        }
        String fresh = module.addMetadataNode("!{}");
        module.setMetadataNode(fresh, "distinct !{!" + fresh + (moved.isEmpty() ? "" : ", " + String.join(", ", moved)) + "}");
        loops.put(id, "!" + fresh);
        return "!" + fresh;
    }

    /** A record's location is its last operand ({@code #dbg_value(v, !var, !expr, !loc)}). */
    private DebugRecord inlined(DebugRecord r) {
        String t = r.text();
        int close = t.lastIndexOf(')');
        int comma = t.lastIndexOf(',', close);
        if (close < 0 || comma < 0) {
            return r;
        }
        String loc = t.substring(comma + 1, close).strip();
        String moved = inlined(loc);
        if (moved.equals(loc)) {
            return r;
        }
        return r.with(t.substring(0, comma) + ", " + moved + t.substring(close), r.locals());
    }

    /** The inlined copy of location {@code ref} ({@code !N}); {@code ref} itself when it is no location node. */
    private String inlined(String ref) {
        String id = nodeId(ref);
        if (id == null) {
            return ref;
        }
        String done = locations.get(id);
        if (done != null) {
            return done;
        }
        MetadataDefinition def = module.metadata(id);
        if (def == null || !isLocation(def.body())) {
            return ref;
        }
        String body = undistinct(def.body());
        Matcher m = INLINED_AT.matcher(body);
        String result = m.find()
                ? "!" + module.addMetadataNode(body.substring(0, m.start()) + ", inlinedAt: " + rebuiltChain(m.group(1))
                        + body.substring(m.end()))
                : "!" + module.addMetadataNode(withInlinedAt(body, "!" + callSite));
        locations.put(id, result);
        return result;
    }

    /** The inlined-at node {@code !id} of a location already inlined, rebuilt (distinct) to end at the call site. */
    private String rebuiltChain(String id) {
        String done = chain.get(id);
        if (done != null) {
            return done;
        }
        MetadataDefinition def = module.metadata(id);
        String body = undistinct(def.body());
        Matcher m = INLINED_AT.matcher(body);
        String rebuilt = m.find()
                ? body.substring(0, m.start()) + ", inlinedAt: " + rebuiltChain(m.group(1)) + body.substring(m.end())
                : withInlinedAt(body, "!" + callSite);
        String result = "!" + module.addMetadataNode("distinct " + rebuilt);
        chain.put(id, result);
        return result;
    }

    private static String withInlinedAt(String body, String at) {
        Matcher s = SCOPE.matcher(body);
        if (s.find()) {
            return body.substring(0, s.end()) + ", inlinedAt: " + at + body.substring(s.end());
        }
        int close = body.lastIndexOf(')');
        return body.substring(0, close) + ", inlinedAt: " + at + body.substring(close);
    }

    private static boolean isLocation(String body) {
        return undistinct(body).startsWith("!DILocation(");
    }

    private static String undistinct(String body) {
        String b = body.strip();
        return b.startsWith("distinct") ? b.substring("distinct".length()).strip() : b;
    }

    private static String nodeId(String ref) {
        String r = ref.strip();
        if (r.length() < 2 || r.charAt(0) != '!') {
            return null;
        }
        for (int i = 1; i < r.length(); i++) {
            if (r.charAt(i) < '0' || r.charAt(i) > '9') {
                return null;
            }
        }
        return r.substring(1);
    }
}
