; LLVM: Operand for indirect constraint must have elementtype attribute
define void @f(i32* %p, i32 %x) {
  call void asm "addl $1, $0", "=*rm,r"(i32* %p, i32 %x)
  ret void
}
