; VALID
!llvm.module.flags = !{!0, !1, !2, !3, !4}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"PIC Level", i32 2}
!2 = !{i32 5, !"list", !5}
!3 = !{i32 3, !"req", !{!"wchar_size", i32 4}}
!4 = !{i64 2, !"Dwarf Version", i32 4}
!5 = !{!"x"}
