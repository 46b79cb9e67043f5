; LLVM: immarg attribute only applies to intrinsics
declare void @g(i32 immarg)
