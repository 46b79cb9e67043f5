package org.nvlower.llvm.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.Opcode;

/** parse then print gives the input back byte for byte. */
class RoundTripUnitTest {

    private static void assertRoundTrip(String text) {
        Module m = IrParser.parse("rt.ll", text);
        assertEquals(text, IrPrinter.print(m));
        StringWriter w = new StringWriter();
        IrPrinter.print(m, w);
        assertEquals(text, w.toString(), "printing to a Writer");
    }

    @Test
    void fixtures() {
        assertRoundTrip(Fixtures.MODERN);
        assertRoundTrip(Fixtures.TYPED);
    }

    @Test
    void triviaEverywhere() {
        assertRoundTrip("");
        assertRoundTrip("; only a comment");
        assertRoundTrip("\n\n; c\n\n@g = global i32 0 ; trailing\n\n\n; end, no newline");
        assertRoundTrip("define void @f() { ret void }");
        assertRoundTrip("define void @f() {\r\n  ret void\r\n}\r\n");
        assertRoundTrip("define void @f() {\n\n  ; comment before\n\n  ret void ; after\n  ; before brace\n}\n; tail\n");
        assertRoundTrip("/* block */ @g = global i32 0\n");
        assertRoundTrip("\t@g\t=\tglobal\ti32\t0\n");
    }

    /** Valid IR found by the differential fuzzing on branch ircorpus (llvm-as 14 accepts each). */
    @Test
    void constructsLlvmAcceptsEverywhere() {
        assertRoundTrip("@w = global i32 0 define void @f() { ret void } @v = global i32 1\n"
                + "@u = global i32 2 declare void @g() attributes #0 = { nounwind } !0 = !{} !n = !{!0}\n");
        assertRoundTrip("@g = global i32 0 #0\n@h = global i32 0, align 4 #0\nattributes #0 = { \"bss-section\"=\"b\" }\n");
        assertRoundTrip("define void @g() \"k\" {\n  ret void\n}\ndefine void @h() nounwind \"kv\"=\"1\" \"\" {\n  ret void\n}\n");
        assertRoundTrip("define i32 @f(i32 %a) {\n  %x = add i32 %a, %a\n  %y = mul i32 %x, %x\n  ret i32 %y\n"
                + "  uselistorder i32 %x, { 1, 0 }\n}\n");
        assertRoundTrip("define double @f(double %x) {\n  %y = fadd\0double %x, %x\n  ret double %y\n}\n");
        assertRoundTrip("@x = global [3 x i32] zeroinitializer\n"
                + "@a = alias i32, getelementptr inbounds ([3 x i32], [3 x i32]* @x, i32 0, i32 1)\n");
    }

    @Test
    void printingTheModelDoesNotReadBodies() {
        Module m = IrParser.parse("rt.ll", Fixtures.MODERN);
        Function f = m.function("modern").orElseThrow();
        assertTrue(!f.isMaterialized(), "bodies are checked, then kept as text until used");
        assertEquals(Fixtures.MODERN, IrPrinter.print(m));
        assertEquals(Opcode.ALLOCA, f.blocks().get(0).instructions().get(0).opcode());
        assertTrue(f.isMaterialized());
        assertEquals(Fixtures.MODERN, IrPrinter.print(m));
    }

    /** The smoke test on real input: all of libdevice, byte for byte (the corpus tests are elsewhere). */
    @Test
    void libdevice(@TempDir Path dir) throws Exception {
        Path llvmDis = Tools.find("llvm-dis");
        Path bc = Tools.libdevice();
        Assumptions.assumeTrue(llvmDis != null, "llvm-dis not found");
        Assumptions.assumeTrue(bc != null, "libdevice.10.bc not found under $CUDA_HOME or /usr/local/cuda");
        Path ll = dir.resolve("libdevice.ll");
        Process p = new ProcessBuilder(llvmDis.toString(), bc.toString(), "-o", ll.toString()).inheritIO().start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());
        String text = Files.readString(ll, StandardCharsets.ISO_8859_1);
        long t0 = System.nanoTime();
        Module m = IrParser.parse(ll.toString(), text);
        String printed = IrPrinter.print(m);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(text.length(), printed.length());
        assertTrue(text.equals(printed), "libdevice differs after a round trip");
        IrStats stats = IrStats.of(m, org.nvlower.llvm.runtime.RuntimeDispatch::isWide);
        assertTrue(stats.definitions() > 300, "libdevice defines hundreds of functions: " + stats.definitions());
        assertEquals(0, stats.wideOperations().size(), "libdevice has no fp128/i128 operations to lower");
        System.out.println("libdevice: " + text.length() + " chars, cold parse+print " + ms + " ms");
    }
}
