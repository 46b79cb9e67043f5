package org.nvlower.llvm.bitcode;

import org.nvlower.llvm.ir.Module;

/**
 * Reads LLVM bitcode into the model the text parser builds ({@code org.nvlower.llvm.ir}): the
 * bitcode written by LLVM 3.8 (libdevice) through 19. The module has no source text, so it
 * prints entirely from the model. Malformed or truncated input raises {@link BitcodeException}
 * (one message with the byte offset); nothing else escapes.
 */
public final class BitcodeReader {

    private BitcodeReader() {
    }

    /** Whether {@code data} starts like bitcode (the magic, or the wrapper header). */
    public static boolean isBitcode(byte[] data) {
        return BitcodeFile.isBitcode(data);
    }

    /** The module of {@code data}; {@code fileName} names it in messages and becomes its ModuleID. */
    public static Module read(String fileName, byte[] data) {
        return readWithUseLists(fileName, data).module();
    }

    /** The module with the predecessor order llvm-dis prints. */
    public static BitcodeModule readWithUseLists(String fileName, byte[] data) {
        BitcodeFile file = BitcodeFile.of(fileName, data);
        ModuleReader reader = new ModuleReader(file);
        try {
            return reader.read();
        } catch (BitcodeException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            // a record the reader's checks let through but the model rejects: still one message
            throw new BitcodeException(fileName, reader.offset(), "malformed or unsupported bitcode: " + e.getMessage());
        }
    }
}
