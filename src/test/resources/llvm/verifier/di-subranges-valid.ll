; VALID
; Subranges with a count or an upper bound, bounds as constants, variables or expressions; an
; array type with dataLocation and rank.
!named = !{!0, !1, !2, !3, !6}
!0 = !DISubrange(count: 10, lowerBound: 1)
!1 = !DISubrange(lowerBound: !DIExpression(DW_OP_constu, 1), upperBound: !5, stride: 4)
!2 = !DIGenericSubrange(upperBound: !DIExpression(DW_OP_constu, 8), lowerBound: !DIExpression(DW_OP_constu, 0), stride: !DIExpression(DW_OP_constu, 4))
!3 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 320, elements: !{!0}, dataLocation: !DIExpression(DW_OP_push_object_address, DW_OP_deref), rank: !DIExpression(DW_OP_constu, 1))
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = !DILocalVariable(name: "n", scope: !7, type: !4)
!6 = !DISubrange(count: !5)
!7 = distinct !DISubprogram(name: "f", unit: !8, spFlags: DISPFlagDefinition)
!8 = distinct !DICompileUnit(language: DW_LANG_Fortran90, file: !9)
!9 = !DIFile(filename: "a.f90", directory: "/")
!llvm.dbg.cu = !{!8}
!llvm.module.flags = !{!10}
!10 = !{i32 2, !"Debug Info Version", i32 3}
