package org.nvlower.nvptx;

/**
 * The extension hook of a registered target (cicc's {@code createExtendedTargetMachine}, the
 * vtable+88 entry): when a target has one, the pipeline path calls it instead of the standard
 * creation. It receives the TargetMachine the standard path would build and returns the one to use.
 */
@FunctionalInterface
public interface ExtendedTargetMachineFactory {
    TargetMachine create(TargetMachine standard);
}
