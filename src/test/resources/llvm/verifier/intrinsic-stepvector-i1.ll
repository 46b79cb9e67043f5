; LLVM: experimental_stepvector only supported for vectors of integers with a bitwidth of at least 8.
define <vscale x 16 x i1> @f() {
  %r = call <vscale x 16 x i1> @llvm.experimental.stepvector.nxv16i1()
  ret <vscale x 16 x i1> %r
}
declare <vscale x 16 x i1> @llvm.experimental.stepvector.nxv16i1()
