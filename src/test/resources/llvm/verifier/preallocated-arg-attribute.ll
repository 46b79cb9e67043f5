; LLVM: llvm.call.preallocated.arg must be called with a "preallocated" call site attribute
declare token @llvm.call.preallocated.setup(i32)
declare i8* @llvm.call.preallocated.arg(token, i32)
declare void @foo(i32* preallocated(i32))

define void @f() {
  %cs = call token @llvm.call.preallocated.setup(i32 1)
  %x = call i8* @llvm.call.preallocated.arg(token %cs, i32 0)
  %y = bitcast i8* %x to i32*
  call void @foo(i32* preallocated(i32) %y) ["preallocated"(token %cs)]
  ret void
}
