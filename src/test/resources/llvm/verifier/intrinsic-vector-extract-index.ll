; LLVM: experimental_vector_extract index must be a constant multiple of the result type's known minimum vector length.
define <4 x i32> @f(<8 x i32> %v) {
  %r = call <4 x i32> @llvm.experimental.vector.extract.v4i32.v8i32(<8 x i32> %v, i64 1)
  ret <4 x i32> %r
}
declare <4 x i32> @llvm.experimental.vector.extract.v4i32.v8i32(<8 x i32>, i64)
