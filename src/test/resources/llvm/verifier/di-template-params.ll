; LLVM: invalid template parameter
!named = !{!2}
!0 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!1 = !{!0}
!2 = !DICompositeType(tag: DW_TAG_structure_type, name: "S", size: 32, templateParams: !1)
