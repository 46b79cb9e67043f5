package org.nvlower.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * An output file that appears whole or not at all: the bytes go to a temporary file beside the
 * target, which {@link #commit} renames over it; {@link #close} without a commit deletes the
 * temporary file, and so does the JVM's shutdown on SIGINT or SIGTERM. The target keeps what a
 * user expects of a file written in place: a new file gets the mode the umask gives (not the
 * 0600 of a temporary file), an existing one keeps its mode, and a symbolic link is written
 * through to its target, not replaced. Devices and pipes ({@code /dev/null}, {@code /dev/stdout})
 * are written directly.
 */
final class OutputFile implements Output.Destination {

    /** Temporary files not yet renamed or deleted: what the shutdown hook removes. */
    private static final Set<Path> PENDING = ConcurrentHashMap.newKeySet();
    /** Held by a commit's rename and by the shutdown hook: after a signal, no output appears. */
    private static final Object COMMIT = new Object();
    private static boolean shuttingDown;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            synchronized (COMMIT) {
                shuttingDown = true;
                PENDING.forEach(OutputFile::deleteQuietly);
            }
        }, "nvlower-remove-temporary-files"));
    }

    private final String name;
    private final Path target;
    private final Path temporary;
    private final OutputStream file;
    private final CheckedStream stream;
    private boolean committed;

    private OutputFile(String name, Path target, Path temporary, OutputStream file) {
        this.name = name;
        this.target = target;
        this.temporary = temporary;
        this.file = file;
        this.stream = new CheckedStream(new BufferedOutputStream(file, 1 << 16), name);
    }

    /** Opens {@code name} for writing; nothing is visible under that name before {@link #commit}. */
    static OutputFile open(String name) throws OutputException {
        if (name.isEmpty()) {
            throw new OutputException("''", "empty file name");
        }
        try {
            Path given = Path.of(name);
            if (Files.isDirectory(given)) {
                throw new OutputException(name, "Is a directory");
            }
            if (Files.exists(given) && !Files.isRegularFile(given)) {
                return new OutputFile(name, given, null, Files.newOutputStream(given));
            }
            Path target = followLinks(given);
            Path dir = target.toAbsolutePath().getParent();
            if (!Files.isDirectory(dir)) {
                throw new OutputException(name, "No such directory " + dir);
            }
            for (int attempt = 0; ; attempt++) {
                Path temporary = dir.resolve("." + target.getFileName() + "."
                        + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
                PENDING.add(temporary); // before it exists: a signal in between finds nothing to delete
                try {
                    // no file attributes: the mode is 0666 less the umask, as for any new file
                    OutputStream out = Files.newOutputStream(temporary, StandardOpenOption.CREATE_NEW,
                            StandardOpenOption.WRITE);
                    if (Files.exists(target)) {
                        Files.setPosixFilePermissions(temporary, Files.getPosixFilePermissions(target));
                    }
                    return new OutputFile(name, target, temporary, out);
                } catch (FileAlreadyExistsException e) {
                    PENDING.remove(temporary);
                    if (attempt == 10) {
                        throw e;
                    }
                } catch (IOException | RuntimeException e) {
                    deleteQuietly(temporary);
                    PENDING.remove(temporary);
                    throw e;
                }
            }
        } catch (InvalidPathException e) {
            throw new OutputException(name, "invalid file name (" + e.getReason() + ")");
        } catch (OutputException e) {
            throw e;
        } catch (IOException e) {
            throw new OutputException(name, e);
        }
    }

    /** The end of a chain of symbolic links (which need not exist yet: a dangling link names the file to create). */
    private static Path followLinks(Path p) throws IOException {
        for (int hops = 0; Files.isSymbolicLink(p); hops++) {
            if (hops == 40) {
                throw new java.nio.file.FileSystemException(p.toString(), null, "Too many levels of symbolic links");
            }
            p = p.toAbsolutePath().getParent().resolve(Files.readSymbolicLink(p));
        }
        return p;
    }

    @Override
    public OutputStream stream() {
        return stream;
    }

    @Override
    public void commit() throws IOException {
        stream.flush();
        try {
            file.close();
        } catch (IOException e) { // e.g. a quota or a network file system refusing the last block
            throw new OutputException(name, e);
        }
        if (temporary != null) {
            synchronized (COMMIT) {
                if (shuttingDown) {
                    throw new OutputException(name, "interrupted");
                }
                try {
                    try {
                        Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE,
                                StandardCopyOption.REPLACE_EXISTING);
                    } catch (AtomicMoveNotSupportedException e) {
                        Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
                    }
                } catch (IOException e) {
                    throw new OutputException(name, e);
                }
                PENDING.remove(temporary);
            }
        }
        committed = true;
    }

    @Override
    public void close() {
        if (committed) {
            return;
        }
        try {
            file.close();
        } catch (IOException e) {
            // the output is abandoned anyway
        }
        if (temporary != null) {
            deleteQuietly(temporary);
            PENDING.remove(temporary);
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // nothing better to do while giving up or shutting down
        }
    }
}
