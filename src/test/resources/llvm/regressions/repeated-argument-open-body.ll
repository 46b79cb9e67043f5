; Fuzz regression (bench/ir-fuzz 1000000 on ircorpus 7136e1f = ir d8b805f, input #871392,
; minimized to `define void@a(i2%i,%l%i,<2x i6>){`): a repeated argument name in a function whose
; body is not closed. LLVM 14: 1:24 "redefinition of argument %i". nvlower crashed with a
; NullPointerException in IrParser.parseBody. Invalid IR: nvlower-may-reject (cleanly).
define void @a(i32 %i, i32 %i) {