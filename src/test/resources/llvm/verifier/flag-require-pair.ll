; LLVM: invalid value for 'require' module flag (expected metadata pair)
!llvm.module.flags = !{!0}
!0 = !{i32 3, !"a", i32 1}
