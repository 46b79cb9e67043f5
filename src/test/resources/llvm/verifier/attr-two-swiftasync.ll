; LLVM: Cannot have multiple 'swiftasync' parameters!
declare void @f(i8* swiftasync %a, i8* swiftasync %b)
