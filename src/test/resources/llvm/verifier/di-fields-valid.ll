; VALID
; LLParser's debug-info field rules at their edges: largest line/align/tag, count -1,
; a uniqued subprogram that is a declaration, null where it is allowed.
!named = !{!0, !1, !2, !3, !4, !5, !6, !7}
!0 = !DISubprogram(name: "f", isDefinition: false)
!1 = !DIDerivedType(tag: DW_TAG_typedef, name: "t", line: 4294967295, baseType: !2)
!2 = !DIBasicType(name: "x", align: 4294967295)
!3 = !GenericDINode(tag: 65535)
!4 = !DISubrange(count: -1, lowerBound: -9223372036854775808)
!5 = !DISubprogram(name: "g", spFlags: DISPFlagOptimized)
!6 = !DINamespace(scope: null)
!7 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null)
