; LLVM: wrong type for intrinsic global variable
@llvm.used = appending global [1 x i32] [i32 0], section "llvm.metadata"
