; alloca, load/store (volatile, atomic, align, metadata), getelementptr (inbounds, inrange),
; cmpxchg, atomicrmw with every operation, fence, orderings and syncscopes.
target datalayout = "e-m:e-i64:64-f80:128-n8:16:32:64-S128-A5"
target triple = "x86_64-unknown-linux-gnu"

%struct.S = type { i32, [4 x float], { i8, i64 } }
@vtable = constant { [4 x i8*] } { [4 x i8*] [i8* null, i8* null, i8* null, i8* null] }
@arr = global [10 x i32] zeroinitializer

define void @allocas(i32 %n) {
  %a = alloca i32
  %b = alloca i32, align 16
  %c = alloca i32, i32 %n, align 4
  %d = alloca inalloca i32
  %e = alloca [4 x double], addrspace(5)
  %f = alloca %struct.S, i32 2, align 8, addrspace(5)
  %g = alloca <4 x float>, align 16, !annotation !0
  ret void
}

define i32 @loads_stores(i32* %p, i64* %q, float addrspace(1)* %r) {
  %v1 = load i32, i32* %p
  %v2 = load i32, i32* %p, align 4
  %v3 = load volatile i32, i32* %p, align 4
  %v4 = load i32, i32* %p, align 4, !tbaa !1, !range !5, !noundef !6
  %v5 = load atomic i32, i32* %p unordered, align 4
  %v6 = load atomic i32, i32* %p monotonic, align 4
  %v7 = load atomic i32, i32* %p acquire, align 4
  %v8 = load atomic i32, i32* %p seq_cst, align 4
  %v9 = load atomic volatile i32, i32* %p syncscope("singlethread") acquire, align 4
  %v10 = load atomic i32, i32* %p syncscope("agent") seq_cst, align 4
  %v11 = load i64, i64* %q, align 8, !invariant.load !6
  %v12 = load float, float addrspace(1)* %r, align 4
  store i32 %v1, i32* %p
  store i32 %v2, i32* %p, align 4
  store volatile i32 %v3, i32* %p, align 4
  store atomic i32 %v4, i32* %p unordered, align 4
  store atomic i32 %v5, i32* %p monotonic, align 4
  store atomic i32 %v6, i32* %p release, align 4
  store atomic volatile i32 %v7, i32* %p syncscope("workgroup") seq_cst, align 4
  store i32 %v8, i32* %p, align 4, !nontemporal !7
  store float 1.000000e+00, float addrspace(1)* %r, align 4
  %s = add i32 %v9, %v10
  ret i32 %s
}

define i32* @geps(%struct.S* %s, i64 %i, <2 x i32*> %vp) {
  %a = getelementptr %struct.S, %struct.S* %s, i64 %i
  %b = getelementptr inbounds %struct.S, %struct.S* %s, i64 0, i32 1, i64 2
  %c = getelementptr inbounds %struct.S, %struct.S* %s, i32 1, i32 2, i32 1
  %d = getelementptr i32, <2 x i32*> %vp, <2 x i64> <i64 1, i64 2>
  %e = getelementptr inbounds [10 x i32], [10 x i32]* @arr, i64 0, i64 %i
  %f = getelementptr i8*, i8** getelementptr inbounds ({ [4 x i8*] }, { [4 x i8*] }* @vtable, i32 0, inrange i32 0, i32 2), i64 0
  %g = getelementptr inbounds i32, i32* %e, i64 -1
  %h = load i32*, i32** undef, align 8, !nonnull !6, !dereferenceable !8, !align !8
  ret i32* %g
}

define void @atomics(i32* %p, float* %fp, i64 addrspace(1)* %q) {
  %c1 = cmpxchg i32* %p, i32 0, i32 1 seq_cst seq_cst
  %c2 = cmpxchg weak i32* %p, i32 0, i32 1 acq_rel monotonic
  %c3 = cmpxchg volatile i32* %p, i32 0, i32 1 syncscope("singlethread") release monotonic, align 4
  %c4 = cmpxchg weak volatile i64 addrspace(1)* %q, i64 5, i64 6 syncscope("device") acquire acquire, align 8
  %v = extractvalue { i32, i1 } %c1, 0
  %ok = extractvalue { i32, i1 } %c2, 1
  %r1 = atomicrmw xchg i32* %p, i32 1 seq_cst
  %r2 = atomicrmw add i32* %p, i32 1 acquire
  %r3 = atomicrmw sub i32* %p, i32 1 release
  %r4 = atomicrmw and i32* %p, i32 1 acq_rel
  %r5 = atomicrmw nand i32* %p, i32 1 monotonic
  %r6 = atomicrmw or i32* %p, i32 1 seq_cst, align 4
  %r7 = atomicrmw xor i32* %p, i32 1 seq_cst
  %r8 = atomicrmw max i32* %p, i32 1 seq_cst
  %r9 = atomicrmw min i32* %p, i32 1 seq_cst
  %r10 = atomicrmw umax i32* %p, i32 1 seq_cst
  %r11 = atomicrmw umin i32* %p, i32 1 seq_cst
  %r12 = atomicrmw fadd float* %fp, float 1.000000e+00 seq_cst
  %r13 = atomicrmw fsub float* %fp, float 1.000000e+00 syncscope("agent") monotonic
  %r14 = atomicrmw volatile add i64 addrspace(1)* %q, i64 3 syncscope("workgroup") seq_cst, align 8
  %r15 = atomicrmw xchg float* %fp, float 0.000000e+00 acquire
  fence acquire
  fence release
  fence acq_rel
  fence seq_cst
  fence syncscope("singlethread") seq_cst
  fence syncscope("agent-one-as") acquire
  ret void
}

!0 = !{!"auto-init"}
!1 = !{!2, !2, i64 0}
!2 = !{!"int", !3, i64 0}
!3 = !{!"omnipotent char", !4, i64 0}
!4 = !{!"Simple C/C++ TBAA"}
!5 = !{i32 0, i32 100}
!6 = !{}
!7 = !{i32 1}
!8 = !{i64 8}
