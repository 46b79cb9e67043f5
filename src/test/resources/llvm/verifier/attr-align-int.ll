; LLVM: Attribute 'align 4' applied to incompatible type!
define void @f(i32 align 4 %a) { ret void }
