package org.nvlower.cli;

import java.io.IOException;

import org.nvlower.llvm.ir.Module;

import picocli.CommandLine.Mixin;

/**
 * A math pass command that changes each input module on its own (reflect, link-libdevice, fold):
 * {@link MathPassOptions#transform} reads, batches and writes; the command gives the {@link #pass}.
 */
abstract class MathPassCommand extends CiccCommand {

    @Mixin
    MathPassOptions options;

    @Override
    public final Integer call() throws IOException {
        return options.transform(spec, cicc, this::pass);
    }

    /** Changes the module; returns the --stats text (lines, each ending in a newline). */
    abstract String pass(Module m);
}
