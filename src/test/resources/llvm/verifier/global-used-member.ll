; LLVM: invalid llvm.used member
@a = global i8 42
@llvm.used = appending global [2 x i8*] [i8* @a, i8* null], section "llvm.metadata"
