; VALID
declare i8 @llvm.experimental.deoptimize.i8(...)
declare void @llvm.experimental.guard(i1, ...)

define i8 @f(i1 %c) {
  call void (i1, ...) @llvm.experimental.guard(i1 %c, i32 1) [ "deopt"(i32 2) ]
  %v = call i8 (...) @llvm.experimental.deoptimize.i8(i32 0, float 1.0) [ "deopt"(i32 3) ]
  ret i8 %v
}
