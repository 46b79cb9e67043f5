; Binary operators with every wrap/exact flag, every fast-math flag, unary fneg, freeze.
target triple = "x86_64-unknown-linux-gnu"

define i32 @integer(i32 %a, i32 %b) {
entry:
  %add = add i32 %a, %b
  %add.nuw = add nuw i32 %a, %b
  %add.nsw = add nsw i32 %a, %b
  %add.both = add nuw nsw i32 %a, %b
  %sub = sub nsw i32 %a, 1
  %sub.nuw = sub nuw nsw i32 0, %b
  %mul = mul nuw i32 %a, %b
  %shl = shl nuw nsw i32 %a, 3
  %lshr = lshr exact i32 %a, 2
  %ashr = ashr exact i32 %b, 1
  %ashr2 = ashr i32 %b, %a
  %udiv = udiv exact i32 %a, 4
  %sdiv = sdiv exact i32 %a, %b
  %udiv2 = udiv i32 %a, %b
  %urem = urem i32 %a, %b
  %srem = srem i32 %a, -7
  %and = and i32 %a, 255
  %or = or i32 %and, %b
  %xor = xor i32 %or, -1
  %fr = freeze i32 %xor
  %r1 = add i32 %fr, %add.nuw
  %r2 = add i32 %r1, %add.nsw
  %r3 = add i32 %r2, %add.both
  %r4 = add i32 %r3, %sub
  %r5 = add i32 %r4, %sub.nuw
  %r6 = add i32 %r5, %mul
  %r7 = add i32 %r6, %shl
  %r8 = add i32 %r7, %lshr
  %r9 = add i32 %r8, %ashr
  %r10 = add i32 %r9, %ashr2
  %r11 = add i32 %r10, %udiv
  %r12 = add i32 %r11, %sdiv
  %r13 = add i32 %r12, %udiv2
  %r14 = add i32 %r13, %urem
  %r15 = add i32 %r14, %srem
  %r16 = add i32 %r15, %add
  ret i32 %r16
}

define i128 @wide(i128 %a, i128 %b, i1 %c, i7 %d, i256 %e) {
  %1 = udiv i128 %a, %b
  %2 = srem i128 %1, 170141183460469231731687303715884105727
  %3 = mul nsw i128 %2, -170141183460469231731687303715884105728
  %4 = zext i1 %c to i128
  %5 = sext i7 %d to i128
  %6 = add i128 %3, %4
  %7 = add i128 %6, %5
  %8 = trunc i256 %e to i128
  %9 = xor i128 %7, %8
  ret i128 %9
}

define double @floating(double %x, double %y, float %f, half %h, fp128 %q) {
  %a = fadd double %x, %y
  %b = fsub fast double %a, %y
  %c = fmul nnan ninf double %b, 2.000000e+00
  %d = fdiv nsz arcp double %c, %x
  %e = frem contract afn reassoc double %d, %y
  %n = fneg double %e
  %n2 = fneg nnan ninf nsz double %n
  %all = fadd nnan ninf nsz arcp contract afn reassoc double %n2, %x
  %g = fadd float %f, 1.000000e+00
  %hh = fmul half %h, 0xH3C00
  %qq = fadd fp128 %q, 0xL00000000000000003FFF000000000000
  %qd = fdiv fp128 %qq, %q
  %fr = freeze double %all
  ret double %fr
}

define <4 x float> @vector_math(<4 x float> %v, <4 x i32> %i) {
  %a = fadd <4 x float> %v, <float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 4.000000e+00>
  %b = fneg fast <4 x float> %a
  %c = add nsw <4 x i32> %i, <i32 1, i32 1, i32 1, i32 1>
  %d = sitofp <4 x i32> %c to <4 x float>
  %e = fmul <4 x float> %b, %d
  %f = freeze <4 x float> %e
  ret <4 x float> %f
}
