; LLVM: the third field of the element type is mandatory
@llvm.global_ctors = appending global [1 x { i32, void ()* }] [{ i32, void ()* } { i32 65535, void ()* null }]
