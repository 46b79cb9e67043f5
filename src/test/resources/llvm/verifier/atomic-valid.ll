; VALID
define void @f(i32* %p, float* %q) {
  %a = load atomic i32, i32* %p acquire, align 4
  store atomic i32 %a, i32* %p release, align 4
  fence syncscope("singlethread") acq_rel
  %b = cmpxchg weak i32* %p, i32 0, i32 1 monotonic seq_cst
  %c = atomicrmw fadd float* %q, float 1.0 seq_cst
  %d = atomicrmw umax i32* %p, i32 1 acq_rel
  %e = load atomic float, float* %q unordered, align 4
  ret void
}
