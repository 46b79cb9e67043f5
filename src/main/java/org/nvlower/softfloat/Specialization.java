package org.nvlower.softfloat;

/**
 * NaN and invalid-conversion policy. X86: SoftFloat's 8086-SSE (negative default NaN, NaN
 * operands propagate, "integer indefinite" for invalid conversions). NVPTX: canonical positive
 * NaN, conversions to integer give 0 for NaN and saturate out-of-range values.
 */
public enum Specialization { X86, NVPTX }
