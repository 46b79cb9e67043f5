; LLVM: Funclet bundle operands should correspond to a FuncletPadInst
declare void @g()

define void @f() {
  call void @g() [ "funclet"(token none) ]
  ret void
}
