// The exact FP64 templates in a loop-free kernel: div.rn.f64, rcp.rn.f64, sqrt.rn.f64 (no rsqrt).
extern "C" __global__ void dexact(const double *a, const double *b, double *o)
{
    int i = threadIdx.x;
    double x = a[i], y = b[i];
    o[3 * i] = x / y;
    o[3 * i + 1] = 1.0 / y;
    o[3 * i + 2] = sqrt(x);
}
