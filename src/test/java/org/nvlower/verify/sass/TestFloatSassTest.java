package org.nvlower.verify.sass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * div.rn.f32, sqrt.rn.f32, div.rn.f64 and sqrt.rn.f64 as TestFloat subjects: every line of the f32_div, f32_sqrt, f64_div and f64_sqrt vector
 * files (the committed subset, and ../shared's full files when present) under every MUFU model;
 * the result bits must match (any NaN matches any NaN, as testfloat_ver compares; the template's
 * NaN is the GPU's canonical one).
 */
class TestFloatSassTest {

    static final Path FULL_SET = Path.of("../shared/testdata/testfloat");

    private static List<long[]> vectors(String file) throws IOException {
        InputStream in;
        Path full = FULL_SET.resolve(file);
        if (Files.exists(full)) {
            in = Files.newInputStream(full);
        } else {
            in = TestFloatSassTest.class.getResourceAsStream("/testfloat/" + file);
        }
        List<long[]> v = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(in), StandardCharsets.US_ASCII))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String[] f = line.trim().split("\\s+");
                long[] row = new long[f.length - 1];
                for (int i = 0; i < row.length; i++) {
                    row[i] = Long.parseUnsignedLong(f[i], 16);
                }
                v.add(row);
            }
        }
        return v;
    }

    private static boolean isNaN(long bits, boolean f64) {
        return f64 ? (bits & Long.MAX_VALUE) > 0x7FF0000000000000L
                : ((bits >>> 23) & 0xFF) == 0xFF && (bits & 0x7FFFFF) != 0;
    }

    @TestFactory
    Stream<DynamicTest> templatesPassTheTestFloatVectors() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String function : List.of("f32_div", "f32_sqrt", "f64_div", "f64_sqrt")) {
            for (String mufu : TemplatesVerifyTest.MODELS) {
                tests.add(DynamicTest.dynamicTest(function + " " + mufu, () -> {
                    TemplateSubject subject = TemplateSubject.of(function, mufu, 3).orElseThrow();
                    List<long[]> rows = vectors(function + ".near_even.txt.gz");
                    int arity = function.endsWith("_div") ? 2 : 1;
                    boolean f64 = function.startsWith("f64");
                    int passed = 0;
                    for (long[] row : rows) {
                        long want = row[arity];
                        long got = subject.compute(row)[0];
                        if (got == want || (isNaN(got, f64) && isNaN(want, f64))) {
                            passed++;
                        } else {
                            assertEquals(Long.toHexString(want), Long.toHexString(got), function + " " + mufu + " on "
                                    + Long.toHexString(row[0]) + (arity == 2 ? " " + Long.toHexString(row[1]) : ""));
                        }
                    }
                    assertEquals(rows.size(), passed);
                    assertTrue(rows.size() >= 600, "vectors read: " + rows.size());
                }));
            }
        }
        return tests.stream();
    }
}
