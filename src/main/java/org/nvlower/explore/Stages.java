package org.nvlower.explore;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.nvlower.diag.InputException;
import org.nvlower.diag.SourcePosition;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.nvptx.SmProcessor;
import org.nvlower.nvptx.TargetMachine;
import org.nvlower.pipeline.KernelExpansion;
import org.nvlower.pipeline.Libdevice;
import org.nvlower.pipeline.MathPipeline;
import org.nvlower.ptx.PtxFunction;
import org.nvlower.ptx.PtxModule;
import org.nvlower.ptx.PtxReader;
import org.nvlower.sass.template.CompilationContext;

/**
 * One input through every stage nvlower has, each stage's output kept: MLIR after
 * MathToLibdevice, LLVM IR after each pass of the math chain (Lower128 with the runtime linked
 * last), the PTX stock {@code llc} makes of it, and the PTX's math instructions expanded into SASS
 * templates. MLIR starts at the first stage, LLVM IR at the folder, PTX at the templates.
 */
final class Stages {

    /** The largest input taken: a pass cannot be interrupted, so a request's time is bounded by its size. */
    static final int MAX_INPUT = 4 << 20;

    /** The cicc options the page offers. */
    record Options(String arch, boolean ftz, String precDiv, String precSqrt, String fma) {
        List<String> cicc() {
            return List.of("-arch=" + arch, "-ftz=" + (ftz ? 1 : 0), "-prec-div=" + precDiv, "-prec-sqrt=" + precSqrt,
                    "-fma=" + fma);
        }
    }

    /**
     * A pane: the stage's name, what it did, the kind of text ({@code mlir}, {@code llvm},
     * {@code ptx}, {@code sass}) and the text, or why it did not run.
     */
    record Stage(String name, String summary, String kind, String text, String skipped) {
        static Stage skipped(String name, String why) {
            return new Stage(name, "", "", "", why);
        }
    }

    /** An error in the input, at a line and column of the editor's text (0 where there is none). */
    record ErrorAt(int line, int column, String message) {}

    /** Everything one request produced. */
    record Outcome(String lang, List<Stage> stages, ErrorAt error, long millis) {}

    static final String MLIR = "mlir";
    static final String LLVM = "llvm";
    static final String PTX = "ptx";

    private final Optional<Llc> llc;
    private final Supplier<Module> libdevice;

    Stages(Optional<Llc> llc, Supplier<Module> libdevice) {
        this.llc = llc;
        this.libdevice = libdevice;
    }

    /** The libdevice of the CUDA installation, read for each request that calls it (linking changes the module). */
    static Supplier<Module> cudaLibdevice() {
        return () -> Libdevice.load(Libdevice.defaultPath());
    }

    /** What the text is when the page says "auto". */
    static String detect(String text) {
        if (text.contains(".version") && text.contains(".target")) {
            return PTX;
        }
        if (text.contains("func.func") || text.contains("gpu.module") || text.stripLeading().startsWith("module")
                || text.contains("math.") || text.contains("arith.")) {
            return MLIR;
        }
        return LLVM;
    }

    Outcome run(String requested, String text, Options options, long budgetMillis) {
        long start = System.nanoTime();
        long deadline = start + budgetMillis * 1_000_000L;
        String lang = requested == null || requested.equals("auto") ? detect(text) : requested;
        List<Stage> stages = new ArrayList<>();
        ErrorAt error = null;
        try {
            if (text.length() > MAX_INPUT) {
                throw new InputException("the input has " + text.length() + " characters; the explorer takes at most "
                        + MAX_INPUT + " (use the CLI for larger files)");
            }
            TargetMachine tm = TargetMachine.fromCommandLine(options.cicc());
            String ptx = switch (lang) {
                case PTX -> text;
                case MLIR, LLVM -> lowerIr(lang, text, tm, stages, deadline);
                default -> throw new InputException("unknown input language '" + lang + "' (mlir, llvm, ptx or auto)");
            };
            if (ptx != null) {
                stages.add(expand(lang.equals(PTX) ? Names.INPUT_PTX : "llc.ptx", ptx, options, deadline));
            }
        } catch (InputException e) {
            error = errorAt(e);
        } catch (StageException e) {
            stages.add(Stage.skipped(e.stage, e.getMessage()));
        }
        return new Outcome(lang, merged(stages), error, (System.nanoTime() - start) / 1_000_000L);
    }

    /** The math chain, then llc; the PTX, or null when there is none to expand. */
    private String lowerIr(String lang, String text, TargetMachine tm, List<Stage> stages, long deadline) {
        MathPipeline.Settings settings = new MathPipeline.Settings(tm, true, Map.of(), null, true);
        MathPipeline.Observer observer = (stage, out) -> {
            checkDeadline(deadline);
            stages.add(new Stage(stage.name(), stage.summary(), stage.name().equals("mathlower") ? MLIR : LLVM,
                    out.get(), null));
        };
        Supplier<Module> lib = () -> {
            try {
                return libdevice.get();
            } catch (InputException e) {
                throw new StageException("link-libdevice", e.getMessage());
            }
        };
        MathPipeline.Result r;
        try {
            r = lang.equals(MLIR) ? MathPipeline.compileMlir(Names.INPUT_MLIR, text, settings, lib, observer)
                    : MathPipeline.compile(IrParser.parse(Names.INPUT_LL, text), settings, lib, observer);
        } catch (StageException e) {
            stages.add(Stage.skipped(e.stage, e.getMessage()));
            return null;
        } catch (InputException e) {
            if (fromInput(e)) {
                throw e;
            }
            stages.add(Stage.skipped("error", e.render()));
            return null;
        }
        if (llc.isEmpty()) {
            stages.add(Stage.skipped("PTX (llc)", "no llc found (PATH, /usr/lib/llvm-19/bin, /usr/lib/llvm-14/bin): "
                    + "install LLVM to see the PTX and its templates"));
            return null;
        }
        checkDeadline(deadline);
        try {
            long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000L);
            Llc.Outcome o = llc.get().compile(IrPrinter.print(r.module()), tm.cpu(), left);
            if (!o.ok()) {
                stages.add(Stage.skipped("PTX (llc)", llc.get().name() + " failed:\n" + o.text()));
                return null;
            }
            stages.add(new Stage("PTX (llc)", llc.get().name() + " -mcpu=" + tm.cpu(), PTX, o.text(), null));
            return o.text();
        } catch (IOException e) {
            stages.add(Stage.skipped("PTX (llc)", "could not run " + llc.get().name() + ": " + e.getMessage()));
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StageException("PTX (llc)", "interrupted");
        }
    }

    /** The PTX's math instructions through the template dispatcher, as {@code nvlower expand KERNEL.ptx} lists them. */
    private Stage expand(String file, String ptx, Options options, long deadline) {
        checkDeadline(deadline);
        PtxModule module;
        try {
            module = PtxReader.read(file, ptx);
        } catch (InputException e) {
            if (fromInput(e)) {
                throw e;
            }
            return Stage.skipped("SASS templates", "nvlower's PTX reader refused llc's PTX:\n" + e.render());
        }
        SmProcessor sm = SmProcessor.byName(options.arch()).orElseThrow(
                () -> new InputException("unknown architecture '" + options.arch() + "'"));
        CompilationContext ctx = CompilationContext.firstPass(sm);
        KernelExpansion x = KernelExpansion.of(module, options.ftz(), sm, ctx.registerLimit());
        Map<PtxFunction, KernelExpansion.FunctionCode> code = new LinkedHashMap<>();
        for (PtxFunction f : module.functions()) {
            KernelExpansion.FunctionCode fc = x.dispatch(f, ctx);
            if (fc != null) {
                code.put(f, fc);
            }
        }
        long expanded = x.sites().stream().filter(KernelExpansion.Site::expanded).count();
        String summary = String.format(Locale.ROOT, "%d math instruction(s), %d expanded for %s%s", x.sites().size(),
                expanded, sm.smName(), options.ftz() ? ", -ftz" : "");
        return new Stage("SASS templates", summary, "sass", x.listing(code), null);
    }

    /** Consecutive stages that left the text as it was share one pane. */
    private static List<Stage> merged(List<Stage> stages) {
        List<Stage> out = new ArrayList<>();
        for (Stage s : stages) {
            Stage last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && s.skipped() == null && last.skipped() == null && s.text().equals(last.text())) {
                out.set(out.size() - 1, new Stage(last.name() + ", " + s.name(), last.summary() + "; " + s.summary(),
                        last.kind(), last.text(), null));
            } else {
                out.add(s);
            }
        }
        return out;
    }

    private static boolean fromInput(InputException e) {
        SourcePosition p = e.position();
        return p == null || Names.isInput(p.file());
    }

    private static ErrorAt errorAt(InputException e) {
        SourcePosition p = e.position();
        return p == null ? new ErrorAt(0, 0, e.render()) : new ErrorAt(p.line(), p.column(), e.render());
    }

    private static void checkDeadline(long deadline) {
        if (System.nanoTime() > deadline) {
            throw new StageException("cancelled", "the request took longer than the explorer allows and was stopped "
                    + "between stages");
        }
    }

    /** A stage that could not run for a reason outside the input (libdevice missing, the time is up). */
    static final class StageException extends RuntimeException {
        final String stage;

        StageException(String stage, String message) {
            super(message, null, false, false);
            this.stage = stage;
        }
    }

    /** The names the editor's text goes by in messages. */
    static final class Names {
        static final String INPUT_MLIR = "input.mlir";
        static final String INPUT_LL = "input.ll";
        static final String INPUT_PTX = "input.ptx";

        static boolean isInput(String file) {
            return file.equals(INPUT_MLIR) || file.equals(INPUT_LL) || file.equals(INPUT_PTX);
        }

        private Names() {}
    }
}
