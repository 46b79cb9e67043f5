; LLVM: invalid behavior operand in module flag (unexpected constant)
!llvm.module.flags = !{!0}
!0 = !{i32 9, !"a", i32 1}
