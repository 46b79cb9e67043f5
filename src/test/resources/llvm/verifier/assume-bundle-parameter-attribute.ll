; LLVM: this attribute should have one argument
declare void @llvm.assume(i1)

define void @f(i32* %p, i32 %n) {
  call void @llvm.assume(i1 true) ["nocapture"()]
  ret void
}
