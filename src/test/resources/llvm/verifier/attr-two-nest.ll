; LLVM: More than one parameter has attribute nest!
define void @f(i32* nest %a, i32* nest %b) { ret void }
