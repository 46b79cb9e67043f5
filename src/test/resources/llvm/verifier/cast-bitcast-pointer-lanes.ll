; LLVM: invalid cast opcode for cast from '<4 x i32*>' to '<2 x i32*>'
; NVLOWER: invalid cast bitcast <4 x i32*> to <2 x i32*>
define <2 x i32*> @f(<4 x i32*> %c) {
  %bc = bitcast <4 x i32*> %c to <2 x i32*>
  ret <2 x i32*> %bc
}
