; LLVM: gc.statepoint too many arguments
; Live pointers go in a "gc-live" bundle: nothing may follow the two zero counts.
declare void @callee()
declare token @llvm.experimental.gc.statepoint.p0f_isVoidf(i64, i32, void ()*, i32, i32, ...)

define void @f(i8 addrspace(1)* %p) gc "statepoint-example" {
  %t = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 0, i32 0, void ()* @callee, i32 0, i32 0, i32 0, i32 0, i8 addrspace(1)* %p)
  ret void
}
