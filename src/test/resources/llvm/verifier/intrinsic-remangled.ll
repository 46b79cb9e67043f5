; VALID (LLVM re-mangles a suffix that disagrees with consistent types)
declare double @llvm.fma.f32(double, double, double)
define double @f(double %a) {
  %r = call double @llvm.fma.f32(double %a, double %a, double %a)
  ret double %r
}
