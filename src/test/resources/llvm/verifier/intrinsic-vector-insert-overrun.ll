; LLVM: subvector operand of experimental_vector_insert would overrun the vector being inserted into.
define <vscale x 8 x i32> @f(<vscale x 8 x i32> %v, <vscale x 3 x i32> %s) {
  %r = call <vscale x 8 x i32> @llvm.experimental.vector.insert.nxv8i32.nxv3i32(<vscale x 8 x i32> %v, <vscale x 3 x i32> %s, i64 6)
  ret <vscale x 8 x i32> %r
}
declare <vscale x 8 x i32> @llvm.experimental.vector.insert.nxv8i32.nxv3i32(<vscale x 8 x i32>, <vscale x 3 x i32>, i64)
