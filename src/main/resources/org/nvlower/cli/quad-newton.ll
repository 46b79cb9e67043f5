; Quad precision as a program uses it (clang's shape for __float128, no target: nvlower demo
; compiles it for NVPTX with llc and runs it on x86-64 under lli):
;
;   __float128 newton_sqrt2(void) {            /* Newton's iteration x' = (x + 2/x) / 2 */
;     __float128 x = 1.5Q;
;     for (int i = 0; i < 6; i++) x = (x + 2 / x) * 0.5Q;
;     return x;
;   }
;   __float128 residual(__float128 x) { return x * x - 2; }   /* -ffp-contract=on: llvm.fmuladd */
;   __float128 cube_root2(void) { return cbrtq(2); }           /* libquadmath's name */

define fp128 @newton_sqrt2() {
entry:
  br label %loop

loop:
  %x = phi fp128 [ 0xL00000000000000003FFF800000000000, %entry ], [ %next, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %q = fdiv fp128 0xL00000000000000004000000000000000, %x
  %s = fadd fp128 %x, %q
  %next = fmul fp128 %s, 0xL00000000000000003FFE000000000000
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, 6
  br i1 %more, label %loop, label %done

done:
  ret fp128 %next
}

define fp128 @residual(fp128 %x) {
entry:
  %r = call fp128 @llvm.fmuladd.f128(fp128 %x, fp128 %x, fp128 0xL0000000000000000C000000000000000)
  ret fp128 %r
}

define fp128 @cube_root2() {
entry:
  %c = call fp128 @cbrtq(fp128 0xL00000000000000004000000000000000)
  ret fp128 %c
}

declare fp128 @llvm.fmuladd.f128(fp128, fp128, fp128)
declare fp128 @cbrtq(fp128)
