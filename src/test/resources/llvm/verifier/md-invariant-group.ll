; LLVM: invariant.group metadata is only for loads and stores
define void @f() {
  %a = alloca i32, !invariant.group !0
  ret void
}

!0 = !{}
