; Fuzz regression (differential run vs llvm-as, input #183, minimized by hand): string attributes
; written directly in a function header. nvlower said "expected function attribute or '{'" for
; "k"="v" anywhere and for any string attribute in first place.
define void @f() alwaysinline nounwind readonly "key" {
  ret void
}

define void @g() "k" {
  ret void
}

define void @h() nounwind "kv"="1" {
  ret void
}

define void @i() "" "kv"="" "k" {
  ret void
}
