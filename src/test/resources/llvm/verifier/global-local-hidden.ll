; LLVM: symbol with local linkage must have default visibility
@x = internal hidden global i32 0
