; LLVM: atomic load must have explicit non-zero alignment
define void @f(i32* %p) {
  %x = load atomic i32, i32* %p seq_cst
  ret void
}
