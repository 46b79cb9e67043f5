; LLVM: 'vscale_range' minimum must be greater than 0
declare void @f() vscale_range(0, 4)
