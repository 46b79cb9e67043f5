; LLVM: atomicrmw cannot be unordered
define void @f(i32* %p) {
  %x = atomicrmw xchg i32* %p, i32 1 unordered
  ret void
}
