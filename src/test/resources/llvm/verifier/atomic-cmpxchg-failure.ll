; LLVM: invalid cmpxchg failure ordering
define void @f(i32* %p) {
  %x = cmpxchg i32* %p, i32 0, i32 1 acquire release
  ret void
}
