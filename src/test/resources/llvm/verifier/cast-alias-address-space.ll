; LLVM: invalid cast opcode for cast from 'i32 addrspace(2)*' to 'i32 addrspace(1)*'
; NVLOWER: invalid cast constant expression bitcast to i32 addrspace(1)*
; An alias's aliasee is a constant checked as a global's initializer is.
@data = addrspace(2) global i32 27
@alias = alias i32, bitcast (i32 addrspace(2)* @data to i32 addrspace(1)*)
