package org.nvlower.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.nvlower.diag.InputException;
import org.nvlower.llvm.exec.Interpreter;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.ConstantFP;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.pass.Lower128;
import org.nvlower.llvm.runtime.RuntimeFunction;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.pipeline.Libdevice;
import org.nvlower.ptx.PtxPrinter;
import org.nvlower.ptx.PtxReader;
import org.nvlower.sass.template.CompilationContext;
import org.nvlower.pipeline.KernelExpansion;
import org.nvlower.pipeline.KernelExpansion.Site;
import org.nvlower.verify.ptx.DispatchedRun;
import org.nvlower.verify.ptx.KernelRun;
import org.nvlower.verify.ptx.KernelVerifier;
import org.nvlower.pipeline.MathPipeline;
import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.F64;
import org.nvlower.softfloat.Float128;
import org.nvlower.softfloat.Int128;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.softfloat.Specialization;
import org.nvlower.nvptx.TargetDescription;
import org.nvlower.nvptx.SmProcessor;
import org.nvlower.nvptx.TargetMachine;

import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A tour on bundled examples: the oracle on a few memorable binary128 and i128 cases, through
 * the same runtime-function rows the fp128/i128 lowering uses, and two target descriptions.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Show the oracle, the 128-bit runtime semantics and the target on bundled examples.")
final class DemoCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        binary128(out);
        doubleRoundingTrap(out);
        int128Division(out);
        lowering128(out);
        QuadDemo.run(out);
        target(out);
        mathPipeline(out);
        ptxKernel(out);
        out.println();
        out.println("== every stage side by side: nvlower explore (a page on 127.0.0.1: these examples, or your MLIR, "
                + "LLVM IR or PTX, through MathToLibdevice, reflect/link/fold, Lower128, llc and the SASS templates; "
                + "template proofs with a progress bar; docs/explore.md)");
    }

    private static void binary128(PrintWriter out) {
        out.println("== binary128 (113-bit significand), round to nearest even");
        Float128 third = Float128.ONE.div(Float128.parse("3"));
        Float128 root2 = Float128.TWO.sqrt();
        out.printf("  1/3            = %s%n                   %s%n", third, third.toHexString());
        out.printf("  sqrt(2)        = %s%n                   %s%n", root2, root2.toHexString());
        Float128 residual = root2.mulAdd(root2, Float128.TWO.negate());
        out.printf("  fma(r, r, -2)  = %s   (r = sqrt(2); fused: how far r*r is from 2)%n", residual);
        out.printf("  same in double : sqrt(2) = %s, fma residual = %s%n",
                Math.sqrt(2), Math.fma(Math.sqrt(2), Math.sqrt(2), -2.0));
        out.println();
    }

    /**
     * i128 -> float must round once. Going through double first rounds twice: x = 2^60 + 2^36 + 1
     * lies just above the midpoint of two floats, but double keeps only 2^60 + 2^36 (the midpoint),
     * and the tie then goes to even.
     */
    private static void doubleRoundingTrap(PrintWriter out) {
        out.println("== double rounding trap: i128 x = 2^60 + 2^36 + 1 to float");
        long x = (1L << 60) + (1L << 36) + 1;
        long direct = RuntimeFunction.bySymbol("__nv_cvt_i128_f32_rn").orElseThrow().evaluate(0, x)[0];
        Env env = new Env(Specialization.NVPTX);
        long viaDouble = F64.fromI64(x, RoundingMode.NEAR_EVEN, env);
        int twice = F64.toF32(viaDouble, RoundingMode.NEAR_EVEN, env);
        out.printf("  __nv_cvt_i128_f32_rn(x)  = 0x%08X = %s   (one rounding: correct)%n",
                direct, new BigDecimal(Float.intBitsToFloat((int) direct)).toBigInteger());
        out.printf("  (float)(double)x         = 0x%08X = %s   (two roundings: one ulp low)%n",
                twice, new BigDecimal(Float.intBitsToFloat(twice)).toBigInteger());
        out.printf("  x                        =              %s%n", x);
        out.println();
    }

    private static void int128Division(PrintWriter out) {
        out.println("== i128 division (__nv_idiv128 / __nv_irem128), checked against BigInteger");
        Int128 n = Int128.MIN_VALUE.add(Int128.of(12345));
        Int128 d = Int128.of(-1_000_000_007L);
        Int128 q = call("__nv_idiv128", n, d);
        Int128 r = call("__nv_irem128", n, d);
        out.printf("  n = %s%n  d = %s%n  q = %s%n  r = %s%n", n, d, q, r);
        BigInteger[] exact = n.toBigInteger().divideAndRemainder(d.toBigInteger());
        boolean ok = q.toBigInteger().equals(exact[0]) && r.toBigInteger().equals(exact[1]);
        out.printf("  q*d + r == n and |r| < |d|: %s%n", ok ? "yes (matches BigInteger)" : "NO (bug)");
        Int128 zeroQ = call("__nv_udiv128", n, Int128.ZERO);
        out.printf("  n / 0 (unsigned, PTX rule: all ones) = 0x%s%n", zeroQ.toHex());
        out.println();
    }

    private static Int128 call(String symbol, Int128 a, Int128 b) {
        long[] z = RuntimeFunction.bySymbol(symbol).orElseThrow().evaluate(a.hi(), a.lo(), b.hi(), b.lo());
        return new Int128(z[0], z[1]);
    }

    /**
     * The bundled CUDA-style kernel (fp128 and i128), lowered with the runtime linked; the device
     * function it calls is then run in the interpreter and compared with softfloat.
     */
    private static void lowering128(PrintWriter out) {
        String text;
        try (var in = DemoCommand.class.getResourceAsStream("means128.ll")) {
            text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        out.println("== fp128/i128 lowering: a CUDA kernel (stock llc crashes on it; nvlower lower128 --link-runtime)");
        Module m = IrParser.parse("means128.ll", text);
        out.println("  before, @mean:");
        printFunction(out, IrPrinter.print(m), "@mean(");
        Lower128.Result r = Lower128.run(m, Lower128.Options.SELF_CONTAINED);
        String lowered = IrPrinter.print(m);
        out.println("  after (fp128 values carried as i128):");
        printFunction(out, lowered, "@mean(");
        long helpers = m.functions().stream().filter(f -> f.name().startsWith("__nvl_")).count();
        out.printf("  the kernel's %d operations call %s,%n  linked with %d helpers; llc 14 compiles the result%n",
                r.calls(), String.join(" ", r.functions().stream().map(RuntimeFunction::symbol).toList()), helpers);
        // mean(1, 3) = 1/3: the lowered, linked function in nvlower's interpreter against softfloat
        long[] got = new Interpreter(m).function("mean").call(0, 0x3FFF000000000000L, 3, 0);
        Float128 third = Float128.ONE.div(Float128.parse("3"));
        Float128 ran = new Float128(got[1], got[0]);
        out.printf("  interpreter: mean(1, 3) = %s; softfloat 1/3 = %s: %s%n", ran.toHexString(), third.toHexString(),
                ran.equals(third) ? "equal" : "DIFFERENT (bug)");
        out.println("  (docs/lower128.md walks this kernel to SASS: opt -O2, llc -mcpu=sm_80, ptxas -arch=sm_80)");
        out.println();
    }

    /** Prints the definition of the function whose header contains {@code header}, indented. */
    private static void printFunction(PrintWriter out, String module, String header) {
        int at = module.indexOf(header);
        int start = module.lastIndexOf("define", at);
        int end = module.indexOf("\n}\n", at) + 2;
        module.substring(start, end).lines().forEach(l -> out.println("    " + l));
    }

    private static void target(PrintWriter out) {
        // The cicc options nvcc -use_fast_math passes (docs/target.md), so "fast math" is what nvcc means by it.
        List<String> fastMath = List.of("-arch=compute_90a", "-ftz=1", "-prec-div=0", "-prec-sqrt=0", "-fma=1",
                "-fast-math");
        out.println("== target: cicc defaults for sm_80 vs. nvcc -use_fast_math on sm_90a");
        out.print(TargetDescription.sideBySide("-arch=compute_80", TargetMachine.fromCommandLine("-arch=compute_80"),
                String.join(" ", fastMath), TargetMachine.fromCommandLine(fastMath)));
    }

    /**
     * Seed 4's chain on a bundled MLIR kernel under two option sets: what each function's
     * libdevice call became once libdevice was linked and __nvvm_reflect folded.
     */
    private static void mathPipeline(PrintWriter out) {
        out.println();
        out.println("== math pipeline: a bundled MLIR kernel (nvlower compile), libdevice calls resolved by __nvvm_reflect");
        Path libdevicePath;
        try {
            libdevicePath = Libdevice.defaultPath();
        } catch (InputException e) {
            out.println("  (skipped: " + e.getMessage() + ")");
            return;
        }
        String text;
        try (InputStream in = DemoCommand.class.getResourceAsStream("/org/nvlower/pipeline/demo-kernel.mlir")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Module libdevice = Libdevice.load(libdevicePath);
        List<List<String>> optionSets = List.of(List.of("-ftz=1", "-prec-sqrt=0"), List.of("-ftz=0", "-prec-sqrt=1"));
        List<Map<String, String>> columns = new ArrayList<>();
        for (List<String> options : optionSets) {
            MathPipeline.Settings settings = new MathPipeline.Settings(TargetMachine.fromCommandLine(options), true,
                    Map.of(), libdevicePath);
            Module m = MathPipeline.compileMlir("demo-kernel.mlir", text, settings, () -> libdevice).module();
            columns.add(resolutions(m));
        }
        out.printf("  %-17s %-28s %s%n", "function", String.join(" ", optionSets.get(0)), String.join(" ", optionSets.get(1)));
        for (String f : columns.get(0).keySet()) {
            String a = columns.get(0).get(f);
            String b = columns.get(1).get(f);
            if (a.length() <= 28 && b.length() <= 40) {
                out.printf("  %-17s %-28s %s%n", f, a, b);
            } else {
                out.printf("  %-17s %s%n  %-17s %s%n", f, a, "", b);
            }
        }
        out.println("  (libdevice: " + libdevicePath + "; llvm.nvvm. prefixes dropped; see docs/math-pipeline.md)");
    }

    /** Per function: the constant it returns, or the functions it calls (how its libdevice call resolved). */
    private static Map<String, String> resolutions(Module m) {
        Map<String, String> map = new LinkedHashMap<>();
        for (Function f : m.functions()) {
            if (f.isDeclaration()) {
                continue;
            }
            List<Instruction> body = f.instructions().toList();
            if (body.size() == 1 && body.get(0).operandCount() == 1 && body.get(0).operand(0) instanceof ConstantFP c) {
                map.put(f.name(), "folded: " + (c.type() == FloatType.FLOAT ? String.valueOf(Float.intBitsToFloat(c.bits().intValue()))
                        : String.valueOf(Double.longBitsToDouble(c.bits().longValue()))));
                continue;
            }
            Set<String> calls = new TreeSet<>();
            for (Instruction i : body) {
                if (i instanceof CallInst call && call.calledFunction() != null) {
                    calls.add(call.calledFunction().name().replace("llvm.nvvm.", ""));
                }
            }
            String name = f.name() + (body.size() > 2 ? " (" + body.size() + " instr)" : "");
            map.put(name, String.join(" ", calls));
        }
        return map;
    }

    /** A bundled PTX kernel: its math instructions expanded into templates, each run in the emulator against the oracle. */
    static void ptxKernel(PrintWriter out) {
        out.println();
        out.println("== PTX in, SASS templates out: a bundled kernel (nvlower expand KERNEL.ptx), each expansion run "
                + "in the emulator against softfloat / exact integers");
        String text;
        try (InputStream in = DemoCommand.class.getResourceAsStream("demo-kernel.ptx")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        KernelExpansion x = KernelExpansion.of(PtxReader.read("demo-kernel.ptx", text), false);
        int ptx = x.module().functions().get(0).instructions().size();
        out.printf("  kernel 'demo': %d PTX instructions, %d of them math; inline, the math alone is %d SASS instructions%n",
                ptx, x.sites().size(), x.inlineInstructions());
        int threads = Runtime.getRuntime().availableProcessors();
        for (KernelVerifier.OpResult r : KernelVerifier.verify(x, DEMO_CASES, "exact", 1, threads)) {
            Site s = r.sites().get(0);
            out.printf("  %-30s %4d SASS (fast path %2d)  %,7d cases (edge, random, hard): %s%n",
                    PtxPrinter.instruction(s.instruction()).replace(" \t", " "), s.template().program().code().size(),
                    s.template().fastPath(), r.cases(), r.passed() ? "0 mismatches" : r.mismatches() + " MISMATCHES");
        }
        KernelRun.Result run = KernelRun.run(x, x.module().functions().get(0), 64, 0, "adversarial", 1);
        out.printf("  the whole kernel run for 64 threads, math through the templates (MUFU adversarial) and through the "
                + "oracle:%n  global memory %s (%,d bytes, %,d changed, %d math instructions per side)%n",
                run.passed() ? "identical" : "DIFFERS at " + run.firstDifference(), run.bytes(), run.changed(),
                run.mathRuns());
        SmProcessor sm80 = SmProcessor.byName("sm_80").orElseThrow();
        KernelExpansion target = KernelExpansion.of(x.module(), false, sm80, sm80.registerFileSize());
        for (int strategy : new int[] {0, CompilationContext.RECOMPILE_AFTER_REGALLOC_FAILURE}) {
            KernelExpansion.FunctionCode fc = target.dispatch(target.module().functions().get(0),
                    CompilationContext.firstPass(sm80).withStrategy(strategy));
            DispatchedRun.Result d = DispatchedRun.run(fc, 1_000, "adversarial", 1);
            out.printf("  through the dispatcher, strategy %d (%s): %d SASS instructions; %,d results against the oracle: "
                    + "%s%n", strategy, strategy == 0 ? "inline" : "template calls", fc.program().code().size(),
                    d.compared(), d.mismatches() == 0 ? "0 mismatches" : d.mismatches() + " MISMATCHES");
        }
        out.println("  (nvlower expand KERNEL.ptx prints the listings; nvlower verify OP runs 10^6 and more)");
    }

    /** Random and hard cases per op in the demo (every edge case runs too). */
    private static final long DEMO_CASES = 2_000;
}
