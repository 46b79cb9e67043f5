; LLVM: invalid array element type
@GV = global [10 x x86_amx] zeroinitializer, align 16
