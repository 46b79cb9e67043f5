; LLVM: incorrect number of operands in module flag
!llvm.module.flags = !{!0}
!0 = !{i32 1, !"a"}
