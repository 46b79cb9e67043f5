; LLVM: 'allocsize' element size argument is out of bounds
declare i8* @a(i32) allocsize(1)
