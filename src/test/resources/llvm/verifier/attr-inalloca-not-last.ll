; LLVM: inalloca isn't on the last parameter!
define void @f(i8* inalloca(i8) %x, i8* %y) { ret void }
