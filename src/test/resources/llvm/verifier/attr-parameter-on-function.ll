; LLVM: this attribute does not apply to functions
define void @f(i32 noundef %x) noundef { ret void }
