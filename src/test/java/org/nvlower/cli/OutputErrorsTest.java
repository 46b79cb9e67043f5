package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine.Command;

/**
 * Output is never lost silently: every command, on a full disk ({@code /dev/full}), ends with the
 * one line {@code nvlower: error: writing <stdout>: No space left on device} and exit code 1; and
 * {@code -o} files are written whole, with the mode a new file gets, through symbolic links.
 */
class OutputErrorsTest {

    static final String FULL = "nvlower: error: writing <stdout>: No space left on device\n";
    static final Path DEV_FULL = Path.of("/dev/full");

    @TempDir
    Path dir;

    record Run(int code, byte[] out, String err) {}

    /** Main's own run with standard output on {@code stdout}, as {@link Main#main} sets it up. */
    static synchronized Run run(java.io.OutputStream stdout, byte[] stdin, String... args) {
        InputStream saved = System.in;
        StringWriter err = new StringWriter();
        try {
            System.setIn(new ByteArrayInputStream(stdin));
            int code = Main.run(new CheckedStream(stdout, Main.STDOUT), new PrintWriter(err), args);
            return new Run(code, stdout instanceof ByteArrayOutputStream b ? b.toByteArray() : null, err.toString());
        } finally {
            System.setIn(saved);
        }
    }

    static final byte[] NO_INPUT = {};

    private Path ir(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.ISO_8859_1);
    }

    private static final String MODULE = "define i32 @f(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n";

    @Test
    void everyCommandReportsAFullDisk() throws IOException {
        Assumptions.assumeTrue(Files.exists(DEV_FULL), "/dev/full is absent");
        String in = ir("f.ll", MODULE).toString();
        List<String[]> calls = new ArrayList<>(List.of(
                new String[] {"roundtrip", in},
                new String[] {"stats", in},
                new String[] {"target", "--json"},
                new String[] {"target", "--list-sm"},
                new String[] {"demo"},
                new String[] {"eval", "__nv_add_fp128", "3FFF" + "0".repeat(28), "3FFF" + "0".repeat(28)},
                new String[] {"eval", "-"},
                new String[] {"testfloat", "f32_add"},
                new String[] {"--help"},
                new String[] {"--version"}));
        // and every command registered, now or later: at least its help goes through the check
        for (Class<?> command : Main.SUBCOMMANDS) {
            calls.add(new String[] {command.getAnnotation(Command.class).name(), "--help"});
        }
        for (String[] call : calls) {
            String stdin = call[0].equals("eval") ? "f32_add 3F800000 3F800000\n" : "3F800000 3F800000\n";
            Run r;
            try (FileOutputStream full = new FileOutputStream(DEV_FULL.toFile())) {
                r = run(full, stdin.getBytes(StandardCharsets.US_ASCII), call);
            }
            assertEquals(FULL, r.err(), String.join(" ", call));
            assertEquals(Main.USER_ERROR, r.code(), String.join(" ", call));
        }
    }

    @Test
    void aReaderThatQuitEndsTheRunSilentlyAsSigpipeWould() {
        java.io.OutputStream closedPipe = new java.io.OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        Run r = run(closedPipe, NO_INPUT, "demo");
        assertEquals("", r.err());
        assertEquals(Main.READER_QUIT, r.code());
    }

    @Test
    void anOutputFileOnAFullDiskIsOneLine() throws IOException {
        Assumptions.assumeTrue(Files.exists(DEV_FULL), "/dev/full is absent");
        Run r = run(new ByteArrayOutputStream(), NO_INPUT, "roundtrip", ir("f.ll", MODULE).toString(), "-o", "/dev/full");
        assertEquals("nvlower: error: writing /dev/full: No space left on device\n", r.err());
        assertEquals(Main.USER_ERROR, r.code());
    }

    @Test
    void invalidUtf8ReachesStandardOutputByteForByte() throws IOException {
        byte[] text = "; \u00ff\u00fe in a comment\n@s = global [2 x i8] c\"\u00ff\u00fe\"\n"
                .getBytes(StandardCharsets.ISO_8859_1);
        Path in = Files.write(dir.resolve("latin.ll"), text);
        Run r = run(new ByteArrayOutputStream(), NO_INPUT, "roundtrip", in.toString());
        assertEquals("", r.err());
        assertArrayEquals(text, r.out());
        r = run(new ByteArrayOutputStream(), text, "roundtrip", "-");
        assertEquals(0, r.code(), r.err());
        assertArrayEquals(text, r.out());
    }

    @Test
    void aNewOutputFileGetsTheModeOfAnyNewFile() throws IOException {
        Path in = ir("f.ll", MODULE);
        Path reference = Files.createFile(dir.resolve("reference")); // 0666 less the umask
        Path out = dir.resolve("out.ll");
        assertEquals(0, run(new ByteArrayOutputStream(), NO_INPUT, "roundtrip", in.toString(), "-o", out.toString()).code());
        assertEquals(Files.getPosixFilePermissions(reference), Files.getPosixFilePermissions(out));
        assertEquals(MODULE, Files.readString(out));
    }

    @Test
    void anExistingOutputFileKeepsItsMode() throws IOException {
        Path in = ir("f.ll", MODULE);
        for (String mode : new String[] {"rwxr-x---", "r--r--r--", "rw-rw-rw-"}) {
            Path out = ir("out.ll", "old\n");
            Set<PosixFilePermission> perms = PosixFilePermissions.fromString(mode);
            Files.setPosixFilePermissions(out, perms);
            assertEquals(0, run(new ByteArrayOutputStream(), NO_INPUT, "roundtrip", in.toString(), "-o", out.toString()).code());
            assertEquals(perms, Files.getPosixFilePermissions(out), mode);
            assertEquals(MODULE, Files.readString(out));
            Files.delete(out);
        }
    }

    @Test
    void aSymbolicLinkIsWrittenThroughNotReplaced() throws IOException {
        Path in = ir("f.ll", MODULE);
        Files.createDirectory(dir.resolve("real"));
        Path real = ir("real/target.ll", "old\n");
        Path link = Files.createSymbolicLink(dir.resolve("link.ll"), Path.of("real/target.ll"));
        Path chain = Files.createSymbolicLink(dir.resolve("chain.ll"), Path.of("link.ll"));
        assertEquals(0, run(new ByteArrayOutputStream(), NO_INPUT, "roundtrip", in.toString(), "-o", chain.toString()).code());
        assertTrue(Files.isSymbolicLink(link) && Files.isSymbolicLink(chain), "the links stay links");
        assertEquals(MODULE, Files.readString(real));
        // a dangling link names the file to create
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling.ll"), Path.of("real/new.ll"));
        assertEquals(0, run(new ByteArrayOutputStream(), NO_INPUT, "roundtrip", in.toString(), "-o", dangling.toString()).code());
        assertTrue(Files.isSymbolicLink(dangling));
        assertEquals(MODULE, Files.readString(dir.resolve("real/new.ll")));
        try (Stream<Path> files = Files.list(dir.resolve("real"))) {
            assertEquals(2, files.count(), "no temporary file left");
        }
    }

    @Test
    void writesToADeviceGoStraightThrough() throws IOException {
        Path in = ir("f.ll", MODULE);
        Run r = run(new ByteArrayOutputStream(), NO_INPUT, "roundtrip", in.toString(), "-o", "/dev/null");
        assertEquals(0, r.code(), r.err());
    }

    @Test
    void badOutputNamesAreOneLine() throws IOException {
        Path in = ir("f.ll", MODULE);
        String[][] rows = {
            {"", "nvlower: error: writing '': empty file name"},
            {dir.toString(), "nvlower: error: writing " + dir + ": Is a directory"},
            {dir.resolve("none/out.ll").toString(), "nvlower: error: writing " + dir.resolve("none/out.ll")
                    + ": No such directory " + dir.resolve("none")},
        };
        for (String[] row : rows) {
            Run r = run(new ByteArrayOutputStream(), NO_INPUT, "roundtrip", in.toString(), "-o", row[0]);
            assertEquals(row[1] + "\n", r.err());
            assertEquals(Main.USER_ERROR, r.code());
        }
    }
}
