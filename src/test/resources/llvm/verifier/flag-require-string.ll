; LLVM: invalid value for 'require' module flag (first value operand should be a string)
!llvm.module.flags = !{!0}
!0 = !{i32 3, !"a", !{i32 1, i32 1}}
