; LLVM: Intrinsic has incorrect argument type!
define <vscale x 4 x i32> @f(<vscale x 4 x i32>* %p, <4 x i1> %mask, <vscale x 4 x i32> %dst) {
  %r = call <vscale x 4 x i32> @llvm.masked.load.nxv4i32.p0nxv4i32(<vscale x 4 x i32>* %p, i32 4, <4 x i1> %mask, <vscale x 4 x i32> %dst)
  ret <vscale x 4 x i32> %r
}
declare <vscale x 4 x i32> @llvm.masked.load.nxv4i32.p0nxv4i32(<vscale x 4 x i32>*, i32, <4 x i1>, <vscale x 4 x i32>)
