// A small kernel for -G and -lineinfo builds: an inlined device function (so .loc has
// inlined_at under -lineinfo), a division, a double square root. nvcc -ptx -arch=sm_100 -G debug.cu
__device__ __forceinline__ float scale(float x, float y) { return x / y; }

__global__ void debug(const float *a, float *b, double *d, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        b[i] = scale(a[i], a[i + 1]) + 1.0f;
        d[i] = sqrt(d[i]) / 3.0;
    }
}
