; LLVM: Attribute 'sret(i32)' applied to incompatible type!
define void @f(i32 sret(i32) %x) { ret void }
