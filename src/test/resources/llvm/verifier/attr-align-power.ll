; LLVM: alignment is not a power of two
declare void @g(i8*)

define void @f(i8* %p) {
  call void @g(i8* align 3 %p)
  ret void
}
