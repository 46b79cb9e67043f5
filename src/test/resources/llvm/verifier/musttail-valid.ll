; VALID
declare void @g(...)
declare i8* @h(i32*)
define void @f(...) {
  musttail call void (...) @g(...)
  ret void
}
define i8* @k(i8* %p) {
  %q = bitcast i8* %p to i32*
  %r = musttail call i8* @h(i32* %q)
  ret i8* %r
}
