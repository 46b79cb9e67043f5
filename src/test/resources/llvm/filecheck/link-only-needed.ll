; --only-needed links what the module uses, transitively, and nothing else.
; RUN: nvlower link --only-needed %s %S/Inputs/library.ll | FileCheck %s

declare float @square_plus_one(float)

define float @kernel(float %x) {
  %r = call float @square_plus_one(float %x)
  ret float %r
}

; CHECK: define float @square_plus_one(float %x)
; CHECK: call float @square(float %x)
; CHECK: define internal float @square(float %y)
; CHECK-NOT: {{^}}define {{.*}}@unused
