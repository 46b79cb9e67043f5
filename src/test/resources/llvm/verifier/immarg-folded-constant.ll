; VALID
; LLVM's parser folds constant expressions of numbers: they meet an immarg parameter as constants.
declare i32 @llvm.ctlz.i32(i32, i1)

define i32 @f(i32 %x) {
  %a = call i32 @llvm.ctlz.i32(i32 %x, i1 icmp eq (i32 add (i32 2, i32 3), i32 5))
  %b = call i32 @llvm.ctlz.i32(i32 %a, i1 trunc (i64 ptrtoint (i32* null to i64) to i1))
  ret i32 %b
}
