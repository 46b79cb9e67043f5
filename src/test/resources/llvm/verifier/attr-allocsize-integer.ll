; LLVM: 'allocsize' element size argument must refer to an integer parameter
declare i8* @b(i32*) allocsize(0)
