; LLVM: SemanticInterposition metadata requires constant integer argument
!llvm.module.flags = !{!0}
!0 = !{i32 1, !"SemanticInterposition", float 1.0}
