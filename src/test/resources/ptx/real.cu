// Constructs nvcc 13 writes that nvlower's PTX reader must take: texture and surface objects,
// atomics, a __managed__ variable, a function pointer (indirect call, .callprototype), half2
// (cvt.rn.f16x2.f32), directed-rounding and 16-bit math, a double division by a constant,
// cp.async (sm_80+). nvcc -ptx -arch=sm_XX [-lineinfo | -G] real.cu
#include <cuda_fp16.h>
#include <cuda_pipeline.h>

__managed__ int counter;
__device__ float (*pick)(float);

__device__ __noinline__ float twice(float x) { return 2.0f * x; }
__device__ __noinline__ float half_of(float x) { return x / 2.0f; }

__global__ void textures(cudaTextureObject_t t, cudaSurfaceObject_t s, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 v = tex2D<float4>(t, i + 0.5f, 0.5f);
    float w = tex1Dfetch<float>(t, i);
    float r;
    surf2Dread(&r, s, i * 4, 0);
    surf2Dwrite(v.x + w + r, s, i * 4, 1);
    if (i < n) out[i] = v.y;
}

__global__ void atomics(int *a, float *f, double *d, unsigned long long *u) {
    atomicAdd(a, 1);
    atomicAdd(f, 1.5f);
    atomicAdd(d, 2.5);
    atomicCAS(u, 1ull, 2ull);
    atomicMax(a + 1, threadIdx.x);
    atomicAdd(&counter, 1);
}

__global__ void indirect(float *x, int which) {
    float (*fn)(float) = which ? twice : half_of;
    pick = fn;
    x[threadIdx.x] = fn(x[threadIdx.x]) + pick(1.0f);
}

__global__ void halves(const float *a, __half2 *h, __half *s) {
    int i = threadIdx.x;
    __half2 p = __floats2half2_rn(a[2 * i], a[2 * i + 1]);
    h[i] = __hmul2(p, p);
    s[i] = __float2half_rn(a[i]) / __float2half_rn(a[i + 1]);
}

__global__ void directed(const double *x, const float *f, double *y, float *g, short *s, unsigned short *us) {
    int i = threadIdx.x;
    y[4 * i] = __ddiv_rd(x[i], x[i + 1]);
    y[4 * i + 1] = __ddiv_ru(x[i], x[i + 1]);
    y[4 * i + 2] = __drcp_rz(x[i]) + __dsqrt_ru(x[i + 1]);
    y[4 * i + 3] = x[i] / 3.0;
    g[4 * i] = __fdiv_rz(f[i], f[i + 1]);
    g[4 * i + 1] = __fsqrt_rd(f[i]) + __frcp_ru(f[i + 1]);
    g[4 * i + 2] = __fdividef(f[i], f[i + 1]) + rsqrtf(f[i]) + __expf(f[i]) + __sinf(f[i]) + __logf(f[i]);
    g[4 * i + 3] = f[i] / f[i + 1] + sqrtf(f[i]);
    s[i] = (short)(s[i] / s[i + 1]) + (short)(s[i] % 7);
    us[i] = us[i] / us[i + 1];
}

__global__ void copies(const float *in, float *out) {
    __shared__ float buf[128];
    __pipeline_memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    out[threadIdx.x] = buf[127 - threadIdx.x] / in[threadIdx.x];
}
