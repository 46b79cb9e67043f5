/*
 * The C half of bench/softfloat-peers: Berkeley SoftFloat 3e on the operand sets that
 * SoftfloatPeers.java writes, cell by cell (a cell = a function in a rounding mode, named as
 * TestFloat names them: f32_add/near_even, f64_to_i32/min, i64_to_f16/odd), in the same loop
 * shape as the Java driver: one pass = the function on each of the N operand sets.
 *
 * usage: softfloat_peers OPERAND_FILE CELL_FILE check      per cell: a 64-bit FNV-style hash of
 *          every result and its flags (flags cleared before each operation), as SoftfloatPeers check
 *        softfloat_peers OPERAND_FILE CELL_FILE dump       every result: "HI LO FLAGS", then the hash
 *        softfloat_peers OPERAND_FILE CELL_FILE time MS    per cell: "softfloat3 CELL MOPS", Mop/s
 *          per second of this thread's CPU time over MS ms (after MS ms of warm-up)
 *        softfloat_peers OPERAND_FILE - serve               for bench/softfloat-paired: reads lines
 *          "CELL MS" from stdin, times CELL for MS ms of this thread's CPU time, answers "MOPS"
 * Cells marked " -" in CELL_FILE (no SoftFloat function) are skipped.
 * Build: gcc -O2 -I$SOFTFLOAT3_DIR/source/include softfloat_peers.c $SOFTFLOAT3_DIR/build/Linux-x86_64-GCC/softfloat.a
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#define SOFTFLOAT_FAST_INT64 /* as the Linux-x86_64-GCC build */
#include "softfloat.h"

#define N 4096
#define FNV 0x100000001B3ull

static const char *FORMATS[] = {"f16", "bf16", "f32", "f64", "f128"};
static uint64_t OPS[5][6][N]; /* format, (aHi aLo bHi bLo cHi cLo), set */
static uint64_t I32[N], I64[N];

static int format_index(const char *f) {
    for (int i = 0; i < 5; i++) if (strcmp(FORMATS[i], f) == 0) return i;
    return -1;
}

static void read_operands(const char *path) {
    FILE *in = fopen(path, "r");
    char name[16];
    int count[5] = {0}, ints = 0;
    if (!in) { perror(path); exit(1); }
    while (fscanf(in, "%15s", name) == 1) {
        if (strcmp(name, "int") == 0) {
            if (fscanf(in, "%" SCNx64 " %" SCNx64, &I32[ints], &I64[ints]) != 2) break;
            ints++;
            continue;
        }
        int f = format_index(name);
        if (f < 0 || count[f] >= N) { fprintf(stderr, "%s: bad line for '%s'\n", path, name); exit(1); }
        for (int k = 0; k < 6; k++) {
            if (fscanf(in, "%" SCNx64, &OPS[f][k][count[f]]) != 1) { fprintf(stderr, "%s: short line\n", path); exit(1); }
        }
        count[f]++;
    }
    fclose(in);
    for (int f = 0; f < 5; f++) if (count[f] != N) { fprintf(stderr, "%s: %d sets of %s\n", path, count[f], FORMATS[f]); exit(1); }
    if (ints != N) { fprintf(stderr, "%s: %d integer operands\n", path, ints); exit(1); }
}

static int check_mode;

static inline uint64_t sink(uint64_t s, uint64_t hi, uint64_t lo) {
    if (check_mode) {
        if (check_mode == 2) printf("%016" PRIx64 " %016" PRIx64 " %02x\n", hi, lo, (unsigned) softfloat_exceptionFlags);
        s = (((((s ^ hi) * FNV) ^ lo) * FNV) ^ softfloat_exceptionFlags) * FNV;
        softfloat_exceptionFlags = 0;
        return s;
    }
    return s + (hi ^ lo);
}

static inline float16_t h(uint64_t v) { float16_t x; x.v = (uint16_t) v; return x; }
static inline bfloat16_t g(uint64_t v) { bfloat16_t x; x.v = (uint16_t) v; return x; }
static inline float32_t w(uint64_t v) { float32_t x; x.v = (uint32_t) v; return x; }
static inline float64_t d(uint64_t v) { float64_t x; x.v = v; return x; }
static inline float128_t q(uint64_t hi, uint64_t lo) { float128_t x; x.v[1] = hi; x.v[0] = lo; return x; }

/* operand k (0 = a, 1 = b, 2 = c) of set i of format f, as the low word / binary128 */
#define LO(f, k) OPS[f][2 * (k) + 1][i]
#define Q(k) q(OPS[4][2 * (k)][i], OPS[4][2 * (k) + 1][i])
#define LOOP(expr) for (int i = 0; i < N; i++) { s = sink(s, 0, (uint64_t) (expr)); } break
#define LOOPQ(expr) for (int i = 0; i < N; i++) { float128_t z = (expr); s = sink(s, z.v[1], z.v[0]); } break

enum fn {
    F16_ADD, F16_SUB, F16_MUL, F16_DIV, F16_MULADD, F16_SQRT, F16_REM, F16_EQ, F16_LE, F16_LT, F16_TO_F32,
    F16_TO_F64, F16_TO_F128, F16_TO_I32, F16_TO_I64, I32_TO_F16, I64_TO_F16,
    BF16_TO_F32,
    F32_ADD, F32_SUB, F32_MUL, F32_DIV, F32_MULADD, F32_SQRT, F32_REM, F32_EQ, F32_LE, F32_LT, F32_TO_F16,
    F32_TO_BF16, F32_TO_F64, F32_TO_F128, F32_TO_I32, F32_TO_I64, I32_TO_F32, I64_TO_F32,
    F64_ADD, F64_SUB, F64_MUL, F64_DIV, F64_MULADD, F64_SQRT, F64_REM, F64_EQ, F64_LE, F64_LT, F64_TO_F16,
    F64_TO_F32, F64_TO_F128, F64_TO_I32, F64_TO_I64, I32_TO_F64, I64_TO_F64,
    F128_ADD, F128_SUB, F128_MUL, F128_DIV, F128_MULADD, F128_SQRT, F128_REM, F128_EQ, F128_LE, F128_LT,
    F128_TO_F16, F128_TO_F32, F128_TO_F64, F128_TO_I32, F128_TO_I64, I32_TO_F128, I64_TO_F128, FN_COUNT
};

static const char *NAMES[FN_COUNT] = {
    "f16_add", "f16_sub", "f16_mul", "f16_div", "f16_mulAdd", "f16_sqrt", "f16_rem", "f16_eq", "f16_le", "f16_lt",
    "f16_to_f32", "f16_to_f64", "f16_to_f128", "f16_to_i32", "f16_to_i64", "i32_to_f16", "i64_to_f16",
    "bf16_to_f32",
    "f32_add", "f32_sub", "f32_mul", "f32_div", "f32_mulAdd", "f32_sqrt", "f32_rem", "f32_eq", "f32_le", "f32_lt",
    "f32_to_f16", "f32_to_bf16", "f32_to_f64", "f32_to_f128", "f32_to_i32", "f32_to_i64", "i32_to_f32", "i64_to_f32",
    "f64_add", "f64_sub", "f64_mul", "f64_div", "f64_mulAdd", "f64_sqrt", "f64_rem", "f64_eq", "f64_le", "f64_lt",
    "f64_to_f16", "f64_to_f32", "f64_to_f128", "f64_to_i32", "f64_to_i64", "i32_to_f64", "i64_to_f64",
    "f128_add", "f128_sub", "f128_mul", "f128_div", "f128_mulAdd", "f128_sqrt", "f128_rem", "f128_eq", "f128_le",
    "f128_lt", "f128_to_f16", "f128_to_f32", "f128_to_f64", "f128_to_i32", "f128_to_i64", "i32_to_f128", "i64_to_f128",
};

static uint64_t pass(int fn, uint_fast8_t rm, uint64_t s) {
    switch (fn) {
    case F16_ADD: LOOP(f16_add(h(LO(0, 0)), h(LO(0, 1))).v);
    case F16_SUB: LOOP(f16_sub(h(LO(0, 0)), h(LO(0, 1))).v);
    case F16_MUL: LOOP(f16_mul(h(LO(0, 0)), h(LO(0, 1))).v);
    case F16_DIV: LOOP(f16_div(h(LO(0, 0)), h(LO(0, 1))).v);
    case F16_MULADD: LOOP(f16_mulAdd(h(LO(0, 0)), h(LO(0, 1)), h(LO(0, 2))).v);
    case F16_SQRT: LOOP(f16_sqrt(h(LO(0, 0))).v);
    case F16_REM: LOOP(f16_rem(h(LO(0, 0)), h(LO(0, 1))).v);
    case F16_EQ: LOOP(f16_eq(h(LO(0, 0)), h(LO(0, 1))));
    case F16_LE: LOOP(f16_le(h(LO(0, 0)), h(LO(0, 1))));
    case F16_LT: LOOP(f16_lt(h(LO(0, 0)), h(LO(0, 1))));
    case F16_TO_F32: LOOP(f16_to_f32(h(LO(0, 0))).v);
    case F16_TO_F64: LOOP(f16_to_f64(h(LO(0, 0))).v);
    case F16_TO_F128: LOOPQ(f16_to_f128(h(LO(0, 0))));
    case F16_TO_I32: LOOP((uint32_t) f16_to_i32(h(LO(0, 0)), rm, true));
    case F16_TO_I64: LOOP(f16_to_i64(h(LO(0, 0)), rm, true));
    case I32_TO_F16: LOOP(i32_to_f16((int32_t) I32[i]).v);
    case I64_TO_F16: LOOP(i64_to_f16((int64_t) I64[i]).v);
    case BF16_TO_F32: LOOP(bf16_to_f32(g(LO(1, 0))).v);
    case F32_ADD: LOOP(f32_add(w(LO(2, 0)), w(LO(2, 1))).v);
    case F32_SUB: LOOP(f32_sub(w(LO(2, 0)), w(LO(2, 1))).v);
    case F32_MUL: LOOP(f32_mul(w(LO(2, 0)), w(LO(2, 1))).v);
    case F32_DIV: LOOP(f32_div(w(LO(2, 0)), w(LO(2, 1))).v);
    case F32_MULADD: LOOP(f32_mulAdd(w(LO(2, 0)), w(LO(2, 1)), w(LO(2, 2))).v);
    case F32_SQRT: LOOP(f32_sqrt(w(LO(2, 0))).v);
    case F32_REM: LOOP(f32_rem(w(LO(2, 0)), w(LO(2, 1))).v);
    case F32_EQ: LOOP(f32_eq(w(LO(2, 0)), w(LO(2, 1))));
    case F32_LE: LOOP(f32_le(w(LO(2, 0)), w(LO(2, 1))));
    case F32_LT: LOOP(f32_lt(w(LO(2, 0)), w(LO(2, 1))));
    case F32_TO_F16: LOOP(f32_to_f16(w(LO(2, 0))).v);
    case F32_TO_BF16: LOOP(f32_to_bf16(w(LO(2, 0))).v);
    case F32_TO_F64: LOOP(f32_to_f64(w(LO(2, 0))).v);
    case F32_TO_F128: LOOPQ(f32_to_f128(w(LO(2, 0))));
    case F32_TO_I32: LOOP((uint32_t) f32_to_i32(w(LO(2, 0)), rm, true));
    case F32_TO_I64: LOOP(f32_to_i64(w(LO(2, 0)), rm, true));
    case I32_TO_F32: LOOP(i32_to_f32((int32_t) I32[i]).v);
    case I64_TO_F32: LOOP(i64_to_f32((int64_t) I64[i]).v);
    case F64_ADD: LOOP(f64_add(d(LO(3, 0)), d(LO(3, 1))).v);
    case F64_SUB: LOOP(f64_sub(d(LO(3, 0)), d(LO(3, 1))).v);
    case F64_MUL: LOOP(f64_mul(d(LO(3, 0)), d(LO(3, 1))).v);
    case F64_DIV: LOOP(f64_div(d(LO(3, 0)), d(LO(3, 1))).v);
    case F64_MULADD: LOOP(f64_mulAdd(d(LO(3, 0)), d(LO(3, 1)), d(LO(3, 2))).v);
    case F64_SQRT: LOOP(f64_sqrt(d(LO(3, 0))).v);
    case F64_REM: LOOP(f64_rem(d(LO(3, 0)), d(LO(3, 1))).v);
    case F64_EQ: LOOP(f64_eq(d(LO(3, 0)), d(LO(3, 1))));
    case F64_LE: LOOP(f64_le(d(LO(3, 0)), d(LO(3, 1))));
    case F64_LT: LOOP(f64_lt(d(LO(3, 0)), d(LO(3, 1))));
    case F64_TO_F16: LOOP(f64_to_f16(d(LO(3, 0))).v);
    case F64_TO_F32: LOOP(f64_to_f32(d(LO(3, 0))).v);
    case F64_TO_F128: LOOPQ(f64_to_f128(d(LO(3, 0))));
    case F64_TO_I32: LOOP((uint32_t) f64_to_i32(d(LO(3, 0)), rm, true));
    case F64_TO_I64: LOOP(f64_to_i64(d(LO(3, 0)), rm, true));
    case I32_TO_F64: LOOP(i32_to_f64((int32_t) I32[i]).v);
    case I64_TO_F64: LOOP(i64_to_f64((int64_t) I64[i]).v);
    case F128_ADD: LOOPQ(f128_add(Q(0), Q(1)));
    case F128_SUB: LOOPQ(f128_sub(Q(0), Q(1)));
    case F128_MUL: LOOPQ(f128_mul(Q(0), Q(1)));
    case F128_DIV: LOOPQ(f128_div(Q(0), Q(1)));
    case F128_MULADD: LOOPQ(f128_mulAdd(Q(0), Q(1), Q(2)));
    case F128_SQRT: LOOPQ(f128_sqrt(Q(0)));
    case F128_REM: LOOPQ(f128_rem(Q(0), Q(1)));
    case F128_EQ: LOOP(f128_eq(Q(0), Q(1)));
    case F128_LE: LOOP(f128_le(Q(0), Q(1)));
    case F128_LT: LOOP(f128_lt(Q(0), Q(1)));
    case F128_TO_F16: LOOP(f128_to_f16(Q(0)).v);
    case F128_TO_F32: LOOP(f128_to_f32(Q(0)).v);
    case F128_TO_F64: LOOP(f128_to_f64(Q(0)).v);
    case F128_TO_I32: LOOP((uint32_t) f128_to_i32(Q(0), rm, true));
    case F128_TO_I64: LOOP(f128_to_i64(Q(0), rm, true));
    case I32_TO_F128: LOOPQ(i32_to_f128((int32_t) I32[i]));
    case I64_TO_F128: LOOPQ(i64_to_f128((int64_t) I64[i]));
    }
    return s;
}

static double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int mode_of(const char *m) {
    static const char *MODES[] = {"near_even", "minMag", "min", "max", "near_maxMag", "", "odd"};
    for (int i = 0; i < 7; i++) if (MODES[i][0] && strcmp(MODES[i], m) == 0) return i;
    return -1;
}

/* fn and mode of CELL ("f128_mul/near_even"), 0 if known */
static int parse_cell(char *cell, int *fn, int *rm) {
    char *slash = strchr(cell, '/');
    if (!slash) return -1;
    *slash = 0;
    *fn = -1;
    for (int k = 0; k < FN_COUNT; k++) if (strcmp(NAMES[k], cell) == 0) *fn = k;
    *rm = mode_of(slash + 1);
    *slash = '/';
    return *fn < 0 || *rm < 0 ? -1 : 0;
}

/* Mop/s of fn in mode rm over ms ms of this thread's CPU time (one slice, no warm-up) */
static double slice(int fn, int rm, double ms, uint64_t *blackhole) {
    softfloat_roundingMode = (uint_fast8_t) rm;
    double t0 = cpu_seconds(), t;
    long passes = 0;
    do {
        *blackhole += pass(fn, rm, *blackhole);
        passes++;
        t = cpu_seconds() - t0;
    } while (t < ms * 1e-3);
    return passes * (double) N / t / 1e6;
}

static int serve(void) {
    char line[160], cell[128];
    double ms;
    uint64_t blackhole = 0;
    while (fgets(line, sizeof line, stdin)) {
        int fn, rm;
        if (sscanf(line, "%127s %lf", cell, &ms) != 2 || parse_cell(cell, &fn, &rm) != 0) {
            printf("error: bad request '%s'\n", line);
        } else {
            printf("%.3f\n", slice(fn, rm, ms, &blackhole));
        }
        fflush(stdout);
    }
    return blackhole == 42;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: softfloat_peers OPERAND_FILE CELL_FILE check | time MS\n");
        return 1;
    }
    read_operands(argv[1]);
    if (strcmp(argv[3], "serve") == 0) return serve();
    FILE *cells = fopen(argv[2], "r");
    if (!cells) { perror(argv[2]); return 1; }
    check_mode = strcmp(argv[3], "check") == 0 ? 1 : strcmp(argv[3], "dump") == 0 ? 2 : 0;
    double ms = argc > 4 ? atof(argv[4]) : 20;
    char line[128];
    uint64_t blackhole = 0;
    while (fgets(line, sizeof line, cells)) {
        line[strcspn(line, "\n")] = 0;
        if (strstr(line, " -")) continue; /* no SoftFloat peer */
        char *slash = strchr(line, '/');
        if (!slash) continue;
        *slash = 0;
        int fn = -1;
        for (int k = 0; k < FN_COUNT; k++) if (strcmp(NAMES[k], line) == 0) fn = k;
        int rm = mode_of(slash + 1);
        if (fn < 0 || rm < 0) { fprintf(stderr, "unknown cell %s/%s\n", line, slash + 1); return 1; }
        softfloat_roundingMode = (uint_fast8_t) rm;
        softfloat_exceptionFlags = 0;
        if (check_mode) {
            printf("%s/%s %016" PRIx64 "\n", line, slash + 1, pass(fn, rm, 0xCBF29CE484222325ull));
            continue;
        }
        double mops = 0;
        for (int round = 0; round < 2; round++) {
            double t0 = cpu_seconds(), t;
            long passes = 0;
            do {
                blackhole += pass(fn, rm, blackhole);
                passes++;
                t = cpu_seconds() - t0;
            } while (t < ms * 1e-3);
            mops = passes * (double) N / t / 1e6;
        }
        printf("softfloat3 %s/%s %.2f\n", line, slash + 1, mops);
    }
    if (blackhole == 42) printf("\n");
    return 0;
}
