; LLVM: wrong number of indexes, expected 3
@g = global i32 0
@pair = global [2 x i32*] [i32* @g, i32* @g]
@p1 = global i8* bitcast (i32* @g to i8*)
@p2 = global i8* bitcast (i32* @g to i8*)
uselistorder i32* @g, { 1, 0 }
