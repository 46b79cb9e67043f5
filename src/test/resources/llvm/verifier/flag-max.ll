; LLVM: invalid value for 'max' module flag (expected constant integer)
!llvm.module.flags = !{!0}
!0 = !{i32 7, !"a", !"x"}
