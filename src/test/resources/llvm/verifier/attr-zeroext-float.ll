; LLVM: Attribute 'zeroext' applied to incompatible type!
define void @f(float zeroext %x) { ret void }
