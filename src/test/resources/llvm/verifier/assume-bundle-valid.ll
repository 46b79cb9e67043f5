; VALID
declare void @llvm.assume(i1)

define void @f(i32* %p, i32 %n) {
  call void @llvm.assume(i1 true) ["align"(i32* %p, i32 16), "align"(i32* %p, i64 32, i32 %n), "nonnull"(i32* %p), "dereferenceable"(i32* %p, i64 8), "cold"(), "ignore"(i32* %p, i32 %n), "nocapture"(i32* %p)]
  ret void
}
