; LLVM: Cannot have multiple 'swiftself' parameters!
declare void @a(i32* swiftself %a, i32* swiftself %b)
