; LLVM: atomic store cannot use Acquire ordering
define void @f(i32* %p) {
  store atomic i32 0, i32* %p acquire, align 4
  ret void
}
