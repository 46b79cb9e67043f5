; LLVM: operands must be strings
define void @f() {
  ret void, !annotation !0
}

!0 = !{i32 1}
