; LLVM: calls to experimental_deoptimize must be followed by a return
declare void @llvm.experimental.deoptimize.isVoid(...)
declare void @other()

define void @f() {
  call void (...) @llvm.experimental.deoptimize.isVoid(i32 0) [ "deopt"() ]
  call void @other()
  ret void
}
