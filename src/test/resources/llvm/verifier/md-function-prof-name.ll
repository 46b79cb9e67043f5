; LLVM: expected string with name of the !prof annotation
define void @f() !prof !0 {
  ret void
}
!0 = !{i32 1, i32 2}
