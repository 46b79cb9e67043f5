; llvm-link parity (issue 24): appending variables, comdats, weak and common symbols; with append-b.ll and append-c.ll.
$shared = comdat any
@x = global i32 1
@llvm.used = appending global [1 x i8*] [i8* bitcast (i32* @x to i8*)], section "llvm.metadata"
@llvm.compiler.used = appending global [1 x i8*] [i8* bitcast (void ()* @ca to i8*)], section "llvm.metadata"
@llvm.global_ctors = appending global [1 x { i32, void ()*, i8* }] [{ i32, void ()*, i8* } { i32 65535, void ()* @ca, i8* null }]
@z = linkonce_odr global i32 3, comdat($shared)
@w = weak global i32 4
@cm = common global i32 0, align 4

define internal void @ca() {
  ret void
}

define i32 @use_z() {
  %v = load i32, i32* @z
  ret i32 %v
}
