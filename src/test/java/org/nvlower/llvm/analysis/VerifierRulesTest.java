package org.nvlower.llvm.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.testing.ExternalTools;

/**
 * LLVM's verifier rule families (issue 24), one module per rule under
 * {@code src/test/resources/llvm/verifier/}. The first line says LLVM 14's verdict, written from
 * llvm-as 14's output: {@code ; LLVM: message} (rejected with that message), {@code ; WARNING:
 * message} (accepted, the debug info dropped with that message) or {@code ; VALID}; {@code ;
 * LLVM19: message} is a rule of LLVM 19 on IR LLVM 14 cannot read (opaque pointers), judged by
 * llvm-as 19 instead; an optional
 * {@code ; NVLOWER: message} names nvlower's message where it reports another problem of the same
 * module first. The IrVerifier must agree, and so must llvm-as 14 where installed.
 */
class VerifierRulesTest {

    private static final Path DIR = Path.of("src/test/resources/llvm/verifier");

    static Stream<Path> cases() throws IOException {
        try (Stream<Path> s = Files.list(DIR)) {
            return s.filter(p -> p.toString().endsWith(".ll")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void judgedAsLlvm14Does(Path file) throws IOException {
        String text = Files.readString(file);
        List<String> header = text.lines().takeWhile(l -> l.startsWith("; ")).toList();
        String verdict = header.get(0).substring(2);
        String llvmMessage = verdict.contains(": ") ? verdict.substring(verdict.indexOf(": ") + 2) : null;
        String ours = header.stream().filter(l -> l.startsWith("; NVLOWER: ")).map(l -> l.substring(11)).findFirst()
                .orElse(llvmMessage);
        List<IrVerifier.Problem> problems = IrVerifier.verify(IrParser.parse(file.toString(), text));
        if (verdict.startsWith("VALID")) {
            assertEquals(List.of(), problems);
        } else {
            boolean warning = verdict.startsWith("WARNING");
            assertTrue(problems.stream().anyMatch(p -> p.message().contains(ours) && p.warning() == warning),
                    problems.toString());
            if (warning) {
                assertTrue(problems.stream().allMatch(IrVerifier.Problem::warning), problems.toString());
            }
            IrVerifier.Problem first = problems.get(0);
            if (first.function() != null) {
                assertNotNull(first.position(), "a problem in a function read from text has a position: " + first);
                assertEquals(file.toString(), first.position().file());
            }
        }
        Optional<Path> as = verdict.startsWith("LLVM19:") ? ExternalTools.llvm19("llvm-as") : ExternalTools.llvmAs();
        if (as.isPresent()) {
            ExternalTools.Result r = ExternalTools.run(60, as.get(), file.toString(), "-o", "/dev/null");
            assertEquals(!verdict.startsWith("LLVM"), r.ok(), r.stderr());
            if (llvmMessage != null) {
                assertTrue(r.stderr().contains(llvmMessage), r.stderr());
            }
        }
    }

    @Test
    void positionsNameTheInstructionLineAndColumn() {
        String text = "define void @f(i32* %p) {\n  %x = atomicrmw xchg i32* %p, i32 1 unordered\n  ret void\n}\n";
        List<IrVerifier.Problem> problems = IrVerifier.verify(IrParser.parse("pos.ll", text));
        assertEquals(1, problems.size(), problems.toString());
        assertEquals("pos.ll:2:3", problems.get(0).position().toString());
        assertEquals("f", problems.get(0).function());
    }

    /**
     * Every intrinsic of the table, called with its signature made concrete (float, i32, i8*), is
     * accepted by llvm-as 14, and each of its immarg arguments passed as a variable is rejected as
     * the IrVerifier rejects it: the table says what LLVM's .td files say.
     */
    @Test
    void intrinsicTableAgreesWithLlvm14(@TempDir Path dir) throws IOException {
        Optional<Path> as = ExternalTools.llvmAs();
        List<String> disagreements = new ArrayList<>();
        for (IntrinsicSignatures.Signature s : IntrinsicSignatures.all()) {
            for (int variable = -1; variable < s.params().size(); variable++) {
                if (variable >= 0 && !s.immarg().get(variable)) {
                    continue;
                }
                String module = concreteCall(s, variable);
                boolean oursOk = IrVerifier.errors(IrParser.parse("t.ll", module)).isEmpty();
                assertEquals(variable < 0, oursOk, module);
                if (as.isPresent()) {
                    Path f = Files.writeString(dir.resolve("t.ll"), module);
                    ExternalTools.Result r = ExternalTools.run(60, as.get(), f.toString(), "-o", "/dev/null");
                    if (r.ok() != oursOk) {
                        disagreements.add(module + r.stderr());
                    }
                }
            }
        }
        assertEquals(List.of(), disagreements);
        assertFalse(IntrinsicSignatures.all().isEmpty());
    }

    /** {@code declare} and a call of {@code s} with concrete types; argument {@code variable} (or none, -1) a parameter. */
    private static String concreteCall(IntrinsicSignatures.Signature s, int variable) {
        List<String> params = new ArrayList<>();
        List<String> args = new ArrayList<>();
        List<String> fnParams = new ArrayList<>();
        for (int i = 0; i < s.params().size(); i++) {
            String t = concrete(s.params().get(i), s);
            params.add(t);
            if (i == variable || t.equals("metadata")) {
                fnParams.add(t.equals("metadata") ? "i32 %m" + i : t + " %a" + i);
                args.add(t.equals("metadata") ? "metadata i32 %m" + i : t + " %a" + i);
            } else {
                args.add(t + " " + (t.endsWith("*") ? "null" : t.equals("float") || t.equals("double") ? "1.0"
                        : t.equals("i1") ? "false" : t.startsWith("<") ? "zeroinitializer" : "1"));
            }
        }
        String ret = concrete(s.result(), s);
        String name = s.name() + suffix(s);
        if (s.varArgs()) {
            params.add("...");
        }
        String callType = s.varArgs() ? ret + " (" + String.join(", ", params) + ")" : ret;
        return "declare " + ret + " @" + name + "(" + String.join(", ", params) + ")\n"
                + "define void @f(" + String.join(", ", fnParams) + ") {\n"
                + "  " + (ret.equals("void") ? "" : "%r = ") + "call " + callType + " @" + name + "(" + String.join(", ", args)
                + ")\n  ret void\n}\n";
    }

    /** The mangling LLVM 14 expects of the overloaded kinds, in order of first use. */
    private static String suffix(IntrinsicSignatures.Signature s) {
        List<String> kinds = new ArrayList<>();
        List<String> all = new ArrayList<>();
        all.add(s.result().replaceAll("[{}]", "").split(",")[0]);
        all.addAll(s.params());
        StringBuilder sb = new StringBuilder();
        for (String k : all) {
            boolean vector = k.length() == 3 && k.charAt(0) == 'V';
            if ((vector || k.length() == 2 && "FIP".indexOf(k.charAt(0)) >= 0 && Character.isDigit(k.charAt(1)))
                    && !kinds.contains(k)) {
                kinds.add(k);
                sb.append('.').append(vector ? (k.charAt(1) == 'F' ? "v1f32" : "v1i32") : switch (k.charAt(0)) {
                    case 'F' -> "f32";
                    case 'I' -> "i32";
                    default -> "p0i8";
                });
            }
        }
        return sb.toString();
    }

    /** A concrete type of {@code kind}: vectors have one lane ({@code <1 x i32>}: a 1 x 1 matrix), {@code E0} their element. */
    private static String concrete(String kind, IntrinsicSignatures.Signature s) {
        if (kind.startsWith("{")) {
            List<String> fields = new ArrayList<>();
            for (String f : kind.substring(1, kind.length() - 1).split(",")) {
                fields.add(concrete(f, s));
            }
            return "{ " + String.join(", ", fields) + " }";
        }
        if (kind.length() == 3 && kind.charAt(0) == 'V') {
            return kind.charAt(1) == 'F' ? "<1 x float>" : "<1 x i32>";
        }
        if (kind.startsWith("PV") || kind.startsWith("M")) {
            return kind.startsWith("M") ? "<1 x i1>" : "<1 x i32>*";
        }
        if (kind.startsWith("E") || kind.startsWith("PE")) {
            String number = kind.substring(kind.indexOf('E') + 1);
            List<String> all = new ArrayList<>(s.params());
            all.add(s.result());
            String vector = all.stream().filter(k -> k.startsWith("V") && k.endsWith(number)).findFirst().orElseThrow();
            String element = vector.charAt(1) == 'F' ? "float" : "i32";
            return kind.startsWith("P") ? element + "*" : element;
        }
        if (kind.length() == 2 && Character.isDigit(kind.charAt(1))) {
            return switch (kind.charAt(0)) {
                case 'F' -> "float";
                case 'I' -> "i32";
                case 'P' -> "i8*";
                default -> kind;
            };
        }
        return kind.equals("ptr") ? "i8*" : kind;
    }
}
