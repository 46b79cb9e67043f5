; LLVM: pointer to this type is invalid
@GV = global x86_amx* null
