; LLVM: invalid value for 'frame-pointer' attribute:
; A string attribute written without a value has the empty value: not one of frame-pointer's.
; (Once an NPE in IrVerifier.checkAttributeValues.)
define void @f() #0 {
  ret void
}

attributes #0 = { "frame-pointer" }
