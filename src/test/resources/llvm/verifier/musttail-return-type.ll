; LLVM: cannot guarantee tail call due to mismatched return types
declare i64 @g(i32)
define i32 @f(i32 %x) {
  %r = musttail call i64 @g(i32 %x)
  ret i32 0
}
