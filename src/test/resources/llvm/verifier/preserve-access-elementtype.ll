; LLVM: Intrinsic requires elementtype attribute on first argument.
%s = type { i32, i32 }
define void @f(%s* %a) {
  %x = call i32* @llvm.preserve.struct.access.index.p0i32.p0s_s(%s* %a, i32 1, i32 1)
  ret void
}
declare i32* @llvm.preserve.struct.access.index.p0i32.p0s_s(%s*, i32, i32)
