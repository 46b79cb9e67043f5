/* C code for the corpus round-trip test, compiled by clang-14 for x86_64-linux-gnu at -O0 and
 * -O2: structs, varargs, switch, function pointers, long double (x86_fp80), __float128 (fp128),
 * __int128, atomics, vectors, strings, computed goto, setjmp-free control flow. */
#include <stdarg.h>
#include <stddef.h>

typedef float v4f __attribute__((vector_size(16)));

struct point {
    double x, y;
    const char *name;
};

static const char *names[] = {"origin", "unit \"x\"", "tab\there", "\xff\x01"};
struct point points[3] = {{0.0, 0.0, "a"}, {1.0, 0.5, "b"}, {-2.5e-310, 1e308, "c"}};
_Thread_local int tls_counter;
int global_counter;

long double ld_mul(long double a, long double b) { return a * b + 1.0L; }
__float128 q_add(__float128 a, __float128 b) { return a + b; }
__int128 i_div(__int128 a, __int128 b) { return b ? a / b : 0; }
unsigned __int128 u_mul(unsigned long long a, unsigned long long b) { return (unsigned __int128)a * b; }

v4f vmad(v4f a, v4f b, v4f c) { return a * b + c; }

int sum_ints(int n, ...) {
    va_list ap;
    va_start(ap, n);
    int s = 0;
    for (int i = 0; i < n; i++) {
        s += va_arg(ap, int);
    }
    va_end(ap);
    return s;
}

const char *classify(int c) {
    switch (c) {
    case 0: return names[0];
    case 1: return names[1];
    case 5: return names[2];
    case 100: return names[3];
    default: return "other";
    }
}

int dispatch(int op, int a, int b) {
    static void *labels[] = {&&add, &&sub, &&mul};
    if (op < 0 || op > 2) return 0;
    goto *labels[op];
add:
    return a + b;
sub:
    return a - b;
mul:
    return a * b;
}

int apply(int (*f)(int, int), int a, int b) { return f(a, b); }
static int max2(int a, int b) { return a > b ? a : b; }

int atomics(void) {
    __atomic_fetch_add(&global_counter, 1, __ATOMIC_SEQ_CST);
    int expected = 1;
    __atomic_compare_exchange_n(&global_counter, &expected, 2, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
    __atomic_thread_fence(__ATOMIC_RELEASE);
    return __atomic_load_n(&global_counter, __ATOMIC_RELAXED) + tls_counter++;
}

double norm(const struct point *p) {
    double r = p->x * p->x + p->y * p->y;
    return r > 0 ? __builtin_sqrt(r) : -0.0;
}

float fconv(double d, long long l, unsigned u, short s, unsigned char c) {
    return (float)d + (float)l + (float)u + (float)s + (float)c + (float)(long double)d;
}

size_t strlen_(const char *s) {
    size_t n = 0;
    while (s[n]) n++;
    return n;
}

int main(int argc, char **argv) {
    (void)argv;
    double t = 0;
    for (int i = 0; i < 3; i++) t += norm(&points[i]);
    return (int)t + apply(max2, argc, 3) + dispatch(argc & 3, 4, 5) + sum_ints(3, 1, 2, 3)
           + (int)strlen_(classify(argc)) + atomics() + (int)q_add(1, 2) + (int)i_div(7, 2)
           + (int)ld_mul(2, 3) + (int)u_mul(3, 4) + (int)vmad((v4f){1}, (v4f){2}, (v4f){3})[0]
           + (int)fconv(1, 2, 3, 4, 5);
}
