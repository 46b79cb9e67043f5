; LLVM: invalid type for alloca
define void @f() {
  %a = alloca x86_amx
  ret void
}
