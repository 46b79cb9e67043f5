; LLVM: Intrinsic has incorrect argument type!
declare i64 @llvm.ctpop.i32(i32)
define i64 @f(i32 %a) {
  %r = call i64 @llvm.ctpop.i32(i32 %a)
  ret i64 %r
}
