; LLVM: The unwind destination does not have an exception handling instruction!
; NVLOWER: LandingPadInst not the first non-PHI instruction in the block.
declare i32 @__gxx_personality_v0(...)
declare void @g()
define void @f() personality i32 (...)* @__gxx_personality_v0 {
  invoke void @g() to label %ok unwind label %lp
ok:
  ret void
lp:
  %x = add i32 1, 2
  %l = landingpad { i8*, i32 } cleanup
  resume { i8*, i32 } %l
}
