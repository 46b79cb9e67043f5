; LLVM: Attributes 'byval', 'inalloca', 'preallocated', 'inreg', 'nest', 'byref', and 'sret' are incompatible!
define void @f(i32* inreg nest %x) { ret void }
