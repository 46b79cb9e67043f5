package org.nvlower.llvm.pass;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random host programs (typed-pointer IR that lli 14 and 19 run) made of what the memory
 * cleanup looks at: loads and stores through constant and variable GEPs into two allocas and a
 * global, i64 views overlapping two i32 elements, calls that write, read or touch nothing,
 * fences, volatile and atomic accesses, memsets. Each of {@code count} functions prints a
 * checksum of all memory and of the values it loaded; main calls them in turn.
 */
final class RandomMemoryProgram {

    private final SplittableRandom rnd;
    private final StringBuilder out = new StringBuilder();
    private int next;
    /** The pointers the current block has used. */
    private final List<String> recent = new ArrayList<>();

    private RandomMemoryProgram(SplittableRandom rnd) {
        this.rnd = rnd;
    }

    static String generate(SplittableRandom rnd, int count) {
        RandomMemoryProgram p = new RandomMemoryProgram(rnd);
        p.header();
        for (int i = 0; i < count; i++) {
            p.function(i);
        }
        p.out.append("define i32 @main() {\n");
        for (int i = 0; i < count; i++) {
            p.out.append("  call void @p").append(i).append("()\n");
        }
        p.out.append("  ret i32 0\n}\n");
        return p.out.toString();
    }

    private void header() {
        out.append("""
                @g = global [8 x i32] zeroinitializer, align 8
                @fmt = private constant [13 x i8] c"%d %d %d %d\\0A\\00"

                declare i32 @printf(i8*, ...)
                declare void @llvm.memset.p0i8.i64(i8*, i8, i64, i1)

                define void @clobber(i32* %p) noinline {
                  %v = load i32, i32* %p
                  %w = mul i32 %v, 3
                  %x = add i32 %w, 1
                  store i32 %x, i32* %p
                  %g0 = load i32, i32* getelementptr ([8 x i32], [8 x i32]* @g, i32 0, i32 0)
                  %g1 = add i32 %g0, %v
                  store i32 %g1, i32* getelementptr ([8 x i32], [8 x i32]* @g, i32 0, i32 0)
                  ret void
                }

                define i32 @peek(i32* %p) noinline readonly {
                  %v = load i32, i32* %p
                  %w = load i32, i32* getelementptr ([8 x i32], [8 x i32]* @g, i32 0, i32 3)
                  %s = add i32 %v, %w
                  ret i32 %s
                }

                define i32 @pure(i32 %x) noinline readnone nounwind willreturn {
                  %y = mul i32 %x, 5
                  %z = xor i32 %y, 12345
                  ret i32 %z
                }

                """);
    }

    private String fresh() {
        return "%v" + next++;
    }

    private void line(String s) {
        out.append("  ").append(s).append('\n');
    }

    private void function(int index) {
        out.append("define void @p").append(index).append("() {\nentry:\n");
        line("%a = alloca [8 x i32], align 8");
        line("%b = alloca [8 x i32], align 8");
        line("%acc = alloca i32, align 4");
        line("%a64 = bitcast [8 x i32]* %a to i64*");
        for (String obj : List.of("%a", "%b", "@g")) {
            for (int j = 0; j < 8; j++) {
                line("store i32 " + rnd.nextInt(-1000, 1000) + ", i32* " + element(obj, j));
            }
        }
        line("store i32 0, i32* %acc");
        int blocks = 3 + rnd.nextInt(4);
        line("br label %b0");
        for (int b = 0; b < blocks; b++) {
            out.append("\nb").append(b).append(":\n");
            block();
            line("br label %" + (b + 1 < blocks ? "b" + (b + 1) : "end"));
        }
        out.append("\nend:\n");
        List<String> sums = new ArrayList<>();
        for (String obj : List.of("%a", "%b", "@g")) {
            String sum = "0";
            for (int j = 0; j < 8; j++) {
                String e = fresh();
                line(e + " = load i32, i32* " + element(obj, j));
                String m = fresh();
                line(m + " = mul i32 " + e + ", " + (j * 7 + 1));
                String s = fresh();
                line(s + " = add i32 " + sum + ", " + m);
                sum = s;
            }
            sums.add(sum);
        }
        String acc = fresh();
        line(acc + " = load i32, i32* %acc");
        line("call i32 (i8*, ...) @printf(i8* getelementptr ([13 x i8], [13 x i8]* @fmt, i32 0, i32 0), i32 " + sums.get(0)
                + ", i32 " + sums.get(1) + ", i32 " + sums.get(2) + ", i32 " + acc + ")");
        line("ret void");
        out.append("}\n\n");
    }

    /** A fresh GEP to element {@code j} of an object (constant expressions for the global). */
    private String element(String obj, int j) {
        if (obj.equals("@g")) {
            return "getelementptr ([8 x i32], [8 x i32]* @g, i32 0, i32 " + j + ")";
        }
        String p = fresh();
        line(p + " = getelementptr [8 x i32], [8 x i32]* " + obj + ", i" + (rnd.nextBoolean() ? "32" : "64") + " 0, i32 " + j);
        return p;
    }

    private void block() {
        List<String> values = new ArrayList<>(List.of(String.valueOf(rnd.nextInt(-50, 50))));
        recent.clear();
        String variable = null;
        int ops = 8 + rnd.nextInt(12);
        for (int k = 0; k < ops; k++) {
            String v = values.get(rnd.nextInt(values.size()));
            String ptr = pointer(variable);
            switch (rnd.nextInt(16)) {
                case 0, 1, 2 -> line("store i32 " + v + ", i32* " + ptr);
                case 3, 4, 5, 6 -> {
                    String x = fresh();
                    line(x + " = load i32, i32* " + ptr);
                    values.add(x);
                }
                case 7 -> {
                    String x = fresh();
                    line(x + " = " + List.of("add", "mul", "xor").get(rnd.nextInt(3)) + " i32 " + v + ", "
                            + values.get(rnd.nextInt(values.size())));
                    values.add(x);
                }
                case 8 -> {
                    String q = fresh();
                    line(q + " = getelementptr i64, i64* %a64, i64 " + rnd.nextInt(4));
                    if (rnd.nextBoolean()) {
                        String w = fresh();
                        line(w + " = load i64, i64* " + q);
                        String t = fresh();
                        line(t + " = trunc i64 " + w + " to i32");
                        values.add(t);
                    } else {
                        String z = fresh();
                        line(z + " = sext i32 " + v + " to i64");
                        line("store i64 " + z + ", i64* " + q);
                    }
                }
                case 9 -> line("call void @clobber(i32* " + ptr + ")");
                case 10 -> {
                    String x = fresh();
                    line(x + " = call i32 @" + (rnd.nextBoolean() ? "peek(i32* " + ptr : "pure(i32 " + v) + ")");
                    values.add(x);
                }
                case 11 -> line(rnd.nextBoolean() ? "fence seq_cst" : "store volatile i32 " + v + ", i32* " + ptr);
                case 12 -> {
                    String x = fresh();
                    line(x + (rnd.nextBoolean() ? " = load volatile i32, i32* " + ptr
                            : " = atomicrmw add i32* " + ptr + ", i32 " + v + " seq_cst"));
                    values.add(x);
                }
                case 13 -> {
                    String i = fresh();
                    line(i + " = and i32 " + v + ", 7");
                    variable = fresh();
                    line(variable + " = getelementptr [8 x i32], [8 x i32]* %" + (rnd.nextBoolean() ? "a" : "b") + ", i32 0, i32 " + i);
                }
                case 14 -> {
                    String c = fresh();
                    line(c + " = bitcast i32* " + ptr + " to i8*");
                    line("call void @llvm.memset.p0i8.i64(i8* " + c + ", i8 " + rnd.nextInt(256) + ", i64 4, i1 false)");
                }
                default -> {
                    String x = fresh();
                    line(x + " = load i32, i32* " + ptr);
                    line("store i32 " + x + ", i32* " + ptr);
                }
            }
        }
        String old = fresh();
        line(old + " = load i32, i32* %acc");
        String sum = fresh();
        line(sum + " = add i32 " + old + ", " + values.get(values.size() - 1));
        line("store i32 " + sum + ", i32* %acc");
    }

    /**
     * A pointer to an i32: half the time one the block used already (so that accesses meet), else
     * a constant-index GEP into %a, %b or @g, or the block's variable-index one.
     */
    private String pointer(String variable) {
        if (!recent.isEmpty() && rnd.nextBoolean()) {
            return recent.get(rnd.nextInt(recent.size()));
        }
        int c = rnd.nextInt(variable == null ? 6 : 8);
        String p = c >= 6 ? variable
                : element(c < 3 ? "%a" : c < 5 ? "%b" : "@g", rnd.nextInt(3) == 0 ? rnd.nextInt(8) : rnd.nextInt(3));
        recent.add(p);
        return p;
    }
}
