package org.nvlower.verify.testfloat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Makes the committed vector subset from the full set: for each {@code *.txt.gz}, the first
 * {@value #HEAD} lines and then every k-th line of the rest, k chosen so that at most
 * {@value #SAMPLE} more are kept. Deterministic (gzip without a timestamp). Run:
 * {@code java -cp target/test-classes org.nvlower.verify.testfloat.VectorSubset ../shared/testdata/testfloat src/test/resources/testfloat}
 */
public final class VectorSubset {

    static final int HEAD = 1000;
    static final int SAMPLE = 2000;

    public static void main(String[] args) throws IOException {
        Path src = Path.of(args[0]);
        Path dst = Path.of(args[1]);
        Files.createDirectories(dst);
        for (Path file : TestFloatVectorsTest.vectorFiles(src)) {
            List<String> lines;
            try (BufferedReader in = new BufferedReader(new InputStreamReader(
                    new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.US_ASCII))) {
                lines = in.lines().toList();
            }
            int rest = Math.max(0, lines.size() - HEAD);
            int step = Math.max(1, (rest + SAMPLE - 1) / SAMPLE);
            Path out = dst.resolve(file.getFileName());
            try (Writer w = new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(out)),
                    StandardCharsets.US_ASCII)) {
                for (int i = 0; i < lines.size(); i++) {
                    if (i < HEAD || (i - HEAD) % step == 0) {
                        w.write(lines.get(i));
                        w.write('\n');
                    }
                }
            }
        }
    }
}
