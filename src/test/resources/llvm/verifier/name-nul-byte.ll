; LLVM: expected instruction opcode
; NVLOWER: Null bytes are not allowed in names
define void @f() {
  %"a\00b" = add i32 0, 1
  ret void
}
