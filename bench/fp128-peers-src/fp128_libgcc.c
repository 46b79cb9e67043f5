/*
 * Throughput of libgcc's binary128 arithmetic (__float128: __addtf3, __multf3, __divtf3, and
 * libquadmath's sqrtq when built with -DHAVE_SQRTQ), in the shape of nvlower's kernel
 * (org.nvlower.verify.bench.Fp128Op): one pass = one operation on each of the operand pairs
 * of the file, each result folded into a sink (sink += hi ^ lo); sqrt takes |A|. Before timing,
 * one pass computes the checksum that nvlower computes too (NaN results canonicalised, since
 * NaN payloads are a policy choice), so the two can be compared bit for bit.
 *
 * usage: fp128_libgcc OPERAND_FILE SECONDS [add|mul|div|sqrt ...]
 *   prints "libgcc OP: X Mop/s (wall Y, checksum 0x..., N passes of P pairs)" per op: X per second
 *   of this thread's CPU time (robust on a shared machine), Y per second of wall time;
 * or:    fp128_libgcc OPERAND_FILE dump OP
 *   prints each result as 32 hex digits, one line per pair (for Fp128Peers sqrtcheck).
 * Build: gcc -O2 fp128_libgcc.c [-DHAVE_SQRTQ -lquadmath]
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef HAVE_SQRTQ
#include <quadmath.h>
#endif

typedef union { __float128 f; uint64_t w[2]; } quad; /* x86-64: w[0] low word, w[1] high word */

#ifdef SOFTFLOAT3
/* Built with -DSOFTFLOAT3 and Berkeley SoftFloat 3e (bench/f128-vs-softfloat3): the same loops call
 * f128_add, f128_mul, f128_div and f128_sqrt instead (round to nearest even, SoftFloat's default). */
#define SOFTFLOAT_FAST_INT64 /* as the Linux-x86_64-GCC build: the pass-by-value f128_* functions */
#include "softfloat.h"
#define IMPL "softfloat3"
#define HAVE_SQRTQ
static __float128 sf_result(float128_t z) { quad q; q.w[0] = z.v[0]; q.w[1] = z.v[1]; return q.f; }
static float128_t sf_operand(__float128 f) { quad q; float128_t x; q.f = f; x.v[0] = q.w[0]; x.v[1] = q.w[1]; return x; }
#define ADD(a, b) sf_result(f128_add(sf_operand(a), sf_operand(b)))
#define MUL(a, b) sf_result(f128_mul(sf_operand(a), sf_operand(b)))
#define DIV(a, b) sf_result(f128_div(sf_operand(a), sf_operand(b)))
static __float128 sf_sqrt_abs(__float128 a) { float128_t x = sf_operand(a); x.v[1] &= ~(1ull << 63); return sf_result(f128_sqrt(x)); }
#define SQRT_ABS(a) sf_sqrt_abs(a)
#else
#define IMPL "libgcc"
#define ADD(a, b) ((a) + (b))
#define MUL(a, b) ((a) * (b))
#define DIV(a, b) ((a) / (b))
#define SQRT_ABS(a) sqrtq(fabsq(a))
#endif

static __float128 *A, *B;
static size_t pairs;

static __float128 from_bits(uint64_t hi, uint64_t lo) { quad q; q.w[1] = hi; q.w[0] = lo; return q.f; }
static uint64_t hi_of(__float128 f) { quad q; q.f = f; return q.w[1]; }
static uint64_t lo_of(__float128 f) { quad q; q.f = f; return q.w[0]; }

static int parse_hex(const char *s, uint64_t *hi, uint64_t *lo) {
    char part[17];
    if (strlen(s) != 32 || strspn(s, "0123456789abcdefABCDEF") != 32) return 0;
    memcpy(part, s, 16); part[16] = 0; *hi = strtoull(part, NULL, 16);
    memcpy(part, s + 16, 16); part[16] = 0; *lo = strtoull(part, NULL, 16);
    return 1;
}

static void read_operands(const char *path) {
    FILE *f = fopen(path, "r");
    char line[256], a[128], b[128];
    size_t cap = 4096, lineno = 0;
    if (!f) { fprintf(stderr, "error: %s: %s\n", path, strerror(errno)); exit(1); }
    A = malloc(cap * sizeof *A); B = malloc(cap * sizeof *B);
    while (fgets(line, sizeof line, f)) {
        uint64_t ah, al, bh, bl;
        char extra[2];
        lineno++;
        if (line[strspn(line, " \t\r\n")] == 0 || line[strspn(line, " \t")] == '#') continue;
        if (sscanf(line, "%127s %127s %1s", a, b, extra) != 2 || !parse_hex(a, &ah, &al) || !parse_hex(b, &bh, &bl)) {
            fprintf(stderr, "%s:%zu:1: error: expected two 32-digit hex numbers\n", path, lineno);
            exit(1);
        }
        if (pairs == cap) { cap *= 2; A = realloc(A, cap * sizeof *A); B = realloc(B, cap * sizeof *B); }
        A[pairs] = from_bits(ah, al); B[pairs] = from_bits(bh, bl); pairs++;
    }
    fclose(f);
    if (pairs == 0) { fprintf(stderr, "error: %s: no operand pairs\n", path); exit(1); }
}

/* One pass per op; noinline keeps the four loops separate, as the Java kernel's are. */
#define PASS(name, expr) \
    static __attribute__((noinline)) uint64_t name(void) { \
        uint64_t sink = 0; \
        for (size_t i = 0; i < pairs; i++) { __float128 z = (expr); sink += hi_of(z) ^ lo_of(z); } \
        return sink; \
    }
PASS(pass_add, ADD(A[i], B[i]))
PASS(pass_mul, MUL(A[i], B[i]))
PASS(pass_div, DIV(A[i], B[i]))
#ifdef HAVE_SQRTQ
PASS(pass_sqrt, SQRT_ABS(A[i]))
#endif

static __float128 apply(const char *op, size_t i) {
    if (!strcmp(op, "add")) return ADD(A[i], B[i]);
    if (!strcmp(op, "mul")) return MUL(A[i], B[i]);
    if (!strcmp(op, "div")) return DIV(A[i], B[i]);
#ifdef HAVE_SQRTQ
    return SQRT_ABS(A[i]);
#else
    abort();
#endif
}

/* The same fold as Fp128Op.checksum: order-sensitive, NaN results as 7FFF8000...0. */
static uint64_t mix(uint64_t h, uint64_t word) {
    h = (h ^ word) * 0x9E3779B97F4A7C15ull;
    return h << 31 | h >> 33;
}

static uint64_t checksum(const char *op) {
    uint64_t h = 0;
    for (size_t i = 0; i < pairs; i++) {
        __float128 z = apply(op, i);
        uint64_t hi = hi_of(z), lo = lo_of(z);
        if ((hi & 0x7FFF000000000000ull) == 0x7FFF000000000000ull && ((hi & 0xFFFFFFFFFFFFull) | lo)) {
            hi = 0x7FFF800000000000ull; lo = 0;
        }
        h = mix(h, hi);
        h = mix(h, lo);
    }
    return h;
}

/* Seconds of this thread's CPU time (as nvlower's kernel measures), or of wall time. */
static double now(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}
#define CPU CLOCK_THREAD_CPUTIME_ID
#define WALL CLOCK_MONOTONIC

volatile uint64_t blackhole;

static void measure(const char *op, uint64_t (*pass)(void), double seconds) {
    uint64_t sum = checksum(op), sink = 0;
    long passes = 0;
    double start = now(CPU), wall, t;
    while (now(CPU) - start < seconds / 4) sink += pass(); /* warm-up: caches, branch predictors, clock */
    wall = now(WALL);
    start = now(CPU);
    do { sink += pass(); passes++; } while ((t = now(CPU)) - start < seconds);
    wall = now(WALL) - wall;
    blackhole = sink;
    printf(IMPL " %s: %.1f Mop/s (wall %.1f, checksum 0x%016" PRIx64 ", %ld passes of %zu pairs)\n",
           op, passes * (double) pairs / (t - start) / 1e6, passes * (double) pairs / wall / 1e6, sum, passes, pairs);
    fflush(stdout);
}

int main(int argc, char **argv) {
    static const char *all[] = {"add", "mul", "div", "sqrt"};
    double seconds;
    char *end;
    if (argc < 3) { fprintf(stderr, "usage: %s OPERAND_FILE SECONDS [add|mul|div|sqrt ...] | OPERAND_FILE dump OP\n", argv[0]); return 1; }
    if (!strcmp(argv[2], "dump") && argc == 4) {
        int known = !strcmp(argv[3], "add") || !strcmp(argv[3], "mul") || !strcmp(argv[3], "div");
#ifdef HAVE_SQRTQ
        known |= !strcmp(argv[3], "sqrt");
#endif
        if (!known) { fprintf(stderr, "error: cannot dump op '%s'\n", argv[3]); return 1; }
        read_operands(argv[1]);
        for (size_t i = 0; i < pairs; i++) {
            __float128 z = apply(argv[3], i);
            printf("%016" PRIx64 "%016" PRIx64 "\n", hi_of(z), lo_of(z));
        }
        return 0;
    }
    seconds = strtod(argv[2], &end);
    if (*end || !(seconds > 0)) { fprintf(stderr, "error: SECONDS must be a positive number, not '%s'\n", argv[2]); return 1; }
    read_operands(argv[1]);
    const char **ops = argc > 3 ? (const char **) argv + 3 : all;
    int n = argc > 3 ? argc - 3 : 4;
    for (int i = 0; i < n; i++) {
        if (!strcmp(ops[i], "add")) measure("add", pass_add, seconds);
        else if (!strcmp(ops[i], "mul")) measure("mul", pass_mul, seconds);
        else if (!strcmp(ops[i], "div")) measure("div", pass_div, seconds);
        else if (!strcmp(ops[i], "sqrt")) {
#ifdef HAVE_SQRTQ
            measure("sqrt", pass_sqrt, seconds);
#else
            printf(IMPL " sqrt: skipped (built without libquadmath)\n");
#endif
        } else { fprintf(stderr, "error: unknown op '%s' (add, mul, div, sqrt)\n", ops[i]); return 1; }
    }
    return 0;
}
