; LLVM: Cannot have multiple 'sret' parameters!
define void @f(i32* sret(i32) %a, i32* sret(i32) %b) { ret void }
