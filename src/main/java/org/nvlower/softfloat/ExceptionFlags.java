package org.nvlower.softfloat;

/** IEEE 754 exception flags in TestFloat's bit layout. */
public final class ExceptionFlags {
    public static final int INEXACT = 0x01, UNDERFLOW = 0x02, OVERFLOW = 0x04, INFINITE = 0x08, INVALID = 0x10;

    private ExceptionFlags() {}
}
