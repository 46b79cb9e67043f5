; LLVM: invalid value for llvm.ident metadata entry operand(the operand should be a string)
!llvm.ident = !{!0}
!0 = !{i32 1}
