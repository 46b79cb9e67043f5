; LLVM: Attribute 'noalias' applied to incompatible type!
define void @f(i32 noalias %x) { ret void }
