; RUN: nvlower reflect %s
; Written from NVVMReflect's specification (seed 4; LLVM's NVVMReflect pass): a call
; __nvvm_reflect("__CUDA_FTZ") becomes the -ftz option's value, 0 by default; the compare and
; the branch it decides fold, and the block no longer reached is deleted (nvlower also merges
; the block left with one predecessor into it, as LLVM's simplifycfg would: reviewed, the same
; function). Patterns start at {{^}}: nvlower keeps comments, so these lines are in the output too.
target triple = "nvptx64-nvidia-cuda"

@.str = private unnamed_addr constant [11 x i8] c"__CUDA_FTZ\00"

declare i32 @__nvvm_reflect(i8*)

define float @f(float %x) {
entry:
  %r = call i32 @__nvvm_reflect(i8* getelementptr inbounds ([11 x i8], [11 x i8]* @.str, i64 0, i64 0))
  %ftz = icmp ne i32 %r, 0
  br i1 %ftz, label %flush, label %keep
flush:
  %a = fmul float %x, 2.0
  ret float %a
keep:
  %b = fadd float %x, 1.0
  ret float %b
}

; CHECK-LABEL: {{^}}define float @f(float %x)
; CHECK-NEXT: {{^}}entry:
; CHECK-NOT: {{^ *%(r|ftz|a) = }}
; CHECK-NOT: {{^ *[^;]*}}__nvvm_reflect(
; CHECK: {{^ *}}%b = fadd float %x, 1.0
; CHECK-NEXT: {{^ *}}ret float %b
; CHECK-NEXT: {{^}}}
