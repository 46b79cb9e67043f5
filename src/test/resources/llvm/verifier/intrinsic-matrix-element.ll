; LLVM: Vector element type mismatch of the result and second operand vector!
define <4 x float> @f(<4 x float> %a, <4 x i32> %b) {
  %r = call <4 x float> @llvm.matrix.multiply.v4f32.v4f32.v4i32(<4 x float> %a, <4 x i32> %b, i32 2, i32 2, i32 2)
  ret <4 x float> %r
}
declare <4 x float> @llvm.matrix.multiply.v4f32.v4f32.v4i32(<4 x float>, <4 x i32>, i32, i32, i32)
