; LLVM: DICompileUnit not listed in llvm.dbg.cu
; A compile unit kept by other named metadata must be listed in !llvm.dbg.cu.
!named = !{!1}
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(file: !2, language: DW_LANG_C99)
!2 = !DIFile(filename: "a.c", directory: "/")
