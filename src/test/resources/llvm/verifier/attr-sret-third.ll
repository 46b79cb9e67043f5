; LLVM: Attribute 'sret' is not on first or second parameter!
define void @f(i32 %a, i32 %b, i32* sret(i32) %c) { ret void }
