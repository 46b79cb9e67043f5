package org.nvlower.sass;

/**
 * Which part of a template an instruction belongs to, for the counts docs/facts.md compares: the
 * fast path (the common path from the first math instruction to the result), the slow path
 * (the out-of-line subroutine), or the glue between them (the branch around the call, the call
 * sequence, EXIT), which neither count includes.
 */
public enum Path { FAST, SLOW, GLUE }
