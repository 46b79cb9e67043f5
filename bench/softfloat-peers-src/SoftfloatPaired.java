import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.nvlower.softfloat.Env;
import org.nvlower.softfloat.RoundingMode;
import org.nvlower.softfloat.Specialization;

/**
 * bench/softfloat-paired: nvlower and Berkeley SoftFloat 3e's C timed in alternating slices of
 * thread CPU time, the C driver (softfloat_peers ... serve) answering one slice per request, so
 * that the machine's load slows both alike: separate runs on a loaded machine swing by 2x. The
 * same loops and operand sets as bench/softfloat-peers (whose check mode compares the results).
 *
 * usage: java SoftfloatPaired OPERAND_FILE C_DRIVER SLICES MS CELL...
 */
public class SoftfloatPaired {
    public static void main(String[] a) throws Exception {
        SoftfloatPeers.readOperands(Path.of(a[0]));
        int slices = Integer.parseInt(a[2]);
        double ms = Double.parseDouble(a[3]);
        List<String> cells = Arrays.asList(a).subList(4, a.length);
        Process c = new ProcessBuilder(a[1], a[0], "-", "serve").redirectError(ProcessBuilder.Redirect.INHERIT).start();
        PrintWriter toC = new PrintWriter(c.getOutputStream(), true);
        BufferedReader fromC = new BufferedReader(new InputStreamReader(c.getInputStream()));
        System.out.printf("%-22s %9s %9s %9s %9s %12s %12s%n", "cell", "nv best", "nv med", "sf3 best", "sf3 med",
                "med nv/sf3", "pairs' med");
        for (String cell : cells) {
            String fn = cell.substring(0, cell.indexOf('/'));
            RoundingMode rm = RoundingMode.fromTestFloatName(cell.substring(cell.indexOf('/') + 1));
            SoftfloatPeers.Loop loop = SoftfloatPeers.loop(fn);
            double[] nv = new double[slices];
            double[] sf = new double[slices];
            double[] ratio = new double[slices];
            for (int s = -5; s < slices; s++) { // five slices of warm-up each
                double x = slice(loop, rm, ms);
                toC.println(cell + " " + ms);
                String reply = fromC.readLine();
                if (reply == null || reply.startsWith("error")) {
                    throw new IllegalStateException("C driver: " + reply);
                }
                if (s >= 0) {
                    nv[s] = x;
                    sf[s] = Double.parseDouble(reply);
                    ratio[s] = nv[s] / sf[s];
                }
            }
            Arrays.sort(nv);
            Arrays.sort(sf);
            Arrays.sort(ratio);
            System.out.printf(Locale.ROOT, "%-22s %9.1f %9.1f %9.1f %9.1f %12.2f %12.2f%n", cell, nv[slices - 1],
                    nv[slices / 2], sf[slices - 1], sf[slices / 2], nv[slices / 2] / sf[slices / 2], ratio[slices / 2]);
        }
        toC.close();
        c.waitFor();
    }

    /** Mop/s of one slice: passes over the operand sets for ms of this thread's CPU time. */
    static double slice(SoftfloatPeers.Loop loop, RoundingMode rm, double ms) {
        Env env = new Env(Specialization.X86);
        long t0 = SoftfloatPeers.CPU.getCurrentThreadCpuTime();
        long t;
        long passes = 0;
        long s = 0;
        do {
            s = loop.run(rm, env, false, s);
            passes++;
            t = SoftfloatPeers.CPU.getCurrentThreadCpuTime() - t0;
        } while (t < ms * 1e6);
        SoftfloatPeers.blackhole += s + env.flags;
        return passes * (double) SoftfloatPeers.N / (t / 1e3);
    }
}
