; LLVM: atomic load operand must have integer, pointer, or floating point type!
define void @f({i32}* %p) {
  %x = load atomic {i32}, {i32}* %p seq_cst, align 4
  ret void
}
