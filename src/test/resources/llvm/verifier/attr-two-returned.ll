; LLVM: More than one parameter has attribute returned!
define i32 @f(i32 returned %a, i32 returned %b) { ret i32 %a }
