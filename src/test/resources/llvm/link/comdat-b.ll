; Second module of comdat-a.ll's link; also a linkonce comdat pulled in with its linkonce member.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$any = comdat any
$big = comdat largest
$small = comdat largest
$mix = comdat largest
$exact = comdat exactmatch
$same = comdat samesize
$nodup = comdat nodeduplicate
$lazy = comdat any

@any = global i32 10, comdat
@any.src = global i32 11, comdat($any)
@big = global i32 3, comdat
@small = global [8 x i8] zeroinitializer, comdat
@mix = global [2 x i32] zeroinitializer, comdat
@exact = constant i32 7, comdat
@same = global [2 x i32] zeroinitializer, comdat
@nodup = weak global i32 6, comdat
@vis = external global i32
@cst = external global i32
@llvm.global_ctors = appending global [2 x { i32, void ()*, i8* }] [{ i32, void ()*, i8* } { i32 1, void ()* @init, i8* bitcast (i32* @any.src to i8*) }, { i32, void ()*, i8* } { i32 2, void ()* @init, i8* bitcast (i32* @big to i8*) }]
@lazy.data = linkonce_odr global i32 3, comdat($lazy)

define void @small.f() comdat($small) {
  ret void
}

define internal void @init() {
  ret void
}

define linkonce_odr i32 @lazy() comdat {
  ret i32 1
}

define i32 @src.user() {
  %a = load i32, i32* @any.src
  %b = call i32 @lazy()
  %c = load i32, i32* @vis
  ret i32 %a
}
