; VALID
%S = type { i32, [4 x <2 x double>] }

define double* @f(%S* %s, i64 %i) {
  %p = getelementptr %S, %S* %s, i64 %i, i32 1, i64 %i, i32 1
  ret double* %p
}

define <2 x i32*> @g(<2 x %S*> %v) {
  %q = getelementptr %S, <2 x %S*> %v, <2 x i64> zeroinitializer, <2 x i32> zeroinitializer
  ret <2 x i32*> %q
}
