; Module-level constructs: header, types, comdats, globals with every attribute, aliases,
; ifuncs, attribute groups, named and numbered metadata, module asm, uselistorder.
; ModuleID = 'module-level.c'
source_filename = "module-level.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

module asm "  .globl asm_symbol"
module asm "asm_symbol:"
module asm "\09ret"

%struct.pair = type { i32, double }
%struct.packed = type <{ i8, i32, i16 }>
%struct.opaque = type opaque
%struct.nested = type { %struct.pair, [4 x i8], <2 x float>, %struct.nested* }
%"struct.quoted name" = type { i64 }
%0 = type { i8, i8 }
%1 = type { %0, i32 }
%struct.empty = type {}

$comdat_any = comdat any
$comdat_exact = comdat exactmatch
$comdat_largest = comdat largest
$comdat_nodup = comdat nodeduplicate
$comdat_same = comdat samesize
$"quoted comdat" = comdat any

@plain = global i32 0
@const = constant i32 42
@priv = private global i32 1
@intern = internal global [3 x i32] [i32 1, i32 2, i32 3]
@avail = available_externally global i32 7
@odr = linkonce_odr global i32 8, comdat($comdat_any)
@linkonce = linkonce global i32 9
@weak = weak global i32 10
@weakodr = weak_odr global i32 11, comdat($comdat_exact)
@common = common global i32 0, align 4
@appending = appending global [1 x i8*] [i8* bitcast (i32* @plain to i8*)]
@ext = external global i32
@extweak = extern_weak global i32
@hidden = hidden global i32 0
@protected = protected global i32 0
@default_vis = default global i32 0
@dllimp = external dllimport global i32
@dllexp = dllexport global i32 0
@tls = thread_local global i32 0
@tls_gd = thread_local(localdynamic) global i32 0
@tls_ie = thread_local(initialexec) global i32 0
@tls_le = thread_local(localexec) global i32 0
@unnamed = unnamed_addr global i32 0
@local_unnamed = local_unnamed_addr constant i32 0
@as3 = addrspace(3) global float 0.000000e+00, align 4
@ext_init = externally_initialized global i32 0
@sect = global i32 0, section ".mydata", align 16
@part = global i32 0, partition "part1"
@dsolocal = dso_local global i32 0
@preempt = dso_preemptable global i32 0
@with_md = global i32 0, !custom !13, !other !12
@with_attrs = global i32 0 #2
@largest = global i64 0, comdat($comdat_largest)
@nodup = global i64 0, comdat($comdat_nodup)
@same = global i64 0, comdat($comdat_same)
@quoted_c = global i64 0, comdat($"quoted comdat")
@"quoted global" = global i32 0
@"\01mangled" = global i32 0
@0 = private unnamed_addr constant [6 x i8] c"hello\00", align 1
@1 = internal global i32 5
@opaque_ext = external global %struct.opaque
@pair = global %struct.pair { i32 1, double 2.500000e+00 }
@packed = global %struct.packed <{ i8 1, i32 2, i16 3 }>, align 1
@nested = global %struct.nested zeroinitializer
@num_types = global %1 { %0 { i8 1, i8 2 }, i32 3 }

@alias = alias i32, i32* @plain
@alias_priv = private alias i32, i32* @plain
@alias_hidden = hidden alias i32, i32* @plain
@alias_weak = weak alias i32, i32* @plain
@alias_unnamed = internal unnamed_addr alias [3 x i32], [3 x i32]* @intern
@alias_expr = alias i32, getelementptr inbounds ([3 x i32], [3 x i32]* @intern, i32 0, i32 1)
@alias_tls = thread_local(localdynamic) alias i32, i32* @tls_gd
@alias_dso = dso_local alias i32, i32* @plain

@ifunc = ifunc i32 (i32), i32 (i32)* ()* @resolver
@ifunc_local = internal ifunc void (), void ()* ()* @resolver2

define internal i32 (i32)* @resolver() {
  ret i32 (i32)* @impl
}

define internal void ()* @resolver2() {
  ret void ()* null
}

define internal i32 @impl(i32 %x) {
  ret i32 %x
}

define linkonce_odr void @in_comdat() comdat($comdat_any) {
  ret void
}

define void @implicit_comdat() comdat {
  ret void
}

$implicit_comdat = comdat any

define i32 @uses(i32 %a, i32 %b) #0 {
entry:
  %x = add i32 %a, %b
  %y = mul i32 %x, %a
  %z = sub i32 %x, %y
  ret i32 %z
  uselistorder i32 %x, { 1, 0 }
}

uselistorder i32* @plain, { 5, 4, 3, 2, 0, 1 }

declare void @decl_attrs(i8* nocapture readonly, i32 signext, i8 zeroext) #1
declare noalias i8* @malloc(i64) #3
declare void @declared_in_section() section ".text.cold" align 32

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { argmemonly nofree nounwind willreturn }
attributes #2 = { "bss-section"="mybss" "data-section"="mydata" }
attributes #3 = { inaccessiblememonly nofree nounwind allocsize(0) "alloc-family"="malloc" }

!llvm.module.flags = !{!0, !1, !2}
!llvm.ident = !{!3}
!named.empty = !{}
!named.with.dots = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"PIC Level", i32 2}
!2 = !{i32 7, !"uwtable", i32 1}
!3 = !{!"clang version 14.0.6"}
!4 = !{!5, null, !"string with \22quotes\22 and \5C", i64 -1, float 1.5}
!5 = distinct !{!5}
!6 = !{}
!7 = !{!6, !7}
!8 = distinct !{}
!9 = !{i32* @plain, void ()* @in_comdat}
!10 = !{!"a"}
!11 = !{!10}
!12 = !{!"not real debug info"}
!13 = !{i32 13}
