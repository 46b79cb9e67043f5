; LLVM: cmpxchg operand must have integer or pointer type
define void @f(float* %p) {
  %x = cmpxchg float* %p, float 0.0, float 1.0 seq_cst seq_cst
  ret void
}
