; LLVM: Incompatible argument and return types for 'returned' attribute
define void @f(i32 returned %a) { ret void }
