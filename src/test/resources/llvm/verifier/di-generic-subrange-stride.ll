; LLVM: GenericSubrange must contain stride
!named = !{!0}
!0 = !DIGenericSubrange(count: !DIExpression(DW_OP_constu, 4), lowerBound: !DIExpression(DW_OP_constu, 0))
