; unreferenced internal and linkonce globals are not linked
@u = internal global i32 5
@w = global i32 6
@lo = linkonce_odr global i32 7
define void @f() {
  ret void
}
