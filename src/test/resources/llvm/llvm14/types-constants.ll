; Every type (x86_fp80, ppc_fp128, scalable vectors, packed structs, pointers in address spaces)
; and every constant form (hex floats 0x 0xK 0xL 0xM 0xH 0xR, c"" strings, constant
; expressions, blockaddress, dso_local_equivalent, no_cfi, undef, poison, zeroinitializer).
target datalayout = "e-m:e-p:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%packed = type <{ i8, double }>
%recursive = type { %recursive*, i32 }
%with.vec = type { <4 x i1>, <vscale x 2 x i64>* }

declare void @ext_fn()

@i1 = global i1 true
@i1f = global i1 false
@i8 = global i8 -128
@i16 = global i16 65535
@i24 = global i24 -1
@i64 = global i64 -9223372036854775808
@i128 = global i128 340282366920938463463374607431768211455
@i999 = global i999 12345678901234567890123456789
@half = global half 0xH7C00
@bfloat = global bfloat 0xR3F80
@float = global float 0x3FB99999A0000000
@float.dec = global float 1.250000e-01
@float.inf = global float 0x7FF0000000000000
@float.nan = global float 0x7FF8000000000000
@double = global double 0x400921FB54442D18
@double.neg = global double -0.000000e+00
@double.dec = global double 1.000000e+100
@fp80 = global x86_fp80 0xK4000C90FDAA22168C235
@fp128 = global fp128 0xL8C8B8A89888786854003921FB54442D1
@ppc = global ppc_fp128 0xM400921FB54442D183CA1A62633145C07
@mmx = global x86_mmx* null
@str = global [12 x i8] c"Hello\0Aworld\00"
@str.esc = global [6 x i8] c"\22\5C\01\FF\7F\00"
@str.empty = global [0 x i8] zeroinitializer
@arr = global [2 x [2 x i32]] [[2 x i32] [i32 1, i32 2], [2 x i32] [i32 3, i32 4]]
@vec = global <4 x i32> <i32 1, i32 2, i32 3, i32 4>
@vec.undef = global <2 x float> <float undef, float 1.000000e+00>
@struct = global { i32, float, i8* } { i32 1, float 2.000000e+00, i8* null }
@packed.g = global %packed <{ i8 1, double 2.000000e+00 }>
@anon.packed = global <{ i8, i16 }> <{ i8 1, i16 2 }>
@rec = global %recursive { %recursive* @rec, i32 0 }
@undef = global i32 undef
@poison = global i32 poison
@zero = global { i32, [3 x float] } zeroinitializer
@null.as = global i32 addrspace(4)* null
@as.ptr = global i8 addrspace(1)* addrspacecast (i8* bitcast (i32* @plain to i8*) to i8 addrspace(1)*)
@plain = global i32 0
@fnptr = global void ()* @f
@ptr.int = global i64 ptrtoint (i32* @plain to i64)
@ce.add = global i64 add (i64 ptrtoint (i32* @plain to i64), i64 8)
@ce.sub = global i64 sub nuw (i64 ptrtoint (i32* @plain to i64), i64 ptrtoint (i64* @ptr.int to i64))
@ce.mul = global i64 mul nsw (i64 ptrtoint (i32* @plain to i64), i64 2)
@ce.gep = global i8* getelementptr inbounds ([12 x i8], [12 x i8]* @str, i64 0, i64 6)
@ce.gep2 = global i32* getelementptr (i32, i32* @plain, i64 1)
@ce.icmp = global i1 icmp eq (i32* @plain, i32* null)
@ce.fcmp = global i1 fcmp olt (float 1.000000e+00, float 2.000000e+00)
@ce.select = global i32 select (i1 icmp ne (i32* @plain, i32* null), i32 1, i32 2)
@ce.extract = global i32 extractelement (<4 x i32> <i32 1, i32 2, i32 3, i32 4>, i32 1)
@ce.insert = global <2 x i32> insertelement (<2 x i32> zeroinitializer, i32 ptrtoint (i32* @plain to i32), i32 0)
@ce.shuffle = global <2 x i32> shufflevector (<2 x i32> <i32 1, i32 2>, <2 x i32> undef, <2 x i32> <i32 1, i32 0>)
@ce.trunc = global i32 trunc (i64 ptrtoint (i32* @plain to i64) to i32)
@ce.fneg = global float fneg (float 1.000000e+00)
@ce.and = global i64 and (i64 ptrtoint (i32* @plain to i64), i64 -16)
@ce.lshr = global i64 lshr exact (i64 ptrtoint (i32* @plain to i64), i64 4)
@blockaddr = global i8* blockaddress(@f2, %bb)
@dsoeq = global void ()* dso_local_equivalent @ext_fn
@nocfi = global void ()* no_cfi @ext_fn

define void @f() {
  ret void
}

define void @f2() {
entry:
  br label %bb

bb:
  ret void
}

define void @types(i1 %a, <vscale x 4 x i32> %sv, <vscale x 2 x double> %sd, x86_fp80 %x, ppc_fp128 %p, fp128 %q, bfloat %b, half %h, <8 x i1> %m, i32 addrspace(7)* %as7, %packed* %pk) {
  %1 = add <vscale x 4 x i32> %sv, zeroinitializer
  %2 = fadd <vscale x 2 x double> %sd, %sd
  %3 = fadd x86_fp80 %x, 0xK3FFF8000000000000000
  %4 = fadd ppc_fp128 %p, 0xM3FF00000000000000000000000000000
  %5 = fadd fp128 %q, 0xL00000000000000004000000000000000
  %6 = fadd bfloat %b, 0xR4000
  %7 = fadd half %h, 0xH4000
  %8 = fadd float 0x36A0000000000000, 0x47EFFFFFE0000000
  %9 = and <8 x i1> %m, <i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false>
  %10 = getelementptr %packed, %packed* %pk, i64 0, i32 1
  %11 = extractelement <vscale x 4 x i32> %sv, i64 0
  %12 = insertelement <vscale x 4 x i32> undef, i32 %11, i32 0
  %13 = shufflevector <vscale x 4 x i32> %12, <vscale x 4 x i32> undef, <vscale x 4 x i32> zeroinitializer
  %14 = load i32, i32 addrspace(7)* %as7
  %15 = fptrunc fp128 0xL00000000000000007FFF000000000000 to double
  %16 = fpext float 0xFFF0000000000000 to double
  %17 = fadd double 0x0000000000000001, 0x7FEFFFFFFFFFFFFF
  ret void
}

define { i32, float } @aggregates({ i32, float } %s, [2 x i8] %a) {
  %x = extractvalue { i32, float } %s, 0
  %y = insertvalue { i32, float } %s, i32 7, 0
  %z = insertvalue { i32, float } undef, float 1.000000e+00, 1
  %n = extractvalue { { i32, [2 x i8] } } { { i32, [2 x i8] } { i32 1, [2 x i8] c"ab" } }, 0, 1, 1
  %w = insertvalue [2 x i8] %a, i8 %n, 1
  ret { i32, float } %y
}

define <4 x float> @vectors(<4 x float> %v, <4 x float> %u, i32 %i) {
  %e = extractelement <4 x float> %v, i32 %i
  %e2 = extractelement <4 x float> %v, i64 3
  %ins = insertelement <4 x float> %u, float %e, i32 0
  %sh = shufflevector <4 x float> %v, <4 x float> %ins, <4 x i32> <i32 0, i32 4, i32 undef, i32 7>
  %sh2 = shufflevector <4 x float> %v, <4 x float> poison, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %sh3 = shufflevector <4 x float> %v, <4 x float> undef, <2 x i32> zeroinitializer
  %sel = select <4 x i1> <i1 1, i1 0, i1 1, i1 0>, <4 x float> %v, <4 x float> %sh
  ret <4 x float> %sel
}

declare void @llvm.takes.metadata(metadata)
declare token @llvm.returns.token()
declare void @label.type(label)
declare x86_amx @llvm.x86.cast.vector.to.tile.v256i32(<256 x i32>)
