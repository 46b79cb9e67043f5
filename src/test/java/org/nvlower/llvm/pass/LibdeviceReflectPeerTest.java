package org.nvlower.llvm.pass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.testing.ExternalTools;

/**
 * NVVMReflect + branch folding on all of libdevice against LLVM's own NVVMReflect: for every one
 * of the 352 functions, the set of functions it calls afterwards (the intrinsics the reflect values
 * select) equals opt's.
 *
 * <p>What the peers can be told: LLVM 14 and 19 fold {@code __CUDA_FTZ} from the module flag
 * {@code nvvm-reflect-ftz}, {@code __CUDA_ARCH} to 0 (opt's pass is built with SM version 0) and
 * know no {@code __CUDA_PREC_SQRT} (0). So the configurations with FTZ 0/1, ARCH 0, PREC_SQRT 0 run
 * the peers untouched; for ARCH and PREC_SQRT values the test first replaces those reflect calls
 * in the text by the constant ({@code add i32 800, 0}) and lets opt fold the rest. LLVM 14 needs
 * {@code -instsimplify} between its passes: its {@code -simplifycfg} leaves {@code icmp ne i32 0, 0}
 * unfolded and both arms in 149 functions (measured); LLVM 19's simplifycfg folds it itself, so it
 * runs {@code -passes=nvvm-reflect,simplifycfg} as such where nothing was replaced.
 */
class LibdeviceReflectPeerTest {

    private static final Pattern DEFINE = Pattern.compile("define [^@]*@([-\\w$.]+)\\(");
    private static final Pattern CALL = Pattern.compile("call [^@]*@([-\\w$.]+)\\(");

    /** A reflect configuration and whether the peers can be given it as it is. */
    record Config(int ftz, int arch, int precSqrt) {
        boolean native_() {
            return arch == 0 && precSqrt == 0;
        }

        Map<String, Integer> values() {
            return Map.of("__CUDA_FTZ", ftz, "__CUDA_ARCH", arch, "__CUDA_PREC_SQRT", precSqrt);
        }

        @Override
        public String toString() {
            return "FTZ=" + ftz + " ARCH=" + arch + " PREC_SQRT=" + precSqrt;
        }
    }

    static final List<Config> CONFIGS = List.of(new Config(0, 0, 0), new Config(1, 0, 0), new Config(1, 800, 1));

    @Test
    void libdeviceFactsHold() {
        String text = LibdeviceText.text();
        Module m = IrParser.parse("libdevice.ll", text);
        NvvmReflect.Result r = NvvmReflect.run(m, Map.of());
        assertEquals(352, m.functions().stream().filter(f -> !f.isDeclaration()).count());
        // FACTS.md: the keys libdevice asks for and how often; __CUDA_PREC_DIV is never queried
        assertEquals(Map.of("__CUDA_FTZ", 1940, "__CUDA_ARCH", 63, "__CUDA_PREC_SQRT", 12), r.keys());
    }

    /** llvm-dis 19 writes libdevice with opaque pointers ({@code ptr @.str}): the same folding results. */
    @Test
    void opaquePointerLibdeviceFoldsTheSame(@TempDir Path dir) throws IOException {
        Optional<Path> dis19 = ExternalTools.llvm19("llvm-dis");
        Assumptions.assumeTrue(dis19.isPresent(), "llvm-dis 19 not found");
        Path out = dir.resolve("libdevice19.ll");
        ExternalTools.Result r = ExternalTools.run(120, dis19.get(), ExternalTools.libdeviceBitcode().orElseThrow().toString(),
                "-o", out.toString());
        assertEquals(0, r.exitCode(), r.stderr());
        String opaque = Files.readString(out, StandardCharsets.ISO_8859_1);
        assertTrue(opaque.contains("@__nvvm_reflect(ptr @.str)"), "opaque-pointer form");
        Config c = new Config(1, 800, 1);
        Module m = IrParser.parse("libdevice19.ll", opaque);
        NvvmReflect.Result reflected = NvvmReflect.run(m, c.values());
        assertEquals(2015, reflected.folded());
        ReflectBranchFold.run(reflected.functions());
        assertEquals(ours(dir, LibdeviceText.text(), c, false), calls(m));
    }

    @Test
    void sameCallsAsOptPerFunction(@TempDir Path dir) throws Exception {
        Optional<Path> opt14 = ExternalTools.opt();
        Optional<Path> opt19 = ExternalTools.llvm19("opt");
        Assumptions.assumeTrue(opt14.isPresent() || opt19.isPresent(), "neither opt 14 nor opt 19 found");
        String text = LibdeviceText.text();
        int compared = 0;
        for (int k = 0; k < CONFIGS.size(); k++) {
            Config c = CONFIGS.get(k);
            Path input = dir.resolve("in" + k + ".ll");
            Files.writeString(input, peerInput(text, c), StandardCharsets.ISO_8859_1);
            // the peers run while nvlower works
            List<Peer> peers = new ArrayList<>();
            opt14.ifPresent(o -> peers.add(Peer.start(dir, "opt 14, " + c, o, input,
                    List.of("-nvvm-reflect", "-instsimplify", "-simplifycfg"))));
            opt19.ifPresent(o -> peers.add(Peer.start(dir, "opt 19, " + c, o, input,
                    List.of(c.native_() ? "-passes=nvvm-reflect,simplifycfg" : "-passes=nvvm-reflect,instsimplify,simplifycfg"))));
            Map<String, TreeSet<String>> ours = ours(dir, text, c, k == 0);
            for (Peer p : peers) {
                assertSameCalls(ours, p.calls(), p.what);
                compared++;
            }
        }
        assertTrue(compared >= CONFIGS.size());
    }

    /** One opt run in the background, and the calls per function of what it printed. */
    private record Peer(String what, Process process, Path out, List<String> command) {
        static Peer start(Path dir, String what, Path opt, Path input, List<String> passes) {
            Path out = dir.resolve(what.replaceAll("\\W+", "_") + ".ll");
            List<String> cmd = new ArrayList<>();
            cmd.add(opt.toString());
            cmd.add("-S");
            cmd.addAll(passes);
            cmd.addAll(List.of(input.toString(), "-o", out.toString()));
            try {
                Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                        .redirectOutput(dir.resolve(out.getFileName() + ".log").toFile()).start();
                return new Peer(what, p, out, cmd);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        Map<String, TreeSet<String>> calls() throws Exception {
            assertTrue(process.waitFor(300, java.util.concurrent.TimeUnit.SECONDS), what + " timed out");
            assertEquals(0, process.exitValue(), String.join(" ", command) + ":\n"
                    + Files.readString(out.resolveSibling(out.getFileName() + ".log")));
            return callsInText(Files.readString(out, StandardCharsets.ISO_8859_1));
        }
    }

    /** For each {@code define} in opt's output, the names after {@code call ... @} (opt prints one instruction a line). */
    static Map<String, TreeSet<String>> callsInText(String text) {
        Map<String, TreeSet<String>> map = new TreeMap<>();
        TreeSet<String> current = null;
        for (String line : text.split("\n")) {
            Matcher d = DEFINE.matcher(line);
            if (d.lookingAt()) {
                current = new TreeSet<>();
                map.put(d.group(1), current);
            } else if (line.startsWith("}")) {
                current = null;
            } else if (current != null) {
                Matcher c = CALL.matcher(line);
                while (c.find()) {
                    current.add(c.group(1));
                }
            }
        }
        return map;
    }

    /** nvlower's reflect + fold; the calls of each function afterwards. The first run is also judged by llvm-as. */
    private static Map<String, TreeSet<String>> ours(Path dir, String text, Config c, boolean judge) {
        Module m = IrParser.parse("libdevice.ll", text);
        NvvmReflect.Result r = NvvmReflect.run(m, c.values());
        ReflectBranchFold.run(r.functions());
        if (judge) {
            PassChecks.assertValid(dir, m);
        } else {
            assertEquals(List.of(), org.nvlower.llvm.analysis.IrVerifier.verify(m));
        }
        return calls(m);
    }

    /** The text opt reads: the module flag for FTZ, ARCH and PREC_SQRT calls replaced by their values. */
    static String peerInput(String text, Config c) {
        String t = text;
        if (!c.native_()) {
            t = replaceReflect(t, "__CUDA_ARCH", c.arch());
            t = replaceReflect(t, "__CUDA_PREC_SQRT", c.precSqrt());
        }
        return t + "\n!llvm.module.flags = !{!90000}\n!90000 = !{i32 4, !\"nvvm-reflect-ftz\", i32 " + c.ftz() + "}\n";
    }

    /** Replaces {@code call i32 @__nvvm_reflect(... @G ...)} by {@code add i32 VALUE, 0} for the global G holding KEY. */
    private static String replaceReflect(String text, String key, int value) {
        Matcher g = Pattern.compile("^(@[-\\w$.]+) = [^\\n]*c\"" + key + "\\\\00\"", Pattern.MULTILINE).matcher(text);
        assertTrue(g.find(), key + " string not found in libdevice");
        Pattern call = Pattern.compile("call i32 @__nvvm_reflect\\([^\\n]*" + Pattern.quote(g.group(1)) + ",[^\\n]*\\)\\)( #\\d+)?");
        return call.matcher(text).replaceAll("add i32 " + value + ", 0");
    }

    /** For each defined function, the names of the functions it calls. */
    static Map<String, TreeSet<String>> calls(Module m) {
        Map<String, TreeSet<String>> map = new TreeMap<>();
        for (Function f : m.functions()) {
            if (f.isDeclaration()) {
                continue;
            }
            TreeSet<String> callees = new TreeSet<>();
            f.instructions().forEach(i -> {
                if (i instanceof CallInst call && call.calledFunction() != null) {
                    callees.add(call.calledFunction().name());
                }
            });
            map.put(f.name(), callees);
        }
        return map;
    }

    private static void assertSameCalls(Map<String, TreeSet<String>> ours, Map<String, TreeSet<String>> peer, String what) {
        assertEquals(352, ours.size());
        assertEquals(ours.keySet(), peer.keySet(), what);
        List<String> differ = new ArrayList<>();
        for (String f : ours.keySet()) {
            if (!ours.get(f).equals(peer.get(f))) {
                differ.add(f + ": nvlower " + ours.get(f) + " / opt " + peer.get(f));
            }
        }
        assertEquals(List.of(), differ, what);
    }
}
