; LLVM19: gc.statepoint callee argument must have elementtype attribute
; LLVM 19's rule (opaque pointers carry no pointee; llvm-as 14 -opaque-pointers crashes on this module).
declare void @callee()
declare token @llvm.experimental.gc.statepoint.p0(i64, i32, ptr, i32, i32, ...)

define void @f() gc "statepoint-example" {
  %t = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 0, i32 0, ptr @callee, i32 0, i32 0, i32 0, i32 0)
  ret void
}
