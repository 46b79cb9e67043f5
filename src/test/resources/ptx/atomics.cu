// nvlower's fixture for atom/red in the PTX interpreter (src/test/resources/ptx/atomics.ptx):
// nvcc -arch=sm_80 -ptx atomics.cu -o atomics.ptx
__global__ void atomics(unsigned *u, int *s, float *f, double *d, unsigned long long *w)
{
    __shared__ unsigned bins[8];
    int t = threadIdx.x;
    if (t < 8) bins[t] = 0;
    __syncthreads();
    atomicAdd(&bins[t % 8], (unsigned) t);
    __syncthreads();
    if (t < 8) u[t] = bins[t];
    atomicInc(&u[8], 5);
    atomicDec(&u[9], 3);
    atomicMax(&s[0], t * (t & 1 ? -3 : 5));
    atomicMin(&s[1], t * (t & 1 ? -3 : 5));
    atomicCAS(&u[10], (unsigned) t, (unsigned) t + 1);
    atomicExch(&u[11], (unsigned) t);
    atomicAnd(&u[12], ~(1u << t % 32));
    atomicOr(&u[13], 1u << t % 32);
    atomicXor(&u[14], (unsigned) t);
    atomicAdd(&f[0], 1.0f / (t + 1));
    atomicAdd(&d[0], 1.0 / (t + 1));
    atomicAdd(&w[0], (unsigned long long) t << 33);
    u[16 + t] = atomicAdd(&u[15], 1u);
}
