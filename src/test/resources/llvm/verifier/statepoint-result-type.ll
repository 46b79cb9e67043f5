; LLVM: gc.result result type does not match wrapped callee
declare i32 @callee()
declare token @llvm.experimental.gc.statepoint.p0f_i32f(i64, i32, i32 ()*, i32, i32, ...)
declare i64 @llvm.experimental.gc.result.i64(token)

define i64 @f() gc "statepoint-example" {
  %t = call token (i64, i32, i32 ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_i32f(i64 0, i32 0, i32 ()* @callee, i32 0, i32 0, i32 0, i32 0)
  %r = call i64 @llvm.experimental.gc.result.i64(token %t)
  ret i64 %r
}
