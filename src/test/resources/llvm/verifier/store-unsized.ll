; LLVM: storing unsized types is not allowed
; A struct holding a scalable vector has no size.
define void @f({ i32, <vscale x 2 x i32> }* %p, { i32, <vscale x 2 x i32> } %v) {
  store { i32, <vscale x 2 x i32> } %v, { i32, <vscale x 2 x i32> }* %p
  ret void
}
