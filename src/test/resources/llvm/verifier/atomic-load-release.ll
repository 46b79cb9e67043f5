; LLVM: atomic load cannot use Release ordering
define void @f(i32* %p) {
  %x = load atomic i32, i32* %p release, align 4
  ret void
}
