; VALID (an instruction may use itself in unreachable code, as in LLVM's Assembler/2004-02-27-SelfUseAssertError.ll)
define i32 @f() {
entry:
  ret i32 0
dead:
  %x = add i32 %x, 1
  br label %dead
}
