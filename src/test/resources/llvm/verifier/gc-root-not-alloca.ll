; LLVM: llvm.gcroot parameter #1 must be an alloca.
declare void @llvm.gcroot(i8**, i8*)
define void @f(i8** %p) gc "shadow-stack" {
  call void @llvm.gcroot(i8** %p, i8* null)
  ret void
}
