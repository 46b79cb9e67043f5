; Second module of append-a.ll's link: more appending elements, a strong @w, a larger common @cm.
$shared = comdat any
@y = global i32 2
@llvm.used = appending global [2 x i8*] [i8* bitcast (i32* @y to i8*), i8* bitcast (i32 ()* @helper to i8*)], section "llvm.metadata"
@llvm.global_ctors = appending global [1 x { i32, void ()*, i8* }] [{ i32, void ()*, i8* } { i32 101, void ()* @cb, i8* null }]
@z = linkonce_odr global i32 3, comdat($shared)
@w = global i32 6
@cm = common global i64 0, align 8

define internal void @cb() {
  ret void
}

define i32 @helper() {
  ret i32 7
}

define weak i32 @weakdef() {
  ret i32 1
}
