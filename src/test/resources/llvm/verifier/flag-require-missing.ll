; LLVM: invalid requirement on flag, flag is not present in module
!llvm.module.flags = !{!0, !1}
!0 = !{i32 3, !"a", !{!"b", i32 1}}
!1 = !{i32 3, !"a", !{!"c", i32 1}}
