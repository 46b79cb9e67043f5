package org.nvlower.llvm.pass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.diag.InputException;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.nvptx.DataLayout;
import org.nvlower.nvptx.TargetMachine;

/**
 * Linking the real libdevice: only what is called comes in, it is inlined and reflected, and the
 * seed's "cases that skip libdevice" come out of libdevice's own bodies (nothing here names an
 * intrinsic the pass could pick by itself: the expected sets are what libdevice's arms contain).
 */
class LibdeviceLinkTest {

    /** One wrapper per libdevice function, so the calls left in each wrapper are that function's. */
    static String kernel(String triple, String layout) {
        StringBuilder sb = new StringBuilder();
        sb.append("target datalayout = \"").append(layout).append("\"\n");
        sb.append("target triple = \"").append(triple).append("\"\n\n");
        String[][] fns = {
                {"float", "__nv_sqrtf", "float"}, {"float", "__nv_rsqrtf", "float"}, {"float", "__nv_sinf", "float"},
                {"float", "__nv_cosf", "float"}, {"float", "__nv_fast_sinf", "float"}, {"float", "__nv_expf", "float"},
                {"float", "__nv_log2f", "float"}, {"float", "__nv_fast_log2f", "float"}, {"i32", "__nv_isnanf", "float"},
                {"i32", "__nv_isinff", "float"}, {"i32", "__nv_finitef", "float"}, {"i32", "__nv_abs", "i32"},
                {"double", "__nv_sqrt", "double"}, {"double", "__nv_sin", "double"}, {"float", "__nv_powf", "float"}};
        for (String[] f : fns) {
            String w = "w" + f[1].substring(4);
            sb.append("define ").append(f[0]).append(" @").append(w).append("(").append(f[2]).append(" %x) {\n")
                    .append("  %r = call ").append(f[0]).append(" @").append(f[1]).append("(").append(f[2]).append(" %x")
                    .append(f[1].equals("__nv_powf") ? ", float 2.5" : "").append(")\n  ret ").append(f[0]).append(" %r\n}\n\n");
            sb.append("declare ").append(f[0]).append(" @").append(f[1]).append("(").append(f[2])
                    .append(f[1].equals("__nv_powf") ? ", float" : "").append(")\n\n");
        }
        return sb.toString();
    }

    @BeforeAll
    static void readLibdevice() {
        LibdeviceText.assumePresent();
    }

    /** A fresh parse each time: linking materializes and the module must be unchanged for the next test. */
    private static Module libdevice() {
        return IrParser.parse("libdevice.10.bc", LibdeviceText.text());
    }

    private static Module linked(Path dir, String... cicc) {
        Module m = IrParser.parse("k.ll", kernel("nvptx64-nvidia-cuda", DataLayout.NVPTX64));
        TargetMachine tm = TargetMachine.fromCommandLine(cicc);
        LibdeviceLink.Result r = LibdeviceLink.run(m, libdevice(), NvvmReflect.values(tm, m, true, Map.of()));
        assertTrue(r.inlined() >= 15, "every call inlined: " + r.inlined());
        PassChecks.assertValid(dir, m);
        return m;
    }

    private static TreeSet<String> callsOf(Module m, String wrapper) {
        return LibdeviceReflectPeerTest.calls(m).get(wrapper);
    }

    private static TreeSet<String> set(String... names) {
        TreeSet<String> s = new TreeSet<>();
        for (String n : names) {
            s.add("llvm.nvvm." + n);
        }
        return s;
    }

    @Test
    void theSkipLibdeviceCasesComeFromLibdevice(@TempDir Path dir) {
        Module m = linked(dir, "-arch=sm_80", "-ftz=0", "-prec-sqrt=0");
        assertEquals(set("sqrt.approx.f"), callsOf(m, "w_sqrtf"));
        assertEquals(set("rsqrt.approx.f"), callsOf(m, "w_rsqrtf"));
        assertEquals(set("sin.approx.f"), callsOf(m, "w_fast_sinf"));
        assertEquals(set("lg2.approx.f"), callsOf(m, "w_fast_log2f"));
        // CUDA 13's accurate sinf/cosf are a reduction and a polynomial whose fma/mul/fabs arms
        // reflect picks (the seed's "approximate intrinsics" are __nv_fast_sinf's)
        assertEquals(set("fabs.f", "f2i.rn", "fma.rn.f", "mul.rn.f"), callsOf(m, "w_sinf"));
        assertEquals(set("fabs.f", "f2i.rn", "fma.rn.f", "mul.rn.f"), callsOf(m, "w_cosf"));
        // expf: ex2.approx (libdevice's own arm is the .ftz one) scaled by 2^n
        assertEquals(set("ex2.approx.ftz.f", "fma.rm.f", "fma.rn.f", "saturate.f"), callsOf(m, "w_expf"));
        assertEquals(set("fma.rn.f"), callsOf(m, "w_log2f"));
        // isnan/isinf/isfinite: |x| compared with infinity
        assertEquals(set("fabs.f"), callsOf(m, "w_isnanf"));
        assertEquals(set("fabs.f"), callsOf(m, "w_isinff"));
        assertEquals(set("fabs.f"), callsOf(m, "w_finitef"));
        assertEquals(new TreeSet<>(), callsOf(m, "w_abs"));
        assertEquals(set("sqrt.rn.d"), callsOf(m, "w_sqrt"));
        String text = org.nvlower.llvm.text.IrPrinter.print(m);
        assertTrue(!text.contains("@__nv_") && !text.contains("__nvvm_reflect") && !text.contains("c\"__CUDA"), text);
    }

    @Test
    void ftzAndPreciseSqrtPickTheOtherArms(@TempDir Path dir) {
        Module m = linked(dir, "-arch=sm_90", "-ftz=1", "-prec-sqrt=1");
        assertEquals(set("sqrt.rn.ftz.f"), callsOf(m, "w_sqrtf"));
        assertEquals(set("rsqrt.approx.ftz.f"), callsOf(m, "w_rsqrtf"));
        assertEquals(set("sin.approx.ftz.f"), callsOf(m, "w_fast_sinf"));
        assertEquals(set("lg2.approx.ftz.f"), callsOf(m, "w_fast_log2f"));
        assertEquals(set("fabs.ftz.f", "f2i.rn.ftz", "fma.rn.ftz.f", "mul.rn.ftz.f"), callsOf(m, "w_sinf"));
        assertEquals(set("ex2.approx.ftz.f", "fma.rm.ftz.f", "fma.rn.ftz.f", "saturate.ftz.f"), callsOf(m, "w_expf"));
        assertEquals(set("fabs.ftz.f"), callsOf(m, "w_isnanf"));
        assertEquals(set("sqrt.rn.d"), callsOf(m, "w_sqrt"), "f64 has no FTZ arm");
    }

    @Test
    void onlyWhatIsCalledIsLinkedAndWhatStaysCalledStays(@TempDir Path dir) {
        Module m = IrParser.parse("k.ll", kernel("nvptx64-nvidia-cuda", DataLayout.NVPTX64));
        LibdeviceLink.Result r = LibdeviceLink.run(m, libdevice(), TargetMachine.fromCommandLine().reflectMap());
        PassChecks.assertValid(dir, m);
        // the 15 called, plus what __nv_sin and __nv_powf call
        assertTrue(r.linked().containsAll(List.of("__nv_sqrtf", "__nv_powf", "__nv_sin", "__internal_trig_reduction_slowpathd")),
                r.linked().toString());
        assertEquals(16, r.linked().size(), r.linked().toString());
        // the slow path of the f64 reduction is noinline in libdevice: it stays, internal, called
        assertEquals(List.of("__internal_trig_reduction_slowpathd"), r.kept());
        assertTrue(m.function("__internal_trig_reduction_slowpathd").orElseThrow().linkage().isLocal());
        assertTrue(m.function("__nv_sqrtf").isEmpty(), "inlined bodies are removed");
        assertEquals(List.of("__internal_trig_reduction_slowpathd"), m.functions().stream()
                .filter(f -> !f.isDeclaration() && !f.name().startsWith("w")).map(f -> f.name()).toList());
    }

    @Test
    void aModuleWithoutLibdeviceCallsIsUnchanged() {
        String text = """
                target datalayout = "%s"
                target triple = "nvptx64-nvidia-cuda"

                define float @f(float %%x) {
                  %%y = fadd float %%x, 1.0
                  ret float %%y
                }
                """.formatted(DataLayout.NVPTX64);
        Module m = IrParser.parse("plain.ll", text);
        LibdeviceLink.Result r = LibdeviceLink.run(m, libdevice(), Map.of());
        assertEquals(List.of(), r.linked());
        assertEquals(text, org.nvlower.llvm.text.IrPrinter.print(m));
    }

    @Test
    void mismatchesAreRejectedWithTheTargetsMessages() {
        Module lib = libdevice();
        InputException width = assertThrows(InputException.class, () -> LibdeviceLink.checkCompatible(
                IrParser.parse("k32.ll", kernel("nvptx-nvidia-cuda", DataLayout.NVPTX32)), lib));
        assertEquals("k32.ll: cannot link libdevice (nvptx64-nvidia-gpulibs, 64-bit pointers) into a module for "
                + "'nvptx-nvidia-cuda' (32-bit pointers)", width.getMessage());
        InputException host = assertThrows(InputException.class, () -> LibdeviceLink.checkCompatible(
                IrParser.parse("x86.ll", kernel("x86_64-pc-linux-gnu", "e-m:e-i64:64-f80:128-n8:16:32:64-S128")), lib));
        assertEquals("x86.ll: triple 'x86_64-pc-linux-gnu' is not an NVPTX CUDA triple: it must start with nvptx- "
                + "or nvptx64- and contain -cuda", host.getMessage());
        InputException layout = assertThrows(InputException.class, () -> LibdeviceLink.checkCompatible(
                IrParser.parse("bad.ll", kernel("nvptx64-nvidia-cuda", "e-p:64:64:64-i64:32:32")), lib));
        assertTrue(layout.getMessage().startsWith("bad.ll: Invalid target data layout 'e-p:64:64:64-i64:32:32': entry 'i64' is 32:32, NVPTX's is 64:64"),
                layout.getMessage());
        InputException noTriple = assertThrows(InputException.class, () -> LibdeviceLink.checkCompatible(
                IrParser.parse("none.ll", "define void @f() {\n  ret void\n}\n"), lib));
        assertEquals("none.ll: the module has no target triple; libdevice links only into an NVPTX module "
                + "(target triple = \"nvptx64-nvidia-cuda\")", noTriple.getMessage());
    }
}
