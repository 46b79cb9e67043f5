; LLVM: The splice index exceeds the range [-VL, VL-1] where VL is the known minimum number of elements in the vector.
define <vscale x 2 x double> @f(<vscale x 2 x double> %a, <vscale x 2 x double> %b) vscale_range(2,16) {
  %r = call <vscale x 2 x double> @llvm.experimental.vector.splice.nxv2f64(<vscale x 2 x double> %a, <vscale x 2 x double> %b, i32 -5)
  ret <vscale x 2 x double> %r
}
declare <vscale x 2 x double> @llvm.experimental.vector.splice.nxv2f64(<vscale x 2 x double>, <vscale x 2 x double>, i32)
