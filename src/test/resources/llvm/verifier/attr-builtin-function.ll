; LLVM: 'builtin' attribute not valid on function
; NVLOWER: Attribute 'builtin' can only be applied to a callsite.
declare i8* @f(i8*) builtin
