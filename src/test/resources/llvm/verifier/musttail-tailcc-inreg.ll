; LLVM: inreg attribute not allowed in tailcc musttail caller
declare tailcc void @callee()

define tailcc void @caller(i8* inreg %p) {
  musttail call tailcc void @callee()
  ret void
}
