; LLVM: Block containing LandingPadInst must be jumped to only by the unwind edge of an invoke.
declare i32 @__gxx_personality_v0(...)
define void @f(i1 %c) personality i32 (...)* @__gxx_personality_v0 {
  br i1 %c, label %lp, label %ok
ok:
  ret void
lp:
  %l = landingpad { i8*, i32 } cleanup
  resume { i8*, i32 } %l
}
