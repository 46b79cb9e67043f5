// Double division, reciprocal, square root and reciprocal square root (the FP64 templates).
extern "C" __global__ void ddiv(const double *a, const double *b, double *q, double *r, double *s, double *t)
{
    int i = threadIdx.x;
    q[i] = a[i] / b[i];
    r[i] = 1.0 / a[i];
    s[i] = sqrt(b[i]);
    t[i] = rsqrt(a[i]);
}
