; LLVM: experimental_guard must have exactly one "deopt" operand bundle
declare void @llvm.experimental.guard(i1, ...)

define void @f(i1 %c) {
  call void (i1, ...) @llvm.experimental.guard(i1 %c, i32 1)
  ret void
}
