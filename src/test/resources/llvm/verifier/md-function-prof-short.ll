; LLVM: !prof annotations should have no less than 2 operands
define void @f() !prof !0 {
  ret void
}
!0 = !{}
