; LLVM: invalid base type
; Since LLVM 4 a string no longer names a type.
!named = !{!0}
!0 = !DIDerivedType(tag: DW_TAG_pointer_type, size: 64, baseType: !"T")
