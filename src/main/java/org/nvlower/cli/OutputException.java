package org.nvlower.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * Output that could not be written (a full disk, a closed pipe, a directory that is not
 * writable). An IOException, so it passes through any code that writes; {@link Main} prints it as
 * the one line {@code nvlower: error: writing NAME: REASON} and exits with 1.
 */
final class OutputException extends IOException {

    OutputException(String destination, String reason) {
        super("writing " + destination + ": " + reason);
    }

    OutputException(String destination, IOException cause) {
        super("writing " + destination + ": " + reason(cause), cause);
    }

    /** EPIPE: the reader of a pipe has gone, which is how {@code | head} ends a run. */
    boolean isBrokenPipe() {
        return getCause() instanceof IOException e && "Broken pipe".equals(e.getMessage());
    }

    /**
     * The operating system's words ("No space left on device"). java.nio names the file instead
     * of the reason for some errors; those get the words strerror would give.
     */
    static String reason(IOException e) {
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        String words = switch (e) {
            case AccessDeniedException a -> "Permission denied";
            case NoSuchFileException n -> "No such file or directory";
            case NotDirectoryException n -> "Not a directory";
            default -> e.getMessage();
        };
        return words == null || words.isBlank() ? e.getClass().getSimpleName() : words;
    }
}
