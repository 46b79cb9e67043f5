; LLVM: LandingPadInst needs at least one clause or to be a cleanup.
declare i32 @__gxx_personality_v0(...)
declare void @g()
define void @f() personality i32 (...)* @__gxx_personality_v0 {
  invoke void @g() to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { i8*, i32 }
  resume { i8*, i32 } %l
}
