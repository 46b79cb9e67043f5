package org.nvlower.llvm.corpus;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.nvlower.diag.InputException;
import org.nvlower.llvm.analysis.IrVerifier;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.testing.ExternalTools;

/**
 * {@code bench/llvm-tests-agreement DIR...}: every {@code .ll} under the directories (LLVM's own
 * {@code test/Assembler}, {@code test/Verifier}, {@code test/Bitcode}; the files stay outside the
 * repository) goes to nvlower (parse, materialize, {@link IrVerifier} errors: the verdict of
 * {@code verify-ir}; print: {@code roundtrip}) and to llvm-as 14 (and 19 where present: a second column). Reports how many verdicts agree,
 * how many accepted files print back byte for byte, the RUN lines' own expectation ({@code not
 * llvm-as} means invalid) beside llvm-as's, and every disagreement with both messages, in
 * {@code target/llvm-tests-agreement.tsv}.
 */
public final class LlvmTestsAgreement {

    /** One file's outcome. */
    record Outcome(Path file, boolean runSaysInvalid, boolean llvmAccepts, String llvmSays, boolean nvlowerAccepts,
            String nvlowerSays, Boolean roundTrips, Boolean llvm19Accepts, String llvm19Says) {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: bench/llvm-tests-agreement DIR... (an LLVM checkout's llvm/test/{Assembler,Verifier,Bitcode})");
            System.exit(2);
        }
        Path llvmAs = ExternalTools.llvmAs().orElseThrow(() -> new IllegalStateException("llvm-as 14 not found"));
        Path llvmAs19 = PassFuzz.tool(19, "llvm-as").orElse(null); // a second column where LLVM 19 is present
        List<Path> files = new ArrayList<>();
        for (String a : args) {
            try (Stream<Path> s = Files.walk(Path.of(a))) {
                s.filter(p -> p.toString().endsWith(".ll") && Files.isRegularFile(p)).sorted().forEach(files::add);
            }
        }
        long start = System.nanoTime();
        ConcurrentLinkedQueue<Outcome> outcomes = new ConcurrentLinkedQueue<>();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        for (Path f : files) {
            pool.submit(() -> outcomes.add(judge(f, llvmAs, llvmAs19)));
        }
        pool.shutdown();
        pool.awaitTermination(2, TimeUnit.HOURS);
        report(new ArrayList<>(outcomes), (System.nanoTime() - start) / 1e9);
    }

    static Outcome judge(Path file, Path llvmAs, Path llvmAs19) {
        String text;
        try {
            text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            return new Outcome(file, false, false, "unreadable", false, "unreadable", null, null, "");
        }
        boolean runSaysInvalid = text.lines().anyMatch(l -> l.contains("RUN:") && l.matches(".*\\bnot\\s+llvm-as\\b.*"));
        ExternalTools.Result r = ExternalTools.run(60, llvmAs, file.toString(), "-o", "/dev/null");
        String llvmSays = firstMessage(r.stderr());
        ExternalTools.Result r19 = llvmAs19 == null ? null : ExternalTools.run(60, llvmAs19, file.toString(), "-o", "/dev/null");
        boolean nvlowerAccepts;
        String nvlowerSays = "";
        Boolean roundTrips = null;
        try {
            Module m = IrParser.parse(file.getFileName().toString(), text);
            roundTrips = IrPrinter.print(m).equals(text);
            m.materializeAll();
            List<IrVerifier.Problem> errors = IrVerifier.errors(m);
            nvlowerAccepts = errors.isEmpty();
            if (!nvlowerAccepts) {
                nvlowerSays = "verifier: " + errors.get(0);
            }
        } catch (InputException e) {
            nvlowerAccepts = false;
            nvlowerSays = "parser: " + e.getMessage();
        } catch (RuntimeException | StackOverflowError e) {
            nvlowerAccepts = false;
            nvlowerSays = "CRASH " + e;
        }
        return new Outcome(file, runSaysInvalid, r.ok(), llvmSays, nvlowerAccepts, nvlowerSays, roundTrips,
                r19 == null ? null : r19.ok(), r19 == null ? "" : firstMessage(r19.stderr()));
    }

    private static String firstMessage(String stderr) {
        for (String l : stderr.lines().toList()) {
            if (l.contains("error:") || !l.isBlank() && !l.contains("llvm-as: assembly parsed")) {
                return l.replaceFirst("^.*?error: ", "").strip();
            }
        }
        return "";
    }

    private static void report(List<Outcome> outcomes, double seconds) throws IOException {
        outcomes.sort((a, b) -> a.file().compareTo(b.file()));
        Map<String, Integer> counts = new TreeMap<>();
        int agree = 0;
        int accepted = 0;
        int roundTrips = 0;
        int runAgrees = 0;
        Path out = Path.of("target/llvm-tests-agreement.tsv");
        Files.createDirectories(out.getParent());
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out))) {
            w.println("file\tllvm-as 14\tnvlower\tround trip\tRUN says\tllvm-as says\tnvlower says\tllvm-as 19\tllvm-as 19 says");
            for (Outcome o : outcomes) {
                String kind = o.llvmAccepts() == o.nvlowerAccepts() ? (o.llvmAccepts() ? "both accept" : "both reject")
                        : o.llvmAccepts() ? "llvm-as only accepts" : "nvlower only accepts";
                counts.merge(kind, 1, Integer::sum);
                if (o.nvlowerSays().startsWith("CRASH")) {
                    counts.merge("nvlower crashes", 1, Integer::sum);
                }
                agree += o.llvmAccepts() == o.nvlowerAccepts() ? 1 : 0;
                runAgrees += o.runSaysInvalid() != o.llvmAccepts() ? 1 : 0;
                if (o.llvmAccepts() && o.roundTrips() != null) {
                    accepted++;
                    roundTrips += o.roundTrips() ? 1 : 0;
                }
                w.println(o.file() + "\t" + (o.llvmAccepts() ? "accept" : "reject") + "\t"
                        + (o.nvlowerAccepts() ? "accept" : "reject") + "\t" + o.roundTrips() + "\t"
                        + (o.runSaysInvalid() ? "invalid" : "valid") + "\t" + o.llvmSays() + "\t"
                        + o.nvlowerSays().replace('\n', ' ') + "\t" + (o.llvm19Accepts() == null ? "" : o.llvm19Accepts()
                        ? "accept" : "reject") + "\t" + o.llvm19Says());
            }
        }
        System.out.printf("%d files in %.1f s: verdicts agree on %d (%s)%n", outcomes.size(), seconds, agree, counts);
        Map<String, Integer> counts19 = new TreeMap<>();
        for (Outcome o : outcomes) {
            if (o.llvm19Accepts() != null) {
                boolean l = o.llvm19Accepts();
                counts19.merge(l == o.nvlowerAccepts() ? (l ? "both accept" : "both reject")
                        : l ? "llvm-as 19 only accepts" : "nvlower only accepts", 1, Integer::sum);
                counts19.merge(l == o.llvmAccepts() ? "llvm-as 14 agrees" : "llvm-as 14 differs", 1, Integer::sum);
            }
        }
        if (!counts19.isEmpty()) {
            System.out.printf("against llvm-as 19: %s%n", counts19);
        }
        System.out.printf("RUN lines agree with llvm-as 14 on %d; of the %d files llvm-as accepts and nvlower parses, "
                + "%d print back byte for byte%n", runAgrees, accepted, roundTrips);
        for (Outcome o : outcomes) {
            if (o.llvmAccepts() != o.nvlowerAccepts()) {
                System.out.println((o.llvmAccepts() ? "VALID REJECTED  " : "INVALID ACCEPTED ") + o.file() + "\n    llvm-as: "
                        + o.llvmSays() + "\n    nvlower: " + o.nvlowerSays().lines().findFirst().orElse(""));
            }
        }
        for (Outcome o : outcomes) {
            if (o.llvmAccepts() && Boolean.FALSE.equals(o.roundTrips())) {
                System.out.println("NOT BYTE FOR BYTE " + o.file());
            }
        }
        System.out.println("details: " + out);
    }
}
