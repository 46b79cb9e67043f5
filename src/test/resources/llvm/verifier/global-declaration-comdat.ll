; LLVM: Declaration may not be in a Comdat!
$c = comdat any
declare void @f() comdat($c)
