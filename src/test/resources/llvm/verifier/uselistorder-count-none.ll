; LLVM: value has no uses
@g = global i32 0
uselistorder i32* @g, { 1, 0 }
define void @f() {
  store i32 0, i32* @g
  store i32 1, i32* @g
  ret void
}
