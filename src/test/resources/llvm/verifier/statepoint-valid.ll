; VALID
; A statepoint with its bundles, relocations (also on an invoke's unwind path) and a gc.result;
; sret on a statepoint's variadic argument is the wrapped callee's parameter.
%struct = type { i64, i64 }

declare i32 @callee(i8 addrspace(1)*)
declare void @fill(%struct* sret(%struct))
declare i32 @personality()
declare token @llvm.experimental.gc.statepoint.p0f_i32p1i8f(i64, i32, i32 (i8 addrspace(1)*)*, i32, i32, ...)
declare token @llvm.experimental.gc.statepoint.p0f_isVoidp0s_structsf(i64, i32, void (%struct*)*, i32, i32, ...)
declare i32 @llvm.experimental.gc.result.i32(token)
declare i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token, i32, i32)

define i8 addrspace(1)* @f(i8 addrspace(1)* %p, i8 addrspace(1)* %q) gc "statepoint-example" personality i32 ()* @personality {
entry:
  %t = call token (i64, i32, i32 (i8 addrspace(1)*)*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_i32p1i8f(i64 0, i32 0, i32 (i8 addrspace(1)*)* @callee, i32 1, i32 0, i8 addrspace(1)* %p, i32 0, i32 0) [ "gc-live"(i8 addrspace(1)* %p, i8 addrspace(1)* %q), "deopt"(i32 7) ]
  %r = call i32 @llvm.experimental.gc.result.i32(token %t)
  %p1 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %t, i32 0, i32 1)
  %u = invoke token (i64, i32, i32 (i8 addrspace(1)*)*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_i32p1i8f(i64 0, i32 0, i32 (i8 addrspace(1)*)* @callee, i32 1, i32 0, i8 addrspace(1)* %p1, i32 0, i32 0) [ "gc-live"(i8 addrspace(1)* %p1) ]
          to label %ok unwind label %bad

ok:
  %p2 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %u, i32 0, i32 0)
  %s = alloca %struct
  %v = call token (i64, i32, void (%struct*)*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidp0s_structsf(i64 0, i32 0, void (%struct*)* @fill, i32 1, i32 0, %struct* sret(%struct) %s, i32 0, i32 0)
  ret i8 addrspace(1)* %p2

bad:
  %lp = landingpad token
          cleanup
  %p3 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %lp, i32 0, i32 0)
  ret i8 addrspace(1)* %p3
}
