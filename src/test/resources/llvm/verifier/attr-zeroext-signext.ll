; LLVM: Attributes 'zeroext and signext' are incompatible!
define void @f(i32 zeroext signext %x) { ret void }
