; LLVM: fence cannot be monotonic
define void @f() {
  fence monotonic
  ret void
}
