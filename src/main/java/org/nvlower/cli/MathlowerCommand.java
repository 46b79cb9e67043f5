package org.nvlower.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.Set;

import org.nvlower.diag.InputException;
import org.nvlower.mlir.Block;
import org.nvlower.mlir.MlirVersion;
import org.nvlower.mlir.Operation;
import org.nvlower.mlir.Region;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.mlir.math.MathToLibdevice;
import org.nvlower.mlir.translate.LlvmTranslation;
import org.nvlower.mlir.text.MlirParser;
import org.nvlower.mlir.text.MlirPrinter;
import org.nvlower.mlir.text.OpRegistry;
import org.nvlower.nvptx.TargetMachine;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code nvlower mathlower IN.mlir [--emit mlir|llvm] [--mlir-version 14|19] [cicc options]}: reads
 * MLIR, lowers the crosswalk's math/arith operations to libdevice calls and prints the module, as
 * MLIR or as LLVM IR for the target.
 * Operations left as they are get a warning on stderr with the reason.
 */
@Command(name = "mathlower", mixinStandardHelpOptions = true,
        description = {"Lower MLIR math.* / arith.* operations to libdevice calls (llvm.call @__nv_*), "
                + "as seed 4's crosswalk says: f16/bf16 through f32, vectors unrolled, one llvm.func "
                + "declaration per callee.",
                "cicc options (-arch=sm_XX -ftz=N -prec-sqrt=N ...) are checked; the MLIR layer does not depend "
                + "on them (libdevice chooses its variants later, through __nvvm_reflect)."},
        footer = "See docs/mlir.md (the crosswalk, the comparison with mlir-opt 14 and 19).")
public final class MathlowerCommand extends CiccCommand {

    @Parameters(index = "0", paramLabel = "IN.mlir", description = "input file, or - for stdin")
    String input;

    @Option(names = "--emit", paramLabel = "FORMAT", defaultValue = "mlir",
            description = "output: mlir (MLIR with LLVM-dialect calls; default) or llvm (LLVM IR text for the "
                    + "target the cicc options give: triple, data layout, nvvm-reflect-ftz)")
    String emit;

    @Option(names = "--mlir-version", paramLabel = "V", defaultValue = "19",
            description = "spell the output for MLIR 14 or 19 (default: ${DEFAULT-VALUE})")
    String mlirVersion;

    @Override
    public Integer call() throws IOException {
        if (!emit.equals("mlir") && !emit.equals("llvm")) {
            throw new InputException("unknown --emit format '" + emit + "' (expected mlir or llvm)");
        }
        MlirVersion version = MlirVersion.of(mlirVersion);
        if (version == null) {
            throw new InputException("unknown --mlir-version '" + mlirVersion + "' (expected 14 or 19)");
        }
        TargetMachine target = TargetMachine.fromCommandLine(cicc);
        String name = RoundtripCommand.displayName(input);
        Operation module = MlirParser.parse(name, RoundtripCommand.readIr(input).text());
        MathToLibdevice.Result result = MathToLibdevice.run(module);
        PrintWriter err = spec.commandLine().getErr();
        for (MathToLibdevice.Skipped s : result.skipped()) {
            err.println(s.where() + "warning: " + s.op().name() + " not lowered: " + s.reason());
        }
        String text;
        if (emit.equals("llvm")) {
            text = IrPrinter.print(LlvmTranslation.translate(module, target, name));
        } else {
            text = MlirPrinter.print(module, version);
            Set<String> missing = new LinkedHashSet<>();
            collectMissing(module, version, missing);
            for (String op : missing) {
                err.println("warning: " + op + " does not exist in MLIR " + version.label()
                        + "; mlir-opt " + version.label() + " will not read the output");
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        // The text holds bytes as chars (ISO-8859-1); the writer encodes UTF-8.
        out.write(isAscii(text) ? text : new String(text.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8));
        out.flush();
        return Main.OK;
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    private static void collectMissing(Operation op, MlirVersion version, Set<String> missing) {
        if (!OpRegistry.existsIn(op.name(), version)) {
            missing.add(op.name());
        }
        for (Region r : op.regions()) {
            for (Block b : r.blocks()) {
                for (Operation inner : b.operations()) {
                    collectMissing(inner, version, missing);
                }
            }
        }
    }
}
