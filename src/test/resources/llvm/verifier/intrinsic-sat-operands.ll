; LLVM: Intrinsic has incorrect argument type!
define <4 x i32> @f(<5 x i32> %x, <4 x i32> %y) {
  %r = call <4 x i32> @llvm.ssub.sat.v4i32(<5 x i32> %x, <4 x i32> %y)
  ret <4 x i32> %r
}
declare <4 x i32> @llvm.ssub.sat.v4i32(<5 x i32>, <4 x i32>)
