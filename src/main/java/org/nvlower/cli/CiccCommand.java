package org.nvlower.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A command that takes cicc options (-arch=compute_XX -ftz=N -m32 ...) among its arguments: picocli
 * leaves them unmatched, and the command reads them as cicc does ({@code TargetMachine.fromCommandLine}).
 */
abstract class CiccCommand implements Callable<Integer> {

    @Unmatched
    List<String> cicc = new ArrayList<>();

    @Spec
    CommandSpec spec;
}
