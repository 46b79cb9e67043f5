; llvm-link parity (issue 24): every comdat selection kind against comdat-b.ll: any (the first module's
; members stay, a member only the second has becomes a declaration), largest (the larger leader wins; the
; loser's unused members go, a used one becomes a declaration), any with largest, exactmatch, samesize,
; nodeduplicate (both kept: the loser's content as a private variable); visibility and constness merged.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$any = comdat any
$big = comdat largest
$small = comdat largest
$mix = comdat any
$exact = comdat exactmatch
$same = comdat samesize
$nodup = comdat nodeduplicate

@any = global i32 1, comdat
@any.extra = global i32 2, comdat($any)
@big = global [4 x i32] zeroinitializer, comdat
@small = global i8 1, comdat
@small.f.user = global void ()* @small.f
@mix = global { i8, i32 } zeroinitializer, comdat
@exact = constant i32 7, comdat
@same = global { i8, i32 } zeroinitializer, comdat
@nodup = weak global i32 5, comdat
@vis = hidden global i32 0
@cst = external constant i32

define void @small.f() comdat($small) {
  ret void
}

define void @small.dead() comdat($small) {
  ret void
}

define i32 @use() {
  %a = load i32, i32* @any
  %b = load i32, i32* @cst
  ret i32 %a
}
