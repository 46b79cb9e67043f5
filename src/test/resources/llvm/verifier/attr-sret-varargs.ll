; LLVM: Attribute 'sret' cannot be used for vararg call arguments!
declare void @g(i32, ...)

define void @f(i32* %p) {
  call void (i32, ...) @g(i32 0, i32* sret(i32) %p)
  ret void
}
