package org.nvlower.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.api.CiccOptions;
import org.nvlower.api.LlvmIr;
import org.nvlower.api.MathTemplates;
import org.nvlower.api.NvlowerException;
import org.nvlower.api.Passes;
import org.nvlower.api.RuntimeFunctions;
import org.nvlower.diag.SourcePosition;
import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.IrBuilder;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.Value;

/**
 * The public API as a JVM compiler uses it, through the exported packages only ({@code ApiBoundaryTest}
 * checks that this package imports nothing else of nvlower).
 */
class ApiTest {

    static final String REFLECT = """
            target triple = "nvptx64-nvidia-cuda"
            @.str = private unnamed_addr constant [11 x i8] c"__CUDA_FTZ\\00"
            declare i32 @__nvvm_reflect(i8*)
            define i32 @f() {
              %v = call i32 @__nvvm_reflect(i8* getelementptr ([11 x i8], [11 x i8]* @.str, i64 0, i64 0))
              %c = icmp ne i32 %v, 0
              br i1 %c, label %ftz, label %ieee
            ftz:
              ret i32 1
            ieee:
              ret i32 2
            }
            """;

    /** A module as a compiler emits it: fp128 and i128 arithmetic, and a libdevice call. */
    static Module emit(CiccOptions o) {
        Module m = Module.create("kernel", false);
        m.setTargetTriple(o.triple());
        m.setDataLayout(o.dataLayout());
        Function quad = m.addFunction("quad", new FunctionType(FloatType.FP128,
                List.of(FloatType.FP128, FloatType.FP128), false));
        IrBuilder b = IrBuilder.atEnd(m, quad.appendBlock("entry"));
        Value p = b.fmul(quad.argument(0), quad.argument(1), "p");
        b.ret(b.fadd(p, quad.argument(0), "s"));
        Function wide = m.addFunction("wide", new FunctionType(IntegerType.I128,
                List.of(IntegerType.I128, IntegerType.I128), false));
        BasicBlock e = wide.appendBlock("entry");
        b.positionAtEnd(e);
        b.ret(b.udiv(wide.argument(0), wide.argument(1), "q"));
        Function sine = m.addFunction("sine", new FunctionType(FloatType.FLOAT, List.of(FloatType.FLOAT), false));
        b.positionAtEnd(sine.appendBlock("entry"));
        b.ret(b.call("__nv_sinf", FloatType.FLOAT, List.of(FloatType.FLOAT), List.of(sine.argument(0)), "s"));
        return m;
    }

    @Test
    void optionsAreTheCiccOptions() {
        CiccOptions o = CiccOptions.parse("-arch=sm_80", "-ftz=1", "-prec-div=0");
        assertEquals("sm_80", o.arch());
        assertTrue(o.ftz());
        assertEquals(0, o.precDiv());
        assertEquals("nvptx64-nvidia-cuda", o.triple());
        assertEquals("sm_75", CiccOptions.defaults().arch());
        NvlowerException e = assertThrows(NvlowerException.class, () -> CiccOptions.parse("-arch=sm_1"));
        assertTrue(e.getMessage().contains("unknown architecture"), e.getMessage());
    }

    @Test
    void parseErrorsCarryTheirPosition() {
        NvlowerException e = assertThrows(NvlowerException.class,
                () -> LlvmIr.parse("k.ll", "define void @f() {\n  ret i32 %x\n}\n"));
        SourcePosition p = e.position().orElseThrow();
        assertEquals("k.ll", p.file());
        assertEquals(2, p.line());
        assertTrue(e.render().startsWith("k.ll:2:"), e.render());
        NvlowerException bc = assertThrows(NvlowerException.class,
                () -> LlvmIr.readBitcode("t.bc", new byte[] {'B', 'C', (byte) 0xc0, (byte) 0xde, 1}));
        assertTrue(bc.getMessage().contains("offset"), bc.getMessage());
        assertThrows(NvlowerException.class, () -> LlvmIr.read(Path.of("/nonexistent/k.ll")));
    }

    @Test
    void reflectFoldsTheCallAndItsBranch() {
        Module m = LlvmIr.parse("r.ll", REFLECT);
        Passes.ReflectResult r = Passes.reflect(m, CiccOptions.parse("-ftz=1"));
        assertEquals(1, r.callsFolded());
        assertEquals(1, r.branchesFolded());
        assertEquals(1, r.blocksRemoved());
        String text = LlvmIr.print(m);
        assertTrue(text.contains("ret i32 1") && !text.contains("ret i32 2"), text);
        LlvmIr.verify(m);
        Module other = LlvmIr.parse("r.ll", REFLECT);
        Passes.reflect(other, CiccOptions.parse("-ftz=1").withReflect("__CUDA_FTZ", 0));
        assertTrue(LlvmIr.print(other).contains("ret i32 2"));
    }

    @Test
    void lower128LeavesNoFp128WhenTheRuntimeIsLinked(@TempDir Path dir) throws Exception {
        CiccOptions o = CiccOptions.parse("-arch=sm_80").withRuntimeLinked(true);
        Module m = emit(o);
        m.removeGlobal(m.function("sine").orElseThrow());
        m.removeGlobal(m.function("__nv_sinf").orElseThrow());
        LlvmIr.verify(m);
        Passes.Lower128Result r = Passes.lower128(m, o);
        assertEquals(3, r.calls());
        assertEquals(List.of("__nv_add_fp128", "__nv_mul_fp128", "__nv_udiv128"), r.runtimeFunctions());
        LlvmIr.verify(m);
        Path out = dir.resolve("k.ll");
        LlvmIr.write(m, out);
        String text = Files.readString(out);
        assertFalse(text.contains("fp128 "), text);
        assertTrue(text.contains("define internal i128 @__nv_udiv128"), text);
        assertEquals(text, LlvmIr.print(LlvmIr.read(out)));
    }

    @Test
    void compileLinksLibdeviceWhenPresent() {
        CiccOptions o = CiccOptions.parse("-arch=sm_80", "-ftz=1").withRuntimeLinked(true);
        Module lib;
        try {
            lib = Passes.loadLibdevice(o);
        } catch (NvlowerException e) {
            Assumptions.abort("no libdevice: " + e.getMessage());
            return;
        }
        Module m = emit(o);
        Passes.Compilation c = Passes.compile(m, o, () -> lib);
        assertEquals(List.of("fold", "link-libdevice", "reflect", "fold", "memory-cleanup", "lower128"),
                c.stages().stream().map(Passes.Stage::name).toList());
        LlvmIr.verify(m);
        String text = LlvmIr.print(m);
        assertFalse(text.contains("@__nv_sinf("), "sinf inlined: " + text);
        assertFalse(text.contains("__nvvm_reflect"), text);
        assertFalse(text.contains("fp128 "), text);
        // libdevice is not changed by a link: a second module links the same
        Module again = emit(o);
        assertEquals(text, LlvmIr.print(Passes.compile(again, o, () -> lib).module()));
    }

    @Test
    void mathToLibdeviceAndMlirCompile() {
        String mlir = """
                func.func @f(%x: f32) -> f32 {
                  %0 = math.sin %x : f32
                  return %0 : f32
                }
                """;
        Passes.MathLowering l = Passes.mathToLibdevice("f.mlir", mlir);
        assertEquals(1, l.lowered());
        assertTrue(l.mlir().contains("call @__nv_sinf"), l.mlir());
        NvlowerException e = assertThrows(NvlowerException.class, () -> Passes.mathToLibdevice("g.mlir", "func.func @f( {"));
        assertEquals(1, e.position().orElseThrow().line());
    }

    @Test
    void foldComputesConstantCalls() {
        Module m = LlvmIr.parse("c.ll", """
                declare double @__nv_sqrt(double)
                define double @f() {
                  %r = call double @__nv_sqrt(double 4.0)
                  ret double %r
                }
                """);
        Passes.FoldResult r = Passes.fold(m, CiccOptions.defaults());
        assertEquals(1, r.folded());
        assertTrue(LlvmIr.print(m).contains("ret double 2.0"), LlvmIr.print(m));
    }

    @Test
    void templatesExpandAndVerify() {
        assertTrue(MathTemplates.names().contains("div.rn.f32"));
        MathTemplates.Expansion x = MathTemplates.expand("div.rn.f32", "sm_90");
        assertTrue(x.listing().contains("MUFU.RCP"), x.listing());
        assertTrue(x.fastPath() > 0 && x.fastPath() <= x.instructions());
        MathTemplates.Check c = MathTemplates.verify("div.rn.f32", "random", 2000, 7);
        assertEquals(2000, c.cases());
        assertTrue(c.passed(), String.valueOf(c.counterexample()));
        assertTrue(MathTemplates.emitPtx("div.rn.f32", "sm_90").contains(".func"));
        assertThrows(NvlowerException.class, () -> MathTemplates.expand("div.rn.f16", "sm_90"));
        assertThrows(NvlowerException.class, () -> MathTemplates.expand("div.rn.f32", "sm_1"));
        assertThrows(NvlowerException.class, () -> MathTemplates.expand("tanh.approx.f32", "sm_70")); // MUFU.TANH: sm_75+
        assertTrue(MathTemplates.expand("tanh.approx.f32", "sm_75").listing().contains("MUFU.TANH"));
        assertThrows(NvlowerException.class, () -> MathTemplates.verify("div.rn.f32", "nonsense", 1, 1));
    }

    @Test
    void runtimeFunctionsEvaluate() {
        String one = "3FFF0000000000000000000000000000";
        assertEquals("40000000000000000000000000000000", RuntimeFunctions.evaluate("__nv_add_fp128", one, one));
        assertTrue(RuntimeFunctions.names().contains("__nv_udiv128"));
        assertNotNull(RuntimeFunctions.declaration("__nv_add_fp128"));
        assertThrows(NvlowerException.class, () -> RuntimeFunctions.evaluate("__nv_add_fp128", one));
        assertThrows(NvlowerException.class, () -> RuntimeFunctions.evaluate("nope"));
    }
}
