package org.nvlower.example;

import java.nio.file.Path;
import java.util.List;

import org.nvlower.api.CiccOptions;
import org.nvlower.api.LlvmIr;
import org.nvlower.api.NvlowerException;
import org.nvlower.api.Passes;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.IrBuilder;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.Value;

/**
 * What a JVM GPU compiler does with nvlower, in-process: it emits NVVM IR for three methods from
 * its own model (here, by hand), with fp128 and i128 arithmetic and libdevice calls; then nvlower
 * links libdevice (reflecting and folding as cicc does), folds the remaining reflect calls, and
 * lowers every 128-bit operation to runtime calls whose bodies it links in. The result is IR that
 * stock {@code llc -march=nvptx64} compiles alone.
 *
 * <p>Usage: {@code JvmCompiler OUT.ll [cicc options...]}; prints one line per step.
 */
public final class JvmCompiler {

    public static void main(String[] args) {
        Path out = Path.of(args.length > 0 ? args[0] : "kernel.ll");
        List<String> cicc = args.length > 1 ? List.of(args).subList(1, args.length) : List.of("-arch=sm_80");
        try {
            compile(out, CiccOptions.parse(cicc).withRuntimeLinked(true));
        } catch (NvlowerException e) {
            System.err.println(e.render());
            System.exit(1);
        }
    }

    static void compile(Path out, CiccOptions options) {
        Module m = emit(options);
        LlvmIr.verify(m);
        System.out.println("emitted: " + m.functions().size() + " functions for " + options.arch());
        Module libdevice = null;
        try {
            libdevice = Passes.loadLibdevice(options);
        } catch (NvlowerException e) {
            System.out.println("link-libdevice: skipped (" + e.getMessage() + ")");
        }
        if (libdevice != null) {
            Passes.LinkResult link = Passes.linkLibdevice(m, libdevice, options);
            System.out.println("link-libdevice: " + link.linked() + " linked, " + link.inlined() + " call(s) inlined, "
                    + link.reflectFolded() + " reflect call(s) folded");
        }
        Passes.ReflectResult reflect = Passes.reflect(m, options);
        System.out.println("reflect: " + reflect.callsFolded() + " call(s) folded");
        Passes.Lower128Result lowered = Passes.lower128(m, options);
        System.out.println("lower128: " + lowered.calls() + " runtime call(s): " + lowered.runtimeFunctions());
        LlvmIr.verify(m);
        LlvmIr.write(m, out);
        System.out.println("wrote " + out);
    }

    /** Three methods as a JVM compiler would emit them. */
    static Module emit(CiccOptions options) {
        Module m = Module.create("jvm-kernel", false);
        m.setTargetTriple(options.triple());
        m.setDataLayout(options.dataLayout());
        IrBuilder b = new IrBuilder(m);
        Type f64 = FloatType.DOUBLE;
        Type f32 = FloatType.FLOAT;
        Type q = FloatType.FP128;

        // double dot2(double x0, double y0, double x1, double y1): x0*y0 + x1*y1 in quad precision
        Function dot = m.addFunction("dot2", new FunctionType(f64, List.of(f64, f64, f64, f64), false));
        b.positionAtEnd(dot.appendBlock("entry"));
        Value p0 = b.fmul(b.cast(org.nvlower.llvm.ir.Opcode.FPEXT, dot.argument(0), q),
                b.cast(org.nvlower.llvm.ir.Opcode.FPEXT, dot.argument(1), q));
        Value p1 = b.fmul(b.cast(org.nvlower.llvm.ir.Opcode.FPEXT, dot.argument(2), q),
                b.cast(org.nvlower.llvm.ir.Opcode.FPEXT, dot.argument(3), q));
        b.ret(b.cast(org.nvlower.llvm.ir.Opcode.FPTRUNC, b.fadd(p0, p1, "sum"), f64));

        // long mulDiv(long a, long b, long c): a*b/c without overflow, through i128
        Function mulDiv = m.addFunction("mulDiv", new FunctionType(IntegerType.I64,
                List.of(IntegerType.I64, IntegerType.I64, IntegerType.I64), false));
        b.positionAtEnd(mulDiv.appendBlock("entry"));
        Value wide = b.mul(b.sext(mulDiv.argument(0), IntegerType.I128), b.sext(mulDiv.argument(1), IntegerType.I128));
        Value quotient = b.sdiv(wide, b.sext(mulDiv.argument(2), IntegerType.I128), "q");
        b.ret(b.trunc(quotient, IntegerType.I64));

        // float wave(float x): Math.sin(x) * Math.exp(x), as libdevice calls
        Function wave = m.addFunction("wave", new FunctionType(f32, List.of(f32), false));
        b.positionAtEnd(wave.appendBlock("entry"));
        Value sin = b.call("__nv_sinf", f32, List.of(f32), List.of(wave.argument(0)));
        Value exp = b.call("__nv_expf", f32, List.of(f32), List.of(wave.argument(0)));
        b.ret(b.fmul(sin, exp));
        return m;
    }
}
