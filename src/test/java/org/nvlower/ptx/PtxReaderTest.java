package org.nvlower.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.diag.InputException;
import org.nvlower.testing.ExternalTools;

/** The PTX reader and printer on nvcc's output, a canonical module, and malformed input. */
class PtxReaderTest {

    @Test
    void canonicalTextPrintsBackByteForByte() {
        String text = PtxFixtures.text(PtxFixtures.CANONICAL);
        assertEquals(text, PtxPrinter.print(PtxReader.read("canonical.ptx", text)));
    }

    @Test
    void nvccOutputReadsPrintsAndReadsBackToTheSameModule() {
        for (String name : PtxFixtures.NVCC) {
            PtxModule m = PtxFixtures.read(name);
            String printed = PtxPrinter.print(m);
            PtxModule again = PtxReader.read(name + ".printed.ptx", printed);
            assertEquals(m, again, name);
            assertEquals(printed, PtxPrinter.print(again), name);
        }
    }

    /** The math instructions of each fixture, in order, as read off the .ptx files by hand. */
    @Test
    void mathInstructionsOfTheFixtures() {
        Map<String, List<String>> want = Map.of(
                "fdiv", List.of("div.rn.f32", "rcp.rn.f32", "sqrt.rn.f32"),
                "intdiv", List.of("div.s32", "div.u32", "div.s64", "div.u32", "div.u64", "div.u32"),
                "loop", List.of("div.rn.f32"),
                "ddiv", List.of("div.rn.f64", "rcp.rn.f64", "sqrt.rn.f64", "rsqrt.approx.f64"),
                "fastmath", List.of("div.approx.ftz.f32", "rcp.rn.ftz.f32"),
                "dexact", List.of("div.rn.f64", "rcp.rn.f64", "sqrt.rn.f64"),
                "misc", List.of("rem.s32", "rem.s32", "rem.s32", "div.rn.f64", "div.rn.f64", "div.rn.f64", "div.rn.f64",
                        "div.rn.f64"),
                "canonical", List.of("div.full.f32", "div.approx.ftz.f32", "div.rn.ftz.f32", "sqrt.rn.ftz.f32",
                        "rsqrt.approx.f64", "div.rn.f64", "rcp.rn.f64", "sqrt.rn.f64", "div.u32", "rem.s32", "div.s64",
                        "rem.u64"));
        for (var e : want.entrySet()) {
            List<String> got = new ArrayList<>();
            for (PtxFunction f : PtxFixtures.read(e.getKey()).functions()) {
                for (Statement.Instruction in : f.instructions()) {
                    if (PtxOpcodes.mathOp(in, false).isPresent()) {
                        got.add(in.opcode());
                    }
                }
            }
            assertEquals(e.getValue(), got, e.getKey());
        }
    }

    @Test
    void theModelHoldsWhatTheTextSays() {
        PtxModule m = PtxFixtures.read("loop");
        assertEquals("9.0", m.version());
        assertEquals(List.of("sm_80"), m.target());
        assertEquals(64, m.addressSize());
        PtxFunction scale = m.functions().get(0);
        assertEquals("_Z5scaleff", scale.name());
        assertEquals(false, scale.entry());
        assertEquals("func_retval0", scale.returns().get(0).name());
        PtxFunction loop = m.functions().get(1);
        assertEquals(".visible", loop.linkage());
        assertTrue(loop.entry());
        assertEquals(3, loop.params().size());
        Statement.Variable tile = (Statement.Variable) loop.body().stream()
                .filter(s -> s instanceof Statement.Variable v && v.space().equals(".shared")).findFirst().orElseThrow();
        assertEquals(List.of(512L), tile.dims());
        assertEquals(List.of(".align 4"), tile.qualifiers());
        Statement.Instruction call = loop.instructions().stream().filter(i -> i.base().equals("call")).findFirst()
                .orElseThrow();
        assertEquals(List.of(new PtxOperand.Group(List.of(new PtxOperand.Name("retval0"))), new PtxOperand.Name("_Z5scaleff"),
                new PtxOperand.Group(List.of(new PtxOperand.Name("param0"), new PtxOperand.Name("param1")))), call.operands());
        PtxModule c = PtxFixtures.read("canonical");
        Statement.Instruction setp = c.functions().get(2).instructions().stream()
                .filter(i -> i.opcode().equals("setp.gt.and.u32")).findFirst().orElseThrow();
        assertEquals(List.of(new PtxOperand.Name("%p3"), new PtxOperand.Name("%r14"), new PtxOperand.Immediate("4"),
                new PtxOperand.Not("%p2")), setp.operands());
        Statement.Instruction store = c.functions().get(2).instructions().stream()
                .filter(i -> i.opcode().equals("st.shared.u32")).findFirst().orElseThrow();
        assertEquals(new PtxOperand.Address("%r17", -4), store.operands().get(0));
        assertTrue(c.functions().get(0).isDeclaration());
        // instructions outside the modelled table pass through with their operands parsed
        PtxModule misc = PtxFixtures.read("misc");
        Statement.Instruction shfl = misc.functions().get(1).instructions().stream()
                .filter(i -> i.base().equals("shfl")).findFirst().orElseThrow();
        assertEquals("shfl.sync.down.b32", shfl.opcode());
        assertEquals(new PtxOperand.PredicatePair("%r33", "%p1"), shfl.operands().get(0));
        assertEquals(5, shfl.operands().size());
        Statement.Variable str = (Statement.Variable) misc.items().stream()
                .filter(i -> i instanceof Statement.Variable v && v.name().equals("$str")).findFirst().orElseThrow();
        assertEquals("{118, 61, 37, 102, 32, 115, 61, 37, 100, 10}", str.initializer());
        assertEquals(List.of(11L), str.dims());
        Statement.Variable table = (Statement.Variable) PtxReader.read("t.ptx", HEADER
                + ".global .b32 bias[4];\n.global .align 8 .u64 table = generic(bias) + 4;\n").items().get(1);
        assertEquals("generic(bias)+4", table.initializer(), "a scalar initializer of several tokens");
        assertEquals(List.of(new Statement.Directive(".maxntid", "256, 1, 1", false),
                new Statement.Directive(".minnctapersm", "2", false)), misc.functions().get(1).attributes());
    }

    @Test
    void commentsAreSkipped() {
        String text = ".version 8.0 // header\n.target sm_80 /* a\nblock */\n.address_size 64\n"
                + ".visible .entry k()\n{\n\t/* x */ ret; // done\n}\n";
        PtxModule m = PtxReader.read("c.ptx", text);
        assertEquals(".version 8.0\n.target sm_80\n.address_size 64\n\n.visible .entry k()\n{\n\tret;\n}\n",
                PtxPrinter.print(m));
    }

    @Test
    void ptxasAcceptsEveryPrintedModule(@TempDir Path dir) throws IOException {
        var ptxas = ExternalTools.ptxas();
        Assumptions.assumeTrue(ptxas.isPresent(), "ptxas not found (CUDA_HOME, /usr/local/cuda/bin, PATH)");
        List<String> all = new ArrayList<>(PtxFixtures.NVCC);
        all.add(PtxFixtures.CANONICAL);
        for (String name : all) {
            Path file = dir.resolve(name + ".ptx");
            Files.writeString(file, PtxPrinter.print(PtxFixtures.read(name)), StandardCharsets.UTF_8);
            var r = ExternalTools.run(60, ptxas.get(), "-arch=sm_80", file.toString(), "-o",
                    dir.resolve(name + ".cubin").toString());
            assertTrue(r.ok(), name + ": " + r.stderr());
        }
    }

    private static final String HEADER = ".version 8.0\n.target sm_80\n.address_size 64\n";

    /**
     * ptxas scopes labels to their '{ }' block: the same label in two blocks (nvcc's inline asm
     * expanded twice), and an inner block's label hiding the function's, are read; the module
     * prints back as it was read.
     */
    @Test
    void labelsAreScopedToTheirBlock() {
        String asm = "\t{\n\t.reg .pred P;\nLAB_WAIT:\n\tsetp.eq.s32 P, %r1, 0;\n\t@P bra.uni DONE;\n"
                + "\tbra.uni LAB_WAIT;\nDONE:\n\t}\n";
        String text = HEADER + ".entry k()\n{\n\t.reg .b32 %r<2>;\n" + asm + asm
                + "LAB_WAIT:\n\t{\n\tbra.uni LAB_WAIT;\nLAB_WAIT:\n\t}\n\tbra.uni LAB_WAIT;\n}\n";
        PtxModule m = PtxReader.read("scoped.ptx", text);
        assertEquals(m, PtxReader.read("again.ptx", PtxPrinter.print(m)));
    }

    /** {input, expected "LINE:COL: message"}. */
    private static final String[][] MALFORMED = {
        {".target sm_80\n", "1:1: expected '.version' at the start of a PTX module, got '.target'"},
        {".version 8\n", "1:10: expected a version number MAJOR.MINOR, got '8'"},
        {".version 8.0\n.address_size 64\n", "2:1: expected '.target' after '.version', got '.address_size'"},
        {".version 8.0\n.target sm_80\n.address_size 48\n", "3:15: address size must be 32 or 64, got 48"},
        {HEADER + ".entry k()\n{\n\tadd.s32 %r1, %r2;\n}\n", "6:2: 'add.s32' takes 3 operands, got 2"},
        {HEADER + ".entry k()\n{\n\t.reg .b32 %r<3>;\n\tadd.s32 %r1, %r2, %r3;\n}\n",
            "7:20: register '%r3' is not declared"},
        {HEADER + ".entry k()\n{\n\t.reg .b32 %r<3>;\n\tmov.u32 %r1, %tid.w;\n}\n",
            "7:15: register '%tid.w' is not declared"},
        {HEADER + ".entry k()\n{\n\tbra $L__BB0_9;\n}\n", "6:6: branch target '$L__BB0_9' is not a label of k"},
        {HEADER + ".entry k()\n{\n\t.reg .b32 %r<3>;\n\tmov.u32 %r1, %r2\n\tret;\n}\n",
            "8:2: expected ',' or ';' after an operand, got 'ret'"},
        {HEADER + ".entry k()\n{\n\tret;\n", "5:1: '{' is never closed"},
        {HEADER + ".entry k()\n{\n\t/* open\n\tret;\n}\n", "6:2: unterminated comment"},
        {HEADER + ".entry k()\n{\n\t.reg .b33 %r<3>;\n}\n",
            "6:7: unknown qualifier or type '.b33' in a .reg declaration"},
        {HEADER + ".entry k()\n{\n\t.reg .b32 %r<x>;\n}\n", "6:15: expected the number of registers, got 'x'"},
        {HEADER + ".entry k()\n{\n\t.shared .b32 s<4>;\n}\n",
            "6:15: a range of names <N> is only allowed in .reg declarations"},
        {HEADER + ".entry k()\n{\n\t.reg .f32 %f<2>;\n\tmov.f32 %f1, 0f3F80;\n}\n",
            "7:15: a 0f float literal needs exactly 8 hex digits"},
        {HEADER + ".entry k()\n{\n\t.reg .b32 %r<3>;\n\tdiv %r1, %r1, %r2;\n}\n",
            "7:2: 'div' needs a type, e.g. div.s32"},
        {HEADER + ".entry k()\n{\n\t.reg .pred %p<2>;\n\t@%q1 bra L;\nL:\n\tret;\n}\n",
            "7:3: register '%q1' is not declared"},
        {HEADER + ".entry k()\n{\nL:\nL:\n\tret;\n}\n", "7:1: label 'L' is defined twice in one block"},
        {HEADER + ".entry k()\n{\n{\nL:\n\tret;\n}\n\tbra L;\n}\n",
            "10:6: branch target 'L' is not a label of k visible here (it is defined in a '{ }' block that does not"
                + " enclose the branch)"},
        {HEADER + ".entry k()\n{\n\t.maxnreg 32;\n}\n", "6:2: unknown or misplaced directive '.maxnreg'"},
        {HEADER + ".entry k(.param .u64 p,)\n{\n}\n",
            "4:24: expected '.param' or '.reg' in a parameter list, got ')'"},
        {HEADER + ".entry k()\n{\n\tret; #\n}\n", "6:7: unexpected character '#'"},
        {HEADER + ".global .b32 x = ;\n", "4:18: expected an initializer value"},
        {HEADER + ".global .b32 x = 1 2;\n", "4:20: expected ',', an operator or ';' in the initializer, got '2'"},
        {HEADER + ".global .b64 x[2] = {generic(y) z};\n", "4:33: expected ',', an operator or ';' in the initializer, got 'z'"},
        {HEADER + ".texref t;\n", "4:1: unknown or misplaced directive '.texref'"},
        {HEADER + ".entry k()\n{\n\t.pragma nounroll;\n}\n", "6:10: expected a string after .pragma, got 'nounroll'"},
        {HEADER + ".entry k()\n{\n\tld.global.u32 %r1, [%rd1+];\n}\n", "6:27: expected an offset, got ']'"},
        {HEADER + ".entry k()\n{\n\tret\n}\n", "7:1: expected ';' after 'ret', got '}'"},
        {HEADER + ".entry k\n", "5:1: expected '{' or ';' after the signature of k, got the end of the input"},
    };

    @Test
    void eachMalformedInputHasOnePreciseError() {
        for (String[] c : MALFORMED) {
            InputException e = assertThrows(InputException.class, () -> PtxReader.read("bad.ptx", c[0]), c[0]);
            assertEquals("bad.ptx:" + c[1], e.position() + ": " + e.getMessage(), c[0]);
        }
    }
}
