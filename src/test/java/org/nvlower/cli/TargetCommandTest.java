package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.nvlower.target.MiniJson;

/** {@code nvlower target} through Main.run: output, JSON, queries, exit codes and error messages. */
class TargetCommandTest {

    private record Result(int code, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Result(code, out.toString(), err.toString());
    }

    private static final String SEED_64 = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-"
            + "i128:128:128-f16:16:16-f32:32:32-f64:64:64-v16:16:16-v32:32:32-n16:32:64";

    @Test
    void printsTheTargetMachine() {
        Result r = run("target", "-arch=compute_90a", "-ftz=1", "-nvptx-short-ptr");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("triple              nvptx64-nvidia-cuda\ncpu                 sm_90a\n"), r.out());
        assertTrue(r.out().contains("features            +sharedmem32bitptr,+fma-level=1,+prec-divf32=2,+prec-sqrtf32=1\n"));
        assertTrue(r.out().contains("fp32 division       div.rn.ftz.f32\n"));
        assertTrue(r.out().contains("__CUDA_FTZ          1\n"));
        assertTrue(r.out().contains("knobs               nvptx-short-ptr=true\n"), r.out());
        assertEquals("", r.err());
    }

    @Test
    void nvccStyleArgumentsPassUnmangled() {
        Result r = run("target", "--json", "-arch", "compute_80", "-m64", "-ftz=0", "-prec_div=1", "-prec_sqrt=1", "-fmad=1",
                "-opt=2", "--device-c");
        assertEquals(0, r.code(), r.err());
        Map<String, Object> root = MiniJson.object(r.out());
        assertEquals("sm_80", MiniJson.at(root, "targetMachine", "cpu"));
        assertEquals(2L, MiniJson.at(root, "targetMachine", "options", "optLevel"));
        assertEquals(true, MiniJson.at(root, "compileOptions", "deviceC"));
    }

    @Test
    void knobOption() {
        Result r = run("target", "--json", "--knob", "nvptx-prec-divf32=0", "--knob", "reg-target-adjust=-3");
        assertEquals(0, r.code(), r.err());
        Map<String, Object> root = MiniJson.object(r.out());
        assertEquals("div.approx.f32", MiniJson.at(root, "math", "fp32Division"));
        assertEquals(-3L, MiniJson.at(root, "compileOptions", "knobs", "reg-target-adjust"));
        Result bad = run("target", "--knob", "nvptx-prec-divf=1");
        assertEquals(1, bad.code());
        assertEquals("error: unknown knob 'nvptx-prec-divf'; did you mean 'nvptx-prec-divf32'?\n", bad.err());
        Result range = run("target", "--knob", "reg-target-adjust=20");
        assertEquals("error: -reg-target-adjust=20: 20 is out of range; allowed: an integer in -10..10\n", range.err());
    }

    @Test
    void listSm() {
        Result r = run("target", "--list-sm");
        assertEquals(0, r.code());
        assertEquals(46, r.out().split("\n").length);
        Result json = run("target", "--list-sm", "--json");
        assertEquals(45, ((List<?>) MiniJson.object(json.out()).get("sms")).size());
    }

    @Test
    void validateTriple() {
        Result ok = run("target", "--validate-triple", "nvsass-nvidia-spirv", "--unified-nvvm-ir", "--json");
        assertEquals(0, ok.code(), ok.err());
        assertEquals(Map.of("schema", "nvlower.target/1", "triple", "nvsass-nvidia-spirv", "mode", "unified-nvvm-ir",
                "valid", true), MiniJson.object(ok.out()));
        Result loose = run("target", "--validate-triple", "nvptx64-nvidia-cuda");
        assertEquals("triple  nvptx64-nvidia-cuda\nmode    loose\nvalid   true\n", loose.out());
        Result bad = run("target", "--validate-triple", "nvsass-nvidia-spirv");
        assertEquals(1, bad.code());
        assertEquals("error: triple 'nvsass-nvidia-spirv' is not an NVPTX CUDA triple: it must start with nvptx- or "
                + "nvptx64- and contain -cuda\n", bad.err());
    }

    @Test
    void validateDataLayout() {
        Result ok = run("target", "--validate-datalayout", SEED_64, "--json");
        assertEquals(0, ok.code(), ok.err());
        Map<String, Object> root = MiniJson.object(ok.out());
        assertEquals(64L, root.get("pointerWidth"));
        assertEquals(true, root.get("isNvlowerLayout"));
        Result empty = run("target", "--validate-datalayout", "");
        assertEquals(1, empty.code());
        assertEquals("error: Empty target data layout, must exist\n", empty.err());
        Result invalid = run("target", "--validate-datalayout", "e-i64:32");
        assertEquals(1, invalid.code());
        assertTrue(invalid.err().contains("\nExample valid data layout:\n32-bit: e-p:32:32:32-"), invalid.err());
        Result link = run("target", "--validate-datalayout", SEED_64, "--link-with", "e-i64:64-v16:16-v32:32-n16:32:64", "--json");
        assertEquals(true, MiniJson.object(link.out()).get("linkable"));
        Result noLink = run("target", "--validate-datalayout", SEED_64, "--link-with", "e-i64:32");
        assertEquals(1, noLink.code());
        assertTrue(noLink.err().startsWith("error: cannot link modules with data layouts"), noLink.err());
    }

    @Test
    void costAndVf() {
        Result cost = run("target", "--cost", "mul", "i64", "--json");
        assertEquals(0, cost.code(), cost.err());
        assertEquals(4L, MiniJson.object(cost.out()).get("cost"));
        Result text = run("target", "-arch=compute_80", "--cost", "add", "i64");
        assertEquals("cpu     sm_80\nopcode  add\ntype    i64\ncost    2\n", text.out());
        Result vf = run("target", "--vf", "half", "--json");
        assertEquals(2L, MiniJson.object(vf.out()).get("vf"));
        Result badOp = run("target", "--cost", "fadd", "float");
        assertEquals(1, badOp.code());
        assertTrue(badOp.err().startsWith("error: unknown opcode 'fadd'; allowed: add, sub,"), badOp.err());
        Result badVf = run("target", "--vf", "x86_fp80");
        assertEquals(1, badVf.code());
        assertTrue(badVf.err().startsWith("error: unknown element type 'x86_fp80'"), badVf.err());
    }

    @Test
    void badOptionsAreUserErrors() {
        Result arch = run("target", "-arch=compute_35");
        assertEquals(1, arch.code());
        assertTrue(arch.err().startsWith("error: -arch=compute_35: sm_35 is only in the backend's processor table"), arch.err());
        Result opt = run("target", "-opt=2", "-opt=1");
        assertEquals("error: Cannot specify multiple -llcO# (-opt=2 and -opt=1)\n", opt.err());
        Result unknown = run("target", "-ftzz=1");
        assertEquals(1, unknown.code());
        assertTrue(unknown.err().startsWith("error: unknown option '-ftzz=1'; did you mean '-ftz'?"), unknown.err());
        assertEquals("", unknown.out());
    }

    @Test
    void help() {
        Result r = run("target", "--help");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("--validate-datalayout=D"), r.out());
        assertTrue(r.out().contains("docs/target.md"), r.out());
    }
}
