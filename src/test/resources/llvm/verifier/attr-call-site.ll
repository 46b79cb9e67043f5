; LLVM: Attribute 'noalias' applied to incompatible type!
declare void @g(i32)
define void @f(i32 %x) {
  call void @g(i32 noalias %x)
  ret void
}
