; LLVM: Attributes 'noinline and alwaysinline' are incompatible!
define void @f() alwaysinline noinline { ret void }
