; LLVM: The unwind destination does not have an exception handling instruction!
declare i32 @__gxx_personality_v0(...)
declare void @g()
define void @f() personality i32 (...)* @__gxx_personality_v0 {
  invoke void @g() to label %ok unwind label %ok
ok:
  ret void
}
