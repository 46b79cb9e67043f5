; LLVM: tags must be valid attribute names
declare void @llvm.assume(i1)

define void @f(i32* %p, i32 %n) {
  call void @llvm.assume(i1 true) ["adazdazd"()]
  ret void
}
