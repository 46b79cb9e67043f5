; NVPTX device code with fp128 and i128 arithmetic: the input of the 128-bit lowering. The edit
; tests replace the fp128 fadd in @add_q by a call to __nv_add_fp128.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@table = internal addrspace(1) global [2 x fp128] [fp128 0xL00000000000000003FFF000000000000, fp128 0xL00000000000000004000000000000000], align 16

define dso_local fp128 @add_q(fp128 %a, fp128 %b) #0 {
entry:
  %sum = fadd fp128 %a, %b
  %twice = fmul fp128 %sum, 0xL00000000000000004000000000000000
  ret fp128 %twice
}

define dso_local i128 @div_i(i128 %a, i128 %b) #0 {
entry:
  %q = sdiv i128 %a, %b
  %r = urem i128 %a, %b
  %s = add i128 %q, %r
  ret i128 %s
}

define dso_local double @untouched(double %x) #0 {
entry:
  %y = fmul contract double %x, %x
  %c = fcmp olt double %y, 1.000000e+00
  br i1 %c, label %small, label %big

small:                                            ; preds = %entry
  ret double %y

big:                                              ; preds = %entry
  %z = call double @llvm.sqrt.f64(double %y)
  ret double %z
}

define void @kernel(fp128 addrspace(1)* %out, i32 %i) #1 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %p = getelementptr inbounds [2 x fp128], [2 x fp128] addrspace(1)* @table, i64 0, i64 %idx
  %v = load fp128, fp128 addrspace(1)* %p, align 16
  %w = call fp128 @add_q(fp128 %v, fp128 %v)
  %slot = getelementptr inbounds fp128, fp128 addrspace(1)* %out, i64 %idx
  store fp128 %w, fp128 addrspace(1)* %slot, align 16
  ret void
}

declare double @llvm.sqrt.f64(double) #2
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

attributes #0 = { convergent noinline nounwind "target-cpu"="sm_80" }
attributes #1 = { convergent nounwind "target-cpu"="sm_80" }
attributes #2 = { nounwind readnone }

!nvvm.annotations = !{!0}
!nvvmir.version = !{!1}

!0 = !{void (fp128 addrspace(1)*, i32)* @kernel, !"kernel", i32 1}
!1 = !{i32 2, i32 0}
