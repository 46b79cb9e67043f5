; llvm-link's order: definitions in source order, each followed by what it pulls in (last pulled, first copied)
@g1 = global i32 1
@i1 = internal global i32 2
@g2 = global i32 3
declare void @ext1()
define internal void @int1() {
  call void @ext2()
  ret void
}
define void @pub1() {
  call void @int2()
  ret void
}
declare void @ext2()
define internal void @int2() {
  call void @ext1()
  ret void
}
define void @pub2() {
  call void @int1()
  %x = load i32, i32* @i1
  ret void
}
define linkonce_odr void @lo() {
  ret void
}
define void @pub3() {
  call void @lo()
  ret void
}
