; VALID
; The valid side of the global, attribute, token and attachment rules.
$c = comdat any
@c = global i32 0, comdat
@v = global i32 0
@a = alias i32, i32* @v
@b = alias i8, bitcast (i32* @a to i8*)
@i = ifunc i32 (i32), i32 (i32)* ()* @r
@llvm.used = appending global [1 x i8*] [i8* bitcast (i32* @v to i8*)], section "llvm.metadata"
@llvm.global_ctors = appending global [1 x { i32, void ()*, i8* }] [{ i32, void ()*, i8* } { i32 65535, void ()* @init, i8* null }]
define internal i32 (i32)* @r() {
  ret i32 (i32)* null
}
define void @init() unnamed_addr jumptable !prof !2 {
  ret void
}
declare i8* @alloc(i32, i64) allocsize(0, 1)
declare i8* @strdup(i8*)
declare token @llvm.experimental.gc.statepoint.p0f_isVoidf(i64, i32, void ()*, i32, i32, ...)
define float @g(float %x, i64 %n, i8* %s) {
  %y = fadd float %x, %x, !fpmath !0
  %p = inttoptr i64 %n to i8*, !dereferenceable !1
  %q = call i8* @strdup(i8* %s) builtin
  ret float %y
}
!llvm.ident = !{!3}
!0 = !{float 2.5}
!1 = !{i64 8}
!2 = !{!"function_entry_count", i64 10}
!3 = !{!"clang version 14"}
