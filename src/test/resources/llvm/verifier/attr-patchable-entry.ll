; LLVM: "patchable-function-entry" takes an unsigned integer: 3,
define void @f() "patchable-function-entry"="3," {
  ret void
}
