; Fuzz regression (bench/ir-fuzz 1000000 on ircorpus cecc54f, input #562762, minimized to
; `@r=global i8 addrspace(+1)*`): a sign in an address space. LLVM 14 rejects it ("expected
; integer"); nvlower crashed with IllegalArgumentException "negative address space -49".
; Invalid IR: nvlower-may-reject (cleanly, with an InputException).
@r = global i8 addrspace(+1)* null
@s = global i8 addrspace(-1)* null
