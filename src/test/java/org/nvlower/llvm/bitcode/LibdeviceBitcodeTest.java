package org.nvlower.llvm.bitcode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.testing.ExternalTools;

/** libdevice.10.bc (LLVM 3.8's writer) read natively, against llvm-dis 14 of the same file. */
class LibdeviceBitcodeTest {

    private static Path libdevice() {
        var p = ExternalTools.libdeviceBitcode();
        Assumptions.assumeTrue(p.isPresent(), "libdevice.10.bc not found (CUDA not installed)");
        return p.get();
    }

    @Test
    void dumpShowsEveryFunctionBody() throws IOException {
        Path bc = libdevice();
        String dump = BitcodeDump.dump(bc.toString(), Files.readAllBytes(bc));
        int bodies = dump.split("\n  <FUNCTION>\n", -1).length - 1;
        Module m = BitcodeReader.read(bc.toString(), Files.readAllBytes(bc));
        long defined = m.functions().stream().filter(f -> !f.isDeclaration()).count();
        assertTrue(bodies > 300, "function blocks in the dump: " + bodies);
        assertEquals(defined, bodies, "one FUNCTION block per definition");
        assertTrue(dump.startsWith("<IDENTIFICATION>\n"), dump.substring(0, 40));
    }

    @Test
    void printsExactlyAsLlvmDis14() throws IOException {
        Path bc = libdevice();
        var dis = LlvmDis.version(14);
        Assumptions.assumeTrue(dis.isPresent(), "llvm-dis 14 not found");
        BitcodeModule read = BitcodeReader.readWithUseLists(bc.toString(), Files.readAllBytes(bc));
        String ours = IrPrinter.printDisassembly(read.module(), read.predecessors());
        String theirs = LlvmDis.disassemble(dis.get(), bc);
        assertEquals(theirs.length(), ours.length(), "length of the text");
        assertTrue(theirs.equals(ours), "first difference at char " + firstDifference(theirs, ours));
    }

    static int firstDifference(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            if (a.charAt(i) != b.charAt(i)) {
                return i;
            }
        }
        return n;
    }
}
