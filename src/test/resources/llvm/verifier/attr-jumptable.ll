; LLVM: Attribute 'jumptable' requires 'unnamed_addr'
define i32 @f() jumptable {
  ret i32 0
}
