; irfix: words pass one now checks (global and function prefixes, function attributes, metadata
; tuples and references, a personality function), all in places llvm-as 14 accepts them.
@g = internal thread_local(initialexec) unnamed_addr addrspace(1) externally_initialized global i32 0, align 4
@h = dso_local local_unnamed_addr constant [2 x i8] c"ab", section ".rodata"
@x = weak hidden global i8* null
!0 = !{!1, i32 1, !"x", null, !{}, i8** @x}
!1 = distinct !{!1}
declare i32 @__gxx_personality_v0(...)
define internal fastcc nonnull i8* @f(i32 %a, i32 %b) unnamed_addr #0 section ".text" align 16 personality i8* bitcast (i32 (...)* @__gxx_personality_v0 to i8*) {
  ret i8* null
}
define dso_local spir_func noundef zeroext i1 @g2() local_unnamed_addr nounwind willreturn mustprogress uwtable "frame-pointer"="all" {
  ret i1 true
}
define void @p() personality i32 (...)* @__gxx_personality_v0 { ret void }
attributes #0 = { nounwind }
