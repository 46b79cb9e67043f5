; LLVM: bswap must be an even number of bytes
declare i24 @llvm.bswap.i24(i24)

define i24 @f(i24 %x) {
  %r = call i24 @llvm.bswap.i24(i24 %x)
  ret i24 %r
}
