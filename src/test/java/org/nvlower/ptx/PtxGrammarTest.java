package org.nvlower.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.diag.InputException;
import org.nvlower.ptx.Statement.Directive;
import org.nvlower.ptx.Statement.Instruction;
import org.nvlower.ptx.Statement.Label;
import org.nvlower.ptx.Statement.Variable;
import org.nvlower.testing.ExternalTools;

/**
 * The PTX grammar as nvcc 3.x-13 and people write it: nvcc 13's output with textures, atomics,
 * __managed__, function pointers, half2, -lineinfo and -G; hand-written modules in ZLUDA's and
 * old nvcc's styles; one small case of each construct, checked in the model.
 */
class PtxGrammarTest {

    private static final String HEADER = ".version 8.0\n.target sm_80\n.address_size 64\n";

    private static List<String> all() {
        List<String> names = new ArrayList<>(PtxFixtures.NVCC13);
        names.addAll(PtxFixtures.HANDWRITTEN);
        return names;
    }

    @Test
    void realAndHandWrittenModulesReadPrintAndReadBack() {
        for (String name : all()) {
            PtxModule m = PtxFixtures.read(name);
            String printed = PtxPrinter.print(m);
            PtxModule back = PtxReader.read(name + "-printed.ptx", printed);
            assertEquals(m, back, name);
            assertEquals(printed, PtxPrinter.print(back), name + ": the print is a fixed point");
            assertTrue(m.functions().stream().anyMatch(f -> !f.isDeclaration()), name);
        }
    }

    @Test
    void ptxasAcceptsEveryPrintedModule(@TempDir Path dir) throws IOException {
        var ptxas = ExternalTools.ptxas();
        Assumptions.assumeTrue(ptxas.isPresent(), "ptxas not found (CUDA_HOME, /usr/local/cuda/bin, PATH)");
        for (String name : all()) {
            PtxModule m = PtxFixtures.read(name);
            Path file = dir.resolve(name + ".ptx");
            Files.writeString(file, PtxPrinter.print(m), StandardCharsets.UTF_8);
            String arch = m.target().get(0).matches("sm_[2-6]\\d") ? "sm_75" : m.target().get(0);
            var r = ExternalTools.run(120, ptxas.get(), "-arch=" + arch, file.toString(), "-o",
                    dir.resolve(name + ".cubin").toString());
            assertTrue(r.ok(), name + ": " + r.stderr());
        }
    }

    private static PtxFunction only(String body) {
        PtxModule m = PtxReader.read("case.ptx", HEADER + ".visible .entry k(.param .u64 p)\n{\n" + body + "}\n");
        PtxModule back = PtxReader.read("printed.ptx", PtxPrinter.print(m));
        assertEquals(m, back, "print and read back");
        return m.functions().get(m.functions().size() - 1);
    }

    private static Instruction first(PtxFunction f, String base) {
        return f.instructions().stream().filter(i -> i.base().equals(base)).findFirst().orElseThrow();
    }

    @Test
    void directivesWrittenTogetherAndVectorRegisters() {
        PtxFunction f = only("\t.reg.u64 addr;\n\t.reg .v2.b16 %v<2>;\n\t.param.f32 x;\n\tld.param.u64 addr, [p];\n\tret;\n");
        Variable addr = (Variable) f.body().get(0);
        assertEquals(List.of(".reg", ".u64", "addr"), List.of(addr.space(), addr.type(), addr.name()));
        Variable v = (Variable) f.body().get(1);
        assertEquals(List.of(".v2"), v.qualifiers());
        assertEquals(".b16", v.type());
        assertEquals(2, v.count());
        assertEquals(".f32", ((Variable) f.body().get(2)).type());
    }

    @Test
    void guardsWithoutPercentAndPredicatePairs() {
        PtxFunction f = only("\t.reg .pred p, q;\n\t.reg .f32 a;\n\tsetp.lt.f32 p|q, a, 0f00000000;\n\t@p bra L;\n"
                + "\t@!q mov.f32 a, 0f3F800000;\nL:\n\tret;\n");
        Instruction bra = first(f, "bra");
        assertEquals(new Statement.Guard(false, "p"), bra.guard());
        assertEquals(new Statement.Guard(true, "q"), first(f, "mov").guard());
        InputException e = assertThrows(InputException.class, () -> only("\t@z ret;\n"));
        assertEquals("case.ptx:6:3: register 'z' is not declared", e.position() + ": " + e.getMessage());
    }

    @Test
    void texturesSurfacesAndSamplers() {
        PtxModule m = PtxReader.read("t.ptx", ".version 7.0\n.target sm_80, texmode_independent\n.address_size 64\n"
                + ".global .texref tex;\n.global .samplerref smp = { addr_mode_0 = clamp_to_edge, filter_mode = linear };\n"
                + ".global .surfref surf;\n.entry k()\n{\n\t.reg .f32 %f<7>;\n\t.reg .b32 %r<4>;\n"
                + "\ttex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [tex, smp, {%f1, %f2}];\n"
                + "\tsuld.b.2d.b32.trap {%r1}, [surf, {%r2, %r3}];\n\tsust.b.2d.b32.trap [surf, {%r2, %r3}], {%r1};\n"
                + "\ttxq.width.b32 %r1, [tex];\n\tret;\n}\n");
        assertEquals(m, PtxReader.read("p.ptx", PtxPrinter.print(m)));
        assertEquals(".texref", ((Variable) m.items().get(0)).type());
        assertEquals("{addr_mode_0=clamp_to_edge, filter_mode=linear}", ((Variable) m.items().get(1)).initializer());
        Instruction tex = m.functions().get(0).instructions().get(0);
        PtxOperand.Bracket b = assertInstanceOf(PtxOperand.Bracket.class, tex.operands().get(1));
        assertEquals(3, b.elements().size());
        assertInstanceOf(PtxOperand.Vector.class, b.elements().get(2));
        assertEquals("[tex, smp, {%f1, %f2}]", PtxPrinter.operand(b));
        assertInstanceOf(PtxOperand.Address.class, m.functions().get(0).instructions().get(3).operands().get(1));
    }

    @Test
    void scopedOpcodesPackedConversionsAndLiterals() {
        PtxFunction f = only("\t.reg .b32 %r<4>;\n\t.reg .f32 %f<3>;\n\t.shared .b64 bar;\n"
                + "\tcp.async.ca.shared::cta.global [bar], [p], 8;\n\tmbarrier.init.shared::cta.b64 [bar], 32;\n"
                + "\tcvt.rn.f16x2.f32 %r1, %f1, %f2;\n\tmov.b32 %r2, 0b101;\n\tmov.b32 %r3, 017;\n\tmov.u64 %r1, bar+8;\n"
                + "\tret;\n");
        assertEquals("cp.async.ca.shared::cta.global", f.instructions().get(0).opcode());
        assertEquals("mbarrier.init.shared::cta.b64", f.instructions().get(1).opcode());
        assertEquals(3, first(f, "cvt").operands().size());
        assertEquals(5, ((PtxOperand.Immediate) f.instructions().get(3).operands().get(1)).bits());
        assertEquals(15, ((PtxOperand.Immediate) f.instructions().get(4).operands().get(1)).bits());
        assertEquals(new PtxOperand.Name("bar+8"), f.instructions().get(5).operands().get(1));
    }

    @Test
    void managedVariablesPointerParametersAndModuleLevelDeclarations() {
        PtxModule m = PtxReader.read("m.ptx", ".version 7.0\n.target sm_80\n.address_size 64\n"
                + ".global .attribute(.managed) .align 4 .u32 counter;\n.reg .b32 module_reg;\n"
                + ".local .align 4 .b8 module_local[16];\n.pragma \"nounroll\";\n"
                + ".entry k(.param .u64 .ptr .global .align 16 in)\n{\n\tmov.b32 module_reg, 1;\n\tret;\n}\n");
        assertEquals(m, PtxReader.read("p.ptx", PtxPrinter.print(m)));
        assertEquals(List.of(".attribute(.managed)", ".align 4"), ((Variable) m.items().get(0)).qualifiers());
        assertEquals(".reg", ((Variable) m.items().get(1)).space());
        assertEquals(".local", ((Variable) m.items().get(2)).space());
        assertEquals(new Directive(".pragma", "\"nounroll\"", true), m.items().get(3));
        Variable in = m.functions().get(0).params().get(0);
        assertEquals(List.of(".ptr", ".global", ".align 16"), in.qualifiers());
        assertTrue(PtxPrinter.print(m).contains(".param .u64 .ptr .global .align 16 in"), PtxPrinter.print(m));
    }

    @Test
    void functionPointersThroughCallPrototypes() {
        PtxFunction f = only("\t.reg .b64 fp;\n\t.reg .b32 r;\n\t{\n\t.param .b32 param0;\n\t.param .b32 retval0;\n"
                + "\tprototype_0 : .callprototype (.param .b32 _) _ (.param .b32 _);\n"
                + "\tcall (retval0), fp, (param0), prototype_0;\n\t}\n\tret;\n");
        Statement.Block call = (Statement.Block) f.body().get(2);
        assertEquals(new Label("prototype_0"), call.body().get(2));
        assertEquals(new Directive(".callprototype", "(.param .b32 _) _ (.param .b32 _)", true), call.body().get(3));
        assertEquals(4, first(f, "call").operands().size());
    }

    @Test
    void oldNvccPrototypesWithoutSemicolonAndOldTargets() {
        PtxModule m = PtxReader.read("o.ptx", ".version 2.1\n.target sm_20\n"
                + ".visible .func (.param .s32 r) f (.param .s32 a)\n\n.visible .func (.param .s32 r) g (.param .s32 a)\n"
                + ".entry k\n{\n\texit;\n}\n");
        assertEquals(3, m.functions().size());
        assertTrue(m.functions().get(0).isDeclaration() && m.functions().get(1).isDeclaration());
        assertEquals(m, PtxReader.read("p.ptx", PtxPrinter.print(m)));
        PtxModule sm10 = PtxReader.read("s.ptx", ".version 1.4\n.target sm_10, map_f64_to_f32\n.tex .u32 texRef;\n"
                + ".entry k\n{\n\texit;\n}\n");
        assertEquals(".tex", ((Variable) sm10.items().get(0)).space());
    }

    @Test
    void debugSectionsAndLineDirectivesAreKept() {
        String section = ".section .debug_str\n{\n$L__info_string0:\n.b8 95,90,0\n.b64 $L__func_end0-$L__func_begin0\n}";
        PtxModule m = PtxReader.read("d.ptx", HEADER + ".file 1 \"/tmp/a.cu\", 1732000000, 1234\n.entry k()\n{\n"
                + "\t.loc 1 5 3, function_name $L__info_string0, inlined_at 1 10 5\n\tret;\n}\n" + section + "\n");
        Directive d = (Directive) m.items().get(2);
        assertEquals(".section", d.name());
        assertEquals(section.substring(".section ".length()), d.text());
        assertEquals(new Directive(".file", "1 \"/tmp/a.cu\", 1732000000, 1234", false), m.items().get(0));
        assertEquals(new Directive(".loc", "1 5 3, function_name $L__info_string0, inlined_at 1 10 5", false),
                m.functions().get(0).body().get(0));
        assertEquals(m, PtxReader.read("p.ptx", PtxPrinter.print(m)));
    }

    /** {input, expected "LINE:COL: message"}. */
    private static final String[][] MALFORMED = {
        {".version 1.4\n.target sm_20\n", "2:9: PTX .version 1.4 does not support .target sm_20 (it needs 2.0 or later)"},
        {".version 7.0\n.target sm_90\n", "2:9: PTX .version 7.0 does not support .target sm_90 (it needs 7.8 or later)"},
        {".version 8.0\n.target sm_999\n", "2:9: unknown target 'sm_999' (PTX targets are sm_10 ... sm_121, with a or f for some)"},
        {".version 8.0\n.target sm_3099999999999999999999\n", "2:9: unknown target 'sm_3099999999999999999999' (PTX "
            + "targets are sm_10 ... sm_121, with a or f for some)"},
        {".version 9.099999999999999999999\n.target sm_80\n", "1:10: unknown PTX version 9.099999999999999999999"},
        {".version 8.0\n.target compute_80\n", "2:9: unknown target 'compute_80' (PTX targets are sm_10 ... sm_121, with a or f for some)"},
        {".version 8.0\n.target sm_80, fast\n", "2:9: unknown target option 'fast' (texmode_unified, texmode_independent, "
            + "debug, map_f64_to_f32)"},
        {HEADER + ".section .debug_str\n{\n.b8 1\n", "4:1: '.section' is never closed with '}'"},
        {HEADER + ".alias a, b\n", "4:1: expected ';' to end .alias"},
        {HEADER + ".entry k()\n{\n\t@.p ret;\n}\n", "6:3: expected a predicate register after '@', got '.p'"},
        {HEADER + ".entry k()\n{\n\ttex.1d.v4.f32.s32 {%f1}, [t, {%r1};\n}\n",
            "6:36: expected ',' or ']' after the operands in '[ ]', got ';'"},
    };

    @Test
    void eachMalformedInputHasOnePreciseError() {
        for (String[] c : MALFORMED) {
            InputException e = assertThrows(InputException.class, () -> PtxReader.read("bad.ptx", c[0]), c[0]);
            assertEquals("bad.ptx:" + c[1], e.position() + ": " + e.getMessage(), c[0]);
        }
    }
}
