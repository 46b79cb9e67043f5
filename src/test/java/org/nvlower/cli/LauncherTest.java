package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./nvlower} launcher, copied with {@code scripts/} into a fresh directory laid out as
 * a clone: its heap options and its build step. The build is a stand-in for Maven (a real one
 * takes half a minute) that writes the jar in place in two steps, as maven-jar-plugin writes it,
 * so a launcher that runs the jar while another builds it fails every time.
 */
class LauncherTest {

    @TempDir
    Path tmp;

    Path root;
    Path jar;

    @BeforeEach
    void layOutAClone() throws IOException {
        Path project = Path.of(System.getProperty("user.dir"));
        root = Files.createDirectories(tmp.resolve("clone"));
        Files.copy(project.resolve("nvlower"), root.resolve("nvlower"));
        Files.createDirectories(root.resolve("scripts"));
        Files.copy(project.resolve("scripts/jdk.sh"), root.resolve("scripts/jdk.sh"));
        Files.createDirectories(root.resolve("src/main"));
        Files.writeString(root.resolve("src/main/Placeholder.java"), "class Placeholder {}\n");
        Files.writeString(root.resolve("pom.xml"), "<project/>\n");
        jar = tmp.resolve("prebuilt.jar");
        jarOf(Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().getPath()), jar);
        // sources older than anything a build writes
        for (Path p : List.of(root.resolve("src/main/Placeholder.java"), root.resolve("pom.xml"))) {
            Files.setLastModifiedTime(p, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        }
    }

    /** The built jar and target/lib, as a finished {@code mvn package} leaves them. */
    private void installBuild() throws IOException {
        Files.createDirectories(root.resolve("target/lib"));
        Files.copy(jar, root.resolve("target/nvlower.jar"));
        linkLibraries(root.resolve("target/lib"));
    }

    private static void linkLibraries(Path lib) throws IOException {
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(entry);
            if (entry.endsWith(".jar") && Files.isRegularFile(p) && !Files.exists(lib.resolve(p.getFileName()))) {
                Files.createSymbolicLink(lib.resolve(p.getFileName()), p.toAbsolutePath());
            }
        }
    }

    private static void jarOf(Path classes, Path out) throws IOException {
        try (JarOutputStream jos = new JarOutputStream(Files.newOutputStream(out));
                Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                jos.putNextEntry(new JarEntry(classes.relativize(f).toString().replace(File.separatorChar, '/')));
                Files.copy(f, jos);
                jos.closeEntry();
            }
        }
    }

    private ProcessBuilder launcher(String... args) {
        List<String> cmd = new java.util.ArrayList<>(List.of("bash", root.resolve("nvlower").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().remove("NVLOWER_JAVA_OPTS");
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        return pb;
    }

    @Test
    void aMaximumHeapBelowTheInitialHeapIsRespected() throws IOException {
        installBuild();
        ProcessBuilder pb = launcher("eval", "__nv_add_fp128", "3FFF" + "0".repeat(28), "3FFF" + "0".repeat(28));
        pb.environment().put("NVLOWER_JAVA_OPTS", "-Xmx16m");
        Path out = tmp.resolve("out");
        ChildProcess.Result r = ChildProcess.run(pb.redirectOutput(out.toFile()));
        assertEquals(0, r.code(), r.stderr());
        assertEquals("40000000000000000000000000000000\n", Files.readString(out));
    }

    @Test
    void twoLaunchersOnAFreshCloneBuildOnceAndBothRun() throws Exception {
        Assumptions.assumeTrue(Stream.of(System.getenv("PATH").split(File.pathSeparator))
                .anyMatch(d -> Files.isExecutable(Path.of(d, "flock"))), "flock (util-linux) is absent");
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path builds = tmp.resolve("builds");
        Path lib = Files.createDirectories(tmp.resolve("lib"));
        linkLibraries(lib);
        Path mvn = bin.resolve("mvn");
        Files.writeString(mvn, String.join("\n",
                "#!/usr/bin/env bash",
                "# stands in for 'mvn package': writes target/nvlower.jar in place, in two steps",
                "echo build >> '" + builds + "'",
                "mkdir -p target",
                "head -c 2000 '" + jar + "' > target/nvlower.jar",
                "sleep 1",
                "cat '" + jar + "' > target/nvlower.jar",
                "rm -rf target/lib && cp -R '" + lib + "' target/lib",
                ""), StandardCharsets.US_ASCII);
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        Process[] launchers = new Process[2];
        List<CompletableFuture<String>> outs = new java.util.ArrayList<>();
        List<CompletableFuture<String>> errs = new java.util.ArrayList<>();
        for (int i = 0; i < 2; i++) {
            ProcessBuilder pb = launcher("--version");
            pb.environment().put("PATH", bin + File.pathSeparator + System.getenv("PATH"));
            launchers[i] = pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            outs.add(ChildProcess.drain(launchers[i].getInputStream()));
            errs.add(ChildProcess.drain(launchers[i].getErrorStream()));
            Thread.sleep(300);
        }
        // the first launcher also records the AOT cache (a training run: AotTraining); on a loaded
        // machine that took more than 60 s, so the limit only catches a launcher that hangs
        for (int i = 0; i < 2; i++) {
            assertTrue(launchers[i].waitFor(300, TimeUnit.SECONDS), "launcher " + i + " did not end");
            assertEquals(0, launchers[i].exitValue(), "launcher " + i + ": " + errs.get(i).join());
            assertEquals("nvlower dev\n", outs.get(i).join(), "launcher " + i + ": " + errs.get(i).join());
        }
        assertEquals(List.of("build"), Files.readAllLines(builds), "one build");
    }

    /** An AOT cache the JVM cannot use (stale, another JDK, damaged) changes nothing a user sees. */
    @Test
    void anUnusableAotCacheIsIgnoredSilently() throws IOException {
        installBuild();
        Path cache = root.resolve("target/nvlower.aot");
        Files.writeString(cache, "not an AOT cache");
        Files.setLastModifiedTime(cache, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        Path out = tmp.resolve("out");
        ChildProcess.Result r = ChildProcess.run(launcher("--version").redirectOutput(out.toFile()));
        assertEquals(0, r.code(), r.stderr());
        assertEquals("nvlower dev\n", Files.readString(out));
        assertEquals("", r.stderr());
    }

    /**
     * The JDK's major version comes from its {@code release} file when it has one (no JVM
     * started), else from the JVM's own report; both spellings of old and new versions.
     */
    @Test
    void theJdkVersionIsReadFromTheReleaseFileOrTheJvm() throws IOException {
        Path realJava = Path.of(System.getProperty("java.home"), "bin", "java");
        Path javac = Path.of(System.getProperty("java.home"), "bin", "javac");
        Assumptions.assumeTrue(Files.isExecutable(javac), "the tests run on a JRE without javac");
        record Case(String release, String major) {}
        List<Case> cases = List.of(new Case("JAVA_VERSION=\"1.8.0_392\"", "8"), new Case("JAVA_VERSION=\"21.0.5\"", "21"),
                new Case("JAVA_VERSION=\"26-ea\"", "26"), new Case("JAVA_VERSION=\"25\"", "25"),
                new Case(null, String.valueOf(Runtime.version().feature())));
        for (Case c : cases) {
            Path jdk = Files.createDirectories(tmp.resolve("jdk" + cases.indexOf(c)).resolve("bin"));
            Files.createSymbolicLink(jdk.resolve("java"), realJava);
            Files.createSymbolicLink(jdk.resolve("javac"), javac);
            if (c.release() != null) {
                Files.writeString(jdk.getParent().resolve("release"), "IMPLEMENTOR=\"x\"\n" + c.release() + "\n");
            }
            ProcessBuilder pb = new ProcessBuilder("bash", "-c",
                    ". \"$1\" >/dev/null; nvlower_java_major \"$2\"", "-", root.resolve("scripts/jdk.sh").toString(),
                    jdk.getParent().toString());
            pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
            Path out = tmp.resolve("major" + cases.indexOf(c));
            ChildProcess.Result r = ChildProcess.run(pb.redirectOutput(out.toFile()));
            assertEquals(0, r.code(), r.stderr());
            assertEquals(c.major() + "\n", Files.readString(out), String.valueOf(c.release()));
        }
    }
}
