; VALID
; Older signatures LLVM 14 upgrades: ctlz/cttz without their flag, objectsize with one or two flags.
declare i32 @llvm.ctlz.i32(i32)
declare i16 @llvm.cttz.i16(i16)
declare i64 @llvm.objectsize.i64.p0i8(i8*, i1)
declare i32 @llvm.objectsize.i32.p0i8(i8*, i1, i1)

define i64 @f(i32 %x, i16 %y, i8* %p) {
  %a = call i32 @llvm.ctlz.i32(i32 %x)
  %b = call i16 @llvm.cttz.i16(i16 %y)
  %c = call i64 @llvm.objectsize.i64.p0i8(i8* %p, i1 false)
  %d = call i32 @llvm.objectsize.i32.p0i8(i8* %p, i1 false, i1 true)
  ret i64 %c
}
