; LLVM: masked_store: alignment must be a power of 2
declare void @llvm.masked.store.v2f64.p0v2f64(<2 x double>, <2 x double>*, i32, <2 x i1>)

define void @f(<2 x double> %v, <2 x double>* %p, <2 x i1> %m) {
  call void @llvm.masked.store.v2f64.p0v2f64(<2 x double> %v, <2 x double>* %p, i32 3, <2 x i1> %m)
  ret void
}
