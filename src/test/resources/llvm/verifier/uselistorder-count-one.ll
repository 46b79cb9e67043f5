; LLVM: value only has one use
@g = global i32 0
@a = alias i32, i32* @g
uselistorder i32* @g, { 1, 0 }
