; LLVM: Expected ordering on atomic instruction
define void @f(i32* %p) {
  %x = cmpxchg i32* %p, i32 0, i32 1 monotonic
  ret void
}
