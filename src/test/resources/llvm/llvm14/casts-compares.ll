; Every cast, every icmp and fcmp predicate (with fast-math flags), phi, select.
target datalayout = "e-m:e-p:64:64-i64:64-n8:16:32:64"
target triple = "x86_64-unknown-linux-gnu"

define void @casts(i32 %i, i64 %l, float %f, double %d, i8* %p, <2 x i16> %v, i32 addrspace(1)* %g) {
  %1 = trunc i64 %l to i32
  %2 = zext i32 %i to i64
  %3 = sext i32 %i to i64
  %4 = fptrunc double %d to float
  %5 = fpext float %f to double
  %6 = fptoui double %d to i32
  %7 = fptosi float %f to i64
  %8 = uitofp i32 %i to double
  %9 = sitofp i64 %l to float
  %10 = ptrtoint i8* %p to i64
  %11 = inttoptr i64 %l to i32*
  %12 = bitcast i8* %p to i32*
  %13 = bitcast <2 x i16> %v to i32
  %14 = addrspacecast i32 addrspace(1)* %g to i32*
  %15 = addrspacecast i32* %11 to i32 addrspace(3)*
  %16 = fpext half 0xH3C00 to fp128
  %17 = fptrunc x86_fp80 0xK3FFF8000000000000000 to float
  %18 = bitcast double %d to <2 x float>
  %19 = trunc <2 x i16> %v to <2 x i8>
  %20 = zext <2 x i16> %v to <2 x i32>
  %21 = fptosi fp128 %16 to i128
  ret void
}

define i1 @icmps(i32 %a, i32 %b, i8* %p, <4 x i32> %v) {
  %eq = icmp eq i32 %a, %b
  %ne = icmp ne i32 %a, %b
  %ugt = icmp ugt i32 %a, %b
  %uge = icmp uge i32 %a, %b
  %ult = icmp ult i32 %a, %b
  %ule = icmp ule i32 %a, %b
  %sgt = icmp sgt i32 %a, %b
  %sge = icmp sge i32 %a, %b
  %slt = icmp slt i32 %a, %b
  %sle = icmp sle i32 %a, %b
  %pn = icmp eq i8* %p, null
  %vc = icmp slt <4 x i32> %v, zeroinitializer
  %x1 = xor i1 %eq, %ne
  %x2 = xor i1 %x1, %ugt
  %x3 = xor i1 %x2, %uge
  %x4 = xor i1 %x3, %ult
  %x5 = xor i1 %x4, %ule
  %x6 = xor i1 %x5, %sgt
  %x7 = xor i1 %x6, %sge
  %x8 = xor i1 %x7, %slt
  %x9 = xor i1 %x8, %sle
  %x10 = xor i1 %x9, %pn
  ret i1 %x10
}

define i1 @fcmps(double %a, double %b) {
  %f0 = fcmp false double %a, %b
  %f1 = fcmp oeq double %a, %b
  %f2 = fcmp ogt double %a, %b
  %f3 = fcmp oge double %a, %b
  %f4 = fcmp olt double %a, %b
  %f5 = fcmp ole double %a, %b
  %f6 = fcmp one double %a, %b
  %f7 = fcmp ord double %a, %b
  %f8 = fcmp ueq double %a, %b
  %f9 = fcmp ugt double %a, %b
  %f10 = fcmp uge double %a, %b
  %f11 = fcmp ult double %a, %b
  %f12 = fcmp ule double %a, %b
  %f13 = fcmp une double %a, %b
  %f14 = fcmp uno double %a, %b
  %f15 = fcmp true double %a, %b
  %f16 = fcmp nnan ninf oeq double %a, 0.000000e+00
  %f17 = fcmp fast olt double %a, 0x7FF0000000000000
  %x = select i1 %f1, i1 %f2, i1 %f3
  %y = select i1 %f4, i1 %f5, i1 %f6
  %z = select nnan i1 %f7, double %a, double %b
  ret i1 %y
}

define i32 @phis(i1 %c, i32 %a, i32 %b) {
entry:
  br i1 %c, label %left, label %right

left:
  %l = add i32 %a, 1
  br label %join

right:                                            ; preds = %entry
  %r = add i32 %b, 2
  br label %join

join:                                             ; preds = %right, %left
  %p = phi i32 [ %l, %left ], [ %r, %right ]
  %q = phi fast double [ 1.000000e+00, %left ], [ 2.000000e+00, %right ]
  %s = select i1 %c, i32 %p, i32 0
  %sv = select <2 x i1> <i1 true, i1 false>, <2 x i32> zeroinitializer, <2 x i32> <i32 1, i32 2>
  %fs = select fast i1 %c, double %q, double 0.000000e+00
  br label %loop

loop:
  %i = phi i32 [ 0, %join ], [ %next, %loop ]
  %next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %next, %s
  br i1 %done, label %exit, label %loop, !llvm.loop !0

exit:
  ret i32 %i
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
