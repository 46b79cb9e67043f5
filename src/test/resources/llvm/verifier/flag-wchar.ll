; LLVM: wchar_size metadata requires constant integer argument
!llvm.module.flags = !{!0}
!0 = !{i32 1, !"wchar_size", !"x"}
