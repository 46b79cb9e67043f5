package org.nvlower.llvm.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The hand-written LLVM IR fixtures under {@code src/test/resources/llvm/}, one directory per
 * dialect: what LLVM 14's {@code llvm-as} must accept with typed pointers, what it must accept
 * with {@code -opaque-pointers}, LLVM 17+ syntax it cannot read, and fuzz regressions.
 */
enum Fixtures {
    /** Accepted by LLVM 14 {@code llvm-as} as is. */
    LLVM14("llvm14", List.of()),
    /** Accepted by LLVM 14 {@code llvm-as -opaque-pointers}. */
    LLVM14_OPAQUE("llvm14-opaque", List.of("-opaque-pointers")),
    /** LLVM 17+ syntax that LLVM 14 rejects; no tool on the machine can validate it. */
    LLVM17("llvm17", null),
    /** Minimized inputs from the fuzzer; not necessarily valid IR, but each must round-trip or be rejected cleanly. */
    REGRESSIONS("regressions", null);

    final String directory;
    /** Extra {@code llvm-as} flags that make LLVM 14 accept the files, or null when it cannot. */
    final List<String> llvmAsFlags;

    Fixtures(String directory, List<String> llvmAsFlags) {
        this.directory = directory;
        this.llvmAsFlags = llvmAsFlags;
    }

    /** The {@code .ll} files of this set, sorted by name. */
    List<Path> files() {
        try (Stream<Path> s = Files.list(root().resolve(directory))) {
            return s.filter(p -> p.getFileName().toString().endsWith(".ll")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every fixture of every set. */
    static List<Path> all() {
        return Stream.of(values()).flatMap(f -> f.files().stream()).toList();
    }

    /** {@code llvm/} in the test resources (a directory: tests run from target/test-classes). */
    static Path root() {
        URL url = Fixtures.class.getResource("/llvm");
        if (url == null) {
            throw new IllegalStateException("test resources /llvm not on the class path");
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A file under {@code llvm/sources/}. */
    static Path source(String name) {
        return root().resolve("sources").resolve(name);
    }
}
