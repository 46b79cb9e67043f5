// Integer division and remainder by variables (div/rem .s32 .u32 .s64 .u64) and by constants.
extern "C" __global__ void intdiv(const int *a, const int *b, const unsigned *ua, const unsigned *ub,
                                  const long long *la, const long long *lb,
                                  const unsigned long long *ula, const unsigned long long *ulb,
                                  int *o32, unsigned *ou32, long long *o64, unsigned long long *ou64)
{
    int i = threadIdx.x;
    o32[i] = a[i] / b[i] + a[i] % b[i];
    ou32[i] = ua[i] / ub[i] + ua[i] % ub[i];
    o64[i] = la[i] / lb[i] + la[i] % lb[i];
    ou64[i] = ula[i] / ulb[i] + ula[i] % ulb[i];
    o32[i + 32] = a[i] / 7 + a[i] % 10;
    ou32[i + 32] = ua[i] / 13u;
}
