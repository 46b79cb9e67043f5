; The verifier names what a pass broke: a use before its definition and a phi without an entry
; for one of its predecessors.
; RUN: not nvlower verify-ir %s 2>&1 | FileCheck %s

define i32 @f(i1 %c, i32 %x) {
entry:
  %early = add i32 %late, 1
  %late = add i32 %x, 1
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %p = phi i32 [ %x, %a ]
  ret i32 %p
}

; CHECK: error: in function @f: block %entry: instruction does not dominate all uses (%late)
; CHECK: error: in function @f: block %j: PHI node entries do not match predecessors
