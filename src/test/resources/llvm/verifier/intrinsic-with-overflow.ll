; VALID
declare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32)
declare i32 @llvm.ctlz.i32(i32, i1)
declare void @llvm.nvvm.barrier0()
declare <2 x float> @llvm.fabs.v2f32(<2 x float>)
define i32 @f(i32 %a, <2 x float> %v) {
  %r = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %a, i32 %a)
  %c = call i32 @llvm.ctlz.i32(i32 %a, i1 false)
  call void @llvm.nvvm.barrier0()
  %w = call <2 x float> @llvm.fabs.v2f32(<2 x float> %v)
  ret i32 %c
}
