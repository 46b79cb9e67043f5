// nvlower's fixture for binary16 in the PTX interpreter (src/test/resources/ptx/half.ptx):
// nvcc -arch=sm_80 -ptx half.cu -o half.ptx
#include <cuda_fp16.h>
__global__ void half_ops(const float *in, float *out, unsigned *packed)
{
    int t = threadIdx.x;
    float x = in[2 * t], y = in[2 * t + 1];
    __half a = __float2half_rn(x), b = __float2half_rn(y);
    __half s = __hadd(a, b), p = __hmul(a, b), f = __hfma(a, b, s);
    out[4 * t] = __half2float(s);
    out[4 * t + 1] = __half2float(p);
    out[4 * t + 2] = __half2float(f);
    out[4 * t + 3] = __hlt(a, b) ? 1.0f : -1.0f;
    __half2 v = __floats2half2_rn(x, y);
    __half2 w = __hmul2(v, v);
    packed[t] = *reinterpret_cast<unsigned *>(&w);
}
