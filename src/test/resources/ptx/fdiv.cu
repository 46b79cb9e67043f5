// Float division, reciprocal and square root: div.rn.f32, rcp.rn.f32, sqrt.rn.f32.
extern "C" __global__ void fquot(const float *a, const float *b, float *q, float *r, float *s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        q[i] = a[i] / b[i];
        r[i] = 1.0f / a[i];
        s[i] = sqrtf(b[i]);
    }
}
