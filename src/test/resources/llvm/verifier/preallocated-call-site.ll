; LLVM: preallocated as a call site attribute can only be on llvm.call.preallocated.arg
declare void @bar()

define void @f() {
  call void @bar() preallocated(i32)
  ret void
}
