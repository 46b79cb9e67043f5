// The GPU's answers where the PTX ISA leaves the result to the hardware and nvlower's PTX
// interpreter refuses to guess (docs/ptx.md, "not measured"): the NaN of binary16 operations and
// conversions, .sat and -0, min/max of -0 and +0 and of NaNs, .ftz on binary16. scripts/gpu-check
// builds and runs it (nvcc -arch=native); one line per probe: NAME = RESULT (hex bits).
// The operands come from device memory, so that ptxas cannot fold the instructions itself.
#include <cstdint>
#include <cstdio>

struct Probe {
    const char *name;
    uint64_t a, b, c;
};

static const Probe probes[] = {
    {"add.f16 inf + -inf", 0x7C00, 0xFC00, 0},
    {"mul.f16 0 * inf", 0x0000, 0x7C00, 0},
    {"fma.rn.f16 inf * 0 + 1", 0x7C00, 0x0000, 0x3C00},
    {"add.f16 qnan(7e01) + 1", 0x7E01, 0x3C00, 0},
    {"add.f16 snan(7c01) + 1", 0x7C01, 0x3C00, 0},
    {"add.f16 qnan(7e01) + qnan(fe02)", 0x7E01, 0xFE02, 0},
    {"mul.f16 1 * qnan(fe02)", 0x3C00, 0xFE02, 0},
    {"fma.rn.f16 qnan(7e01) * qnan(7e02) + qnan(7e03)", 0x7E01, 0x7E02, 0x7E03},
    {"neg.f16 snan(7c01)", 0x7C01, 0, 0},
    {"abs.f16 qnan(fe01)", 0xFE01, 0, 0},
    {"add.ftz.f16 0x0001 + 0x0001", 0x0001, 0x0001, 0},
    {"add.f16 0x0001 + 0x0001", 0x0001, 0x0001, 0},
    {"add.f16x2 {inf, 1} + {-inf, 1}", 0x3C007C00, 0x3C00FC00, 0},
    {"cvt.rn.f16.f32 qnan(7fc00123)", 0x7FC00123, 0, 0},
    {"cvt.rn.f16.f32 snan(ff800001)", 0xFF800001, 0, 0},
    {"cvt.rn.ftz.f16.f32 2^-20", 0x35800000, 0, 0},
    {"cvt.f32.f16 qnan(7e01)", 0x7E01, 0, 0},
    {"cvt.f32.f16 snan(fc01)", 0xFC01, 0, 0},
    {"cvt.f64.f16 qnan(7e01)", 0x7E01, 0, 0},
    {"cvt.rn.f16.f64 qnan(7ff8000000000123)", 0x7FF8000000000123ull, 0, 0},
    {"cvt.rn.f16x2.f32 qnan(7fc00123), 1", 0x7FC00123, 0x3F800000, 0},
    {"add.sat.f32 -0 + -0", 0x80000000, 0x80000000, 0},
    {"mul.sat.f32 -1 * 0", 0xBF800000, 0x00000000, 0},
    {"add.sat.f16 -0 + -0", 0x8000, 0x8000, 0},
    {"cvt.rn.sat.f32.f64 -0", 0x8000000000000000ull, 0, 0},
    {"min.f32 -0, +0", 0x80000000, 0x00000000, 0},
    {"min.f32 +0, -0", 0x00000000, 0x80000000, 0},
    {"max.f32 -0, +0", 0x80000000, 0x00000000, 0},
    {"max.f32 +0, -0", 0x00000000, 0x80000000, 0},
    {"min.f32 qnan(7fc00123), 1", 0x7FC00123, 0x3F800000, 0},
    {"min.f32 qnan(7fc00123), qnan(ffc00456)", 0x7FC00123, 0xFFC00456, 0},
    {"min.f64 -0, +0", 0x8000000000000000ull, 0, 0},
    {"max.f64 +0, -0", 0, 0x8000000000000000ull, 0},
    {"min.f64 qnan(7ff8000000000123), 1", 0x7FF8000000000123ull, 0x3FF0000000000000ull, 0},
    {"min.f16 -0, +0", 0x8000, 0x0000, 0},
    {"max.f16 qnan(7e01), 1", 0x7E01, 0x3C00, 0},
};
static const int N = sizeof probes / sizeof probes[0];

__global__ void run(const uint64_t *in, uint64_t *out)
{
    for (int k = 0; k < N; k++) {
        uint64_t a = in[3 * k], b = in[3 * k + 1], c = in[3 * k + 2], r = 0;
        unsigned short ha = (unsigned short) a, hb = (unsigned short) b, hc = (unsigned short) c, hr = 0;
        unsigned fa = (unsigned) a, fb = (unsigned) b, fr = 0;
        switch (k) {
        case 0: case 3: case 4: case 5: asm("add.f16 %0, %1, %2;" : "=h"(hr) : "h"(ha), "h"(hb)); r = hr; break;
        case 1: case 6: asm("mul.f16 %0, %1, %2;" : "=h"(hr) : "h"(ha), "h"(hb)); r = hr; break;
        case 2: case 7: asm("fma.rn.f16 %0, %1, %2, %3;" : "=h"(hr) : "h"(ha), "h"(hb), "h"(hc)); r = hr; break;
        case 8: asm("neg.f16 %0, %1;" : "=h"(hr) : "h"(ha)); r = hr; break;
        case 9: asm("abs.f16 %0, %1;" : "=h"(hr) : "h"(ha)); r = hr; break;
        case 10: asm("add.ftz.f16 %0, %1, %2;" : "=h"(hr) : "h"(ha), "h"(hb)); r = hr; break;
        case 11: asm("add.f16 %0, %1, %2;" : "=h"(hr) : "h"(ha), "h"(hb)); r = hr; break;
        case 12: asm("add.f16x2 %0, %1, %2;" : "=r"(fr) : "r"(fa), "r"(fb)); r = fr; break;
        case 13: case 14: asm("cvt.rn.f16.f32 %0, %1;" : "=h"(hr) : "r"(fa)); r = hr; break;
        case 15: asm("cvt.rn.ftz.f16.f32 %0, %1;" : "=h"(hr) : "r"(fa)); r = hr; break;
        case 16: case 17: asm("cvt.f32.f16 %0, %1;" : "=r"(fr) : "h"(ha)); r = fr; break;
        case 18: asm("cvt.f64.f16 %0, %1;" : "=l"(r) : "h"(ha)); break;
        case 19: asm("cvt.rn.f16.f64 %0, %1;" : "=h"(hr) : "l"(a)); r = hr; break;
        case 20: asm("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(fr) : "r"(fa), "r"(fb)); r = fr; break;
        case 21: asm("add.sat.f32 %0, %1, %2;" : "=r"(fr) : "r"(fa), "r"(fb)); r = fr; break;
        case 22: asm("mul.sat.f32 %0, %1, %2;" : "=r"(fr) : "r"(fa), "r"(fb)); r = fr; break;
        case 23: asm("add.sat.f16 %0, %1, %2;" : "=h"(hr) : "h"(ha), "h"(hb)); r = hr; break;
        case 24: asm("cvt.rn.sat.f32.f64 %0, %1;" : "=r"(fr) : "l"(a)); r = fr; break;
        case 25: case 26: case 29: case 30: asm("min.f32 %0, %1, %2;" : "=r"(fr) : "r"(fa), "r"(fb)); r = fr; break;
        case 27: case 28: asm("max.f32 %0, %1, %2;" : "=r"(fr) : "r"(fa), "r"(fb)); r = fr; break;
        case 31: case 33: asm("min.f64 %0, %1, %2;" : "=l"(r) : "l"(a), "l"(b)); break;
        case 32: asm("max.f64 %0, %1, %2;" : "=l"(r) : "l"(a), "l"(b)); break;
        case 34: asm("min.f16 %0, %1, %2;" : "=h"(hr) : "h"(ha), "h"(hb)); r = hr; break;
        case 35: asm("max.f16 %0, %1, %2;" : "=h"(hr) : "h"(ha), "h"(hb)); r = hr; break;
        }
        out[k] = r;
    }
}

int main()
{
    uint64_t host[3 * N], result[N];
    for (int k = 0; k < N; k++) {
        host[3 * k] = probes[k].a;
        host[3 * k + 1] = probes[k].b;
        host[3 * k + 2] = probes[k].c;
    }
    uint64_t *in, *out;
    if (cudaMalloc(&in, sizeof host) != cudaSuccess || cudaMalloc(&out, sizeof result) != cudaSuccess) {
        printf("gpu-probes: no device memory\n");
        return 1;
    }
    cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
    run<<<1, 1>>>(in, out);
    cudaError_t e = cudaMemcpy(result, out, sizeof result, cudaMemcpyDeviceToHost);
    if (e != cudaSuccess) {
        printf("gpu-probes: %s\n", cudaGetErrorString(e));
        return 1;
    }
    for (int k = 0; k < N; k++) {
        printf("%-48s = 0x%llx\n", probes[k].name, (unsigned long long) result[k]);
    }
    return 0;
}
