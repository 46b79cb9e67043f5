; LLVM: invalid use of function-local name
define void @f(i32 %v) {
  ret void, !foo !{i32 %v}
}
