; LLVM: Multiple deopt operand bundles
declare void @g()

define void @f() {
  call void @g() [ "deopt"(i32 1), "deopt"(i32 2) ]
  ret void
}
