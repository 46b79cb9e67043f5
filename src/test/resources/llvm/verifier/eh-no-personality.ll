; LLVM: LandingPadInst needs to be in a function with a personality.
declare void @g()
define void @f() {
  invoke void @g() to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { i8*, i32 } cleanup
  resume { i8*, i32 } %l
}
