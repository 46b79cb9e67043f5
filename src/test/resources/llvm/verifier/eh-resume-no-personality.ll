; LLVM: ResumeInst needs to be in a function with a personality.
define void @f() {
  resume { i8*, i32 } undef
}
