; LLVM: invalid value for 'unsafe-fp-math' attribute: fals
; Applied through a call site's attribute group (see attr-string-value-unapplied.ll for a group nothing applies).
declare void @g()

define void @f() {
  call void @g() #0
  ret void
}

attributes #0 = { "unsafe-fp-math"="fals" }
