; LLVM: multiple calls to llvm.localescape in one function
declare void @llvm.localescape(...)
define void @f() {
  %a = alloca i8
  call void (...) @llvm.localescape(i8* %a)
  call void (...) @llvm.localescape(i8* %a)
  ret void
}
