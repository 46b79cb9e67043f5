package org.nvlower.llvm.corpus;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Small valid modules cut out of libdevice: one function each, with the header, the globals and
 * declarations it names, and the attribute groups. The fuzzer starts from them.
 */
final class LibdeviceSlices {

    private LibdeviceSlices() {}

    private static final Pattern GLOBAL_REF = Pattern.compile("@([-\\w$.]+)");

    /** {@code count} functions spread evenly over the file, each as a module of its own. */
    static List<String> standaloneFunctions(String libdevice, int count) {
        StringBuilder header = new StringBuilder();
        StringBuilder attributes = new StringBuilder();
        Map<String, String> topLevel = new HashMap<>();
        for (String line : libdevice.lines().toList()) {
            if (line.startsWith("target ") || line.startsWith("%struct.")) {
                header.append(line).append('\n');
            } else if (line.startsWith("attributes #")) {
                attributes.append(line).append('\n');
            } else if (line.startsWith("@") || line.startsWith("declare ")) {
                firstGlobal(line).ifPresent(name -> topLevel.put(name, line));
            } else if (line.startsWith("define ")) {
                // other functions this one calls become declarations: "define T @f(args) #N {" -> "declare T @f(args) #N"
                // (a declaration has no local linkage)
                firstGlobal(line).ifPresent(name -> topLevel.put(name, ("declare" + line.substring("define".length(),
                        line.lastIndexOf(" {"))).replaceFirst("^declare (internal|private) ", "declare ")));
            }
        }
        List<String> functions = Corpus.functionTexts(libdevice);
        List<String> out = new ArrayList<>();
        int step = Math.max(1, functions.size() / Math.max(1, count));
        for (int i = 0; i < functions.size() && out.size() < count; i += step) {
            // metadata operands would need the module's metadata; drop those attachments
            String fn = functions.get(i).replaceAll(", !(srcloc|llvm\\.loop) ![0-9]+", "");
            String self = firstGlobal(fn).orElseThrow();
            Set<String> needed = new LinkedHashSet<>();
            Matcher m = GLOBAL_REF.matcher(fn);
            while (m.find()) {
                needed.add(m.group(1));
            }
            needed.remove(self);
            StringBuilder sb = new StringBuilder(header).append('\n');
            for (String name : needed) {
                sb.append(topLevel.get(name)).append('\n');
            }
            sb.append('\n').append(fn).append('\n').append(attributes);
            out.add(sb.toString());
        }
        return out;
    }

    private static Optional<String> firstGlobal(String line) {
        Matcher m = GLOBAL_REF.matcher(line);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }
}
