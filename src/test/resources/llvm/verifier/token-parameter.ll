; LLVM: Function takes token but isn't an intrinsic
define void @f(token %a) {
  ret void
}
