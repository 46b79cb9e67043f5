; LLVM: Return type cannot be token for indirect call!
define void @f() {
  call token () undef ()
  ret void
}
