; LLVM: immarg operand has non-immediate parameter
declare void @llvm.memcpy.p0i8.p0i8.i64(i8*, i8*, i64, i1)
define void @f(i8* %a, i8* %b, i1 %c) {
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* %a, i8* %b, i64 4, i1 %c)
  ret void
}
