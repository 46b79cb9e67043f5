; LLVM: Invalid user of intrinsic instruction!
declare i32 @llvm.umax.i32(i32, i32)
@p = global i32 (i32, i32)* @llvm.umax.i32
