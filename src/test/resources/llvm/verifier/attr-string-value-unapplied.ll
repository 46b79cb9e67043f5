; VALID
; String attribute values are checked where they apply (a function, a call site), as LLVM's Verifier
; does: a group nothing uses, or only a global variable, may hold any value (llvm-as 14 and 19 accept
; this; bench/ir-pass-fuzz found valid mutants of this kind that the IrVerifier rejected).
@g = global i32 0 #1

define void @f() #0 {
  ret void
}

attributes #0 = { "frame-pointer"="all" "unsafe-fp-math"="false" }
attributes #1 = { "less-precise-fpmad"="x" }
attributes #2 = { "no-nans-fp-math"="falsefalse" "frame-pointer"="a9l" }
