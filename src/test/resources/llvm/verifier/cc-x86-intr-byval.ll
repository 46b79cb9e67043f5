; LLVM: Calling convention parameter requires byval
declare x86_intrcc void @f(i32*)
