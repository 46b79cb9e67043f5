; LLVM: Attributes 'readnone and readonly' are incompatible!
define void @f(i32* readnone readonly %x) { ret void }
