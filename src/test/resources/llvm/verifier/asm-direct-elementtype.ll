; LLVM: Elementtype attribute can only be applied for indirect constraints
define void @f(i32* %p, i32* %x) {
  call void asm "addl $1, $0", "=*rm,r"(i32* elementtype(i32) %p, i32* elementtype(i32) %x)
  ret void
}
