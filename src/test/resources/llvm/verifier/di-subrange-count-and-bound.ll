; LLVM: Subrange can have any one of count or upperBound
!named = !{!0}
!0 = !DISubrange(count: 10, upperBound: 9)
