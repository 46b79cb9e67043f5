; LLVM: invalid value for 'append'-type module flag (expected a metadata node)
!llvm.module.flags = !{!0}
!0 = !{i32 5, !"a", i32 1}
