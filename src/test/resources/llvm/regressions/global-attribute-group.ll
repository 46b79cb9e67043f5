; Fuzz regression (differential run vs llvm-as, input #328, minimized): an attribute group
; reference on a global variable; nvlower said "expected ',' or end of line".
@g = global i32 0 #0
@h = global i32 0, align 4 #0

attributes #0 = { "bss-section"="b" }
