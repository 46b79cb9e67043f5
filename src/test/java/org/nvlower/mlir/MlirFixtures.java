package org.nvlower.mlir;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.nvlower.mlir.text.MlirParser;
import org.nvlower.mlir.text.MlirPrinter;
import org.nvlower.testing.ExternalTools;

/**
 * The MLIR fixtures under src/test/resources/mlir: each {@code NAME.mlir} may have
 * {@code NAME.mlir.14} and {@code NAME.mlir.19}, what LLVM 14's and 19's
 * {@code mlir-opt --allow-unregistered-dialect} print for it. Also runs mlir-opt on text.
 */
public final class MlirFixtures {

    /** Fixtures with at least one mlir-opt golden. */
    public static final List<String> NAMES = List.of("syntax19", "syntax14", "generic", "generic14", "generic19");

    private MlirFixtures() {}

    public static String read(String resource) {
        try (InputStream in = MlirFixtures.class.getResourceAsStream("/mlir/" + resource)) {
            if (in == null) {
                return null;
            }
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The golden of {@code name} for {@code version}, or null if there is none. */
    public static String golden(String name, MlirVersion version) {
        return read(name + ".mlir." + version.label());
    }

    public static Operation parse(String name, String text) {
        return MlirParser.parse(name, text);
    }

    public static String print(Operation module, MlirVersion version) {
        return MlirPrinter.print(module, version);
    }

    /** mlir-opt of that LLVM version, if installed. */
    public static Optional<Path> mlirOpt(MlirVersion version) {
        return version == MlirVersion.MLIR_14 ? ExternalTools.mlirOpt14() : ExternalTools.llvm19("mlir-opt");
    }

    /** Runs {@code mlirOpt ARGS FILE} on {@code text}. */
    public static ExternalTools.Result run(Path mlirOpt, String text, String... args) {
        try {
            Path f = Files.createTempFile("nvlower-mlir", ".mlir");
            try {
                Files.writeString(f, text, StandardCharsets.ISO_8859_1);
                List<String> cmd = new ArrayList<>();
                cmd.add(mlirOpt.toString());
                cmd.addAll(List.of(args));
                cmd.add(f.toString());
                return ExternalTools.run(120, cmd);
            } finally {
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
