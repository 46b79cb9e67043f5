; Fuzz regression (differential run vs llvm-as, input #100095, minimized by hand): top-level
; entities need no line break between them; nvlower said "expected ',' or end of line".
@w = global i32 0 define void @f() { ret void } @v = global i32 1
@u = global i32 2 declare void @g() attributes #0 = { nounwind } !0 = !{} !n = !{!0}
