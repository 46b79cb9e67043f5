package org.nvlower.llvm.runtime;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.nvlower.llvm.exec.CompiledFunction;
import org.nvlower.llvm.exec.Interpreter;
import org.nvlower.verify.runtime.RuntimeCases;
class SpeedScratchTest {
    @Test
    void show() {
        var m = RuntimeLibrary.build(List.of(RuntimeFunction.values()), true, null, null);
        Interpreter in = new Interpreter(m);
        for (String name : new String[] {"__nv_div_fp128", "__nv_add_fp128", "__nv_mul_fp128", "__nv_rem_fp128", "__nv_udiv128"}) {
            CompiledFunction f = in.function(name);
            SplittableRandom r = new SplittableRandom(1);
            int n = 1 << 16;
            long[][] ops = new long[n][4];
            long[] tmp = new long[4];
            ValueType t = name.contains("fp128") ? ValueType.F128 : ValueType.I128;
            for (int i = 0; i < n; i++) { RuntimeCases.random(t, r, tmp, 0); RuntimeCases.random(t, r, tmp, 2); ops[i] = new long[]{tmp[1], tmp[0], tmp[3], tmp[2]}; }
            long[] res = new long[2];
            for (int rep = 0; rep < 6; rep++) {
                long t0 = System.nanoTime();
                for (int i = 0; i < n; i++) { f.invoke(ops[i], res); }
                long dt = System.nanoTime() - t0;
                if (rep == 5) System.out.printf("%s: %.0f cases/s%n", name, n * 1e9 / dt);
            }
        }
    }
}
