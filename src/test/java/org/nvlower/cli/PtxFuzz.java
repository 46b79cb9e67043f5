package org.nvlower.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

import org.nvlower.diag.InputException;
import org.nvlower.ptx.PtxFunction;
import org.nvlower.ptx.PtxModule;
import org.nvlower.ptx.PtxPrinter;
import org.nvlower.ptx.PtxReader;
import org.nvlower.sass.template.CompilationContext;
import org.nvlower.pipeline.KernelExpansion;
import org.nvlower.nvptx.DdivTier;
import org.nvlower.nvptx.SmProcessor;

/**
 * The fuzz of the PTX reader and the expander: real PTX (nvcc's and hand-written, the test
 * fixtures, and any directory of .ptx files given) mutated by characters, tokens and lines, each
 * mutant read, printed and read back (the same model), then expanded as {@code nvlower expand}
 * does under options that rotate with the mutant's index (target sm_52/75/80/90/100 or the
 * module's, DDIV tier full/partial/minimal, inline or template-call, -ftz), its listing printed.
 * Mutant I depends only on the seed and I. Outcomes: read (and expanded), refused (an
 * {@link InputException}), crash (any other exception or error, or a print that does not read
 * back to the same model), hang (over the time limit).
 *
 * <p>{@code bench/ptx-fuzz [N] [--seed S] [--first I] [--seeds DIR]... [--replay I]}
 */
public final class PtxFuzz {

    /** The fixtures the fuzz starts from (src/test/resources/ptx). */
    static final List<String> FIXTURES = List.of("canonical", "fdiv", "intdiv", "loop", "ddiv", "dexact", "fastmath",
            "fdiv-lineinfo", "misc", "constdiv", "fpimm", "constructs", "real-sm80", "real-sm90-lineinfo",
            "real-sm100", "debug-sm100-G", "debug-sm90-lineinfo", "old-nvcc");

    /** Words a token mutation may put in: opcodes, directives, operands PTX has, and some it has not. */
    private static final String[] WORDS = {"div.rn.f64", "div.rn.f32", "div.u32", "rem.s64", "div.rz.f32", "div.s16",
        "rcp.rn.f64", "sqrt.rn.f32", "rsqrt.approx.f64", "div.ftz.rn.f32", "div.full.f32", "div.f32", "div.sat.f32",
        "ex2.approx.f32", "sin.approx.ftz.f32", "@p", "@%p1", "@!%p1", ".reg", ".reg.u64", ".param.f32", ".v2.b16",
        ".texref", ".section", ".callprototype", ".attribute(.managed)", "::", "shared::cta", "[tex, {%f1, %f2}]",
        "{%r1, %r2}", "(%r1)", "0", "1", "-1", "7", "0x80000000", "0xFFFFFFFFFFFFFFFF", "99999999999999999999",
        "0b101", "017", "09", "0d4008000000000000", "0f3F800000", "0f3F8", "1.5", "1e400", "%r1", "%rd1", "%fd1",
        "%f1", "%p1", "%tid.x", "$L__BB0_1", "_", ";", ",", "{", "}", "(", ")", "[", "]", ":", "<", ">", "|", "!",
        "+", "-", "=", ".target sm_10", ".target sm_999", ".version 1.2", ".version 99.99", "/*", "*/", "//", "\"",
        ".loc 1 2 3", ".file 1 \"x.cu\"", ".pragma \"nounroll\";", ".entry", ".func", ".extern", ".global",
        ".shared", ".local", ".const", ".tex .u32 t;", ".maxntid 1, 1, 1", "tex.2d.v4.f32.f32", "cvt.rn.f16x2.f32",
        "call", "ret;", "bra", "prototype_0", ".b8", ".b64", ".f64", ".u16", ".pred", "\n", "\t"};

    private final List<String> seeds;
    private final long seed;

    PtxFuzz(List<String> seeds, long seed) {
        this.seeds = seeds;
        this.seed = seed;
    }

    /** The fixtures' texts. */
    static List<String> fixtures() {
        List<String> out = new ArrayList<>();
        for (String name : FIXTURES) {
            try (InputStream in = PtxFuzz.class.getResourceAsStream("/ptx/" + name + ".ptx")) {
                if (in == null) {
                    throw new IllegalStateException("missing fixture " + name);
                }
                out.add(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return out;
    }

    /** Mutant {@code i}: one to four mutations of a seed chosen by i. */
    String mutant(long i) {
        SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + i);
        String text = seeds.get((int) Math.floorMod(i, (long) seeds.size()));
        StringBuilder sb = new StringBuilder(text);
        for (int k = r.nextInt(1, 5); k > 0 && sb.length() > 0; k--) {
            int at = r.nextInt(sb.length());
            switch (r.nextInt(9)) {
                case 0 -> sb.deleteCharAt(at);
                case 1 -> sb.insert(at, sb.charAt(at));
                case 2 -> sb.setCharAt(at, (char) r.nextInt(32, 127));
                case 3 -> sb.insert(at, WORDS[r.nextInt(WORDS.length)]);
                case 4, 5 -> { // replace the token at 'at' with a word
                    int[] span = token(sb, at);
                    sb.replace(span[0], span[1], WORDS[r.nextInt(WORDS.length)]);
                }
                case 6 -> { // copy a token from elsewhere over this one
                    int[] span = token(sb, at);
                    int[] from = token(sb, r.nextInt(sb.length()));
                    String t = sb.substring(from[0], from[1]);
                    sb.replace(span[0], span[1], t);
                }
                case 7 -> { // delete or duplicate a line
                    int s = sb.lastIndexOf("\n", at) + 1;
                    int e = sb.indexOf("\n", at);
                    e = e < 0 ? sb.length() : e + 1;
                    String line = sb.substring(s, e);
                    if (r.nextBoolean()) {
                        sb.delete(s, e);
                    } else {
                        sb.insert(s, line);
                    }
                }
                default -> { // move a line elsewhere
                    int s = sb.lastIndexOf("\n", at) + 1;
                    int e = sb.indexOf("\n", at);
                    e = e < 0 ? sb.length() : e + 1;
                    String line = sb.substring(s, e);
                    sb.delete(s, e);
                    int to = sb.length() == 0 ? 0 : sb.lastIndexOf("\n", r.nextInt(sb.length())) + 1;
                    sb.insert(to, line);
                }
            }
        }
        return sb.toString();
    }

    private static int[] token(StringBuilder sb, int at) {
        int s = at;
        int e = at;
        while (s > 0 && !Character.isWhitespace(sb.charAt(s - 1)) && ",;[]{}()".indexOf(sb.charAt(s - 1)) < 0) {
            s--;
        }
        while (e < sb.length() && !Character.isWhitespace(sb.charAt(e)) && ",;[]{}()".indexOf(sb.charAt(e)) < 0) {
            e++;
        }
        return new int[] {s, Math.max(e, Math.min(sb.length(), s + 1))};
    }

    /** What one mutant did: read (and expanded), refused, crash (with the throwable). */
    record Outcome(String kind, String detail) {}

    private static final String[] ARCHS = {null, "sm_52", "sm_75", "sm_80", "sm_90", "sm_100"};
    private static final int[] LIMITS = {0, DdivTier.PARTIAL_SPILL_ABOVE + 1, DdivTier.PARTIAL_SPILL_ABOVE};

    /** Reads, prints, reads back, and expands {@code text} under options chosen by {@code i}. */
    static Outcome check(String text, long i) {
        try {
            PtxModule m = PtxReader.read("fuzz.ptx", text);
            String printed = PtxPrinter.print(m);
            PtxModule back = PtxReader.read("printed.ptx", printed);
            if (!back.equals(m)) {
                return new Outcome("crash", "the printed module reads back to another model");
            }
            String arch = ARCHS[(int) (i % ARCHS.length)];
            if (arch == null) {
                arch = m.target().get(0).matches("sm_1\\d") ? "sm_75" : m.target().get(0);
            }
            SmProcessor sm = SmProcessor.byName(arch).orElse(null);
            if (sm == null) {
                return new Outcome("refused", "target");
            }
            int limit = LIMITS[(int) (i / 7 % LIMITS.length)];
            CompilationContext ctx = CompilationContext.firstPass(sm).withStrategy(i % 2 == 0 ? 0 : 5);
            ctx = new CompilationContext(ctx.strategy(), 0, false, 0, ctx.optLevel(), sm,
                    limit == 0 ? sm.registerFileSize() : limit);
            KernelExpansion x = KernelExpansion.of(m, i % 5 == 0, sm, ctx.registerLimit());
            Map<PtxFunction, KernelExpansion.FunctionCode> code = new LinkedHashMap<>();
            for (PtxFunction f : m.functions()) {
                KernelExpansion.FunctionCode fc = x.dispatch(f, ctx);
                if (fc != null) {
                    code.put(f, fc);
                }
            }
            x.listing(code);
            x.rows();
            return new Outcome("read", "");
        } catch (InputException e) {
            return new Outcome("refused", e.getMessage());
        } catch (Throwable t) { // everything else is a bug: exceptions, stack overflow, out of memory
            StackTraceElement where = java.util.Arrays.stream(t.getStackTrace())
                    .filter(e -> e.getClassName().startsWith("org.nvlower")).findFirst().orElse(null);
            return new Outcome("crash", t + (where != null ? " at " + where : ""));
        }
    }

    /** The totals of a run and its first findings (crash or hang: index and message). */
    record Report(long read, long refused, long crashes, long hangs, List<String> findings, double seconds) {}

    Report run(long first, long count, long limitMs) {
        ExecutorService pool = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(null, r, "ptx-fuzz", 256L << 20);
            t.setDaemon(true);
            return t;
        });
        long read = 0;
        long refused = 0;
        long crashes = 0;
        long hangs = 0;
        List<String> findings = new ArrayList<>();
        long t0 = System.nanoTime();
        try {
            for (long i = first; i < first + count; i++) {
                String text = mutant(i);
                long index = i;
                Future<Outcome> job = pool.submit(() -> check(text, index));
                Outcome o;
                try {
                    o = job.get(limitMs, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    hangs++;
                    findings.add("#" + i + " hang: over " + limitMs + " ms");
                    job.cancel(true);
                    pool.shutdownNow();
                    pool = Executors.newSingleThreadExecutor();
                    continue;
                } catch (Exception e) {
                    o = new Outcome("crash", e.toString());
                }
                switch (o.kind()) {
                    case "read" -> read++;
                    case "refused" -> refused++;
                    default -> {
                        crashes++;
                        if (findings.size() < 50) {
                            findings.add("#" + i + " " + o.detail());
                        }
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return new Report(read, refused, crashes, hangs, findings, (System.nanoTime() - t0) / 1e9);
    }

    public static void main(String[] args) throws IOException {
        long count = 100_000;
        long seed = 22;
        long first = 0;
        long replay = -1;
        List<String> seeds = new ArrayList<>(fixtures());
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--seed" -> seed = Long.parseLong(args[++i]);
                case "--first" -> first = Long.parseLong(args[++i]);
                case "--replay" -> replay = Long.parseLong(args[++i]);
                case "--seeds" -> {
                    try (Stream<Path> s = Files.walk(Path.of(args[++i]))) {
                        for (Path p : s.filter(p -> p.toString().endsWith(".ptx")).sorted().toList()) {
                            if (Files.size(p) < 200_000) {
                                seeds.add(new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1));
                            }
                        }
                    }
                }
                default -> count = Long.parseLong(args[i].replace("_", "").replace(",", ""));
            }
        }
        PtxFuzz fuzz = new PtxFuzz(seeds, seed);
        if (replay >= 0) {
            String text = fuzz.mutant(replay);
            System.out.println(check(text, replay));
            System.out.println("---- mutant #" + replay + " ----\n" + text);
            return;
        }
        System.out.printf(Locale.ROOT, "seed %d: %d seed files, mutants %d .. %d, 10 s limit each%n", seed, seeds.size(),
                first, first + count - 1);
        long chunk = 10_000;
        long read = 0;
        long refused = 0;
        long crashes = 0;
        long hangs = 0;
        double seconds = 0;
        List<String> findings = new ArrayList<>();
        for (long at = first; at < first + count; at += chunk) {
            Report r = fuzz.run(at, Math.min(chunk, first + count - at), 10_000);
            read += r.read();
            refused += r.refused();
            crashes += r.crashes();
            hangs += r.hangs();
            seconds += r.seconds();
            findings.addAll(r.findings());
            System.out.printf(Locale.ROOT, "%,10d mutants  %,7.0f/s  read and expanded %,d  refused %,d  crashes %d  hangs %d%n",
                    at + Math.min(chunk, first + count - at) - first, (read + refused + crashes + hangs) / seconds, read,
                    refused, crashes, hangs);
        }
        System.out.printf(Locale.ROOT, "done: %,d mutants in %.0f s: read and expanded %,d, refused %,d (InputException), "
                + "crashes %d, hangs %d%n", count, seconds, read, refused, crashes, hangs);
        findings.stream().limit(50).forEach(System.out::println);
        System.exit(crashes + hangs == 0 ? 0 : 1);
    }
}
