package org.nvlower.llvm.text;

/** Hand-written IR in LLVM 17+ syntax covering every instruction kind; shared by the text tests. */
final class Fixtures {

    private Fixtures() {
    }

    /** Opaque pointers, {@code getelementptr inbounds nuw}, {@code #dbg_value}, {@code memory(...)}, EH, vscale, target types. */
    static final String MODERN = """
; LLVM 17+ syntax fixture
source_filename = "modern.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

module asm "  .globl foo"
module asm "foo: ret"

$comdat.any = comdat any
%struct.S = type { i32, [4 x float], ptr }
%struct.Packed = type <{ i8, i32 }>
%opaque.T = type opaque
%0 = type { i64, i64 }

@g = dso_local global i32 42, align 4
@arr = internal constant [3 x i16] [i16 1, i16 -2, i16 3], section ".rodata", align 2
@str = private unnamed_addr constant [6 x i8] c"hello\\00", align 1
@s = global %struct.S { i32 1, [4 x float] [float 1.000000e+00, float 0x3FB99999A0000000, float -0.000000e+00, float 0x7FF0000000000000], ptr @g }, comdat($comdat.any)
@p = global <{ i8, i32 }> <{ i8 1, i32 2 }>
@q = global %struct.Packed <{ i8 3, i32 4 }>
@ext = external global ptr, align 8
@tls = thread_local(initialexec) global i32 0
@as1 = addrspace(1) global float 0.5
@fp128c = global fp128 0xL00000000000000003FFF000000000000
@x87 = global x86_fp80 0xK3FFF8000000000000000
@ppc = global ppc_fp128 0xM3FF00000000000000000000000000000
@h = global half 0xH3C00
@bf = global bfloat 0xR3F80
@vec = global <4 x i32> <i32 1, i32 2, i32 3, i32 4>
@zero = global [2 x %0] zeroinitializer
@gep = global ptr getelementptr inbounds ([3 x i16], ptr @arr, i64 0, i64 1)
@cast = global i64 ptrtoint (ptr @g to i64)
@i128 = global i128 -170141183460469231731687303715884105728
@ba = global ptr blockaddress(@indirect, %target)
@dle = global ptr dso_local_equivalent @callee
@nc = global ptr no_cfi @callee
@0 = private constant i8 7
@alias = alias i32, ptr @g
@ifn = ifunc void (), ptr @resolver

define internal ptr @resolver() {
  ret ptr @callee
}

; Function Attrs: nounwind memory(argmem: readwrite, inaccessiblemem: none)
define dso_local range(i32 0, 100) i32 @modern(ptr noundef captures(none) %p, i32 noundef %n, <4 x float> %v) #0 !dbg !10 {
entry:
  %a = alloca i32, align 4, addrspace(0)
    #dbg_value(i32 %n, !11, !DIExpression(), !12)
  %gep = getelementptr inbounds nuw i32, ptr %p, i64 1
  %gep2 = getelementptr nusw [4 x i32], ptr %p, i64 0, i32 2
  %ld = load atomic i32, ptr %gep seq_cst, align 4
  store volatile i32 %ld, ptr %a, align 4, !tbaa !13
  %add = add nuw nsw i32 %ld, %n
  %or = or disjoint i32 %add, 1
  %sh = lshr exact i32 %or, 1
  %t = trunc nuw i32 %sh to i8
  %z = zext nneg i8 %t to i32
  %cmp = icmp samesign ult i32 %z, 10
  %f = uitofp nneg i32 %z to float
  %fm = fmul fast float %f, 2.000000e+00
  %fn = fneg nnan float %fm
  %fc = fcmp olt float %fn, 0.000000e+00
  %sel = select i1 %fc, i32 1, i32 2
  %fr = freeze i32 %sel
  %ee = extractelement <4 x float> %v, i64 0
  %ie = insertelement <4 x float> %v, float %ee, i32 1
  %sv = shufflevector <4 x float> %ie, <4 x float> poison, <4 x i32> zeroinitializer
  %spl = add <4 x i32> splat (i32 1), <i32 1, i32 2, i32 3, i32 4>
  %agg = insertvalue { i32, float } undef, i32 %fr, 0
  %ev = extractvalue { i32, float } %agg, 0
  %rmw = atomicrmw add ptr %a, i32 1 syncscope("agent") monotonic, align 4
  %fadd = atomicrmw fadd ptr %a, float 1.0 seq_cst
  %cx = cmpxchg weak volatile ptr %a, i32 0, i32 1 acq_rel acquire, align 4
  fence syncscope("singlethread") release
  %call = tail call i32 @callee(i32 %ev) #1
  %mc = call i32 (i32, ...) @varargs(i32 1, double 2.0, ptr @str)
  %asm = call i32 asm sideeffect "mov $0, $1", "=r,r"(i32 %call)
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %p, ptr align 8 @s, i64 16, i1 false)
  %bun = call token @llvm.experimental.gc.statepoint() [ "deopt"(i32 0, i64 1) ]
  %vs = call <vscale x 4 x i32> @vscalef(<vscale x 4 x i32> zeroinitializer)
  %te = call target("spirv.Image", i8, 0) @targetf()
  %fpi = fptosi fp128 0xL00000000000000004000000000000000 to i32
  %q = fdiv fp128 0xL00000000000000003FFF000000000000, 0xL00000000000000004000000000000000
  %ud = udiv i128 %q.i, 7
  %q.i = sext i32 %fpi to i128
  br i1 %cmp, label %then, label %else, !prof !14

then:                                             ; preds = %entry
  %ph = phi i32 [ %add, %entry ]
  switch i32 %ph, label %else [
    i32 0, label %exit
    i32 1, label %exit
  ]

else:
  %ph2 = phi i32 [ %n, %entry ], [ %ph, %then ]
  br label %exit

exit:
  %r = phi i32 [ 0, %then ], [ 0, %then ], [ %ph2, %else ]
  ret i32 %r
}

define void @indirect(ptr %addr) {
  indirectbr ptr %addr, [label %target, label %other]
target:
  ret void
other:
  unreachable
}

define i32 @eh() personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i32 @callee(i32 1)
          to label %cont unwind label %lpad
cont:
  ret i32 %r
lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
          catch ptr @g
          filter [1 x ptr] [ptr @g]
  resume { ptr, i32 } %lp
}

define void @wineh() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @thrower() to label %done unwind label %dispatch
dispatch:
  %cs = catchswitch within none [label %handler] unwind to caller
handler:
  %cp = catchpad within %cs [ptr null, i32 64, ptr null]
  catchret from %cp to label %done
done:
  ret void
cleanup:
  %cl = cleanuppad within none []
  cleanupret from %cl unwind to caller
}

define void @cbr(i32 %x) {
  callbr void asm "", "r,!i"(i32 %x) to label %fall [label %ind]
fall:
  ret void
ind:
  ret void
}

define i32 @va(i32 %n, ...) {
  %ap = alloca ptr
  %v = va_arg ptr %ap, i32
  ret i32 %v
}

define i32 @numbered(i32 %0, i32 %1) {
  %3 = add i32 %0, %1
  br label %4

4:                                                ; preds = %2
  %5 = mul i32 %3, %3
  ret i32 %5
}

declare i32 @callee(i32)
declare i32 @varargs(i32, ...)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #2
declare token @llvm.experimental.gc.statepoint()
declare <vscale x 4 x i32> @vscalef(<vscale x 4 x i32>)
declare target("spirv.Image", i8, 0) @targetf()
declare i32 @__gxx_personality_v0(...)
declare i32 @__CxxFrameHandler3(...)
declare void @thrower()

uselistorder ptr @g, { 1, 0 }

attributes #0 = { nounwind memory(argmem: readwrite, inaccessiblemem: none) "frame-pointer"="all" uwtable }
attributes #1 = { nounwind }
attributes #2 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!5, !6}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "modern.c", directory: "/tmp")
!5 = !{i32 7, !"Dwarf Version", i32 5}
!6 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "modern", scope: !1, file: !1, line: 1, unit: !0)
!11 = !DILocalVariable(name: "n", arg: 2, scope: !10, file: !1, line: 1, type: !15)
!12 = !DILocation(line: 1, scope: !10)
!13 = !{!"int", !16, i64 0}
!14 = !{!"branch_weights", i32 1, i32 2000}
!15 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!16 = !{!"omnipotent char"}
; trailing comment
""";

    /** LLVM 7-style typed pointers and implicit block numbers in comments. */
    static final String TYPED = """
; ModuleID = 'typed.c'
source_filename = "typed.c"
target datalayout = "e-i64:64-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.P = type { i32, [2 x double], %struct.P* }

@.str = private unnamed_addr constant [4 x i8] c"abc\00", align 1
@tab = internal addrspace(1) global [2 x i32] [i32 1, i32 2], align 4

; Function Attrs: nounwind
define i32 @typed(%struct.P* %p, i32) #0 {
  %2 = getelementptr inbounds %struct.P, %struct.P* %p, i64 0, i32 1, i64 1
  %3 = load double, double* %2, align 8
  %4 = fptosi double %3 to i32
  %5 = add nsw i32 %4, %0
  %6 = icmp sgt i32 %5, 0
  br i1 %6, label %7, label %10

; <label>:7:                                      ; preds = %1
  %8 = getelementptr [2 x i32], [2 x i32] addrspace(1)* @tab, i64 0, i64 1
  %9 = load i32, i32 addrspace(1)* %8, align 4
  br label %10

; <label>:10:                                     ; preds = %7, %1
  %11 = phi i32 [ %9, %7 ], [ %5, %1 ]
  %12 = call i32 @helper(i8* getelementptr inbounds ([4 x i8], [4 x i8]* @.str, i64 0, i64 0), i32 %11)
  ret i32 %12
}

define fp128 @wide(fp128 %a, fp128 %b, i128 %x, i128 %y, double %d) {
entry:
  %sum = fadd fp128 %a, %b
  %q = fdiv fp128 %sum, 0xL00000000000000004000000000000000
  %c = fcmp olt fp128 %q, %a
  %t = fcmp true fp128 %q, %a
  %u = udiv i128 %x, %y
  %s = srem i128 %x, 7
  %f = fptoui fp128 %q to i64
  %g = sitofp i128 %u to double
  %h = fpext double %d to fp128
  %k = fptrunc fp128 %h to float
  %v = fadd <2 x fp128> zeroinitializer, zeroinitializer
  %r = select i1 %c, fp128 %q, fp128 %h
  ret fp128 %r
}

declare i32 @helper(i8*, i32)

attributes #0 = { nounwind "target-cpu"="sm_70" }

!nvvm.annotations = !{!0}
!0 = !{i32 (%struct.P*, i32)* @typed, !"kernel", i32 1}
""";
}
