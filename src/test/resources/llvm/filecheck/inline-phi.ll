; The inliner routes the callee's two returns through a phi in the split-off block.
; RUN: nvlower inline %s | FileCheck %s

define internal i32 @abs(i32 %x) {
entry:
  %neg = icmp slt i32 %x, 0
  br i1 %neg, label %flip, label %keep
flip:
  %m = sub i32 0, %x
  ret i32 %m
keep:
  ret i32 %x
}

define i32 @caller(i32 %v) {
entry:
  %a = call i32 @abs(i32 %v)
  %b = add i32 %a, 1
  ret i32 %b
}

; CHECK-LABEL: define i32 @caller(i32 %v)
; CHECK-NOT: call i32 @abs
; CHECK: br label %entry.i
; CHECK: entry.i:
; CHECK-NEXT: %neg.i = icmp slt i32 %v, 0
; CHECK: flip.i:
; CHECK-NEXT: %m.i = sub i32 0, %v
; CHECK: entry.exit:
; CHECK-NEXT: %a = phi i32 [ %m.i, %flip.i ], [ %v, %keep.i ]
; CHECK-NEXT: %b = add i32 %a, 1
