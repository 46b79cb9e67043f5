package org.nvlower.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code bench/ptx-corpus}: {@code nvlower expand FILE} over every {@code .ptx} file under the
 * given directories, in one JVM, each with a time limit. Prints per file its outcome (expanded,
 * refused with the error, crash: exit code 70, hang: over the limit) and, for an expanded file,
 * the wall time and the math instructions the summary counts against those counted here independently (the first
 * words div rem rcp sqrt rsqrt ex2 lg2 sin cos tanh of the statements, comments removed): a file
 * whose summary counts fewer has uncounted math. Then the totals, over all files and over those
 * listed in {@code --accepted LIST} (the files ptxas accepts, one path a line).
 */
public final class PtxCorpus {

    private PtxCorpus() {}

    private static final Pattern SUMMARY = Pattern.compile(
            "// summary: (\\d+) math instructions, (\\d+) expanded, (\\d+) not expanded;");
    private static final Set<String> MATH = Set.of("div", "rem", "rcp", "sqrt", "rsqrt", "ex2", "lg2", "sin", "cos",
            "tanh");

    /** The math instructions of a PTX text, counted without nvlower's reader. */
    static int countMath(String text) {
        String s = text.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", "").replaceAll("\"[^\"\\n]*\"", "\"\"");
        int n = 0;
        for (String stmt : s.split("[;{}]")) {
            String t = stmt.strip();
            // labels, then a guard
            t = t.replaceFirst("^([$%\\w.]+\\s*:(?!:)\\s*)+", "");
            t = t.replaceFirst("^@!?%?[\\w$]+\\s+", "");
            Matcher m = Pattern.compile("^([a-z0-9]+)\\.").matcher(t);
            if (m.find() && MATH.contains(m.group(1))) {
                n++;
            }
        }
        return n;
    }

    record Outcome(Path file, String kind, String detail, int math, int counted, int expanded) {}

    private static final Pattern NOT_EXPANDED = Pattern.compile("^// (\\S+) +(\\d+)   not expanded \\((.*)\\)$",
            Pattern.MULTILINE);
    /** Math instructions not expanded over the expanded files: "op (reason)" -> count. */
    private static final Map<String, Integer> LEFT = new TreeMap<>();

    public static void main(String[] args) throws Exception {
        List<Path> roots = new ArrayList<>();
        Set<String> accepted = null;
        long limitMs = 120_000;
        List<String> extra = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--accepted" -> accepted = new HashSet<>(Files.readAllLines(Path.of(args[++i])));
                case "--timeout-ms" -> limitMs = Long.parseLong(args[++i]);
                case "--" -> {
                    extra.addAll(List.of(args).subList(i + 1, args.length));
                    i = args.length;
                }
                default -> roots.add(Path.of(args[i]));
            }
        }
        List<Path> files = new ArrayList<>();
        for (Path r : roots) {
            try (Stream<Path> s = Files.walk(r)) {
                s.filter(p -> p.toString().endsWith(".ptx") && Files.isRegularFile(p)).sorted().forEach(files::add);
            }
        }
        ExecutorService pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(null, r, "expand", 64L << 20);
            t.setDaemon(true);
            return t;
        });
        List<Outcome> outcomes = new ArrayList<>();
        for (Path f : files) {
            String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
            int math = countMath(text);
            List<String> argv = new ArrayList<>(List.of("expand", f.toString()));
            argv.addAll(extra);
            Future<Object[]> job = pool.submit(() -> {
                StringWriter out = new StringWriter();
                StringWriter err = new StringWriter();
                int code = Main.run(new PrintWriter(out), new PrintWriter(err), argv.toArray(String[]::new));
                return new Object[] {code, out.toString(), err.toString()};
            });
            Outcome o;
            long t0 = System.nanoTime();
            try {
                Object[] r = job.get(limitMs, TimeUnit.MILLISECONDS);
                int code = (Integer) r[0];
                String out = (String) r[1];
                String err = ((String) r[2]).strip();
                if (code == 0) {
                    Matcher m = SUMMARY.matcher(out);
                    int counted = m.find() ? Integer.parseInt(m.group(1)) : -1;
                    int expanded = counted < 0 ? 0 : Integer.parseInt(m.group(2));
                    o = new Outcome(f, "expanded", "", math, counted, expanded);
                    Matcher left = NOT_EXPANDED.matcher(out);
                    while (left.find()) {
                        LEFT.merge(left.group(1) + " (" + left.group(3) + ")", Integer.parseInt(left.group(2)), Integer::sum);
                    }
                } else if (code == Main.INTERNAL_ERROR) {
                    o = new Outcome(f, "crash", err.lines().limit(3).reduce("", (a, b) -> a + " | " + b), math, 0, 0);
                } else {
                    o = new Outcome(f, "refused", err.lines().findFirst().orElse(""), math, 0, 0);
                }
            } catch (TimeoutException e) {
                job.cancel(true);
                o = new Outcome(f, "hang", "over " + limitMs + " ms", math, 0, 0);
            }
            outcomes.add(o);
            System.out.printf(Locale.ROOT, "%-9s math %4d counted %4d expanded %4d %7.2f s  %s  %s%n", o.kind(), o.math(),
                    o.counted(), o.expanded(), (System.nanoTime() - t0) / 1e9, f, o.detail());
        }
        report("all files", outcomes);
        if (accepted != null) {
            Set<String> ok = accepted;
            report("files ptxas accepts", outcomes.stream().filter(o -> ok.contains(o.file().toString())).toList());
        }
        System.out.printf(Locale.ROOT, "%nmath instructions not expanded, in all files expanded:%n");
        LEFT.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder()))
                .forEach(e -> System.out.printf(Locale.ROOT, "%6d  %s%n", e.getValue(), e.getKey()));
        System.exit(0);
    }

    private static void report(String label, List<Outcome> os) {
        long expanded = os.stream().filter(o -> o.kind().equals("expanded")).count();
        long crashes = os.stream().filter(o -> o.kind().equals("crash")).count();
        long hangs = os.stream().filter(o -> o.kind().equals("hang")).count();
        List<Outcome> withMath = os.stream().filter(o -> o.math() > 0).toList();
        long mathExpanded = withMath.stream().filter(o -> o.kind().equals("expanded")).count();
        long uncounted = os.stream().filter(o -> o.kind().equals("expanded") && o.counted() < o.math()).count();
        long sites = os.stream().filter(o -> o.kind().equals("expanded")).mapToLong(Outcome::counted).sum();
        long sitesExpanded = os.stream().mapToLong(Outcome::expanded).sum();
        System.out.printf(Locale.ROOT, "%n== %s: %d files; expanded %d (%.1f%%); with math %d, expanded %d (%.1f%%); "
                + "crashes %d; hangs %d; files with uncounted math %d; math instructions in expanded files %d, through "
                + "a template %d (%.1f%%)%n", label, os.size(), expanded, 100.0 * expanded / Math.max(1, os.size()),
                withMath.size(), mathExpanded, 100.0 * mathExpanded / Math.max(1, withMath.size()), crashes, hangs,
                uncounted, sites, sitesExpanded, 100.0 * sitesExpanded / Math.max(1, sites));
        Map<String, Integer> reasons = new TreeMap<>();
        for (Outcome o : os) {
            if (!o.kind().equals("expanded")) {
                String key = o.kind() + ": " + o.detail().replaceAll("^[^ ]*:\\d+:\\d+: ", "").replaceAll("'[^']*'", "'_'")
                        .replaceAll("\\d+", "N");
                reasons.merge(key, 1, Integer::sum);
            }
        }
        reasons.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder()))
                .forEach(e -> System.out.printf(Locale.ROOT, "%5d  %s%n", e.getValue(), e.getKey()));
    }
}
