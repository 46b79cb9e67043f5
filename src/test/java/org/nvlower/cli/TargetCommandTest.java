package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.nvlower.nvptx.JsonValues;

/** {@code nvlower target} through Main.run: output, JSON, queries, exit codes and error messages. */
class TargetCommandTest {

    private static CliRunner run(String... args) {
        return CliRunner.run("", args);
    }

    private static final String SEED_64 = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-"
            + "i128:128:128-f16:16:16-f32:32:32-f64:64:64-v16:16:16-v32:32:32-n16:32:64";

    @Test
    void printsTheTargetMachine() {
        CliRunner r = run("target", "-arch=compute_90a", "-ftz=1", "-nvptx-short-ptr");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().startsWith("triple              nvptx64-nvidia-cuda\ncpu                 sm_90a\n"), r.out());
        assertTrue(r.out().contains("features            +sharedmem32bitptr,+fma-level=1,+prec-divf32=2,+prec-sqrtf32=1\n"));
        assertTrue(r.out().contains("fp32 division       div.rn.ftz.f32\n"));
        assertTrue(r.out().contains("__CUDA_FTZ          1\n"));
        assertTrue(r.out().contains("knobs               nvptx-short-ptr=true\n"), r.out());
        assertEquals("", r.err());
    }

    @Test
    void nvccStyleArgumentsPassUnmangled() {
        CliRunner r = run("target", "--json", "-arch", "compute_80", "-m64", "-ftz=0", "-prec_div=1", "-prec_sqrt=1", "-fmad=1",
                "-opt=2", "--device-c");
        assertEquals(0, r.exitCode(), r.err());
        Map<String, Object> root = JsonValues.object(r.out());
        assertEquals("sm_80", JsonValues.at(root, "targetMachine", "cpu"));
        assertEquals(2L, JsonValues.at(root, "targetMachine", "options", "optLevel"));
        assertEquals(true, JsonValues.at(root, "compileOptions", "deviceC"));
    }

    @Test
    void knobOption() {
        CliRunner r = run("target", "--json", "--knob", "nvptx-prec-divf32=0", "--knob", "reg-target-adjust=-3");
        assertEquals(0, r.exitCode(), r.err());
        Map<String, Object> root = JsonValues.object(r.out());
        assertEquals("div.approx.f32", JsonValues.at(root, "math", "fp32Division"));
        assertEquals(-3L, JsonValues.at(root, "compileOptions", "knobs", "reg-target-adjust"));
        // a float knob stays a float, whole or not
        r = run("target", "--json", "--knob", "predictable-branch-threshold=99");
        assertTrue(r.out().contains("\"predictable-branch-threshold\": 99.0\n"), r.out());
        assertEquals(99.0, JsonValues.at(JsonValues.object(r.out()), "compileOptions", "knobs",
                "predictable-branch-threshold"));
        CliRunner bad = run("target", "--knob", "nvptx-prec-divf=1");
        assertEquals(1, bad.exitCode());
        assertEquals("error: unknown knob 'nvptx-prec-divf'; did you mean 'nvptx-prec-divf32'?\n", bad.err());
        CliRunner range = run("target", "--knob", "reg-target-adjust=20");
        assertEquals("error: -reg-target-adjust=20: 20 is out of range; allowed: an integer in -10..10\n", range.err());
    }

    @Test
    void listSm() {
        CliRunner r = run("target", "--list-sm");
        assertEquals(0, r.exitCode());
        assertEquals(46, r.out().split("\n").length);
        CliRunner json = run("target", "--list-sm", "--json");
        assertEquals(45, ((List<?>) JsonValues.object(json.out()).get("sms")).size());
    }

    @Test
    void validateTriple() {
        CliRunner ok = run("target", "--validate-triple", "nvsass-nvidia-spirv", "--unified-nvvm-ir", "--json");
        assertEquals(0, ok.exitCode(), ok.err());
        assertEquals(Map.of("schema", "nvlower.target/1", "triple", "nvsass-nvidia-spirv", "mode", "unified-nvvm-ir",
                "valid", true), JsonValues.object(ok.out()));
        CliRunner loose = run("target", "--validate-triple", "nvptx64-nvidia-cuda");
        assertEquals("triple  nvptx64-nvidia-cuda\nmode    loose\nvalid   true\n", loose.out());
        CliRunner bad = run("target", "--validate-triple", "nvsass-nvidia-spirv");
        assertEquals(1, bad.exitCode());
        assertEquals("error: triple 'nvsass-nvidia-spirv' is not an NVPTX CUDA triple: it must start with nvptx- or "
                + "nvptx64- and contain -cuda\n", bad.err());
    }

    @Test
    void validateDataLayout() {
        CliRunner ok = run("target", "--validate-datalayout", SEED_64, "--json");
        assertEquals(0, ok.exitCode(), ok.err());
        Map<String, Object> root = JsonValues.object(ok.out());
        assertEquals(64L, root.get("pointerWidth"));
        assertEquals(true, root.get("isNvlowerLayout"));
        CliRunner empty = run("target", "--validate-datalayout", "");
        assertEquals(1, empty.exitCode());
        assertEquals("error: Empty target data layout, must exist\n", empty.err());
        CliRunner invalid = run("target", "--validate-datalayout", "e-i64:32");
        assertEquals(1, invalid.exitCode());
        assertTrue(invalid.err().contains("\nExample valid data layout:\n32-bit: e-p:32:32:32-"), invalid.err());
        CliRunner link = run("target", "--validate-datalayout", SEED_64, "--link-with", "e-i64:64-v16:16-v32:32-n16:32:64", "--json");
        assertEquals(true, JsonValues.object(link.out()).get("linkable"));
        CliRunner noLink = run("target", "--validate-datalayout", SEED_64, "--link-with", "e-i64:32");
        assertEquals(1, noLink.exitCode());
        assertTrue(noLink.err().startsWith("error: cannot link modules with data layouts"), noLink.err());
    }

    @Test
    void costAndVf() {
        CliRunner cost = run("target", "--cost", "mul", "i64", "--json");
        assertEquals(0, cost.exitCode(), cost.err());
        assertEquals(4L, JsonValues.object(cost.out()).get("cost"));
        CliRunner text = run("target", "-arch=compute_80", "--cost", "add", "i64");
        assertEquals("cpu     sm_80\nopcode  add\ntype    i64\ncost    2\n", text.out());
        CliRunner vf = run("target", "--vf", "half", "--json");
        assertEquals(2L, JsonValues.object(vf.out()).get("vf"));
        CliRunner badOp = run("target", "--cost", "fadd", "float");
        assertEquals(1, badOp.exitCode());
        assertTrue(badOp.err().startsWith("error: unknown opcode 'fadd'; allowed: add, sub,"), badOp.err());
        CliRunner badVf = run("target", "--vf", "x86_fp80");
        assertEquals(1, badVf.exitCode());
        assertTrue(badVf.err().startsWith("error: unknown element type 'x86_fp80'"), badVf.err());
    }

    @Test
    void badOptionsAreUserErrors() {
        CliRunner arch = run("target", "-arch=compute_35");
        assertEquals(1, arch.exitCode());
        assertTrue(arch.err().startsWith("error: -arch=compute_35: sm_35 is only in the backend's processor table"), arch.err());
        CliRunner opt = run("target", "-opt=2", "-opt=1");
        assertEquals("error: Cannot specify multiple -llcO# (-opt=2 and -opt=1)\n", opt.err());
        CliRunner unknown = run("target", "-ftzz=1");
        assertEquals(1, unknown.exitCode());
        assertTrue(unknown.err().startsWith("error: unknown option '-ftzz=1'; did you mean '-ftz'?"), unknown.err());
        assertEquals("", unknown.out());
    }

    @Test
    void help() {
        CliRunner r = run("target", "--help");
        assertEquals(0, r.exitCode());
        assertTrue(r.out().contains("--validate-datalayout=D"), r.out());
        assertTrue(r.out().contains("docs/target.md"), r.out());
        assertTrue(r.out().contains("--cost=OPCODE TYPE ") && !r.out().contains("OPCODE TYPE OPCODE TYPE"), r.out());
        assertTrue(r.out().contains("Or answer one query: --list-sm, --validate-triple,"), r.out());
    }

    @Test
    void queriesDoNotCombineAndModifiersNeedTheirQuery() {
        String[][] cases = {
            {"--list-sm and --vf cannot be combined: give one query at a time", "--list-sm", "--vf", "i8"},
            {"--cost and --vf cannot be combined", "--vf", "i8", "--cost", "mul", "i64"},
            {"--cost given more than once", "--cost", "mul", "i64", "--cost", "add", "i32"},
            {"--unified-nvvm-ir applies only with --validate-triple", "--unified-nvvm-ir"},
            {"--link-with applies only with --validate-datalayout", "--link-with", SEED_64},
            {"--list-sm does not build a TargetMachine; '-arch=sm_90' has no effect there", "--list-sm", "-arch=sm_90"},
            {"--validate-triple does not build a TargetMachine; '--knob' has no effect there",
                "--validate-triple", "nvptx64-nvidia-cuda", "--knob", "nvptx-sched4reg=1"},
        };
        CliRunner.assertUsageErrors("target", cases);
    }
}
