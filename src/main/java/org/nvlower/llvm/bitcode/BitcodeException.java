package org.nvlower.llvm.bitcode;

import org.nvlower.diag.InputException;

/** Malformed or truncated bitcode: one message naming the file and the byte offset where reading stopped. */
public final class BitcodeException extends InputException {

    private final long byteOffset;

    public BitcodeException(String file, long byteOffset, String message) {
        super(file + ": at byte offset " + byteOffset + ": " + message);
        this.byteOffset = byteOffset;
    }

    /** Where in the file the problem was found. */
    public long byteOffset() {
        return byteOffset;
    }
}
