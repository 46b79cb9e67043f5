; LLVM: Callsite was not defined with variable arguments!
; llvm.experimental.stackmap is variadic: a declaration without '...' does not match it.
declare void @llvm.experimental.stackmap(i64, i32)

define void @f() {
  call void @llvm.experimental.stackmap(i64 0, i32 12)
  ret void
}
