; LLVM: atomicrmw add operand must be an integer
define void @f(float* %p) {
  %x = atomicrmw add float* %p, float 1.0 seq_cst
  ret void
}
