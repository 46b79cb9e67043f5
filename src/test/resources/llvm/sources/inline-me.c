// A program for the inliner test: helpers with several returns, loops, phis, allocas, structs,
// recursion and a switch, all called from main, which prints what they compute. Compiled by
// clang-14 -O1 -Xclang -disable-llvm-passes, so every call is still there to inline.
#include <stdio.h>

struct pair { long lo, hi; };

static int clamp(int x, int lo, int hi) {
    if (x < lo) return lo;
    if (x > hi) return hi;
    return x;
}

static long sum_to(int n) {
    long s = 0;
    for (int i = 1; i <= n; i++) s += i;
    return s;
}

static struct pair split(long v) {
    struct pair p = { v & 0xffff, v >> 16 };
    return p;
}

static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static const char *name(int k) {
    switch (k) {
    case 0: return "zero";
    case 1: return "one";
    case 7: return "seven";
    default: return "many";
    }
}

static double poly(double x) {
    double buf[4] = {1.0, -2.0, 0.5, 3.0};
    double r = 0;
    for (int i = 3; i >= 0; i--) r = r * x + buf[i];
    return r;
}

static void report(const char *what, long v) { printf("%s = %ld\n", what, v); }

int main(void) {
    for (int i = -3; i < 12; i += 4) report("clamp", clamp(i, 0, 8));
    report("sum_to", sum_to(100));
    struct pair p = split(0x123456789L);
    report("lo", p.lo);
    report("hi", p.hi);
    report("fib", fib(15));
    for (int k = 0; k < 9; k += 3) printf("name(%d) = %s\n", k, name(k));
    printf("poly = %.6f\n", poly(1.5));
    return clamp(fib(10), 0, 100) % 7;
}
