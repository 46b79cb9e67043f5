; LLVM: Intrinsic has incorrect argument type!
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x(i32)
define i32 @f() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.tid.x(i32 0)
  ret i32 %r
}
