package org.nvlower.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.nvlower.diag.InputException;
import org.nvlower.explore.Explorer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code nvlower explore [--port N] [FILE]}: the pipeline explorer, a page on a server bound to 127.0.0.1. */
@Command(name = "explore", mixinStandardHelpOptions = true,
        description = {"Start the pipeline explorer: a local web page (127.0.0.1 only) that shows an MLIR, LLVM IR "
                + "or PTX input through every stage side by side (MathToLibdevice, reflect/link/fold, Lower128 "
                + "with the runtime, llc's PTX where LLVM is installed, the SASS templates), and runs template "
                + "proofs with a progress bar. Stops on Ctrl+C."},
        footer = "See docs/explore.md.")
public final class ExploreCommand implements Callable<Integer> {

    @Option(names = "--port", paramLabel = "N", defaultValue = "8177",
            description = "the port on 127.0.0.1 (default ${DEFAULT-VALUE}; 0: any free port)")
    int port;

    @Parameters(arity = "0..1", paramLabel = "FILE", description = "a file for the editor (.mlir, .ll or .ptx)")
    String file;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (port < 0 || port > 65_535) {
            throw new InputException("--port must be between 0 and 65535, not " + port);
        }
        Explorer.Example initial = null;
        if (file != null) {
            initial = Explorer.file(IrInput.displayName(file), IrInput.read(file).text());
        }
        Explorer explorer;
        try {
            explorer = Explorer.start(port, initial);
        } catch (java.net.BindException e) {
            throw new InputException("cannot listen on 127.0.0.1:" + port + " (" + e.getMessage()
                    + "); choose another with --port");
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("nvlower explorer: " + explorer.uri() + "  (127.0.0.1 only; Ctrl+C stops it)");
        out.flush();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            explorer.close();
            stopped.countDown();
        }));
        stopped.await();
        return Main.OK;
    }
}
