; LLVM: alignment assumptions should have 2 or 3 arguments
declare void @llvm.assume(i1)

define void @f(i32* %p, i32 %n) {
  call void @llvm.assume(i1 true) ["align"(i32* %p, i32 %n, i32 4, i32 4)]
  ret void
}
