; LLVM: Enclosing function does not use GC.
declare void @llvm.gcwrite(i8*, i8*, i8**)
define void @f(i8* %o, i8** %p) {
  call void @llvm.gcwrite(i8* null, i8* %o, i8** %p)
  ret void
}
