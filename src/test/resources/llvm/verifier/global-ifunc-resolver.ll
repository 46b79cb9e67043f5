; LLVM: IFunc resolver has incorrect type
@i = ifunc i32 (i32), i64 ()* @r
define internal i64 @r() {
  ret i64 0
}
