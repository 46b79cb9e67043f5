; LLVM: Intrinsic was not defined with variable arguments!
declare void @llvm.donothing(...)

define void @f() {
  call void (...) @llvm.donothing(i64 0)
  ret void
}
