; VALID
; @g has 6 uses at the directive (LLVM 14; LLVM 19 folds the bitcasts and counts 8)
@g = global i32 0
@a = alias i32, i32* @g
@pair = global [2 x i32*] [i32* @g, i32* @g]
@p1 = global i8* bitcast (i32* @g to i8*)
@p2 = global i8* bitcast (i32* @g to i8*)

define i32* @f() {
  %x = load i32, i32* @g, !md !0
  store i8* bitcast (i32* @g to i8*), i8** null
  ret i32* @g
}

uselistorder i32* @g, { 5, 4, 3, 2, 1, 0 }

define void @later() {
  store i32 1, i32* @g
  ret void
}
!0 = !{i32* @g}
