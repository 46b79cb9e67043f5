; LLVM: CleanupReturnInst needs to be provided a CleanupPad
define void @test() personality i32 (...)* undef {
  br label %bb1
bb1:
  cleanupret from undef unwind label %bb2
bb2:
  %pad = cleanuppad within none []
  cleanupret from %pad unwind to caller
}
