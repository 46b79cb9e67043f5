/* A stand-in for libcuda.so.1 for the binding's error paths (GpuTest): every function the binding
 * looks up exists; cuInit answers FAKE_INIT_RESULT (100, CUDA_ERROR_NO_DEVICE, unless -D says
 * otherwise), the device count is 0 when cuInit succeeds, and cuGetErrorName names the codes.
 * Built with -DNO_LAUNCH, it lacks cuLaunchKernel. */
#ifndef FAKE_INIT_RESULT
#define FAKE_INIT_RESULT 100
#endif
typedef int CUresult;
static const char *no_device = "CUDA_ERROR_NO_DEVICE";
CUresult cuGetErrorName(CUresult e, const char **s) { if (e == 100) { *s = no_device; return 0; } return 1; }
CUresult cuInit(unsigned f) { (void) f; return FAKE_INIT_RESULT; }
CUresult cuDriverGetVersion(int *v) { *v = 13000; return 0; }
CUresult cuDeviceGetCount(int *n) { *n = 0; return 0; }
#define STUB(name) CUresult name(void) { return 999; }
STUB(cuDeviceGet) STUB(cuDeviceGetName) STUB(cuDeviceGetAttribute) STUB(cuDevicePrimaryCtxRetain)
STUB(cuCtxSetCurrent) STUB(cuDevicePrimaryCtxRelease_v2) STUB(cuModuleLoadDataEx) STUB(cuModuleGetFunction)
STUB(cuMemAlloc_v2) STUB(cuMemFree_v2) STUB(cuMemcpyHtoD_v2) STUB(cuMemcpyDtoH_v2) STUB(cuMemsetD8_v2)
STUB(cuEventCreate) STUB(cuEventRecord) STUB(cuEventSynchronize) STUB(cuEventElapsedTime)
STUB(cuEventDestroy_v2) STUB(cuCtxSynchronize)
#ifndef NO_LAUNCH
STUB(cuLaunchKernel)
#endif
