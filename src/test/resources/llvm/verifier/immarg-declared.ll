; LLVM: immarg operand has non-immediate parameter
declare void @llvm.memset.p0i8.i64(i8*, i8, i64, i1 immarg)
define void @f(i8* %a, i1 %v) {
  call void @llvm.memset.p0i8.i64(i8* %a, i8 0, i64 4, i1 %v)
  ret void
}
