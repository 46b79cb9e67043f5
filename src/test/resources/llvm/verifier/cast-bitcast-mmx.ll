; VALID
; x86_mmx is 64 bits: a bitcast to and from 64-bit vectors is valid.
define x86_mmx @f(<2 x i32> %x) {
  %a = bitcast <2 x i32> %x to x86_mmx
  %b = bitcast x86_mmx %a to i64
  %c = bitcast i64 %b to x86_mmx
  ret x86_mmx %c
}
