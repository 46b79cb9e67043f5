// A mix of what real kernels hold besides math: printf, atomics, warp shuffles, half precision,
// launch bounds, local memory, a switch, min/max/abs, and a double loop with a division by a variable.
#include <cstdio>
#include <cuda_fp16.h>

__device__ int counter;

extern "C" __global__ void __launch_bounds__(256, 2)
misc(const float *in, float *out, __half *h, int *hist, double *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[i];
    v += __shfl_down_sync(0xffffffff, v, 1);
    atomicAdd(&hist[i & 15], 1);
    atomicAdd(&counter, 1);
    h[i] = __hadd(h[i], __float2half(v));
    int local[4];
    for (int k = 0; k < 4; k++) local[k] = (i * k) % (n + 1);
    int s = 0;
    switch (i & 3) {
        case 0: s = local[n & 3]; break;
        case 1: s = max(local[1], n); break;
        case 2: s = abs(local[2] - n); break;
        default: s = min(local[3], 7);
    }
    double acc = 0;
    for (int k = 1; k <= n; k++) acc += d[k] / (double)(k + s);
    d[i] = acc;
    if (i == 0) printf("v=%f s=%d\n", v, s);
    out[i] = v * (float)s;
}
