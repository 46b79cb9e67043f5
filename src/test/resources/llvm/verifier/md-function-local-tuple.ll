; LLVM: invalid use of function-local name
; A local may stand alone as metadata (metadata i32 %v), not inside a node.
declare void @llvm.bar(metadata)

define void @f(i32 %v) {
  call void @llvm.bar(metadata !{i32 %v, i32 0})
  ret void
}
