import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;

import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.llvm.transform.Inliner;

/**
 * Times {@code Inliner.inlineAll} (as `nvlower inline`: every call, 8 rounds) on each file, apart
 * from parsing and printing, in seconds of wall clock and of this thread's CPU (the machine is
 * shared: the CPU time is the figure to compare). Prints the calls inlined, the output's size and
 * its SHA-256, so two builds can be shown to print the same bytes without keeping gigabytes.
 * Usage: java -cp target/classes bench/inline/InlineTime.java FILE.ll...
 */
public class InlineTime {
    public static void main(String[] args) throws Exception {
        var bean = ManagementFactory.getThreadMXBean();
        for (String file : args) {
            Module m = IrParser.parse(file, Files.readString(Path.of(file)));
            long cpu0 = bean.getCurrentThreadCpuTime();
            long wall0 = System.nanoTime();
            int n = Inliner.inlineAll(m, null, 8);
            double cpu = (bean.getCurrentThreadCpuTime() - cpu0) / 1e9;
            double wall = (System.nanoTime() - wall0) / 1e9;
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            long[] size = {0};
            OutputStream digest = new OutputStream() {
                @Override public void write(int b) { sha.update((byte) b); size[0]++; }
                @Override public void write(byte[] b, int off, int len) { sha.update(b, off, len); size[0] += len; }
            };
            IrPrinter.print(m, digest, StandardCharsets.UTF_8);
            System.out.printf("%s: %d calls inlined in %.2f s CPU (%.2f s wall); output %,d bytes, sha256 %s%n",
                    Path.of(file).getFileName(), n, cpu, wall, size[0], HexFormat.of().formatHex(sha.digest()).substring(0, 16));
        }
    }
}
