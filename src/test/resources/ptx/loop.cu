// A loop over shared memory with a float division in the body, and a device function.
__device__ __noinline__ float scale(float x, float y) { return x / y; }

extern "C" __global__ void loop(const float *in, float *out, int n)
{
    __shared__ float tile[128];
    int t = threadIdx.x;
    tile[t] = in[blockIdx.x * 128 + t];
    __syncthreads();
    float acc = 0.0f;
    for (int k = 0; k < n; k++) {
        acc += scale(tile[(t + k) & 127], (float)(k + 1));
    }
    out[blockIdx.x * 128 + t] = acc;
}
