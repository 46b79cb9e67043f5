; LLVM: this attribute does not apply to parameters
define void @f(i32 nounwind %x) { ret void }
