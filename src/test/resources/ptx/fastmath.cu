// div.full.f32 and div.approx (--use_fast_math) with .ftz, min/max/abs and selects.
extern "C" __global__ void fastmath(const float *a, const float *b, float *o)
{
    int i = threadIdx.x;
    float x = a[i], y = b[i];
    float q = __fdividef(x, y);
    float m = fminf(fabsf(x), y);
    o[i] = (x > y) ? q : m + __frcp_rn(y);
}
