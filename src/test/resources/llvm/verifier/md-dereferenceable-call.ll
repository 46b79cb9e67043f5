; LLVM: dereferenceable, dereferenceable_or_null apply only to load and inttoptr instructions
declare i8* @g()
define void @f() {
  %p = call i8* @g(), !dereferenceable !0
  ret void
}
!0 = !{i64 2}
