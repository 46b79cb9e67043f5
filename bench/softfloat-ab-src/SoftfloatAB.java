import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * A/B of two softfloat builds in one JVM: AbLoop loaded once per build (each with its own class
 * loader), the two timed in alternating 20 ms slices of thread CPU time, so that the machine's load
 * hits both alike; Mop/s, best and median slice of each, and their ratios.
 * args: NEW_CLASSPATH OLD_CLASSPATH LOOP_DIR SLICES CELL... (CELL = op/mode, e.g. div/near_even).
 */
public class SoftfloatAB {
    public static void main(String[] a) throws Exception {
        int slices = Integer.parseInt(a[3]);
        Method[] m = new Method[2];
        for (int i = 0; i < 2; i++) {
            URLClassLoader l = new URLClassLoader(new URL[] {Path.of(a[2]).toUri().toURL(), Path.of(a[i]).toUri().toURL()},
                    ClassLoader.getPlatformClassLoader());
            m[i] = l.loadClass("AbLoop").getMethod("time", String.class, String.class, double.class);
        }
        System.out.printf("%-22s %9s %9s %9s %9s %9s %9s%n", "cell", "new best", "new med", "old best", "old med", "best new/old", "med new/old");
        for (int c = 4; c < a.length; c++) {
            String op = a[c].substring(0, a[c].indexOf('/'));
            String mode = a[c].substring(a[c].indexOf('/') + 1);
            double[][] r = new double[2][slices];
            for (int w = 0; w < 10; w++) {
                for (int i = 0; i < 2; i++) {
                    m[i].invoke(null, op, mode, 20.0);
                }
            }
            for (int s = 0; s < slices; s++) {
                for (int i = 0; i < 2; i++) {
                    r[i][s] = (double) m[i].invoke(null, op, mode, 20.0);
                }
            }
            for (int i = 0; i < 2; i++) {
                Arrays.sort(r[i]);
            }
            double nb = r[0][slices - 1], nm = r[0][slices / 2], ob = r[1][slices - 1], om = r[1][slices / 2];
            System.out.printf(Locale.ROOT, "%-22s %9.1f %9.1f %9.1f %9.1f %12.2f %11.2f%n", a[c], nb, nm, ob, om, nb / ob, nm / om);
        }
    }
}
