; LLVM: invalid ID operand in module flag (expected metadata string)
!llvm.module.flags = !{!0}
!0 = !{i32 1, i32 2, i32 1}
