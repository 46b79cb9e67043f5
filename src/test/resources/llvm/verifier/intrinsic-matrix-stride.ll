; LLVM: Stride must be greater or equal than the number of rows!
define void @f(float* %p) {
  call void @llvm.matrix.column.major.store.v4f32.i64(<4 x float> zeroinitializer, float* %p, i64 1, i1 false, i32 2, i32 2)
  ret void
}
declare void @llvm.matrix.column.major.store.v4f32.i64(<4 x float>, float*, i64, i1, i32, i32)
