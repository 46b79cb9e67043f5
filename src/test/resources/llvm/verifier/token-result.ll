; LLVM: Function returns a token but isn't an intrinsic
define token @f() {
  ret token none
}
