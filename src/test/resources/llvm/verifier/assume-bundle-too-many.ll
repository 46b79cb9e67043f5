; LLVM: too many arguments
declare void @llvm.assume(i1)

define void @f(i32* %p, i32 %n) {
  call void @llvm.assume(i1 true) ["nonnull"(i32* %p, i32 1, i32 2)]
  ret void
}
