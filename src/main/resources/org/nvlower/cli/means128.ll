; A CUDA kernel using __float128 and __int128, as clang emits it for the device (typed pointers):
;
;   __device__ __float128 mean(__float128 sum, __int128 count) { return sum / (__float128) count; }
;   __global__ void means(__float128 *out, const __float128 *sums, __int128 *counts) {
;     int i = threadIdx.x;
;     __float128 m = mean(sums[i], counts[i]);
;     out[i] = m < 0 ? -m : m;
;     counts[i] = counts[i] % 1000000007;
;   }
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define internal fp128 @mean(fp128 %sum, i128 %count) {
entry:
  %c = sitofp i128 %count to fp128
  %m = fdiv fp128 %sum, %c
  ret fp128 %m
}

define void @means(fp128* %out, fp128* %sums, i128* %counts) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tid to i64
  %ps = getelementptr inbounds fp128, fp128* %sums, i64 %i
  %s = load fp128, fp128* %ps, align 16
  %pc = getelementptr inbounds i128, i128* %counts, i64 %i
  %n = load i128, i128* %pc, align 16
  %m = call fp128 @mean(fp128 %s, i128 %n)
  %neg = fcmp olt fp128 %m, 0xL00000000000000000000000000000000
  %abs = fneg fp128 %m
  %r = select i1 %neg, fp128 %abs, fp128 %m
  %po = getelementptr inbounds fp128, fp128* %out, i64 %i
  store fp128 %r, fp128* %po, align 16
  %k = srem i128 %n, 1000000007
  store i128 %k, i128* %pc, align 16
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0}
!0 = !{void (fp128*, fp128*, i128*)* @means, !"kernel", i32 1}
