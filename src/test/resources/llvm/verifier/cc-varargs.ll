; LLVM: Calling convention does not support varargs or perfect forwarding!
define fastcc void @f(...) { ret void }
