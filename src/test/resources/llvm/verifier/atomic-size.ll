; LLVM: atomic memory access' operand must have a power-of-two size
define void @f(i24* %p) {
  %x = load atomic i24, i24* %p seq_cst, align 4
  ret void
}
