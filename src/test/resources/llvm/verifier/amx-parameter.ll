; LLVM: Function takes x86_amx but isn't an intrinsic
declare void @f(x86_amx)
