; LLVM: Declaration may not be in a Comdat!
$v = comdat any
@v = available_externally global i32 0, comdat
