; VALID (LLVM 14 upgrades the old memcpy with an i32 alignment argument)
declare void @llvm.memcpy.p0i8.p0i8.i32(i8*, i8*, i32, i32, i1)
define void @f(i8* %a, i8* %b, i32 %n) {
  call void @llvm.memcpy.p0i8.p0i8.i32(i8* %a, i8* %b, i32 %n, i32 4, i1 false)
  ret void
}
