; an unused declaration is dropped; a variable's initializer pulls @e in before the functions
declare void @unused()
define void @pub() {
  call void @a()
  call void @b()
  ret void
}
define internal void @a() {
  call void @c()
  ret void
}
define internal void @b() {
  call void @d()
  ret void
}
define internal void @c() {
  call void @e()
  ret void
}
define internal void @d() {
  ret void
}
define internal void @e() {
  ret void
}
@v = global void ()* @e
