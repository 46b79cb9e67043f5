package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code nvlower expand KERNEL.ptx}: the module with its math instructions expanded, the summary, errors. */
class PtxExpandCommandTest {

    private static final String FIXTURES = "src/test/resources/ptx/";
    private static final Pattern ADDRESS = Pattern.compile("^        /\\*([0-9a-f]{4})\\*/", Pattern.MULTILINE);

    private static int count(Pattern p, String text) {
        int n = 0;
        Matcher m = p.matcher(text);
        while (m.find()) {
            n++;
        }
        return n;
    }

    /** The number after {@code label} in the summary line. */
    private static int summaryNumber(String out, String label) {
        Matcher m = Pattern.compile("(\\d+) " + label).matcher(out);
        assertTrue(m.find(), label + " in " + out);
        return Integer.parseInt(m.group(1));
    }

    @Test
    void floatKernelIsPrintedWithEachMathInstructionExpanded() {
        CliRunner r = CliRunner.run("", "expand", FIXTURES + "fdiv.ptx");
        assertEquals(0, r.exitCode(), r.err());
        String out = r.out();
        assertTrue(out.startsWith("// " + FIXTURES + "fdiv.ptx expanded for sm_80: strategy 0, through the template "
                + "dispatcher\n.version 9.0\n"), out);
        assertTrue(out.contains("\tld.global.f32 \t%f2, [%rd8];\n\t// div.rn.f32  %f3, %f2, %f1;  ->  div.rn.f32 (template "
                + "DIV_RN_F32), "), out);
        assertTrue(out.contains("\t// rcp.rn.f32  %f5, %f4;  ->  rcp.rn.f32 (template RCP_RN_F32), "), out);
        assertTrue(out.contains("\t// sqrt.rn.f32  %f7, %f6;  ->  sqrt.rn.f32 (template SQRT_RN_F32), "), out);
        assertFalse(out.contains("\tdiv.rn.f32 \t"), "the PTX division itself is replaced");
        assertTrue(out.contains("\tst.global.f32 \t[%rd16], %f7;\n"), out);
        assertTrue(out.contains("MUFU.RCP R") && out.contains("MUFU.RSQ R"), out);
        // one program for the function (addresses run on from site to site and into the out-of-line code);
        // the summary counts the instructions the listing has
        assertEquals(1, count(Pattern.compile("^        /\\*0000\\*/", Pattern.MULTILINE), out));
        assertEquals(count(ADDRESS, out), summaryNumber(out, "SASS instructions in all"));
        assertTrue(out.contains("DIV_RN_F32 inline (state 0), RCP_RN_F32 inline (state 1), SQRT_RN_F32 inline (state 2)"),
                out);
        assertFalse(out.contains("__ori_template_"), out);
        assertTrue(out.contains("// summary: 3 math instructions, 3 expanded, 0 not expanded;"), out);
        assertTrue(Pattern.compile("// div\\.rn\\.f32 +1 +\\d+ +10 +\\d+ +\\d+ +\\d+\n").matcher(out).find(), out);
    }

    @Test
    void ftzExpandsTheFtzTemplates() {
        CliRunner r = CliRunner.run("", "expand", FIXTURES + "fdiv.ptx", "--ftz", "--arch", "sm_90");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().startsWith("// " + FIXTURES + "fdiv.ptx expanded for sm_90, -ftz: strategy 0, "), r.out());
        assertTrue(r.out().contains("->  div.rn.ftz.f32 (template DIV_RN_FTZ_F32)"), r.out());
        assertTrue(r.out().contains("->  sqrt.rn.ftz.f32 (template SQRT_RN_FTZ_F32)"), r.out());
    }

    @Test
    void integerKernelExpandsEveryDivision() {
        CliRunner r = CliRunner.run("", "expand", FIXTURES + "intdiv.ptx");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("// summary: 6 math instructions, 6 expanded, 0 not expanded;"), r.out());
        assertTrue(Pattern.compile("// div\\.u32 +3 ").matcher(r.out()).find(), r.out());
        assertTrue(r.out().contains("\t// div.s64  %rd75, %rd4, %rd3;  ->  div.s64 (template DIV_S64), "), r.out());
        assertEquals(count(ADDRESS, r.out()), summaryNumber(r.out(), "SASS instructions in all"));
    }

    @Test
    void fp64KernelExpandsEveryOp() {
        CliRunner r = CliRunner.run("", "expand", FIXTURES + "ddiv.ptx");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("// summary: 4 math instructions, 4 expanded, 0 not expanded;"), r.out());
        assertTrue(r.out().contains("\t// rsqrt.approx.f64  %fd9, %fd8;  ->  rsqrt.approx.f64 (template DRSQRT), "), r.out());
        assertTrue(r.out().contains("MUFU.RCP64H R"), r.out());
        assertEquals(count(ADDRESS, r.out()), summaryNumber(r.out(), "SASS instructions in all"));
    }

    @Test
    void templateCallModeSharesNamedSections() {
        CliRunner r = CliRunner.run("", "expand", FIXTURES + "ddiv.ptx", "--template-call");
        assertEquals(0, r.exitCode(), r.err());
        String out = r.out();
        assertTrue(out.startsWith("// " + FIXTURES + "ddiv.ptx expanded for sm_80: strategy 5, through the template "
                + "dispatcher\n"), out);
        for (String section : new String[] {"__ori_template_DDIV1:", "__ori_template_DDIV2:", "__ori_template_DDIV3:",
            "__ori_template_DSQRT1:", "__ori_template_DRSQRT3:"}) {
            assertEquals(1, out.lines().filter(section::equals).count(), section);
        }
        assertTrue(out.contains("CALL.REL.NOINC `(__ori_template_DDIV1) ;"), out);
        assertTrue(out.contains("DDIV template-call (state 0, sections [0, 1, 2]), DRCP template-call (state 1, sections "
                + "[3, 4, 5])"), out);
        assertEquals(count(ADDRESS, out), summaryNumber(out, "SASS instructions in all"));
        // strategy 5 with the forced-inline bit: inline again (the seed's decision)
        CliRunner forced = CliRunner.run("", "expand", FIXTURES + "ddiv.ptx", "--strategy", "5", "--inline");
        assertTrue(forced.out().startsWith("// " + FIXTURES + "ddiv.ptx expanded for sm_80: strategy 5, forced inline, "),
                forced.out());
        assertFalse(forced.out().contains("__ori_template_"), forced.out());
        assertTrue(forced.out().contains("DDIV inline (state 0)"), forced.out());
    }

    @Test
    void directedRoundingAndSixteenBitDivisionAreExpanded() {
        String ptx = ".version 7.8\n.target sm_90\n.address_size 64\n.entry k(.param .u64 p)\n{\n"
                + "\t.reg .f64 %fd<4>;\n\t.reg .f32 %f<4>;\n\t.reg .u64 %rd<2>;\n\t.reg .s16 %rs<4>;\n"
                + "\tld.param.u64 %rd1, [p];\n\tld.global.f64 %fd1, [%rd1];\n\tld.global.f64 %fd2, [%rd1+8];\n"
                + "\tdiv.rm.f64 %fd3, %fd1, %fd2;\n\tst.global.f64 [%rd1+16], %fd3;\n"
                + "\tld.global.f32 %f1, [%rd1];\n\tsqrt.ftz.rp.f32 %f2, %f1;\n\trcp.rz.f32 %f3, %f2;\n"
                + "\tst.global.f32 [%rd1+24], %f3;\n\tld.global.s16 %rs1, [%rd1];\n\tld.global.s16 %rs2, [%rd1+2];\n"
                + "\trem.s16 %rs3, %rs1, %rs2;\n\tst.global.s16 [%rd1+32], %rs3;\n\tret;\n}\n";
        for (String arch : new String[] {"sm_90", "sm_70"}) { // sm_70: the MUFU.RCP seed of div.rm.f64
            CliRunner r = CliRunner.run(ptx, "expand", "-", "--arch", arch);
            assertEquals(0, r.exitCode(), r.err());
            String out = r.out();
            assertTrue(out.contains("// summary: 4 math instructions, 4 expanded, 0 not expanded;"), out);
            assertTrue(out.contains("->  sqrt.rp.ftz.f32 (template SQRT_RP_FTZ_F32)"), out);
            assertTrue(out.contains("->  rem.s16 (template REM_S16)"), out);
            assertTrue(out.contains(" DFMA.RM R"), out);
            assertTrue(out.contains(arch.equals("sm_90") ? "MUFU.RCP64H R" : "MUFU.RCP R"), out);
            assertTrue(out.contains(" FFMA.RZ R") && out.contains(" FFMA.RP R"), out);
            assertEquals(count(ADDRESS, out), summaryNumber(out, "SASS instructions in all"));
        }
        CliRunner strict = CliRunner.run(ptx, "expand", "-", "--strict");
        assertEquals(0, strict.exitCode(), strict.err());
    }

    /**
     * Every math instruction form of issue 22 (62 in allmath.ptx, which ptxas 11.8 and 13 accept for
     * sm_90) has a template on sm_75 to sm_100; before sm_75 all but tanh.approx.f32 (MUFU.TANH is sm_75's).
     */
    @Test
    void everyMathFormHasATemplate() throws java.io.IOException {
        String text = java.nio.file.Files.readString(java.nio.file.Path.of(FIXTURES + "allmath.ptx"));
        org.nvlower.ptx.PtxModule m = org.nvlower.ptx.PtxReader.read("allmath.ptx", text);
        for (String arch : new String[] {"sm_52", "sm_61", "sm_75", "sm_80", "sm_90", "sm_100"}) {
            org.nvlower.nvptx.SmProcessor sm = org.nvlower.nvptx.SmProcessor.byName(arch).orElseThrow();
            java.util.List<org.nvlower.pipeline.KernelExpansion.Site> sites = org.nvlower.pipeline.KernelExpansion.of(m, false, sm,
                    sm.registerFileSize()).sites();
            assertEquals(62, sites.size(), arch);
            java.util.List<String> left = sites.stream().filter(s -> !s.expanded()).map(s -> s.op() + ": " + s.reason()).toList();
            assertEquals(sm.hasMufuTanh() ? java.util.List.of() : java.util.List.of("tanh.approx.f32: no template for " + arch
                    + " (ptxas refuses it there)"), left, arch);
        }
    }

    /** Before sm_70 ptxas puts RRO before MUFU.EX2/SIN/COS, which nvlower does not model: the listing says so. */
    @Test
    void theSequencesWithoutRroAreMarkedBeforeSm70() {
        CliRunner sm52 = CliRunner.run("", "expand", "sin.approx.f32", "--arch", "sm_52");
        assertEquals(0, sm52.exitCode(), sm52.err());
        assertTrue(sm52.out().contains("// note: on sm_52 ptxas puts RRO.SINCOS before the MUFU (not modelled): this is the "
                + "sm_70+ sequence\n"), sm52.out());
        assertTrue(CliRunner.run("", "expand", "ex2.approx.ftz.f32", "--arch", "sm_61").out().contains("RRO.EX2"));
        for (String[] quiet : new String[][] {{"sin.approx.f32", "sm_70"}, {"lg2.approx.f32", "sm_52"}, {"rcp.approx.ftz.f64", "sm_52"}}) {
            CliRunner r = CliRunner.run("", "expand", quiet[0], "--arch", quiet[1]);
            assertEquals(0, r.exitCode(), r.err());
            assertTrue(!r.out().contains("// note:"), String.join(" ", quiet) + "\n" + r.out());
        }
        String ptx = ".version 8.0\n.target sm_52\n.address_size 64\n.entry k()\n{\n\t.reg .f32 %f<3>;\n"
                + "\tmov.f32 %f1, 0f3F800000;\n\tcos.approx.ftz.f32 %f2, %f1;\n\tret;\n}\n";
        CliRunner kernel = CliRunner.run(ptx, "expand", "-");
        assertEquals(0, kernel.exitCode(), kernel.err());
        assertTrue(kernel.out().contains("// note: cos.approx.ftz.f32: on sm_52 ptxas puts RRO.SINCOS before the MUFU"), kernel.out());
    }

    @Test
    void opsWithoutATemplateStayPtxAndAreListed() {
        String ptx = ".version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n\t.reg .b16 %h<3>;\n"
                + "\tmov.b16 %h1, 0x3C00;\n\tex2.approx.f16 %h2, %h1;\n\tret;\n}\n";
        CliRunner r = CliRunner.run(ptx, "expand", "-");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("\tex2.approx.f16 \t%h2, %h1;\n"), r.out());
        assertTrue(Pattern.compile("// ex2\\.approx\\.f16 +1   not expanded").matcher(r.out()).find(), r.out());
    }

    @Test
    void standardInputIsAKernel() throws IOException {
        CliRunner r = CliRunner.run(Files.readString(Path.of(FIXTURES + "loop.ptx")), "expand", "-");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().startsWith("// <stdin> expanded for sm_80: strategy 0, through the template dispatcher\n"), r.out());
        assertTrue(r.out().contains("// summary: 1 math instructions, 1 expanded, 0 not expanded;"), r.out());
        // loop.ptx: the device function holds the division (5 instructions), the kernel calls it
        // inline: the fast path and EXIT-to-BRA glue at the site (16), the slow path out of line (95)
        assertTrue(r.out().contains("// .func _Z5scaleff: 5 PTX instructions, 1 math (1 expanded); 16 SASS instructions "
                + "at the sites, 95 out of line, 40 virtual registers, DIV_RN_F32 inline (state 0)\n"), r.out());
        assertTrue(r.out().contains("// .entry loop: 105 PTX instructions, 0 math (0 expanded)\n"), r.out());
        CliRunner bad = CliRunner.run(".version 8.0\n.target sm_80\n.entry k()\n{\n\tret\n}\n", "expand", "-");
        assertEquals(1, bad.exitCode());
        assertEquals("<stdin>:6:1: error: expected ';' after 'ret', got '}'", bad.err().lines().findFirst()
                .orElseThrow());
    }

    @Test
    void theOpFormStillWorks() {
        CliRunner r = CliRunner.run("", "expand", "div.u32");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().startsWith("// div.u32 for sm_90: "), r.out());
    }

    @Test
    void malformedPtxIsOnePositionedErrorWithoutAStackTrace(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("bad.ptx");
        Files.writeString(bad, ".version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n\tdiv.rn.f32 %f1, %f2;\n}\n");
        CliRunner r = CliRunner.run("", "expand", bad.toString());
        assertEquals(1, r.exitCode());
        assertEquals("", r.out());
        assertEquals(bad + ":6:2: error: 'div.rn.f32' takes 3 operands, got 2", r.err().lines().findFirst().orElseThrow());
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
    }

    @Test
    void badKernelCommandLinesAreOneErrorLine() {
        CliRunner.assertOneLineErrors("expand", new String[][] {
            {"no such file: missing.ptx", "missing.ptx"},
            {"--inline and --template-call exclude each other", FIXTURES + "fdiv.ptx", "--inline", "--template-call"},
            {"--template-call is strategy 5", FIXTURES + "fdiv.ptx", "--template-call", "--strategy", "3"},
            {"--divisor and --emit apply to an op, not to a PTX file", FIXTURES + "intdiv.ptx", "--divisor", "7"},
            {"--divisor and --emit apply to an op, not to a PTX file", FIXTURES + "fdiv.ptx", "--emit", "ptx"},
            {"apply to a PTX file", "div.rn.f32", "--inline"},
            {"unknown architecture 'sm_13'", FIXTURES + "fdiv.ptx", "--arch", "sm_13"}});
    }

    /** div.rn.f64 by an immediate on every target and tier, both modes: expanded, never exit 70. */
    @Test
    void immediateOperandsOfFp64OpsExpandOnEveryTargetAndTier() {
        for (String[] args : new String[][] {{}, {"--arch", "sm_75"}, {"--arch", "sm_52"}, {"--tier", "partial"},
            {"--tier", "minimal"}, {"--tier", "minimal", "--template-call"}, {"--arch", "sm_70", "--template-call"},
            {"--arch", "sm_100", "--tier", "partial", "--ftz"}}) {
            String[] argv = new String[args.length + 2];
            argv[0] = "expand";
            argv[1] = FIXTURES + "fpimm.ptx";
            System.arraycopy(args, 0, argv, 2, args.length);
            CliRunner r = CliRunner.run("", argv);
            assertEquals(0, r.exitCode(), String.join(" ", args) + ": " + r.err());
            assertTrue(r.out().contains("// summary: 7 math instructions, 7 expanded, 0 not expanded;"), r.out());
            assertFalse(r.out().contains("multiply-high"), r.out());
        }
    }

    private static final String HEADER = ".version 8.0\n.target sm_80\n.address_size 64\n.entry k(.param .u64 p)\n{\n"
            + "\t.reg .b64 %rd<4>;\n\t.reg .f64 %fd<9>;\n\t.reg .f32 %f<13>;\n\t.reg .b16 %rs<4>;\n\t.reg .b32 %r<4>;\n"
            + "\t.reg .pred %p<2>;\n";

    /** Every math instruction is a site: expanded, or listed with its reason; none silently left. */
    @Test
    void everyMathInstructionIsExpandedOrListedWithItsReason() {
        String ptx = HEADER + "\tdiv.ftz.rn.f32 %f1, %f2, %f3;\n\tdiv.rz.f32 %f4, %f2, %f3;\n\trcp.rm.f32 %f5, %f2;\n"
                + "\tsqrt.rp.f64 %fd1, %fd2;\n\tdiv.rm.f64 %fd3, %fd1, %fd2;\n\trcp.rz.f64 %fd4, %fd2;\n"
                + "\tdiv.s16 %rs1, %rs2, %rs3;\n\trem.u16 %rs1, %rs2, 7;\n\trsqrt.approx.f32 %f6, %f2;\n"
                + "\tex2.approx.ftz.f32 %f7, %f2;\n\tlg2.approx.f32 %f8, %f2;\n\tsin.approx.f32 %f9, %f2;\n"
                + "\tcos.approx.ftz.f32 %f10, %f2;\n\ttanh.approx.f32 %f12, %f2;\n\trcp.approx.f32 %f12, %f2;\n"
                + "\trcp.approx.ftz.f32 %f12, %f2;\n\trsqrt.approx.ftz.f64 %fd7, %fd2;\n\trcp.approx.ftz.f64 %fd8, %fd2;\n"
                + "\tex2.approx.f16 %rs1, %rs2;\n\tsetp.lt.f32 %p1, %f1, %f2;\n\t@%p1 div.rn.f64 %fd5, %fd1, %fd2;\n"
                + "\tdiv.sat.f32 %f11, %f2, %f3;\n\tdiv.rn.f64 %fd6, %fd1, 0d4008000000000000;\n\tret;\n}\n";
        CliRunner r = CliRunner.run(ptx, "expand", "-");
        assertEquals(0, r.exitCode(), r.err());
        String out = r.out();
        assertTrue(out.contains("// summary: 22 math instructions, 20 expanded, 2 not expanded;"), out);
        assertTrue(out.contains("->  div.rn.ftz.f32 (template DIV_RN_FTZ_F32)"), out);
        // the directed roundings, 16-bit division and the MUFU approximations have templates (rem.u16 by 7: the
        // divisor moved into a register)
        for (String op : new String[] {"div.rz.f32", "rcp.rm.f32", "sqrt.rp.f64", "div.rm.f64", "rcp.rz.f64", "div.s16",
            "rem.u16", "rsqrt.approx.f32", "ex2.approx.ftz.f32", "lg2.approx.f32", "sin.approx.f32", "cos.approx.ftz.f32",
            "tanh.approx.f32", "rcp.approx.f32", "rcp.approx.ftz.f32", "rsqrt.approx.ftz.f64", "rcp.approx.ftz.f64"}) {
            assertTrue(out.contains("->  " + op + " (template " + op.toUpperCase(java.util.Locale.ROOT).replace('.', '_')
                    + ")"), op + "\n" + out);
        }
        for (String op : new String[] {"ex2.approx.f16"}) {
            assertTrue(Pattern.compile("// " + Pattern.quote(op) + " +1   not expanded \\(no template yet\\)\n").matcher(out)
                    .find(), op + "\n" + out);
            assertTrue(out.contains("\t" + op + " \t"), "kept as PTX: " + op);
        }
        // a guarded site is expanded with a branch over its code
        assertTrue(out.contains("\t// @%p1 div.rn.f64  %fd5, %fd1, %fd2;  ->  div.rn.f64 (template DDIV)"), out);
        assertTrue(out.contains("// div.sat.f32                1   not expanded (modifier .sat not recognised here)\n"),
                out);
        // --strict: the same kernel is an error, without output
        CliRunner strict = CliRunner.run(ptx, "expand", "-", "--strict");
        assertEquals(1, strict.exitCode(), strict.err());
        assertEquals("", strict.out());
        assertTrue(strict.err().contains("<stdin>: 2 math instruction(s) not expanded (--strict); the first, in k: "
                + "'ex2.approx.f16 %rs1, %rs2;': no template yet"), strict.err());
        // tanh before sm_75: ptxas refuses it, so it is listed
        CliRunner sm70 = CliRunner.run(ptx.replace("sm_80", "sm_70"), "expand", "-", "--arch", "sm_70");
        assertEquals(0, sm70.exitCode(), sm70.err());
        assertTrue(sm70.out().contains("// tanh.approx.f32            1   not expanded (no template for sm_70 (ptxas refuses "
                + "it there))\n"), sm70.out());
        assertEquals(0, CliRunner.run("", "expand", FIXTURES + "fpimm.ptx", "--strict").exitCode());
    }

    /** PTX before 1.4: div.f32 is div.approx.ftz.f32 and div.f64 div.rn.f64 (the ISA's defaults); from 1.4 on a modifier is required. */
    @Test
    void oldPtxDefaultsAndMissingModifiers() {
        String body = ".target sm_20\n.entry k\n{\n\t.reg .f64 %fd<4>;\n\t.reg .f32 %f<4>;\n"
                + "\tdiv.f64 %fd1, %fd2, %fd3;\n\tdiv.f32 %f1, %f2, %f3;\n\tsqrt.f32 %f1, %f2;\n\texit;\n}\n";
        CliRunner old = CliRunner.run(".version 1.2\n" + body.replace("sm_20", "sm_13"), "expand", "-", "--arch", "sm_80");
        assertEquals(0, old.exitCode(), old.err());
        assertTrue(old.out().contains("->  div.rn.f64 (template DDIV)"), old.out());
        assertTrue(old.out().contains("->  div.approx.ftz.f32 (template DIV_APPROX_FTZ_F32)"), old.out());
        assertTrue(old.out().contains("->  sqrt.approx.ftz.f32 (template SQRT_APPROX_FTZ_F32)"), old.out());
        CliRunner v2 = CliRunner.run(".version 2.0\n" + body, "expand", "-", "--arch", "sm_80");
        assertEquals(0, v2.exitCode(), v2.err());
        assertTrue(v2.out().contains("// div.f64                    1   not expanded (no rounding or .approx modifier "
                + "(required from PTX 1.4 on))"), v2.out());
    }

    /**
     * Guarded math (@%p div.rn.f64, @!%p rem.u32 by a constant): each site's code is branched over
     * when its predicate says so (ISETP of the predicate, BSSY, a guarded BRA, BSYNC at the join), its
     * destination keeps its value then; run for 64 threads, 17 of which take the division and 47 the
     * remainder, inline and as template calls, the memory equals the oracle's.
     */
    @Test
    void guardedMathIsBranchedOverWhereItsPredicateIsFalse() {
        String ptx = """
                .version 8.0
                .target sm_80
                .address_size 64
                .visible .entry k(.param .u64 out, .param .u32 n)
                {
                	.reg .pred %p<3>;
                	.reg .f64 %fd<4>;
                	.reg .b32 %r<6>;
                	.reg .b64 %rd<4>;
                	ld.param.u64 %rd1, [out];
                	ld.param.u32 %r1, [n];
                	mov.u32 %r2, %tid.x;
                	cvt.rn.f64.u32 %fd1, %r2;
                	cvt.rn.f64.u32 %fd2, %r1;
                	setp.lt.u32 %p1, %r2, 17;
                	mov.f64 %fd3, 0d3FF0000000000000;
                	mov.u32 %r3, 9;
                	@%p1 div.rn.f64 %fd3, %fd1, %fd2;
                	@!%p1 rem.u32 %r3, %r2, 5;
                	cvt.u64.u32 %rd2, %r2;
                	shl.b64 %rd2, %rd2, 4;
                	add.u64 %rd3, %rd1, %rd2;
                	st.global.f64 [%rd3], %fd3;
                	st.global.u32 [%rd3+8], %r3;
                	ret;
                }
                """;
        for (String mode : new String[] {"--inline", "--template-call"}) {
            CliRunner r = CliRunner.run(ptx, "expand", "-", "--run", mode);
            assertEquals(0, r.exitCode(), r.err() + r.out());
            String out = r.out();
            assertTrue(out.contains("// summary: 2 math instructions, 2 expanded, 0 not expanded;"), out);
            assertTrue(out.contains("{div.rn.f64=17, rem.u32=47}; global memory identical"), out);
            assertTrue(Pattern.compile("ISETP\\.NE\\.U32\\.AND (P\\d), PT, R\\d+, RZ, PT ;\n.*BSSY\\.RECONVERGENT B\\d, "
                    + "`\\((\\.L_x_\\d+)\\) ;\n.*@!\\1 BRA `\\(\\2\\) ;\n").matcher(out).find(), out);
            assertTrue(Pattern.compile("@(P\\d) BRA `\\((\\.L_x_\\d+)\\) ;\n(?s).*\\2:\n[^\n]*BSYNC").matcher(out).find(), out);
        }
    }

    @Test
    void runComparesTheKernelsMemoryThroughTheTemplatesAndThroughTheOracle() {
        CliRunner r = CliRunner.run("", "expand", FIXTURES + "fptable.ptx", "--run");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("// run: .entry fptable, 64 threads, MUFU adversarial: 64 math instructions per side "
                + "{div.rn.f32=32, sqrt.rn.f32=32}; global memory identical ("), r.out());
        CliRunner c = CliRunner.run("", "expand", FIXTURES + "consttable.ptx", "--run=8", "--mufu", "exact");
        assertEquals(0, c.exitCode(), c.err());
        assertTrue(c.out().contains("// run: .entry ctable, 8 threads, MUFU exact: 8 math instructions per side"), c.out());
    }

    @Test
    void aKernelTheInterpreterCannotRunIsNamedAndFailsTheRun(@TempDir Path dir) throws IOException {
        Path ptx = dir.resolve("atom.ptx");
        Files.writeString(ptx, ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n"
                + "\t.reg .b32 %r<3>;\n\t.reg .b64 %rd<2>;\n\tld.param.u64 %rd1, [p];\n\tld.global.u32 %r1, [%rd1];\n"
                + "\tdiv.u32 %r2, %r1, 7;\n\tatom.global.add.u32 %r2, [%rd1], %r2;\n\tatom.global.min.f32 %r2, [%rd1], %r2;\n\tret;\n}\n");
        CliRunner r = CliRunner.run("", "expand", ptx.toString(), "--run=2");
        assertEquals(1, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("// run: .entry k: not run: k: 'atom.global.min.f32"), r.out()); // atom.add runs, min.f32 not
        for (String[] bad : new String[][] {{"div.rn.f32", "--run"}, {ptx.toString(), "--run=0"},
                {ptx.toString(), "--mufu", "exact"}, {ptx.toString(), "--run", "--mufu", "lenient"}}) {
            String[] args = new String[bad.length + 1];
            args[0] = "expand";
            System.arraycopy(bad, 0, args, 1, bad.length);
            CliRunner e = CliRunner.run("", args);
            assertEquals(1, e.exitCode(), String.join(" ", bad));
            assertTrue(e.err().startsWith("error: --"), e.err());
            assertEquals("", e.out(), "nothing written on an option error");
        }
    }
}
