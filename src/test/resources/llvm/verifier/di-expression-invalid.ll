; LLVM: invalid expression
; DW_OP_LLVM_fragment must come last.
!named = !{!0}
!0 = !DIExpression(DW_OP_LLVM_fragment, 0, 8, DW_OP_deref)
