// CUDA device code for the corpus round-trip test: float, double and __int128 math as clang-14
// emits it for sm_80 (compiled with --cuda-device-only -nocudainc -nocudalib, so no CUDA headers).

#define __device__ __attribute__((device))
#define __global__ __attribute__((global))

extern "C" __device__ double __nv_sin(double);
extern "C" __device__ float __nv_expf(float);

struct Complex {
    double re, im;
};

__device__ Complex cmul(Complex a, Complex b) {
    return Complex{a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}

__device__ float horner(const float *c, int n, float x) {
    float r = 0.0f;
    for (int i = n - 1; i >= 0; --i) {
        r = r * x + c[i];
    }
    return r;
}

__device__ double kahan_sum(const double *v, int n) {
    double sum = 0.0, comp = 0.0;
    for (int i = 0; i < n; ++i) {
        double y = v[i] - comp;
        double t = sum + y;
        comp = (t - sum) - y;
        sum = t;
    }
    return sum;
}

__device__ unsigned __int128 mul_wide(unsigned long long a, unsigned long long b) {
    return (unsigned __int128)a * b;
}

__device__ __int128 div128(__int128 a, __int128 b) {
    return b == 0 ? 0 : a / b + a % b;
}

__device__ unsigned __int128 shifts(unsigned __int128 x, int s) {
    return (x << (s & 127)) ^ (x >> ((128 - s) & 127));
}

__device__ float fdiv(float a, float b) {
    return a / b;
}

__device__ double mixed(float f, double d, int i, long long l) {
    return (double)f * d + (double)i - (double)l + __nv_sin(d) + (double)__nv_expf(f);
}

__device__ bool compare(double a, double b) {
    return (a < b) || (a != a) || (b >= 1e300);
}

__global__ void kernel(float *out, const float *coef, double *dout, const double *din,
                       unsigned long long *wide, int n) {
    int i = __nvvm_read_ptx_sreg_tid_x();
    out[i] = horner(coef, n, fdiv(out[i], 3.0f));
    dout[i] = kahan_sum(din, n) + mixed(out[i], dout[i], n, (long long)wide[0]);
    unsigned __int128 p = mul_wide(wide[0], wide[1]);
    p = shifts(p, n) + (unsigned __int128)div128((__int128)p, (__int128)wide[2] | 1);
    wide[0] = (unsigned long long)p;
    wide[1] = (unsigned long long)(p >> 64);
    Complex c = cmul(Complex{din[0], din[1]}, Complex{din[2], din[3]});
    dout[1] = compare(c.re, c.im) ? c.re : c.im;
}
