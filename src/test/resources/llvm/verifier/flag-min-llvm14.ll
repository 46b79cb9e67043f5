; LLVM: invalid behavior operand in module flag (unexpected constant)
!llvm.module.flags = !{!0}
!0 = !{i32 8, !"a", i32 1}
