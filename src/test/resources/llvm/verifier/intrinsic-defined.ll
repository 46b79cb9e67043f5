; LLVM: llvm intrinsics cannot be defined!
define void @llvm.foo() {
  ret void
}
