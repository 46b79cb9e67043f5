; LLVM: invalid getelementptr indices
; A struct index is an i32 constant.
%S = type { i32, double }

define double* @f(%S* %s) {
  %p = getelementptr %S, %S* %s, i32 0, i64 1
  ret double* %p
}
