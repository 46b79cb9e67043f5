; VALID
; A boolean string attribute without a value is allowed (the empty value), as llvm-as 14 and 19 say.
define void @f() #0 {
  ret void
}

attributes #0 = { "less-precise-fpmad" "no-nans-fp-math" "unsafe-fp-math"="true" }
