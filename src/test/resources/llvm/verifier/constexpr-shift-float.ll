; LLVM: constexpr requires integer operands
@g = global float ashr (float 1.0, float 2.0)
