; LLVM: gc.statepoint mismatch in number of call args
declare void @callee(i32)
declare token @llvm.experimental.gc.statepoint.p0f_isVoidi32f(i64, i32, void (i32)*, i32, i32, ...)

define void @f() gc "statepoint-example" {
  %t = call token (i64, i32, void (i32)*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidi32f(i64 0, i32 0, void (i32)* @callee, i32 2, i32 0, i32 1, i32 2, i32 0, i32 0)
  ret void
}
