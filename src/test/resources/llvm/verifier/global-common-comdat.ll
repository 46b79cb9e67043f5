; LLVM: 'common' global may not be in a Comdat!
$v = comdat any
@v = common global i32 0, comdat($v)
