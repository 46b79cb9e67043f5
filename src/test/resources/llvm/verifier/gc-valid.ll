; VALID
declare void @llvm.gcroot(i8**, i8*)
declare i8* @llvm.gcread(i8*, i8**)
declare void @llvm.localescape(...)
@meta = constant i8 0
define i8* @f(i8* %o) gc "shadow-stack" {
  %r = alloca i8*
  %s = alloca i32
  %e = alloca i8
  call void @llvm.gcroot(i8** %r, i8* null)
  %t = bitcast i32* %s to i8**
  call void @llvm.gcroot(i8** %t, i8* @meta)
  call void (...) @llvm.localescape(i8* %e)
  %v = call i8* @llvm.gcread(i8* %o, i8** %r)
  ret i8* %v
}
