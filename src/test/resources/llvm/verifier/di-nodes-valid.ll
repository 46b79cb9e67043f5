; VALID
; Debug-info nodes kept by other named metadata, all well formed.
!named = !{!1, !4, !5, !6, !7}
!llvm.dbg.cu = !{!1}
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(file: !2, language: DW_LANG_C99)
!2 = !DIFile(filename: "a.c", directory: "/")
!3 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!4 = !DIDerivedType(tag: DW_TAG_pointer_type, size: 64, baseType: !3)
!5 = !DICompositeType(tag: DW_TAG_structure_type, name: "S", size: 32, templateParams: !8)
!6 = !DIExpression(DW_OP_plus_uconst, 8, DW_OP_deref, DW_OP_stack_value, DW_OP_LLVM_fragment, 0, 32)
!7 = !DIExpression(DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_stack_value)
!8 = !{!9}
!9 = !DITemplateTypeParameter(name: "T", type: !3)
