; Fuzz regression (differential run vs llvm-as, input #801, minimized): a uselistorder directive
; as the last line of a function body is valid IR; nvlower said "expected instruction opcode".
define i32 @f(i32 %a, i32 %b) {
  %x = add i32 %a, %b
  %y = mul i32 %x, %a
  %z = sub i32 %x, %y
  ret i32 %z
  uselistorder i32 %x, { 1, 0 }
}
