; LLVM: llvm.call.preallocated.setup arg size must be equal to number of preallocated arguments at call site
declare token @llvm.call.preallocated.setup(i32)
declare i8* @llvm.call.preallocated.arg(token, i32)
declare void @foo(i32* preallocated(i32))

define void @f() {
  %cs = call token @llvm.call.preallocated.setup(i32 2)
  %x = call i8* @llvm.call.preallocated.arg(token %cs, i32 0) preallocated(i32)
  %y = bitcast i8* %x to i32*
  call void @foo(i32* preallocated(i32) %y) ["preallocated"(token %cs)]
  ret void
}
