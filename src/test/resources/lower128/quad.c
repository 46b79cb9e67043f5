#include <stdio.h>
#include <string.h>

typedef unsigned long long u64;

static void put128(const char *what, const void *p) {
    u64 w[2];
    memcpy(w, p, 16);
    printf("%-10s %016llx%016llx\n", what, w[1], w[0]);
}

static void putq(const char *what, __float128 x) {
    if (x != x) { printf("%-10s nan\n", what); return; }
    put128(what, &x);
}

static volatile double dv[] = {1.0, -2.5, 3.0e-300, 1.0e300, 0.1, 7.0, -0.0, 123456789.125};
static volatile long long iv[] = {1, -3, 1000000007LL, -9223372036854775807LL - 1, 42, 7, 0, 65536};

int main(void) {
    for (int i = 0; i < 8; i++) {
        __float128 a = (__float128) dv[i];
        __float128 b = (__float128) dv[(i + 3) % 8] + (__float128) iv[i];
        putq("add", a + b);
        putq("sub", a - b);
        putq("mul", a * b);
        if (b != 0) putq("div", a / b);
        putq("third", a / (__float128) 3);
        printf("cmp %d %d %d %d %d %d\n", a < b, a <= b, a == b, a != b, a > b, a >= b);
        printf("unord %d\n", __builtin_isunordered(a, a / (a - a + (__float128) (i == 6 ? 0 : 1))));
        printf("to f %a d %a\n", (double) (float) (a * b), (double) (a / b));
        if (a < (__float128) 1e18 && a > (__float128) -1e18) printf("to i %lld\n", (long long) a);
        __int128 n = (__int128) iv[i] * 1000000000000LL + iv[(i + 1) % 8];
        __int128 d = (__int128) iv[(i + 5) % 8] - 3;
        if (d != 0 && !(d == -1 && n == ((__int128) 1 << 127))) {
            __int128 q = n / d, r = n % d;
            unsigned __int128 uq = (unsigned __int128) n / (unsigned __int128) d;
            unsigned __int128 ur = (unsigned __int128) n % (unsigned __int128) d;
            put128("sdiv", &q);
            put128("srem", &r);
            put128("udiv", &uq);
            put128("urem", &ur);
        }
        __float128 fn = (__float128) n;
        putq("i128tofq", fn);
        putq("u128tofq", (__float128) (unsigned __int128) n);
        printf("i128tof %a %a\n", (double) (float) n, (double) n);
        printf("u128tof %a %a\n", (double) (float) (unsigned __int128) n, (double) (unsigned __int128) n);
        __int128 back = (__int128) (fn / (__float128) 7);
        put128("fqtoi128", &back);
        __int128 fromd = (__int128) (dv[i] * 1e20 > 1e35 ? 1.0 : dv[i] * 1e20);
        put128("dtoi128", &fromd);
        unsigned __int128 fromf = (unsigned __int128) (float) (dv[i] < 0 ? -dv[i] : dv[i] > 1e30 ? 1.0 : dv[i]);
        put128("ftou128", &fromf);
        __float128 mag = a < 0 ? -a : a;
        int small = mag < (__float128) 1e9 ? (int) (a / (__float128) 1000) : -1;
        unsigned short us = mag < (__float128) 65536 ? (unsigned short) mag : 1;
        printf("narrow %d %u\n", small, us);
    }
    return 0;
}
