; LLVM: Cannot allocate unsized type
%rt = type { i32, { i8, %rt, i8 }, i32 }
define void @f() {
  %a = alloca %rt
  ret void
}
