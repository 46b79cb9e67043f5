package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The math pass commands on several inputs in one process: {@code nvlower reflect A.ll B.ll -o DIR}. */
class BatchCommandsTest {

    private static final String REFLECT = """
            @arch = private constant [12 x i8] c"__CUDA_ARCH\\00"
            declare i32 @__nvvm_reflect(i8*)

            define i32 @f() {
              %a = call i32 @__nvvm_reflect(i8* getelementptr ([12 x i8], [12 x i8]* @arch, i32 0, i32 0))
              %new = icmp sge i32 %a, %ARCH%
              br i1 %new, label %yes, label %no

            yes:
              ret i32 1

            no:
              ret i32 2
            }
            """;

    @Test
    void eachInputGoesIntoTheDirectoryUnderItsName(@TempDir Path dir) throws IOException {
        Path a = Files.writeString(dir.resolve("a.ll"), REFLECT.replace("%ARCH%", "800"));
        Files.createDirectory(dir.resolve("in"));
        Path b = Files.writeString(dir.resolve("in/b.ll"), REFLECT.replace("%ARCH%", "950"));
        Path out = Files.createDirectory(dir.resolve("out"));
        CliRunner r = CliRunner.run("", "reflect", a.toString(), b.toString(), "-arch=sm_90", "-o", out.toString(),
                "--stats");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith(a + ": 1 __nvvm_reflect call(s) folded"), r.err());
        assertTrue(r.err().contains("\n" + b + ": 1 __nvvm_reflect"), r.err());
        // each output is what the same command writes for that file alone
        for (Path in : new Path[] {a, b}) {
            CliRunner single = CliRunner.run("", "reflect", in.toString(), "-arch=sm_90");
            assertEquals(single.out(), Files.readString(out.resolve(in.getFileName())));
        }
        assertTrue(Files.readString(out.resolve("a.ll")).contains("ret i32 1"));
        assertTrue(Files.readString(out.resolve("b.ll")).contains("ret i32 2"));
    }

    @Test
    void foldAndCompileTakeBatchesToo(@TempDir Path dir) throws IOException {
        Path a = Files.writeString(dir.resolve("a.ll"), REFLECT.replace("%ARCH%", "800"));
        Path b = Files.writeString(dir.resolve("b.ll"), REFLECT.replace("%ARCH%", "950"));
        for (String command : new String[] {"fold", "compile"}) {
            Path out = Files.createDirectory(dir.resolve(command));
            CliRunner r = CliRunner.run("", command, a.toString(), b.toString(), "-o", out.toString());
            assertEquals(0, r.exitCode(), command + ": " + r.err());
            assertTrue(Files.isRegularFile(out.resolve("a.ll")) && Files.isRegularFile(out.resolve("b.ll")), command);
        }
    }

    @Test
    void lower128TakesBatches(@TempDir Path dir) throws IOException {
        String add = "define fp128 @f(fp128 %a, fp128 %b) {\n  %s = fadd fp128 %a, %b\n  ret fp128 %s\n}\n";
        Path a = Files.writeString(dir.resolve("a.ll"), add);
        Path b = Files.writeString(dir.resolve("b.ll"), add.replace("fadd", "fmul"));
        Path out = Files.createDirectory(dir.resolve("out"));
        CliRunner r = CliRunner.run("", "lower128", a.toString(), b.toString(), "-o", out.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(CliRunner.run("", "lower128", a.toString()).out(), Files.readString(out.resolve("a.ll")));
        assertTrue(Files.readString(out.resolve("a.ll")).contains("@__nv_add_fp128"));
        assertTrue(Files.readString(out.resolve("b.ll")).contains("@__nv_mul_fp128"));
        CliRunner.assertOneLineErrors("lower128", new String[][] {
            {"2 inputs need -o DIR", a.toString(), b.toString()},
            {"--time takes one input", a.toString(), b.toString(), "-o", out.toString(), "--time", "2"},
        });
    }

    @Test
    void aBadBatchWritesNothing(@TempDir Path dir) throws IOException {
        Path a = Files.writeString(dir.resolve("a.ll"), REFLECT.replace("%ARCH%", "800"));
        Files.createDirectory(dir.resolve("x"));
        Path twin = Files.writeString(dir.resolve("x/a.ll"), REFLECT.replace("%ARCH%", "800"));
        Path out = Files.createDirectory(dir.resolve("out"));
        CliRunner.assertOneLineErrors("reflect", new String[][] {
            {"2 inputs need -o DIR", a.toString(), a.toString()},
            {"is not one", a.toString(), a.toString(), "-o", a.toString()},
            {"- (stdin) cannot be one of several inputs", a.toString(), "-", "-o", out.toString()},
            {"would both be written to", a.toString(), twin.toString(), "-o", out.toString()},
        });
        try (var files = Files.list(out)) {
            assertFalse(files.findAny().isPresent());
        }
        // a broken second file: the error names it, with its line and column
        Path bad = Files.writeString(dir.resolve("bad.ll"), "define i32 @g() {\n  ret i32 %x\n}\n");
        CliRunner r = CliRunner.run("", "reflect", a.toString(), bad.toString(), "-o", out.toString());
        assertEquals(1, r.exitCode());
        assertTrue(r.err().startsWith(bad + ":2:"), r.err());
    }

    @Test
    void threadsKeepInputOrderAndStopAtTheFirstBadFile(@TempDir Path dir) throws IOException {
        String[] inputs = new String[7];
        for (int i = 0; i < inputs.length; i++) {
            inputs[i] = Files.writeString(dir.resolve("f" + i + ".ll"), REFLECT.replace("%ARCH%", String.valueOf(700 + 50 * i)))
                    .toString();
        }
        Path one = Files.createDirectory(dir.resolve("one"));
        Path three = Files.createDirectory(dir.resolve("three"));
        CliRunner seq = CliRunner.run("", concat(inputs, "reflect", "-arch=sm_80", "--stats", "--jobs", "1", "-o", one.toString()));
        CliRunner par = CliRunner.run("", concat(inputs, "reflect", "-arch=sm_80", "--stats", "--jobs", "3", "-o", three.toString()));
        assertEquals(0, seq.exitCode(), seq.err());
        assertEquals(0, par.exitCode(), par.err());
        assertEquals(seq.err(), par.err()); // the reports, file by file in input order
        for (int i = 0; i < inputs.length; i++) {
            String name = "f" + i + ".ll";
            assertEquals(Files.readString(one.resolve(name)), Files.readString(three.resolve(name)), name);
            assertTrue(Files.readString(one.resolve(name)).contains(700 + 50 * i <= 800 ? "ret i32 1" : "ret i32 2"), name);
        }
        // a bad third file: the two before it are written, none after, the error names it
        inputs[2] = Files.writeString(dir.resolve("f2.ll"), "define i32 @g() {\n  ret i32 %x\n}\n").toString();
        Path out = Files.createDirectory(dir.resolve("out"));
        CliRunner bad = CliRunner.run("", concat(inputs, "reflect", "--jobs", "3", "-o", out.toString()));
        assertEquals(1, bad.exitCode());
        assertTrue(bad.err().startsWith(inputs[2] + ":2:"), bad.err());
        try (var files = Files.list(out)) {
            assertEquals(java.util.List.of("f0.ll", "f1.ll"),
                    files.map(f -> f.getFileName().toString()).sorted().toList());
        }
        assertEquals(1, CliRunner.run("", "reflect", inputs[0], inputs[1], "--jobs", "0", "-o", out.toString()).exitCode());
    }

    private static String[] concat(String[] inputs, String... args) {
        String[] all = java.util.Arrays.copyOf(args, args.length + inputs.length);
        System.arraycopy(inputs, 0, all, args.length, inputs.length);
        return all;
    }
}
