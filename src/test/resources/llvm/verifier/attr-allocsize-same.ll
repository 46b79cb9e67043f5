; LLVM: 'allocsize' indices can't refer to the same parameter
declare i8* @a(i32, i32) allocsize(0, 0)
