; LLVM: Calling convention requires void return type
define amdgpu_kernel i32 @f() { ret i32 0 }
