; LLVM: wrong initalizer for intrinsic global variable
@llvm.used = appending global [0 x i8*] zeroinitializer, section "llvm.metadata"
