; LLVM: this attribute has no argument
declare void @llvm.assume(i1)

define void @f(i32* %p, i32 %n) {
  call void @llvm.assume(i1 true) ["cold"(i32* %p)]
  ret void
}
