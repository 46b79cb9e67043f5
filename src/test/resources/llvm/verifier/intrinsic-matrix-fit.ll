; LLVM: Result of a matrix operation does not fit in the returned vector!
define <4 x float> @f(<4 x float> %m) {
  %r = call <4 x float> @llvm.matrix.multiply.v4f32.v4f32.v4f32(<4 x float> %m, <4 x float> %m, i32 2, i32 2, i32 1)
  ret <4 x float> %r
}
declare <4 x float> @llvm.matrix.multiply.v4f32.v4f32.v4f32(<4 x float>, <4 x float>, i32, i32, i32)
