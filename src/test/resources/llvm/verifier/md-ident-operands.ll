; LLVM: incorrect number of operands in llvm.ident metadata
!llvm.ident = !{!0}
!0 = !{!"a", !"b"}
