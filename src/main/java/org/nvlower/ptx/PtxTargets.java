package org.nvlower.ptx;

import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code .target} directive: the SMs PTX names and the PTX version each needs (as ptxas 13.0
 * checks it: the lowest {@code .version} it accepts with each {@code .target}, measured by running
 * it on a one-kernel module), and the target options.
 */
public final class PtxTargets {

    private PtxTargets() {}

    /** The lowest PTX version (major * 10 + minor) that may name each SM; an {@code a}/{@code f} suffix as noted. */
    private static final Map<Integer, Integer> MIN_VERSION = Map.ofEntries(
            Map.entry(10, 10), Map.entry(11, 10), Map.entry(12, 12), Map.entry(13, 12), Map.entry(20, 20),
            Map.entry(21, 20), Map.entry(30, 30), Map.entry(32, 40), Map.entry(35, 31), Map.entry(37, 41),
            Map.entry(50, 40), Map.entry(52, 41), Map.entry(53, 42), Map.entry(60, 50), Map.entry(61, 50),
            Map.entry(62, 50), Map.entry(70, 60), Map.entry(72, 61), Map.entry(75, 63), Map.entry(80, 70),
            Map.entry(86, 71), Map.entry(87, 74), Map.entry(88, 73), Map.entry(89, 78), Map.entry(90, 78),
            Map.entry(100, 86), Map.entry(101, 86), Map.entry(103, 88), Map.entry(110, 90), Map.entry(120, 87),
            Map.entry(121, 88));

    private static final Set<String> OPTIONS = Set.of("texmode_unified", "texmode_independent", "debug",
            "map_f64_to_f32");

    private static final Pattern SM = Pattern.compile("sm_(\\d{1,3})([af]?)");

    /** The problem with {@code .version VERSION} and {@code .target TARGET[, OPTIONS]}, or null. */
    static String check(String version, java.util.List<String> target) {
        Matcher m = SM.matcher(target.get(0));
        if (!m.matches() || !MIN_VERSION.containsKey(Integer.parseInt(m.group(1)))) {
            return "unknown target '" + target.get(0) + "' (PTX targets are sm_10 ... sm_121, with a or f for some)";
        }
        int sm = Integer.parseInt(m.group(1));
        int need = MIN_VERSION.get(sm);
        if (m.group(2).equals("a")) {
            need = Math.max(need, sm == 90 ? 80 : 86);
        } else if (m.group(2).equals("f")) {
            need = Math.max(need, 88);
        }
        String[] v = version.split("\\.");
        if (v.length != 2 || v[0].length() > 2 || v[1].length() > 2) {
            return "unknown PTX version " + version;
        }
        int have = Integer.parseInt(v[0]) * 10 + Math.min(9, Integer.parseInt(v[1]));
        if (have < need) {
            return "PTX .version " + version + " does not support .target " + target.get(0) + " (it needs "
                    + need / 10 + "." + need % 10 + " or later)";
        }
        for (String option : target.subList(1, target.size())) {
            if (!OPTIONS.contains(option) && !SM.matcher(option).matches()) {
                return "unknown target option '" + option + "' (texmode_unified, texmode_independent, debug, "
                        + "map_f64_to_f32)";
            }
        }
        return null;
    }

    /**
     * The SM ptxas 13.0 compiles for when it is given no {@code -arch}: what {@code nvlower expand}
     * expands a module for whose {@code .target} is older than every SM nvlower models (sm_1x).
     */
    public static final String PTXAS_DEFAULT_ARCH = "sm_75";
}
