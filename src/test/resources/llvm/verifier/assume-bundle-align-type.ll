; LLVM: second argument should be an integer
declare void @llvm.assume(i1)

define void @f(i32* %p, i32 %n) {
  call void @llvm.assume(i1 true) ["align"(i32* %p, i32* %p)]
  ret void
}
