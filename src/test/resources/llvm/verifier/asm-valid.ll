; VALID
; indirect operands with elementtype, an output, inputs, a matching input and clobbers
define i32 @f(i32* %p, i32 %x) {
  call void asm "addl $1, $0", "=*rm,r,~{dirflag},~{fpsr},~{flags}"(i32* elementtype(i32) %p, i32 %x)
  %r = call i32 asm "movl $1, $0", "=r,0,*m"(i32 %x, i32* elementtype(i32) %p)
  %s = call { i32, i32 } asm "", "=&r,={ax},r,{cx}"(i32 %x, i32 %r)
  ret i32 %r
}
