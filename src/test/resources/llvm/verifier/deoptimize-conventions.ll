; LLVM: All llvm.experimental.deoptimize declarations must have the same calling convention
declare i8 @llvm.experimental.deoptimize.i8(...)
declare cc40 void @llvm.experimental.deoptimize.isVoid(...)
