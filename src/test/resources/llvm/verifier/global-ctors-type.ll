; LLVM: wrong type for intrinsic global variable
@llvm.global_ctors = appending global [1 x { i32, void ()*, i8 }] [{ i32, void ()*, i8 } { i32 65535, void ()* null, i8 0 }]
