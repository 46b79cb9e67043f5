; LLVM: cannot guarantee tail call due to mismatched ABI impacting function attributes
declare i32 @g(i32 inreg)
define i32 @f(i32 %x) {
  %r = musttail call i32 @g(i32 inreg %x)
  ret i32 %r
}
