; LLVM: this attribute should have 2 arguments
declare void @llvm.assume(i1)

define void @f(i32* %p, i32 %n) {
  call void @llvm.assume(i1 true) ["dereferenceable_or_null"(i32* %p)]
  ret void
}
