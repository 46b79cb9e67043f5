; LLVM: Alias must point to a definition
declare void @f()
@a = alias void (), void ()* @f
