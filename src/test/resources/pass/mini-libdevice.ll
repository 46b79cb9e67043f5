; A stand-in for libdevice, written for the tests (not derived from NVIDIA's file): the same
; triple and layout, and bodies that choose their intrinsic through __nvvm_reflect as libdevice's do.
target datalayout = "e-i64:64-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-gpulibs"

@ftz = private unnamed_addr constant [11 x i8] c"__CUDA_FTZ\00"
@prec = private unnamed_addr constant [17 x i8] c"__CUDA_PREC_SQRT\00"

define float @__nv_sqrtf(float %x) #0 {
entry:
  %p = call i32 @__nvvm_reflect(i8* getelementptr inbounds ([17 x i8], [17 x i8]* @prec, i32 0, i32 0))
  %precise = icmp ne i32 %p, 0
  br i1 %precise, label %rn, label %approx

rn:
  %f = call i32 @__nvvm_reflect(i8* getelementptr inbounds ([11 x i8], [11 x i8]* @ftz, i32 0, i32 0))
  %ftz = icmp ne i32 %f, 0
  br i1 %ftz, label %rn.ftz, label %rn.plain

rn.ftz:
  %a = call float @llvm.nvvm.sqrt.rn.ftz.f(float %x)
  br label %done

rn.plain:
  %b = call float @llvm.nvvm.sqrt.rn.f(float %x)
  br label %done

approx:
  %c = call float @llvm.nvvm.sqrt.approx.f(float %x)
  br label %done

done:
  %r = phi float [ %a, %rn.ftz ], [ %b, %rn.plain ], [ %c, %approx ]
  ret float %r
}

define float @__nv_exp2f(float %x) #0 {
entry:
  %r = call float @__nv_helper(float %x)
  ret float %r
}

define internal float @__nv_helper(float %x) #0 {
entry:
  %r = call float @llvm.nvvm.ex2.approx.ftz.f(float %x)
  ret float %r
}

define float @__nv_unused(float %x) #0 {
entry:
  ret float %x
}

declare i32 @__nvvm_reflect(i8*)
declare float @llvm.nvvm.sqrt.rn.ftz.f(float) #1
declare float @llvm.nvvm.sqrt.rn.f(float) #1
declare float @llvm.nvvm.sqrt.approx.f(float) #1
declare float @llvm.nvvm.ex2.approx.ftz.f(float) #1

attributes #0 = { alwaysinline nounwind }
attributes #1 = { nounwind readnone }
