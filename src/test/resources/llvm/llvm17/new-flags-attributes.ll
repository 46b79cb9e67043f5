; LLVM 17+ syntax that LLVM 14 rejects: instruction flags (disjoint, nneg, trunc nuw/nsw,
; getelementptr nuw/nusw, samesign), memory(...) and newer attributes, splat constants,
; the new inrange(lo, hi) form, target extension types, newer atomicrmw operations.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.S = type { i32, [4 x float] }

@vtable = constant { [4 x ptr] } { [4 x ptr] [ptr null, ptr null, ptr @f, ptr null] }
@vptr = global ptr getelementptr inbounds inrange(-16, 16) ({ [4 x ptr] }, ptr @vtable, i64 0, i32 0, i64 2)
@nuw.ce = global ptr getelementptr inbounds nuw (%struct.S, ptr @g, i64 0, i32 1)
@nusw.ce = global ptr getelementptr nusw (i8, ptr @g, i64 4)
@g = global %struct.S zeroinitializer, code_model "small"
@sanitized = global i32 0, no_sanitize_address, no_sanitize_hwaddress, sanitize_address_dyninit
@splat.g = global <4 x i32> splat (i32 7)
@splat.f = global <2 x double> splat (double 1.000000e+00)

define void @f() {
  ret void
}

define i64 @flags(i32 %a, i32 %b, i64 %w, ptr %p, <4 x i32> %v) {
  %or = or disjoint i32 %a, %b
  %z = zext nneg i32 %or to i64
  %u = uitofp nneg i32 %a to double
  %t1 = trunc nuw i64 %w to i32
  %t2 = trunc nsw i64 %w to i32
  %t3 = trunc nuw nsw i64 %w to i16
  %g1 = getelementptr inbounds nuw %struct.S, ptr %p, i64 0, i32 1
  %g2 = getelementptr nusw i8, ptr %p, i64 %z
  %g3 = getelementptr nuw i8, ptr %p, i64 1
  %g4 = getelementptr nusw nuw i8, ptr %p, i64 2
  %c1 = icmp samesign ult i32 %a, %b
  %c2 = icmp samesign sgt i32 %a, %b
  %vs = add <4 x i32> %v, splat (i32 1)
  %r = add i64 %z, %w
  ret i64 %r
}

define void @atomics(ptr %p, ptr %fp) {
  %a = atomicrmw uinc_wrap ptr %p, i32 1 seq_cst, align 4
  %b = atomicrmw udec_wrap ptr %p, i32 1 seq_cst, align 4
  %c = atomicrmw fmax ptr %fp, float 1.000000e+00 monotonic, align 4
  %d = atomicrmw fmin ptr %fp, float 1.000000e+00 syncscope("agent") monotonic, align 4
  %e = atomicrmw usub_cond ptr %p, i32 1 seq_cst, align 4
  %f = atomicrmw usub_sat ptr %p, i32 1 seq_cst, align 4
  %g = atomicrmw fmaximum ptr %fp, float 1.000000e+00 seq_cst, align 4
  ret void
}

define noundef range(i32 0, 10) i32 @ranged(ptr nocapture noundef initializes((0, 4)) dead_on_unwind writable %out, float nofpclass(nan inf) %x) #0 {
  store i32 0, ptr %out, align 4
  ret i32 3
}

define void @captures(ptr captures(none) %a, ptr captures(address, read_provenance) %b, ptr captures(ret: address, provenance) %c) {
  ret void
}

declare void @memfns() #1
declare void @memfns2() #2
declare void @takes.target.ext(target("spirv.Image", void, 1, 1, 0, 0, 0, 0, 0), target("aarch64.svcount"))

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: write) uwtable(sync) }
attributes #1 = { memory(none) }
attributes #2 = { memory(read, argmem: readwrite, inaccessiblemem: write) "target-cpu"="x86-64-v3" }
