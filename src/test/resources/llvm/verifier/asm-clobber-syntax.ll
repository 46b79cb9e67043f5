; LLVM: invalid type for inline asm constraint string
define void @f() {
  call void asm sideeffect "mov x0, #42", "~{x0},~x{21}"()
  ret void
}
