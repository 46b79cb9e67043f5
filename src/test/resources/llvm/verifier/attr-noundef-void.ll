; LLVM: Attribute 'noundef' applied to incompatible type!
define noundef void @f() {
  ret void
}
