; RUN: nvlower lower128 %s
; Written from the fp128/i128 emulation specification (seed 1): each operation NVPTX cannot
; select becomes a call of its runtime function, keeping the instruction's name and operands:
; fadd/fmul/fdiv -> __nv_{add,mul,div}_fp128, fcmp olt -> __nv_fcmp_olt ("takes two fp128
; operands and returns i1"), fpext double -> __nv_double_to_fp128, sitofp i64 ->
; __nv_int64_to_fp128, fptosi to i32 -> __nv_fp128_to_int32, sdiv/urem i128 -> __nv_idiv128 /
; __nv_urem128; each runtime function declared once; instructions the target selects stay.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define fp128 @arith(fp128 %a, fp128 %b) {
  %s = fadd fp128 %a, %b
  %q = fdiv fp128 %s, %b
  ret fp128 %q
}

define i1 @less(fp128 %a, fp128 %b) {
  %c = fcmp olt fp128 %a, %b
  ret i1 %c
}

define i32 @conv(double %d, i64 %n) {
  %x = fpext double %d to fp128
  %y = sitofp i64 %n to fp128
  %z = fmul fp128 %x, %y
  %i = fptosi fp128 %z to i32
  %k = add i32 %i, 1
  ret i32 %k
}

define i128 @ints(i128 %a, i128 %b) {
  %q = sdiv i128 %a, %b
  %r = urem i128 %q, %b
  %s = add i128 %r, %a
  ret i128 %s
}

; CHECK-LABEL: define fp128 @arith(fp128 %a, fp128 %b)
; CHECK-NEXT: %s = call fp128 @__nv_add_fp128(fp128 %a, fp128 %b)
; CHECK-NEXT: %q = call fp128 @__nv_div_fp128(fp128 %s, fp128 %b)
; CHECK-NEXT: ret fp128 %q
; CHECK-LABEL: define i1 @less(fp128 %a, fp128 %b)
; CHECK-NEXT: %c = call i1 @__nv_fcmp_olt(fp128 %a, fp128 %b)
; CHECK-NEXT: ret i1 %c
; CHECK-LABEL: define i32 @conv(double %d, i64 %n)
; CHECK-NEXT: %x = call fp128 @__nv_double_to_fp128(double %d)
; CHECK-NEXT: %y = call fp128 @__nv_int64_to_fp128(i64 %n)
; CHECK-NEXT: %z = call fp128 @__nv_mul_fp128(fp128 %x, fp128 %y)
; CHECK-NEXT: %i = call i32 @__nv_fp128_to_int32(fp128 %z)
; CHECK-NEXT: %k = add i32 %i, 1
; CHECK-LABEL: define i128 @ints(i128 %a, i128 %b)
; CHECK-NEXT: %q = call i128 @__nv_idiv128(i128 %a, i128 %b)
; CHECK-NEXT: %r = call i128 @__nv_urem128(i128 %q, i128 %b)
; CHECK-NEXT: %s = add i128 %r, %a
; Patterns start at {{^}}: nvlower keeps comments, so these lines are in the output too.
; CHECK-NOT: {{^ *%.* = (fadd|fdiv|fmul|fcmp|fpext|sitofp|fptosi) .*fp128}}
; CHECK-NOT: {{^ *%.* = (sdiv|urem) i128}}
; CHECK: {{^}}declare fp128 @__nv_add_fp128(fp128, fp128)
; CHECK-NOT: {{^}}declare fp128 @__nv_add_fp128
; CHECK: {{^}}declare i128 @__nv_urem128(i128, i128)
