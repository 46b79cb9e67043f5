; LLVM: immarg operand has non-immediate parameter
declare void @llvm.lifetime.start.p0i8(i64, i8* nocapture)
define void @f(i64 %n) {
  %a = alloca i8
  call void @llvm.lifetime.start.p0i8(i64 %n, i8* %a)
  ret void
}
